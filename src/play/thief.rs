//! The thief's state and one move carried out: the rule set judges, this applies the verdict.

use crate::model::{Cell, ItemKind, Level};

use super::moves::Move;
use super::rules::{Noise, Reach, Rejection, Rules, Surroundings};

/// The thief between turns: everything of the game's state that the thief's own moves change. The level
/// itself is never changed, so the editor's level can be played without a copy; what the thief took is
/// recorded here instead.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thief {
    /// Where the thief stands; off the map once it has left the level.
    pub cell: Cell,
    /// The cells whose coins the thief has taken, in the order taken: a coin of the level is still there
    /// unless its cell is listed.
    pub loot: Vec<Cell>,
    /// The submersion counter (§5.7), as the rule set counts it.
    pub breath: u8,
}

impl Thief {
    /// A thief standing on `cell`, its submersion counter as after a turn there.
    pub fn new(rules: &impl Rules, level: &Level, cell: Cell) -> Self {
        Thief {
            cell,
            loot: Vec::new(),
            breath: rules.breath_after_turn(level, cell, 0),
        }
    }

    /// Whether a coin of `level` still lies on `c`.
    fn coin_left(&self, level: &Level, c: Cell) -> bool {
        !self.loot.contains(&c)
            && level
                .item_at(c)
                .is_some_and(|item| item.kind == ItemKind::Coin)
    }
}

/// What one move did, for the guards' turn and for a replay to report.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveOutcome {
    /// The thief moved.
    Moved {
        /// Every cell entered, in order (a leap's middle cell first): the guards' turn may ask who was
        /// passed, and loot was taken from each.
        path: Vec<Cell>,
        /// The cells whose coins were taken on the way (§5.4).
        loot: Vec<Cell>,
        /// The noise made on landing, if any (§5.5).
        noise: Option<Noise>,
        /// Whether the landing is off the map: the thief has left the level (§5.8).
        left_level: bool,
    },
    /// The move went nowhere but toggled the torch on this cell (lit ↔ unlit); a turn passed (§5.3).
    /// The torch's state belongs to the lighting, which the turn loop keeps.
    Bumped(Cell),
    /// The thief waited; a turn passed.
    Waited,
    /// Nothing happened and no turn passed (§5.3).
    Rejected(Rejection),
}

impl MoveOutcome {
    /// Whether the guards take their turn after this move: every outcome but a rejection (§4.6).
    pub fn turn_passes(&self) -> bool {
        !matches!(self, MoveOutcome::Rejected(_))
    }
}

/// Carries out `mv` for `thief` under `rules` (§4.6 step 1 and the noise of step 2): moves the thief,
/// takes the coins of every cell entered (§5.4) and, when a turn passes, counts the submersion (§5.7, the
/// first thing of the turn's time passing, before the guards act). A rejected move changes nothing.
pub fn apply_move(
    rules: &impl Rules,
    level: &Level,
    thief: &mut Thief,
    around: &Surroundings,
    mv: Move,
) -> MoveOutcome {
    let outcome = match rules.reach(level, thief.cell, mv, around) {
        Reach::Rejected(why) => return MoveOutcome::Rejected(why),
        Reach::Stay => MoveOutcome::Waited,
        Reach::Bump(torch) => MoveOutcome::Bumped(torch),
        Reach::Path(path) => {
            let loot: Vec<Cell> = path
                .iter()
                .copied()
                .filter(|&c| thief.coin_left(level, c))
                .collect();
            thief.loot.extend(&loot);
            if let Some(&landing) = path.last() {
                thief.cell = landing;
            }
            MoveOutcome::Moved {
                noise: rules.noise(level, mv, &path),
                left_level: !level.in_bounds(thief.cell),
                path,
                loot,
            }
        }
    };
    thief.breath = rules.breath_after_turn(level, thief.cell, thief.breath);
    outcome
}
