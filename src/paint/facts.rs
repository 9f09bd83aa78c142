//! The figures the map painter reads, computed once per level: the editor keeps them in its cached
//! analysis (recomputed only when the document changes, never per frame); a picture computes them once.

use crate::analysis::stealth::{Cancel, DEFAULT_HORIZON, Stealth};
use crate::analysis::{
    self, LootClass, LootEntry, PatrolMetrics, loot_classes, loot_entries, patrol_metrics,
};
use crate::model::{Cell, Grid, Level};
use crate::play::rule_sets;

use super::graph_layout::GraphLayout;
use super::outline::{self, Outline};
use super::shown::Overlays;

/// Everything painting needs beyond the level itself.
#[derive(Clone, Debug)]
pub struct MapFacts {
    /// Depth from the front per room (`None`: unreachable through doors).
    pub depths: Vec<Option<u32>>,
    /// The deepest room's depth: the end of the depth ramp, so the deepest room always gets its
    /// darkest colour whatever the mansion's size.
    pub max_depth: u32,
    /// Each room's loot priority (overlay 3), `None` for rooms that take no loot.
    pub loot_classes: Vec<Option<LootClass>>,
    /// Every coin in placement order, numbered on the map by overlay 3.
    pub loot: Vec<LootEntry>,
    /// Which routes visit which rooms (overlay 4), and the rooms none visits.
    pub patrols: PatrolMetrics,
    /// Wall glyph bits of each cell (0 for non-walls and free-standing pillars).
    pub wall_bits: Grid<u8>,
    /// Each room's outline along its cells ([`outline::outlines`]).
    pub outlines: Vec<Vec<Outline>>,
    /// Where the room graph's nodes and edges go.
    pub graph: GraphLayout,
    /// The stealth analysis (overlays 5 and 6, the patrol timeline), when it was asked for.
    pub stealth: Option<Stealth>,
    /// For each of `stealth.routes`, the turns at which its route is watched (empty for ghost routes).
    pub watched_turns: Vec<Vec<usize>>,
}

impl MapFacts {
    /// Every fact, the stealth analysis included: what the editor shows.
    pub fn new(level: &Level) -> Self {
        Self::build(level, true)
    }

    /// The facts the `overlays` need: a picture without overlay 5 or 6 skips the stealth analysis,
    /// which costs more than all the other facts together.
    pub fn for_overlays(level: &Level, overlays: Overlays) -> Self {
        let stealth = overlays
            .list()
            .into_iter()
            .any(analysis::Overlay::needs_stealth);
        Self::build(level, stealth)
    }

    /// Every fact but the stealth analysis, which the editor runs on another thread and adds with
    /// [`MapFacts::set_stealth`].
    pub fn without_stealth(level: &Level) -> Self {
        Self::build(level, false)
    }

    /// Adds the stealth analysis of the facts' level, and what the routes overlay reads from it.
    pub fn set_stealth(&mut self, stealth: Stealth) {
        self.watched_turns = watched_turns(&stealth);
        self.stealth = Some(stealth);
    }

    fn build(level: &Level, with_stealth: bool) -> Self {
        let depths = analysis::depths(level);
        let mut wall_bits = Grid::new(level.shape(), 0);
        for c in level.all_cells() {
            wall_bits.set(c, analysis::wall_glyph_bits(level, c));
        }
        let stealth = with_stealth
            .then(|| rule_sets::analyse_level(level, None, DEFAULT_HORIZON, &Cancel::new()))
            .flatten();
        let watched_turns = stealth.as_ref().map_or_else(Vec::new, watched_turns);
        MapFacts {
            outlines: room_outlines(level),
            graph: GraphLayout::new(level),
            max_depth: depths.iter().flatten().copied().max().unwrap_or(0),
            depths,
            loot_classes: loot_classes(level),
            loot: loot_entries(level),
            patrols: patrol_metrics(level),
            wall_bits,
            stealth,
            watched_turns,
        }
    }

    /// The wall glyph bits of `c` (N = 8, S = 4, E = 2, W = 1 for each wall neighbour), which pick the
    /// shape its wall is drawn with.
    pub fn wall_bits_at(&self, c: Cell) -> u8 {
        self.wall_bits.at(c)
    }
}

/// For each route of the analysis, the turns at which it is watched (empty for ghost routes).
fn watched_turns(stealth: &Stealth) -> Vec<Vec<usize>> {
    stealth
        .routes
        .iter()
        .map(|r| match &r.route {
            Some(route) if !r.ghost => route.noticed_turns.clone(),
            _ => Vec::new(),
        })
        .collect()
}

/// Every room's outline. One grid of room marks serves them all: a room's cells are marked just before
/// its outline is traced, so a cell two rooms claim (a broken file) counts for each in turn, and cells
/// off the map are left out.
fn room_outlines(level: &Level) -> Vec<Vec<Outline>> {
    let mut mark = Grid::new(level.shape(), usize::MAX);
    level
        .rooms
        .iter()
        .enumerate()
        .map(|(r, room)| {
            let cells: Vec<Cell> = room
                .cells
                .iter()
                .copied()
                .filter(|&c| mark.set(c, r))
                .collect();
            outline::outlines(&cells, |c| mark.get(c) == Some(&r))
        })
        .collect()
}
