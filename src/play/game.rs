//! One game played forward (`stealth-rules.md` §4.6): the thief's move, its noise, then every guard in
//! list order, then the shouts, the light and the thief's view. The guards' draws come from a seeded
//! stream ([`Draws`]), so the same moves and seed always play the same game; that is how a designer
//! steps back in bounded memory: a few turns are kept ([`Checkpoints`]) and a turn taken back is
//! played again from the nearest one.

use std::sync::Arc;

use crate::analysis::stealth::undisturbed::{Guards, Torch};
use crate::analysis::stealth::{CellRules, CellSet};
use crate::model::{Cell, Level};

use super::checkpoints::Checkpoints;
use super::draws::Draws;
use super::kept::CellLists;
use super::mind::Mind;
use super::moves::Move;
use super::report::{Event, GuardReport, TorchChange, TurnReport};
use super::rules::{Rejection, Rules, Rules2023, Surroundings};
use super::state::{Ending, State};
use super::thief::{MoveOutcome, Thief, apply_move};
use super::turn::GuardsTurn;
use super::view::{ThiefSight, seen_at_creation};

/// Why a move was not played: no turn passed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// The rules refuse the move (§5.3): a wall, a wrong-way window, a guard on the landing cell.
    #[error("the move is blocked: {0}")]
    Rejected(Rejection),
    /// The game is over.
    #[error("the game is over: {0}")]
    Over(Ending),
}

/// The most bytes of earshot lists a level keeps: a shout reaches 12 cells, so a list is at most
/// 625 cells; a few hundred cells shouted from fit.
const SHOUTS_KEPT_BYTES: usize = 4 << 20;

/// What a game is played on and by, unchanged by its turns: the level, the rules and what they need.
/// Shared by the game's copies and by the games reseeded from it.
#[derive(Debug)]
struct Table<R: Rules> {
    level: Level,
    rules: R,
    cells: CellRules,
    sight: ThiefSight,
    /// Who hears a shout from each cell, as shouts are heard.
    shouts: CellLists,
    start: (Cell, usize),
}

/// A game of one level under a rule set.
#[derive(Clone, Debug)]
pub struct Game<R: Rules = Rules2023> {
    table: Arc<Table<R>>,
    /// The seed of the guards' draws.
    seed: u32,
    /// The state now.
    now: State,
    /// Copies of a few turns, the start among them, to take turns back from.
    checkpoints: Checkpoints<State>,
    moves: Vec<Move>,
}

impl Game<Rules2023> {
    /// A game of `level` by the 2023 rules from the player start at turn 0, the guards drawing from
    /// `seed`.
    pub fn new(level: Level, seed: u32) -> Self {
        let start = level.player_start;
        Self::from(level, seed, start, 0)
    }

    /// A game of `level` by the 2023 rules with the thief put on `cell` after the guards have walked
    /// `turn` turns undisturbed.
    pub fn from(level: Level, seed: u32, cell: Cell, turn: usize) -> Self {
        let rules = Rules2023::new(&level);
        Self::with_rules(level, rules, seed, cell, turn)
    }
}

impl<R: Rules> Game<R> {
    /// A game of `level` under `rules`, the thief on `cell` after `turn` undisturbed turns (§7 Step 0).
    pub fn with_rules(level: Level, rules: R, seed: u32, cell: Cell, turn: usize) -> Self {
        let cells = CellRules::new(&level);
        let sight = ThiefSight::new(&level);
        let mut guards = Guards::new(&level);
        guards.walk_undisturbed(&rules.torches(), &level, turn);
        let thief = Thief::new(&rules, &level, cell);
        // The game knows the outside before the thief looks (`create-map.ts:115`), then the thief looks
        // from where it stands (`create-map.ts:118`).
        let mut seen = seen_at_creation(&level);
        let mut walked = CellSet::empty(level.shape());
        sight.look(cell, &mut seen, &mut walked);
        let minds = vec![Mind::default(); guards.states.len()];
        let shape = level.shape();
        let mut state = State {
            walked,
            torch_lit: (Vec::new(), CellSet::empty(shape)),
            carried_lit: Vec::new(),
            turn,
            thief,
            health: rules.health(),
            guards,
            minds,
            seen,
            draws: Draws::new(seed),
            over: None,
            last: None,
        };
        state.recast(&cells, &level);
        Game {
            table: Arc::new(Table {
                level,
                rules,
                cells,
                sight,
                shouts: CellLists::new(shape.len(), SHOUTS_KEPT_BYTES),
                start: (cell, turn),
            }),
            seed,
            checkpoints: Checkpoints::new(state.clone()),
            now: state,
            moves: Vec::new(),
        }
    }

