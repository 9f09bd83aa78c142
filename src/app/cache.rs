//! The analysis the overlays, tooltips and panels read, computed once per document change (never per
//! frame), so a frame only draws.

use crate::analysis::stealth::{Cancel, DEFAULT_HORIZON};
use crate::analysis::validate::{Violation, validate};
use crate::analysis::{self, RoomGraph, RoomOwners, room_graph, room_of_cell};
use crate::app::panels::findings::{Finding, level_findings};
use crate::generate::registry;
use crate::model::{Cell, Grid, Level, RoomId};
use crate::paint::MapFacts;
use crate::play::rule_sets;

/// Everything the overlays, tooltips and panels read, computed once per level.
#[derive(Clone, Debug)]
pub struct Analysis {
    /// Rooms and the doors between them: the room-graph overlay and door distances read it.
    pub graph: RoomGraph,
    /// What the map painter reads: depths, loot classes and order, patrol metrics, wall glyphs.
    pub map: MapFacts,
    /// The private rule's chamber target floor(Rx·Ry/4) and the depth from which layers became private.
    pub private_target: usize,
    /// The door depth from which whole layers became private under that rule; the distances legend
    /// tells the designer this number.
    pub private_threshold: u32,
    /// Room of each cell.
    pub room_of_cell: RoomOwners,
    /// Routes passing through each cell.
    pub routes_of_cell: Grid<Vec<usize>>,
    /// The validation panel's list (what a designer may want to fix), from [`level_findings`].
    pub findings: Vec<Finding>,
    /// The invariant validator's verdict on the level (spec §8).
    pub violations: Vec<Violation>,
    /// The hash the game behind the level's generator gives it (the Document panel shows it).
    pub game_hash: Option<String>,
}

impl Analysis {
    /// Everything, the stealth analysis included, on this thread.
    pub fn new(level: &Level) -> Self {
        let mut analysis = Self::without_stealth(level);
        let stealth = rule_sets::analyse_level(level, None, DEFAULT_HORIZON, &Cancel::new());
        if let Some(stealth) = stealth {
            analysis.map.set_stealth(stealth);
        }
        analysis
    }

    /// Everything but the stealth analysis, which costs more than the rest together: the editor's
    /// window runs it on another thread (`app::background`).
    pub fn without_stealth(level: &Level) -> Self {
        let map = MapFacts::without_stealth(level);
        let private_target = level
            .plan
            .map_or(0, |p| (p.rooms_x * p.rooms_y / 4).max(0) as usize);
        let (_, private_threshold) = analysis::private_rooms(level, &map.depths, private_target);
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
        Analysis {
            graph: room_graph(level),
            map,
            private_target,
            private_threshold,
            room_of_cell: room_of_cell(level),
            routes_of_cell,
            findings: level_findings(level),
            violations: validate(level),
            game_hash: registry::game_hash(level),
        }
    }

    /// The room whose floor holds cell `c`; `None` off the map and for cells of no room.
    pub fn room_at(&self, c: Cell) -> Option<RoomId> {
        self.room_of_cell.at(c)
    }

    /// The patrol routes (indices into `Level::patrols`) passing through cell `c`; empty outside
    /// the grid.
    pub fn routes_at(&self, c: Cell) -> &[usize] {
        self.routes_of_cell.get(c).map_or(&[], Vec::as_slice)
    }
}
