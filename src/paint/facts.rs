//! The figures the map painter reads, computed once per level: the editor keeps them in its cached
//! analysis (recomputed only when the document changes, never per frame); a picture computes them once.

use crate::analysis::{
    self, LootClass, LootEntry, PatrolMetrics, loot_classes, loot_entries, patrol_metrics,
};
use crate::model::{Cell, Grid, Level};

/// Everything painting needs beyond the level itself.
#[derive(Clone, Debug)]
pub struct MapFacts {
    /// Depth from the front per room (`None`: unreachable through doors).
    pub depths: Vec<Option<u32>>,
    pub max_depth: u32,
    pub loot_classes: Vec<Option<LootClass>>,
    pub loot: Vec<LootEntry>,
    pub patrols: PatrolMetrics,
    /// Wall glyph bits of each cell (0 for non-walls and free-standing pillars).
    pub wall_bits: Grid<u8>,
}

impl MapFacts {
    pub fn new(level: &Level) -> Self {
        let depths = analysis::depths(level);
        let mut wall_bits = Grid::new(level.shape(), 0);
        for c in level.all_cells() {
            wall_bits.set(c, analysis::wall_glyph_bits(level, c));
        }
        MapFacts {
            max_depth: depths.iter().flatten().copied().max().unwrap_or(0),
            depths,
            loot_classes: loot_classes(level),
            loot: loot_entries(level),
            patrols: patrol_metrics(level),
            wall_bits,
        }
    }

    pub fn wall_bits_at(&self, c: Cell) -> u8 {
        self.wall_bits.at(c)
    }
}
