//! The rules seam: what a game version decides about the thief's move, and the 2023 version.

use crate::analysis::stealth::CellRules;
use crate::analysis::stealth::earshot::CREAK_EARSHOT;
use crate::analysis::stealth::sight::{DARK_CUTOFF, LIT_CUTOFF};
use crate::analysis::stealth::undisturbed::TorchRules;
use crate::model::{Cell, ItemKind, Level, Terrain};

use super::draws::Draws;
use super::moves::Move;

/// What a move is judged against besides the map, none of which the thief's move changes.
#[derive(Clone, Copy, Debug, Default)]
pub struct Surroundings<'a> {
    /// The guards' cells as they stand before they move this turn: the player moves first and legality
    /// is checked against where the guards were (§4.6 step 1).
    pub guards: &'a [Cell],
    /// Whether the mansion is fully mapped, every cell seen (the outside the game marks seen when it
    /// creates the mansion included): only then may the thief step off the map and leave the level
    /// (§5.8, `game.ts:441-446`). The field of view that decides it belongs to the turn loop.
    pub fully_mapped: bool,
}

/// Why a move went nowhere and cost no turn (§5.3): kept apart so that a replay can say what stopped it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rejection {
    /// Nothing the thief could land on: a wall, a wrong-way window, the map's edge before it is fully
    /// mapped, or only a cell the thief may not stop on (window, portcullis, torch).
    Blocked,
    /// A guard stands on the farthest cell the move reaches, which cancels the whole move (§5.2 rule 4),
    /// even where that cell would only have shortened it.
    Guard(Cell),
}

/// In the words the play panel's status and the CLI's errors use.
impl std::fmt::Display for Rejection {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Rejection::Blocked => f.write_str("nothing to land on that way"),
            Rejection::Guard(c) => write!(f, "a guard stands on ({}, {})", c.x, c.y),
        }
    }
}

/// A rule set's verdict on a move, before anything changes: [`super::apply_move`] carries it out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reach {
    /// The move goes ahead through `cells`, every cell entered in order (a leap's middle cell first), the
    /// last one the landing; a landing off the map leaves the level.
    Path(Vec<Cell>),
    /// The move went nowhere but bumped the torch on this cell, toggling it; a turn passes (§5.3).
    Bump(Cell),
    /// The thief stays where it is and a turn passes (a wait).
    Stay,
    /// The move went nowhere and no turn passes.
    Rejected(Rejection),
}

/// A sound the thief makes, for the guards' turn to hear (§3.6). Which guards are in earshot is theirs to
/// work out, from where the noise is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Noise {
    /// Where the sound is made: the cell the thief lands on.
    pub at: Cell,
}

/// Everything a game version decides about the thief's move, so that the turn loop is the same for every
/// version and a version is one type. Methods judge and never change anything, which lets a search or a
/// test ask "what would happen" without playing it.
pub trait Rules {
    /// Where `mv` from `from` goes on `level` (§5.2–§5.3 in 2023).
    fn reach(&self, level: &Level, from: Cell, mv: Move, around: &Surroundings) -> Reach;

    /// The noise a move along `path` makes, if any (§5.5 in 2023: only landing on a creaky board).
    fn noise(&self, level: &Level, mv: Move, path: &[Cell]) -> Option<Noise>;

    /// The submersion counter after a turn that the thief ends on `at`, from its value `breath` before
    /// (§5.7). The thief is hidden while on water with a counter above 0.
    fn breath_after_turn(&self, level: &Level, at: Cell, breath: u8) -> u8;

    /// The squared distance the thief must be under for a guard to see it (§3.3 step 2), by whether the
    /// guard is alert (§3.1) and whether the thief's cell is lit: how far guards see is what a game
    /// version tunes first.
    fn sight_cutoff(&self, alert: bool, lit: bool) -> i32;

    /// How many cells away on each axis an alert guard still sees a thief in front of it whatever the
    /// line and hiding (§3.3 step 4: 1, the 8 neighbours).
    fn alert_adjacency(&self) -> i32;

