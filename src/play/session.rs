//! A game version's rules ([`RuleSet`], listed in `rule_sets`) and a game under way whatever its rules
//! ([`Session`]): the one face the command line, the editor's Play panel, the painter and play-through
//! files see. Each rule set plays its own turn loop (the 2023 game moves the
//! thief first and the guards one by one; the 2025 game lets the guards choose before the thief acts),
//! so they share no loop; what they share is this view of a game, so that no caller asks which game
//! version it plays.

use crate::analysis::stealth::{Cancel, CellSet, DEFAULT_HORIZON, Stealth, Summary};
use crate::model::{Cell, Dir, Grid, Level};

use super::game::Refusal;
use super::moves::Move;
use super::report::{GuardMode, TurnReport};
use super::state::Ending;

/// One guard as a game shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GuardView {
    /// Index into `Level::guards`.
    pub guard: usize,
    /// Where it stands.
    pub cell: Cell,
    /// Which way it faces.
    pub facing: Dir,
    /// Its mode.
    pub mode: GuardMode,
    /// Where an alert guard is going or what it faces.
    pub goal: Option<Cell>,
    /// It heard the thief or a shout this turn.
    pub heard: bool,
}

/// A game at one turn, as every rule set shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct Snapshot {
    /// Turns played since the start (turn 0).
    pub turn: usize,
    /// Where the thief stands (off the map once it has left).
    pub thief: Cell,
    /// The thief's health.
    pub health: u8,
    /// The loot the thief has taken, as the rules count it.
    pub loot: usize,
    /// The cells whose loot the thief took, in the order taken.
    pub taken: Vec<Cell>,
    /// Every guard, by its index in `Level::guards`.
    pub guards: Vec<GuardView>,
    /// The cells lit now (any light at all: the guards' sight test asks only that).
    pub lit: CellSet,
    /// How much light each cell holds, 0 to 1: the 2023 game's light is on or off, the 2025 game's is
    /// graded (it fades with the distance from each source).
    pub light: Grid<f32>,
    /// The cells the thief has seen (the fog of war lifted).
    pub seen: CellSet,
    /// Whether every cell has been seen, which leaving the level needs.
    pub fully_mapped: bool,
    /// Why the game ended, if it has.
    pub over: Option<Ending>,
}

