//! The [`Scene`]: what one drawing shows. A module of its own, apart from `paint/mod.rs`, because
//! every drawing module reads the scene and `mod.rs` in turn calls the drawing modules: kept in the
//! parent, it would tie each of them back to it in an import cycle.

use super::facts::MapFacts;
use super::play_frame::PlayFrame;
use super::shown::{Layers, Overlays};
use super::timeline_frame::TimelineFrame;
use crate::analysis::diff::Mark;
use crate::analysis::stealth::LitMap;
use crate::model::{Cell, Level, RoomId};

/// What to draw: a level with its facts, and what the viewer chose to show.
#[derive(Clone, Copy, Debug)]
pub struct Scene<'a> {
    /// The level drawn.
    pub level: &'a Level,
    /// Computed from `level` ([`MapFacts::new`]).
    pub facts: &'a MapFacts,
    /// The analysis overlays switched on (keys `1`–`6`).
    pub overlays: Overlays,
    /// The base layers switched on: terrain, items, guards, labels.
    pub layers: Layers,
    /// Whether cell grid lines are drawn (only when cells are at least 6 points wide, where they help).
    pub grid: bool,
    /// Rooms drawn with a lock border and badge.
    pub locked_rooms: &'a [RoomId],
    /// Those of `locked_rooms` that a hand edit locked (drawn in their own colour), not the designer.
    pub edit_locked: &'a [RoomId],
    /// The room the editor has selected, drawn with the selection outline.
    pub selected_room: Option<RoomId>,
    /// A cell ringed for attention (a validation finding).
    pub focus: Option<Cell>,
    /// The loot item (an index into `Level::items`) whose route overlay 6 shows alone; `None`: all.
    pub loot_focus: Option<usize>,
    /// The patrol timeline's turn: guards where they stand then, what they watch, and the light.
    pub timeline: Option<&'a TimelineFrame>,
    /// A game being play-tested: its thief, guards, light and fog, drawn over the level; the level's
    /// own guards and player start are dimmed.
    pub play: Option<&'a PlayFrame>,
    /// Which light the guard-sight overlay hatches (§7 (a) of the stealth rules).
    pub light: LitMap,
    /// Cells marked as changed by a comparison with another version of the level.
    pub diff: &'a [(Cell, Mark)],
}

impl<'a> Scene<'a> {
    /// The level with its overlays and nothing else: what a picture shows.
    pub fn picture(level: &'a Level, facts: &'a MapFacts, overlays: Overlays) -> Self {
        Scene {
            level,
            facts,
            overlays,
            layers: Layers::ALL,
            grid: false,
            light: LitMap::AsGenerated,
            locked_rooms: &[],
            edit_locked: &[],
            selected_room: None,
            focus: None,
            loot_focus: None,
            timeline: None,
            play: None,
            diff: &[],
        }
    }
}