    /// The path cost within which a guard hears a creak (§3.6; costs 2 orthogonal, 3 diagonal).
    fn creak_earshot(&self) -> u32;

    /// Torch spotting and relighting (§3.8, §4.5), which the undisturbed guards take as they are.
    fn torches(&self) -> TorchRules;

    /// The path cost within which a guard hears another guard's shout (§3.7).
    fn shout_earshot(&self) -> u32;

    /// How many turns a guard looks, listens or goes to a noise or a shout, drawn from `draws`
    /// (§3.6, §6: `2 + rand(4)` in 2023).
    fn reaction_turns(&self, draws: &mut Draws) -> u8;

    /// Turns a guard that lost sight of the thief goes on to where it saw it last without getting
    /// there (§6: 3).
    fn last_sighting_turns(&self) -> u8;

    /// The thief's health at the start (§6: 5); each hit of a chasing guard costs one.
    fn health(&self) -> u8;
}

/// The rules of Lurk Leap Loot as of the 7DRL 2023 version (commit 7d3f921), which the stealth analysis
/// also models. Built for one level: it keeps that level's cell rules (what blocks, what may be stood on),
/// computed once as the original computes its cell flags once (§1.1).
#[derive(Clone, Debug)]
pub struct Rules2023 {
    cells: CellRules,
}

/// §3.3: alert sight reaches `d² < 75` on a lit cell and `d² < 33` on a dark one; the relaxed
/// cutoffs are the analysis's own ([`LIT_CUTOFF`], [`DARK_CUTOFF`]).
const ALERT_LIT_CUTOFF: i32 = 75;
const ALERT_DARK_CUTOFF: i32 = 33;

/// §3.3 step 4: an alert guard sees the 8 neighbours in front of it regardless.
const ALERT_ADJACENCY: i32 = 1;

/// §3.7: a shout carries a path cost of 25.
const SHOUT_EARSHOT: u32 = 25;

/// §6: a guard goes on to the last sighting for 3 turns without getting there.
const LAST_SIGHTING_TURNS: u8 = 3;

/// §6: the thief starts with 5 health.
const HEALTH: u8 = 5;

/// The submersion counter on land: entering water hides the thief for this many turns less one (§5.7).
const BREATH_ON_LAND: u8 = 7;

impl Rules2023 {
    /// The 2023 rules for `level`; the same level must be passed to every call, since the cell rules
    /// are read from it here once.
    pub fn new(level: &Level) -> Self {
        Rules2023 {
            cells: CellRules::new(level),
        }
    }

    /// Whether the thief may end a move on `c`: any cell off the map (that is leaving the level), or a
    /// standable one (§1.2).
    fn may_end_on(&self, level: &Level, c: Cell) -> bool {
        !level.in_bounds(c) || self.cells.standable.contains(c)
    }
}

