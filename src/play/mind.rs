//! What a guard keeps beyond its relaxed state (`stealth-rules.md` §3.1, §3.6, §3.7): its alert mode
//! with timeout and goal, and what it heard. The relaxed part (patrol index, relighting) is the
//! analysis's [`GuardState`](crate::analysis::stealth::undisturbed::GuardState), which the loop keeps
//! beside this; entering an alert mode drops the relaxed errand back to Patrol, as the original's one
//! `mode` field does.

use crate::analysis::stealth::undisturbed::Mode;
use crate::model::Cell;

use super::report::GuardMode;

/// An alert mode (§3.1): everything but the three relaxed ones.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AlertMode {
    /// Stands and looks after a sighting at a distance (§6).
    Look,
    /// Stands, facing a creak it heard (§3.6).
    Listen,
    /// Goes for the thief it sees.
    Chase,
    /// Goes where it last saw the thief.
    ToLastSighting,
    /// Goes where it heard a creak.
    ToLastSound,
    /// Goes where a guard shouted.
    ToShout,
}

/// An alert guard's errand: the mode, the turns it has left and where it is going.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Alert {
    /// What it is doing.
    pub mode: AlertMode,
    /// Turns left (Look, Listen) or stalled turns left (the moves); unused while chasing.
    pub turns: u8,
    /// Where it goes or what it faces.
    pub goal: Cell,
}

/// A guard's alert state and what it heard, beside its relaxed state.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Mind {
    /// The alert errand, `None` while relaxed.
    pub alert: Option<Alert>,
    /// It heard the thief's creak this turn (§3.6).
    pub heard_thief: bool,
    /// A shout it heard at the end of this turn, to act on next turn (§3.7).
    pub hearing_guard: Option<Cell>,
    /// The shout it heard at the end of last turn, acted on this turn.
    pub heard_guard: Option<Cell>,
}

impl Mind {
    /// The guard's mode as the original names it, from the alert errand or else the relaxed mode.
    pub fn mode(&self, relaxed: Mode) -> GuardMode {
        match (self.alert, relaxed) {
            (Some(alert), _) => match alert.mode {
                AlertMode::Look => GuardMode::Look,
                AlertMode::Listen => GuardMode::Listen,
                AlertMode::Chase => GuardMode::ChaseVisibleTarget,
                AlertMode::ToLastSighting => GuardMode::MoveToLastSighting,
                AlertMode::ToLastSound => GuardMode::MoveToLastSound,
                AlertMode::ToShout => GuardMode::MoveToGuardShout,
            },
            (None, Mode::Patrol) => GuardMode::Patrol,
            (None, Mode::RelightTorch { .. }) => GuardMode::RelightTorch,
            (None, Mode::PostRelightTorch { .. }) => GuardMode::PostRelightTorch,
        }
    }

    /// Whether it chases the thief now.
    pub fn chasing(&self) -> bool {
        self.alert.is_some_and(|a| a.mode == AlertMode::Chase)
    }
}