/// A game of one level under one rule set, played move by move. Moves can be taken back, however long
/// the game, in bounded memory: a few turns are kept and the rest played again from them.
///
/// # Examples
///
/// A game of the first mansion of game 1 (no guards yet) under the level's own rules, the 2023 ones:
/// each wait passes a turn, and turns can be taken back:
///
/// ```
/// use mansion_forge::generate::recipe::Recipe;
/// use mansion_forge::play::{Move, parse_moves, rule_sets};
///
/// let level = Recipe::campaign_level(1, 0).build().expect("builds");
/// let rules = rule_sets::of_level(&level);
/// assert_eq!(rules.id(), "2023");
/// let mut game = rules.start(level.clone(), 7, level.player_start, 0);
/// assert_eq!(game.snapshot().turn, 0);
///
/// for (turn, mv) in (1..).zip(parse_moves("w w w").expect("three waits")) {
///     let report = game.play(mv).expect("a wait is always allowed");
///     assert_eq!((report.turn, report.thief), (turn, level.player_start));
/// }
/// let now = game.snapshot();
/// assert_eq!((now.turn, now.thief), (3, level.player_start));
/// assert_eq!(game.moves(), [Move::Wait; 3]);
/// assert!(now.over.is_none());
///
/// assert!(game.step_back());
/// assert_eq!(game.snapshot().turn, 2);
/// game.restart();
/// assert!(game.moves().is_empty() && !game.step_back());
/// ```
pub trait Session: Send + Sync {
    /// The rule set it plays.
    fn rules(&self) -> &'static dyn RuleSet;
    /// The level played (never changed by the game: what the thief takes is the game's state).
    fn level(&self) -> &Level;
    /// The seed of the guards' random draws.
    fn seed(&self) -> u32;
    /// Where the thief started, and after how many undisturbed guard turns.
    fn start(&self) -> (Cell, usize);
    /// The moves played so far, as a replay needs them: a rule set where a refused move changes nothing
    /// leaves it out (2023); one where the game takes note of a refused move keeps it (2025).
    fn moves(&self) -> &[Move];
    /// Plays one move and says what the turn did, or why no turn passed.
    fn play(&mut self, mv: Move) -> Result<TurnReport, Refusal>;
    /// Takes the last turn back; `false` at the start.
    fn step_back(&mut self) -> bool;
    /// Back to the start, forgetting every move.
    fn restart(&mut self);
    /// The game now.
    fn snapshot(&self) -> Snapshot;
    /// Turns played since the start, as [`Snapshot::turn`] (without drawing the whole snapshot).
    fn turn(&self) -> usize {
        self.snapshot().turn
    }
    /// Why the game ended, if it has, as [`Snapshot::over`] (without drawing the whole snapshot).
    fn over(&self) -> Option<Ending> {
        self.snapshot().over
    }
    /// Where the thief stands, as [`Snapshot::thief`] (without drawing the whole snapshot: a simulated
    /// player asks every turn).
    fn thief(&self) -> Cell {
        self.snapshot().thief
    }
    /// Whether the thief has taken the loot on `cell`, as [`Snapshot::taken`] holds it.
    fn has_taken(&self, cell: Cell) -> bool {
        self.snapshot().taken.contains(&cell)
    }
    /// Whether the thief has seen `cell` (the fog of war lifted there), as [`Snapshot::seen`].
    fn has_seen(&self, cell: Cell) -> bool {
        self.snapshot().seen.contains(cell)
    }
    /// How many cells the thief has seen, as [`Snapshot::seen`] counts them: seen cells stay seen, so
    /// a count unchanged since a turn says nothing more was seen (a simulated player asks every turn).
    fn seen_count(&self) -> usize {
        self.snapshot().seen.len()
    }
    /// Whether every cell has been seen, as [`Snapshot::fully_mapped`].
    fn fully_mapped(&self) -> bool {
        self.snapshot().fully_mapped
    }
    /// Whether a step off the map would leave the level now: every cell seen, and under rules that
    /// ask for it every loot taken.
    fn may_leave(&self) -> bool {
        self.fully_mapped()
    }
    /// The last turn's report (`None` at the start).
    fn last(&self) -> Option<&TurnReport>;
    /// Whether guard `guard` (index into `Level::guards`) would see a thief that is not hidden on
    /// `cell` now: the cells a guard's view is drawn on.
    fn guard_sees(&self, guard: usize, cell: Cell) -> bool;
    /// Whether the thief may start a game on `cell` (a floor it could stand on).
    fn may_stand(&self, cell: Cell) -> bool;
    /// A copy of the game, turns and all.
    fn boxed_clone(&self) -> Box<dyn Session>;
    /// A new game from this one's start (cell and warm-up), the guards drawing from `seed`, that
    /// shares what this game has worked out regardless of the seed (cell rules, plans, light): how
    /// many games of one level start cheaply.
    fn reseeded(&self, seed: u32) -> Box<dyn Session>;
}

impl Clone for Box<dyn Session> {
    fn clone(&self) -> Self {
        self.boxed_clone()
    }
}

impl std::fmt::Debug for dyn Session {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Session")
            .field("rules", &self.rules().id())
            .field("seed", &self.seed())
            .field("start", &self.start())
            .field("moves", &self.moves().len())
            .finish_non_exhaustive()
    }
}

/// A game version's rules, as the program chooses among them.
pub trait RuleSet: Send + Sync {
    /// The id written in files and typed on the command line (`2023`).
    fn id(&self) -> &'static str;
    /// The name a designer reads (`Lurk Leap Loot 2023`).
    fn label(&self) -> &'static str;
    /// One line on what the rules are and where they come from.
    fn about(&self) -> &'static str;
    /// The ids of the generators whose levels are this game's own, played by these rules unless a
    /// designer chooses others.
    fn generators(&self) -> &'static [&'static str];
    /// Whether the stealth analysis (light, sight, ghost routes) models these rules; when it does not, a
    /// level analysed under them says so.
    fn analysed(&self) -> bool;
    /// What the stealth analysis simplifies under these rules, said wherever its results are shown.
    fn analysis_model(&self) -> &'static str;
    /// The stealth analysis of `level` under these rules, routes searched within `horizon` turns;
    /// `None` when `cancel` is set meanwhile or the rules are not [analysed](RuleSet::analysed).
    fn analyse(&self, level: &Level, horizon: usize, cancel: &Cancel) -> Option<Stealth>;
    /// The analysis's figures alone, with the default horizon (`stats --stealth`, `search`): equal to
    /// the whole analysis's summary, made with less work where the rules allow.
    fn summarize(&self, level: &Level) -> Option<Summary> {
        self.analyse(level, DEFAULT_HORIZON, &Cancel::new())
            .map(|stealth| stealth.summary)
    }
    /// A game of `level` under these rules, the thief on `cell` after the guards have walked `turn`
    /// turns undisturbed, the guards drawing from `seed`.
    fn start(&self, level: Level, seed: u32, cell: Cell, turn: usize) -> Box<dyn Session>;
}
