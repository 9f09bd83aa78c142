//! The analysis the overlays, tooltips and panels read, computed once per document change (never per
//! frame), so a frame only draws.

use super::findings::{Finding, level_findings};
use crate::analysis::validate::{Violation, validate};
use crate::analysis::{
    self, LootClass, LootEntry, PatrolMetrics, RoomGraph, loot_classes, loot_entries,
    patrol_metrics, room_graph, room_of_cell,
};
use crate::model::{Cell, Level, RoomId};

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
    /// Room of each cell, row-major.
    pub room_of_cell: Vec<Option<RoomId>>,
    /// Routes passing through each cell, row-major.
    pub routes_of_cell: Vec<Vec<usize>>,
    /// Wall glyph bits of each cell (0 for non-walls and free-standing pillars).
    pub wall_bits: Vec<u8>,
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
        let cells = (level.width.max(0) * level.height.max(0)) as usize;
        let mut routes_of_cell = vec![Vec::new(); cells];
        for (i, route) in level.patrols.iter().enumerate() {
            for c in &route.cells {
                if level.in_bounds(*c) {
                    let list = &mut routes_of_cell[(c.y * level.width + c.x) as usize];
                    if !list.contains(&i) {
                        list.push(i);
                    }
                }
            }
        }
        let wall_bits = level
            .all_cells()
            .map(|c| (c, analysis::wall_glyph_bits(level, c)))
            .fold(vec![0; cells], |mut bits, (c, b)| {
                bits[(c.y * level.width + c.x) as usize] = b;
                bits
            });
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

    fn index(level: &Level, c: Cell) -> Option<usize> {
        level
            .in_bounds(c)
            .then(|| (c.y * level.width + c.x) as usize)
    }

    pub fn room_at(&self, level: &Level, c: Cell) -> Option<RoomId> {
        Self::index(level, c).and_then(|i| self.room_of_cell[i])
    }

    pub fn routes_at<'a>(&'a self, level: &Level, c: Cell) -> &'a [usize] {
        Self::index(level, c).map_or(&[], |i| self.routes_of_cell[i].as_slice())
    }

    pub fn wall_bits_at(&self, level: &Level, c: Cell) -> u8 {
        Self::index(level, c).map_or(0, |i| self.wall_bits[i])
    }
}
