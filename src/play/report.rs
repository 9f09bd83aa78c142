//! What one turn of the game did, as the CLI prints it and the editor's event log shows it: the thief,
//! every guard's cell, facing and mode, torches changed, and the events (`stealth-rules.md` §3–§6).

use serde::Serialize;

use crate::model::{Cell, Dir};

/// A guard's mode (§3.1, `guard.ts:14-24`; the 2025 game's sixteen, `guard.ts:13-30` at 85ae99f), as a
/// designer reads it. The two versions share the modes they share, so a report reads the same under
/// either rule set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum GuardMode {
    /// Walking its route or back to it.
    Patrol,
    /// Saw something at a distance: stands and looks (2–5 turns).
    Look,
    /// Heard a creak: stands, facing it, and listens (2–5 turns).
    Listen,
    /// Sees the thief and goes for it.
    ChaseVisibleTarget,
    /// Lost sight of the thief: goes where it saw it last.
    MoveToLastSighting,
    /// Goes where it heard the creak.
    MoveToLastSound,
    /// Goes where another guard shouted.
    MoveToGuardShout,
    /// Walks to an unlit torch (the 2025 game's `MoveToTorch`).
    RelightTorch,
    /// Stands by the torch, lighting it (the 2025 game's `LightTorch`).
    PostRelightTorch,
    /// 2025: turns to look at a torch the thief lit.
    LookAtTorch,
    /// 2025: reached the last sighting and searches around it.
    InvestigateLastSighting,
    /// 2025: saw a knocked-out guard and goes to it.
    MoveToDownedGuard,
    /// 2025: saw a treasure gone, or heard its alarm, and goes to its place.
    MoveToMissingTreasure,
    /// 2025: looks at the place of a stolen treasure.
    LookAtMissingTreasure,
    /// 2025: wakes a knocked-out guard.
    WakeGuard,
    /// 2025: knocked out by the thief; only another guard, an alarm or water wakes it.
    Unconscious,
}

impl GuardMode {
    /// Whether the mode is relaxed (§3.1): the others are alert and see farther.
    pub fn relaxed(self) -> bool {
        matches!(
            self,
            GuardMode::Patrol | GuardMode::RelightTorch | GuardMode::PostRelightTorch
        )
    }

    /// The mode's name in the event log and the CLI.
    pub fn label(self) -> &'static str {
        match self {
            GuardMode::Patrol => "patrol",
            GuardMode::Look => "look",
            GuardMode::Listen => "listen",
            GuardMode::ChaseVisibleTarget => "chase",
            GuardMode::MoveToLastSighting => "to last sighting",
            GuardMode::MoveToLastSound => "to last sound",
            GuardMode::MoveToGuardShout => "to a shout",
            GuardMode::RelightTorch => "to a torch",
            GuardMode::PostRelightTorch => "lighting a torch",
            GuardMode::LookAtTorch => "looking at a torch",
            GuardMode::InvestigateLastSighting => "searching",
            GuardMode::MoveToDownedGuard => "to a downed guard",
            GuardMode::MoveToMissingTreasure => "to a missing treasure",
            GuardMode::LookAtMissingTreasure => "at a missing treasure",
            GuardMode::WakeGuard => "waking a guard",
            GuardMode::Unconscious => "knocked out",
        }
    }
}