    /// The level played.
    pub fn level(&self) -> &Level {
        &self.table.level
    }

    /// The rule set.
    pub fn rules(&self) -> &R {
        &self.table.rules
    }

    /// The level's cell rules (what blocks sight, what hides).
    pub fn cells(&self) -> &CellRules {
        &self.table.cells
    }

    /// The seed of the guards' draws.
    pub fn seed(&self) -> u32 {
        self.seed
    }

    /// Where and at which turn the thief started.
    pub fn start(&self) -> (Cell, usize) {
        self.table.start
    }

    /// The moves played so far (rejected ones are not kept).
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The state now.
    pub fn state(&self) -> &State {
        &self.now
    }

    /// Every guard now, in list order.
    pub fn guards(&self) -> Vec<GuardReport> {
        guard_reports(self.state())
    }

    /// Whether the mansion is fully mapped, which stepping off the map needs (§5.8): the original's
    /// `finishedLevel` (`game.ts:441-446`), which `postTurn` sets once every cell is seen (`allSeen`,
    /// `game.ts:582-588`). The cells the game marks seen when it creates the mansion count
    /// (`seen_at_creation`), so it is the inside that the thief maps. `postTurn` runs at the end of a
    /// turn that passed (`game.ts:570`) and the flag is cleared when a level starts (`game.ts:1095`), so
    /// before the first turn the mansion is not fully mapped even if every cell is already seen (a tiny
    /// level): the first move cannot leave.
    pub fn fully_mapped(&self) -> bool {
        self.table.mapped(&self.now)
    }

    /// Plays one move (§4.6) and says what the turn did, or why no turn passed.
    pub fn play(&mut self, mv: Move) -> Result<TurnReport, Refusal> {
        let report = self.table.turn(&mut self.now, mv)?;
        self.moves.push(mv);
        self.checkpoints
            .record(self.moves.len(), || self.now.clone());
        Ok(report)
    }

    /// Undoes the last turn; `false` at the start.
    pub fn step_back(&mut self) -> bool {
        if self.moves.pop().is_none() {
            return false;
        }
        let target = self.moves.len();
        self.checkpoints.forget_after(target);
        let (from, kept) = self.checkpoints.at_or_before(target);
        let mut state = kept.clone();
        for &mv in &self.moves[from..target] {
            // The moves were played from this state before: each passes its turn again.
            _ = self.table.turn(&mut state, mv);
        }
        self.now = state;
        true
    }

    /// Back to the start, forgetting every move.
    pub fn restart(&mut self) {
        self.checkpoints.forget_after(0);
        self.now = self.checkpoints.start().clone();
        self.moves.clear();
    }

    /// A new game from this one's start with the guards drawing from `seed`: the level's rules and
    /// cells are shared, not worked out again, so many games of one level start cheaply.
    #[must_use]
    pub fn reseeded(&self, seed: u32) -> Self {
        let mut state = self.checkpoints.start().clone();
        state.draws = Draws::new(seed);
        Game {
            table: Arc::clone(&self.table),
            seed,
            checkpoints: Checkpoints::new(state.clone()),
            now: state,
            moves: Vec::new(),
        }
    }
}

impl<R: Rules> Table<R> {
    /// [`Game::fully_mapped`] for the game in `state`: a turn played, every cell seen.
    fn mapped(&self, state: &State) -> bool {
        state.turn > self.start.1 && state.seen.len() == self.level.shape().len()
    }