impl Rules for Rules2023 {
    /// §5.2 (`playerMoveDistAllowed`, `game.ts:431-497`): walk out cell by cell up to the move's
    /// distance, stopping before a wall, a wrong-way window or (until fully mapped) the map's edge
    /// (`game.ts:438-458`); a guard on the farthest cell reached cancels the move (`game.ts:462-469`), and
    /// then a farthest cell the thief may not stop on (torch, window, portcullis) shortens it by one
    /// (`game.ts:471-494`). §5.3 (`game.ts:329-348`): a move that goes nowhere bumps a torch directly
    /// ahead.
    ///
    /// The guard is looked for before the shortening and not again after it, as in the original: a leap
    /// over a guard whose landing is a torch, window or portcullis is shortened onto the guard (§9.6), and
    /// the thief lands on the guard's cell, where the guard sees it at distance 0 (the spec's "treat as
    /// invalid" is for a ghost route, which never lands on a guard's cell; the analysis has no such move).
    ///
    /// One case the original resolves by accident is not followed: a leap shortened onto a second cell
    /// the thief may not stop on (a torch behind a torch, say), where the original would stand the
    /// thief on that cell. Here the move goes nowhere, as a move shortened to nothing does (a torch
    /// directly ahead is bumped, anything else is rejected). The analysis never stands the thief on
    /// such a cell either, and none of the 300 mansions of games 1–30 has such a pair, so no recorded
    /// play-through of the original can show it.
    fn reach(&self, level: &Level, from: Cell, mv: Move, around: &Surroundings) -> Reach {
        let (dir, distance) = match mv {
            Move::Wait => return Reach::Stay,
            Move::Step(dir) => (dir, 1),
            Move::Leap(dir) => (dir, 2),
        };
        let (dx, dy) = dir.delta();
        let passable = &self.cells.passable[CellRules::index_of(dir)];
        let mut path: Vec<Cell> = (1..=distance)
            .map(|k| from.offset(dx * k, dy * k))
            .take_while(|&c| {
                if level.in_bounds(c) {
                    passable.contains(c)
                } else {
                    around.fully_mapped
                }
            })
            .collect();
        let mut rejection = Rejection::Blocked;
        if let Some(&last) = path.last() {
            if around.guards.contains(&last) {
                // `game.ts:462-469`: a guard on the farthest cell cancels the whole move.
                rejection = Rejection::Guard(last);
                path.clear();
            } else if !self.may_end_on(level, last) {
                // `game.ts:471-494`: shortened by one, with no second look for a guard (§9.6).
                path.pop();
            }
        }
        if path
            .last()
            .is_some_and(|&last| self.may_end_on(level, last))
        {
            return Reach::Path(path);
        }
        let ahead = from.offset(dx, dy);
        match level.item_at(ahead).map(|item| item.kind) {
            Some(ItemKind::TorchLit | ItemKind::TorchUnlit) => Reach::Bump(ahead),
            _ => Reach::Rejected(rejection),
        }
    }

    /// §5.5: only ending a move on a creaky board is heard; leaping over one is silent.
    fn noise(&self, _level: &Level, _mv: Move, path: &[Cell]) -> Option<Noise> {
        let &at = path.last()?;
        self.cells.creaky.contains(at).then_some(Noise { at })
    }

    /// §5.7: on water the counter drops by one (not below 0); anywhere else it is reset.
    fn breath_after_turn(&self, level: &Level, at: Cell, breath: u8) -> u8 {
        if level.terrain(at) == Terrain::Water {
            breath.saturating_sub(1)
        } else {
            BREATH_ON_LAND
        }
    }

    /// §3.3 step 2 and §8: relaxed 40 lit, 3 dark; alert 75 lit, 33 dark.
    fn sight_cutoff(&self, alert: bool, lit: bool) -> i32 {
        match (alert, lit) {
            (false, true) => LIT_CUTOFF,
            (false, false) => DARK_CUTOFF,
            (true, true) => ALERT_LIT_CUTOFF,
            (true, false) => ALERT_DARK_CUTOFF,
        }
    }

    fn alert_adjacency(&self) -> i32 {
        ALERT_ADJACENCY
    }

    fn creak_earshot(&self) -> u32 {
        CREAK_EARSHOT
    }

    /// §3.8 and §4.5: spotted at `d² < 65`, 3 turns to give up, 3 turns to light; any guard relights.
    fn torches(&self) -> TorchRules {
        TorchRules::GAME_2023
    }

    /// §3.7 and §8: 25.
    fn shout_earshot(&self) -> u32 {
        SHOUT_EARSHOT
    }

    /// §8: `2 + randomInRange(4)`, 2 to 5 turns.
    fn reaction_turns(&self, draws: &mut Draws) -> u8 {
        2 + draws.below(4) as u8
    }

    /// §8: 3.
    fn last_sighting_turns(&self) -> u8 {
        LAST_SIGHTING_TURNS
    }

    /// §8: 5.
    fn health(&self) -> u8 {
        HEALTH
    }
}