/// Something that happened in a turn, in the order it happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// The thief took loot on these cells.
    Loot {
        /// The cells whose coins it took.
        cells: Vec<Cell>,
        /// Coins taken so far.
        total: usize,
    },
    /// The thief toggled a torch by walking into it (§5.3).
    TorchToggled {
        /// The torch's cell.
        cell: Cell,
        /// Whether it burns now.
        lit: bool,
    },
    /// The thief's move ended on a creaky board: these guards heard it (§3.6).
    Heard {
        /// Index into `Level::guards`.
        guard: usize,
        /// Where the creak was.
        at: Cell,
    },
    /// A guard's sight test saw the thief (§3.3).
    Seen {
        /// Index into `Level::guards`.
        guard: usize,
        /// Where the guard stood.
        from: Cell,
        /// Where the thief stood.
        thief: Cell,
    },
    /// A patrolling guard's next cell held the thief (§4.3).
    Bumped {
        /// Index into `Level::guards`.
        guard: usize,
    },
    /// A guard started chasing and shouted (§3.7).
    Shout {
        /// Index into `Level::guards`.
        guard: usize,
        /// Where it shouted from.
        from: Cell,
    },
    /// A guard heard another's shout and will go there next turn (§3.7).
    HeardShout {
        /// Index into `Level::guards`.
        guard: usize,
        /// Where the shout came from.
        from: Cell,
    },
    /// A chasing guard next to the thief hit it (§6).
    Hit {
        /// Index into `Level::guards`.
        guard: usize,
        /// The thief's health after the hit.
        health: u8,
    },
    /// The thief's health reached 0: the game is over.
    Caught,
    /// A guard finished relighting a torch (§4.5).
    Relit {
        /// Index into `Level::guards`.
        guard: usize,
        /// The torch's cell.
        cell: Cell,
    },
    /// A guard's mode changed.
    Mode {
        /// Index into `Level::guards`.
        guard: usize,
        /// Its mode before the turn.
        from: GuardMode,
        /// Its mode after.
        to: GuardMode,
    },
    /// The thief stepped off the map: the level is left (§5.8).
    LeftLevel,
    /// 2025: the thief knocked a guard out.
    KnockedOut {
        /// Index into `Level::guards`.
        guard: usize,
    },
    /// 2025: the thief picked a guard's pocket.
    Pickpocketed {
        /// Index into `Level::guards`.
        guard: usize,
        /// It took a purse (one loot).
        purse: bool,
        /// It took the key to the locked doors.
        key: bool,
    },
    /// 2025: the thief made a noise the guards within earshot hear.
    Noise {
        /// What it was: `creak`, `splash`, `thud`, `alarm` or `bang`.
        noise: &'static str,
        /// How many guards heard it.
        heard_by: usize,
    },
    /// 2025: the last switch of a treasure's book puzzle lifted its lock.
    Unlocked {
        /// The treasure's cell.
        cell: Cell,
    },
}

impl Event {
    /// Whether a guard noticed the thief: saw it, heard it or bumped into it. A ghost route is one with
    /// none of these (§6).
    pub fn notices(&self) -> bool {
        match self {
            Event::Seen { .. } | Event::Heard { .. } | Event::Bumped { .. } => true,
            Event::Noise { heard_by, .. } => *heard_by > 0,
            _ => false,
        }
    }
}

/// One guard after a turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct GuardReport {
    /// Index into `Level::guards`.
    pub guard: usize,
    /// Its cell.
    pub cell: Cell,
    /// Which way it faces.
    pub facing: Dir,
    /// Its mode.
    pub mode: GuardMode,
}

/// A torch that changed this turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct TorchChange {
    /// The torch's cell.
    pub cell: Cell,
    /// Whether it burns now.
    pub lit: bool,
}

/// Everything one turn did.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TurnReport {
    /// The turn, counted from 1.
    pub turn: usize,
    /// The move as typed (`N`, `L:E`, `w`).
    pub action: String,
    /// The thief's cell after its move.
    pub thief: Cell,
    /// Coins taken so far.
    pub loot: usize,
    /// The thief's health.
    pub health: u8,
    /// Every guard after the turn, in list order.
    pub guards: Vec<GuardReport>,
    /// Torches lit or put out this turn.
    pub torches: Vec<TorchChange>,
    /// What happened, in order.
    pub events: Vec<Event>,
}

impl TurnReport {
    /// Whether any guard noticed the thief this turn.
    pub fn noticed(&self) -> bool {
        self.events.iter().any(Event::notices)
    }
}