    /// Plays `mv` on `state`: the turn's report, or why no turn passed (and `state` as it was).
    fn turn(&self, state: &mut State, mv: Move) -> Result<TurnReport, Refusal> {
        if let Some(ending) = state.over {
            return Err(Refusal::Over(ending));
        }
        let guard_cells: Vec<Cell> = state.guards.states.iter().map(|g| g.cell).collect();
        let around = Surroundings {
            guards: &guard_cells,
            fully_mapped: self.mapped(state),
        };
        let mut thief = state.thief.clone();
        let outcome = apply_move(&self.rules, &self.level, &mut thief, &around, mv);
        if let MoveOutcome::Rejected(why) = outcome {
            return Err(Refusal::Rejected(why));
        }
        state.thief = thief;
        let mut events = Vec::new();
        let mut torches = Vec::new();
        match &outcome {
            MoveOutcome::Moved { loot, .. } if !loot.is_empty() => events.push(Event::Loot {
                cells: loot.clone(),
                total: state.thief.loot.len(),
            }),
            MoveOutcome::Bumped(cell) => {
                if let Some(torch) = state.guards.torches.iter_mut().find(|t| t.cell == *cell) {
                    torch.lit = !torch.lit;
                    events.push(Event::TorchToggled {
                        cell: *cell,
                        lit: torch.lit,
                    });
                    torches.push(TorchChange {
                        cell: *cell,
                        lit: torch.lit,
                    });
                }
            }
            _ => {}
        }
        state.turn += 1;
        if let MoveOutcome::Moved {
            left_level: true, ..
        } = outcome
        {
            events.push(Event::LeftLevel);
            state.over = Some(Ending::LeftLevel);
        } else {
            if let MoveOutcome::Moved {
                noise: Some(noise), ..
            } = outcome
            {
                self.hear(state, noise, &mut events);
            }
            let before: Vec<bool> = state.guards.torches.iter().map(|t| t.lit).collect();
            GuardsTurn {
                level: &self.level,
                rules: &self.rules,
                cells: &self.cells,
                shouts: &self.shouts,
                events: &mut events,
            }
            .play(state);
            relit_changes(&before, &state.guards.torches, &mut torches);
            state.recast(&self.cells, &self.level);
            self.sight
                .look(state.thief.cell, &mut state.seen, &mut state.walked);
            if state.health == 0 {
                events.push(Event::Caught);
                state.over = Some(Ending::Caught);
            }
        }
        let report = TurnReport {
            turn: state.turn,
            action: mv.to_string(),
            thief: state.thief.cell,
            loot: state.thief.loot.len(),
            health: state.health,
            guards: guard_reports(state),
            torches,
            events,
        };
        state.last = Some(report.clone());
        Ok(report)
    }

    /// §3.6: every guard within earshot of the creak, where it stands before the guards move, hears it.
    fn hear(&self, state: &mut State, noise: super::rules::Noise, events: &mut Vec<Event>) {
        for (g, guard) in state.guards.states.iter().enumerate() {
            if super::senses::hears(&self.rules, &self.cells, noise, guard.cell) {
                state.minds[g].heard_thief = true;
                events.push(Event::Heard {
                    guard: guard.guard,
                    at: noise.at,
                });
            }
        }
    }
}

/// The torches guards lit this turn: those unlit before the guards acted and lit after.
fn relit_changes(before: &[bool], after: &[Torch], changes: &mut Vec<TorchChange>) {
    for (was, torch) in before.iter().zip(after) {
        if !was && torch.lit {
            changes.push(TorchChange {
                cell: torch.cell,
                lit: true,
            });
        }
    }
}

/// Every guard of `state` as reported.
fn guard_reports(state: &State) -> Vec<GuardReport> {
    state
        .guards
        .states
        .iter()
        .zip(&state.minds)
        .map(|(g, mind)| GuardReport {
            guard: g.guard,
            cell: g.cell,
            facing: g.facing,
            mode: mind.mode(g.mode),
        })
        .collect()
}
