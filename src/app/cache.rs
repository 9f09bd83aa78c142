//! The analysis the overlays, tooltips and panels read, computed once per document change (never per
//! frame), so a frame only draws.

use super::findings::{Finding, level_findings};
use crate::analysis::validate::{Violation, validate};
use crate::analysis::{
    self, LootClass, LootEntry, PatrolMetrics, RoomGraph, loot_classes, loot_entries,
    patrol_metrics, room_graph, room_of_cell,
};
use crate::model::{Cell, Grid, Level, RoomId};

/// Everything the overlays, tooltips and panels read, computed once per level.
#[derive(Clone, Debug)]
pub struct Analysis {
    pub graph: RoomGraph,
    /// Depth from the front per room (`None`: unreachable through doors).
    pub depths: Vec<Option<u32>>,
    pub max_depth: u32,
    /// The private rule's chamber target floor(Rx·Ry/4) and the depth from which layers became private.
    pub private_target: usize,
    pub private_threshold: u32,
    pub loot_classes: Vec<Option<LootClass>>,
    pub loot: Vec<LootEntry>,
    pub patrols: PatrolMetrics,
    /// Room of each cell.
    pub room_of_cell: Grid<Option<RoomId>>,
    /// Routes passing through each cell.
    pub routes_of_cell: Grid<Vec<usize>>,
    /// Wall glyph bits of each cell (0 for non-walls and free-standing pillars).
    pub wall_bits: Grid<u8>,
    pub findings: Vec<Finding>,
    /// The invariant validator's verdict on the level (spec §8).
    pub violations: Vec<Violation>,
}

impl Analysis {
    pub fn new(level: &Level) -> Self {
        let depths = analysis::depths(level);
        let private_target = level
            .plan
            .map_or(0, |p| (p.rooms_x * p.rooms_y / 4).max(0) as usize);
        let (_, private_threshold) = analysis::private_rooms(level, &depths, private_target);
        let mut routes_of_cell = Grid::new(level.shape(), Vec::new());
        for (i, route) in level.patrols.iter().enumerate() {
            for &c in &route.cells {
                if let Some(list) = routes_of_cell.get_mut(c)
                    && !list.contains(&i)
                {
                    list.push(i);
                }
            }
        }
        let mut wall_bits = Grid::new(level.shape(), 0);
        for c in level.all_cells() {
            wall_bits.set(c, analysis::wall_glyph_bits(level, c));
        }
        Analysis {
            graph: room_graph(level),
            max_depth: depths.iter().flatten().copied().max().unwrap_or(0),
            depths,
            private_target,
            private_threshold,
            loot_classes: loot_classes(level),
            loot: loot_entries(level),
            patrols: patrol_metrics(level),
            room_of_cell: room_of_cell(level),
            routes_of_cell,
            wall_bits,
            findings: level_findings(level),
            violations: validate(level),
        }
    }

    pub fn room_at(&self, c: Cell) -> Option<RoomId> {
        self.room_of_cell.at(c)
    }

    pub fn routes_at(&self, c: Cell) -> &[usize] {
        self.routes_of_cell.get(c).map_or(&[], Vec::as_slice)
    }

    pub fn wall_bits_at(&self, c: Cell) -> u8 {
        self.wall_bits.at(c)
    }
}
