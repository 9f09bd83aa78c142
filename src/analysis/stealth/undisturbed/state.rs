//! What the undisturbed guards keep between turns: their relaxed modes, states and the torches, and the
//! torch rules of a game version.

use crate::model::{Cell, Dir};

/// What a game version decides about torches and relighting (§3.8, §4.5): the turn loop's rule set
/// hands these to the undisturbed guards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TorchRules {
    /// An unlit torch is spotted when `d² <` this (§3.8).
    pub spotting_cutoff: i32,
    /// Turns without moving before a guard gives up walking to a torch (§4.5).
    pub relight_timeout: u8,
    /// Turns a guard stands beside a torch before it burns (§4.5).
    pub relight_turns: u8,
}

impl TorchRules {
    /// The 2023 game's: spotted within `d² < 65`, a timeout of 3, lit on the third turn (§8).
    pub const GAME_2023: TorchRules = TorchRules {
        spotting_cutoff: 65,
        relight_timeout: 3,
        relight_turns: 3,
    };
}

/// What a relaxed guard is doing (§3.1): only the three relaxed modes occur when nobody disturbs it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Walking its route, or back to it (§4.2–§4.4).
    Patrol,
    /// On its way to stand next to an unlit torch (§4.5).
    RelightTorch {
        /// Index into `Guards::torches`.
        torch: usize,
        /// Turns without moving left before it gives up.
        timeout: u8,
    },
    /// Standing next to the torch, lighting it (§4.5).
    PostRelightTorch {
        /// Index into `Guards::torches`.
        torch: usize,
        /// Turns left until the torch is lit.
        turns: u8,
    },
}

/// One guard's relaxed state between turns: what the original keeps per guard apart from its senses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GuardState {
    /// Index into `Level::guards`.
    pub guard: usize,
    /// The cell it stands on.
    pub cell: Cell,
    /// Which way it faces now (§3.2).
    pub facing: Dir,
    /// Which way it faced at this turn's sight test (§4.6 e): a standing guard may turn to a window
    /// after it (§3.2 (3)), which only the next turn's test sees.
    pub looked: Dir,
    /// The route index it walks toward or stands at (§4.1).
    pub index: usize,
    /// Whether it walks its ping-pong route backward (§4.2).
    pub reverse: bool,
    /// What it is doing.
    pub mode: Mode,
    /// Which light its sight test this turn used (§2.3): see `GuardSteps::light`.
    pub light: Option<usize>,
}

/// A torch item and whether it burns: the only part of the map undisturbed guards change.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Torch {
    /// Index into `Level::items`, which is also the order torches are compared in (§3.8 ties).
    pub item: usize,
    /// Where it stands.
    pub cell: Cell,
    /// Whether it is lit now.
    pub lit: bool,
}

/// A torch lit by a guard, for the light to be recast from that turn on (§2.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Relight {
    /// The turn at whose guard step it was lit (turn 1 is the first turn played).
    pub turn: usize,
    /// Index into `Level::items`.
    pub item: usize,
    /// Where the torch stands.
    pub cell: Cell,
    /// Index into `Level::guards` of the guard who lit it.
    pub guard: usize,
}
