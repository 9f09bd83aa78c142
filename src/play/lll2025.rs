//! The 2025 game (the one players play today, commit 85ae99f) as a rule set: its declaration
//! ([`Lll2025`]) and its game ([`Game2025`], `rules2025/`) seen as a [`Session`].
//!
//! The game's turn holds state no snapshot shows (its guard order, what each guard planned), so a
//! turn is taken back by playing the game again from a kept copy of an earlier turn ([`Checkpoints`],
//! a bounded few) up to the turn before: the game is deterministic in its moves and seed, and a copy
//! plays on exactly as the original. Every move given is kept for that replay, refused ones too,
//! because the game keeps a note of what a refused move bumped into.

use crate::analysis::stealth::{self, Cancel, CellSet, Stealth};
use crate::model::{Cell, Grid, Level, SeedRandom};

use super::checkpoints::Checkpoints;
use super::game::Refusal;
use super::moves::Move;
use super::report::{Event, GuardMode, GuardReport, TorchChange, TurnReport};
use super::rules::Rejection;
use super::rules2025::{self as rules, Game2025, ItemType, Noise, Setup};
use super::session::{GuardView, RuleSet, Session, Snapshot};
use super::state::Ending;

/// The rules of Lurk Leap Loot as players play it today (commit 85ae99f, 2025-09-01).
pub struct Lll2025;

impl RuleSet for Lll2025 {
    fn id(&self) -> &'static str {
        "2025"
    }
    fn label(&self) -> &'static str {
        "Lurk Leap Loot 2025"
    }
    fn about(&self) -> &'static str {
        "The game players play today (commit 85ae99f): guards plan before the thief moves, graded \
         light, knock-outs, noises and alarms, torch carriers relight; the guards draw from \
         seedrandom('SEED')"
    }
    /// The 2025 generator (`generate::lll2025`), cell for cell the game's.
    fn generators(&self) -> &'static [&'static str] {
        &["lll2025"]
    }
    fn analysed(&self) -> bool {
        true
    }
    /// What `rules2025::GhostGame` takes conservatively, and what the replay of each route settles.
    fn analysis_model(&self) -> &'static str {
        "Model: the game's own guards, played turn by turn with the thief away; every ghost route \
         was played in the game with the thief on it, unnoticed (a route the game noticed was \
         searched again). Creaky boards and water count as heard while any guard is awake; a thief \
         in water is never hidden; no leap passes a door or a lit torch; routes searched within a \
         horizon and end outside (the game also needs the whole map seen and the loot taken). \
         Watched shares are counted over the turns played after the guards settle."
    }
    /// The game's own guards played turn by turn with the thief off the map, and every ghost route
    /// played again with the thief on it ([`rules::GhostGame`]); the guards draw from the play-test's
    /// default stream (`ANALYSIS_SEED`).
    fn analyse(&self, level: &Level, horizon: usize, cancel: &Cancel) -> Option<Stealth> {
        let mut game = rules::GhostGame::new(level, stream(ANALYSIS_SEED));
        let cells = game.cell_rules(level);
        let player = game.route_player();
        stealth::analyze_turn_loop(level, cells, (&mut game, &player), horizon, cancel)
    }
    fn start(&self, level: Level, seed: u32, cell: Cell, turn: usize) -> Box<dyn Session> {
        Box::new(Session2025::new(level, seed, cell, turn))
    }
}

/// The seed of the guards' stream in the stealth analysis: the play-test's default (`play --rng-seed`).
/// Guards that notice nothing draw nothing, so a ghost route holds for any seed the game starts with.
pub const ANALYSIS_SEED: u32 = 1;

/// The guards' stream of a play-test seeded `seed`: seedrandom on the seed's decimal digits, as the
/// game seeds its streams with text.
fn stream(seed: u32) -> SeedRandom {
    SeedRandom::new(&seed.to_string())
}

/// A game of a model level under the 2025 rules. A copy plays on exactly as the original
/// (`tests/rules2025_copy.rs`).
#[derive(Clone)]
pub struct Session2025 {
    level: Level,
    seed: u32,
    start: (Cell, usize),
    game: Game2025,
    /// Every move given since the start (the warm-up waits first), and whether it passed a turn.
    given: Vec<(Move, bool)>,
    /// The moves the designer played (the warm-up left out), refused ones too.
    moves: Vec<Move>,
    /// The last turn's report.
    last: Option<TurnReport>,
    /// The cells whose loot the thief took, in order.
    taken: Vec<Cell>,
    /// Copies of the game after some of the designer's moves (the start among them), to take turns
    /// back from.
    checkpoints: Checkpoints<Kept>,
}

/// What a checkpoint keeps of a [`Session2025`]: the game, and what the lists held then.
#[derive(Clone)]
struct Kept {
    game: Game2025,
    taken: usize,
    last: Option<TurnReport>,
}

impl Session2025 {
    /// The thief on `cell` after the guards have played `turn` turns with the thief waiting there (the
    /// 2025 guards always react to a thief in view, so its warm-up is waited, not walked without it).
    fn new(level: Level, seed: u32, cell: Cell, turn: usize) -> Self {
        let setup = Self::setup(&level, cell);
        let game = Game2025::new(&setup, stream(seed));
        Self::warmed_up(level, seed, (cell, turn), game)
    }

    /// A new game of `other`'s level from its start, seeded `seed`, planning and lighting with what
    /// `other` has worked out.
    fn beside(other: &Session2025, seed: u32) -> Self {
        let (cell, _) = other.start;
        let setup = Self::setup(&other.level, cell);
        let game = Game2025::new_beside(&setup, stream(seed), &other.game);
        Self::warmed_up(other.level.clone(), seed, other.start, game)
    }

    /// The game's setup of `level` with the thief starting on `cell`.
    fn setup(level: &Level, cell: Cell) -> Setup {
        let mut setup = Setup::from_level(level);
        setup.player_start = cell;
        setup
    }

    /// `game` (at its start) after `turn` turns waited, as a session.
    fn warmed_up(level: Level, seed: u32, (cell, turn): (Cell, usize), mut game: Game2025) -> Self {
        let given = (0..turn)
            .map(|_| (Move::Wait, game.play(Move::Wait).turn_passed))
            .collect();
        Session2025 {
            level,
            seed,
            start: (cell, turn),
            checkpoints: Checkpoints::new(Kept {
                game: game.clone(),
                taken: 0,
                last: None,
            }),
            game,
            given,
            moves: Vec::new(),
            last: None,
            taken: Vec::new(),
        }
    }

    /// What a checkpoint keeps of the game now.
    fn kept(&self) -> Kept {
        Kept {
            game: self.game.clone(),
            taken: self.taken.len(),
            last: self.last.clone(),
        }
    }

    /// Takes the designer's moves back to the first `keep`, playing them again from the last copy
    /// kept at or before them.
    fn back_to(&mut self, keep: usize) {
        self.checkpoints.forget_after(keep);
        let (from, kept) = self.checkpoints.at_or_before(keep);
        let Kept { game, taken, last } = kept.clone();
        let warm_up = self.given.len() - self.moves.len();
        let again = self.moves[from..keep].to_vec();
        self.game = game;
        self.taken.truncate(taken);
        self.last = last;
        self.given.truncate(warm_up + from);
        self.moves.truncate(from);
        for mv in again {
            _ = self.play_move(mv);
        }
    }

    /// Whether the game is over, and how.
    fn ending(&self) -> Option<Ending> {
        if self.game.left_level() {
            Some(Ending::LeftLevel)
        } else if self.game.health() <= 0 {
            Some(Ending::Caught)
        } else {
            None
        }
    }

    /// One move of the designer's: played, kept and reported; a copy of the game kept when it falls
    /// on the checkpoints' spacing.
    fn play_move(&mut self, mv: Move) -> Result<TurnReport, Refusal> {
        let played = self.play_and_report(mv);
        let moves = self.moves.len();
        if self.checkpoints.wants(moves) {
            let kept = self.kept();
            self.checkpoints.keep(moves, kept);
        }
        played
    }

    /// [`Session2025::play_move`] but for the checkpoint.
    fn play_and_report(&mut self, mv: Move) -> Result<TurnReport, Refusal> {
        if let Some(ending) = self.ending() {
            return Err(Refusal::Over(ending));
        }
        let before = self.game.snapshot();
        let outcome = self.game.play(mv);
        self.given.push((mv, outcome.turn_passed));
        self.moves.push(mv);
        let left = self.game.left_level();
        if !outcome.turn_passed && !left {
            return Err(Refusal::Rejected(Rejection::Blocked));
        }
        let after = self.game.snapshot();
        let mut events = Vec::new();
        for event in &outcome.events {
            events.extend(self.event(event, &after));
        }
        for (g, (was, now)) in before.guards.iter().zip(&after.guards).enumerate() {
            if was.mode != now.mode {
                events.push(Event::Mode {
                    guard: g,
                    from: mode(was.mode),
                    to: mode(now.mode),
                });
            }
        }
        if left {
            events.push(Event::LeftLevel);
        } else if after.health <= 0 {
            events.push(Event::Caught);
        }
        let report = TurnReport {
            turn: self.turn(),
            action: mv.to_string(),
            thief: after.player,
            loot: after.loot as usize,
            health: health(after.health),
            guards: guard_reports(&after),
            torches: torch_changes(&before.items, &after.items),
            events,
        };
        self.last = Some(report.clone());
        Ok(report)
    }

    /// Turns played, the warm-up included, as the 2023 game counts them.
    fn turn(&self) -> usize {
        self.game.turns() as usize
    }

    /// One event of the 2025 game in the shared report's words.
    fn event(&mut self, event: &rules::Event, after: &rules::Snapshot) -> Option<Event> {
        let cell_of = |g: usize| after.guards.get(g).map_or(after.player, |s| s.cell);
        Some(match *event {
            rules::Event::Noticed { guard } => Event::Seen {
                guard,
                from: cell_of(guard),
                thief: after.player,
            },
            rules::Event::Spotted { guard } => Event::Shout {
                guard,
                from: cell_of(guard),
            },
            rules::Event::Bumped { guard } => Event::Bumped { guard },
            rules::Event::Hit { guard } => Event::Hit {
                guard,
                health: health(after.health),
            },
            rules::Event::KnockedOut { guard } => Event::KnockedOut { guard },
            rules::Event::Pickpocketed { guard, purse, key } => {
                Event::Pickpocketed { guard, purse, key }
            }
            rules::Event::Looted { cell, .. } => {
                self.taken.push(cell);
                Event::Loot {
                    cells: vec![cell],
                    total: after.loot as usize,
                }
            }
            rules::Event::TorchLit {
                cell,
                by_guard: Some(guard),
            } => Event::Relit { guard, cell },
            rules::Event::TorchLit {
                cell,
                by_guard: None,
            } => Event::TorchToggled { cell, lit: true },
            rules::Event::TorchDoused { cell } => Event::TorchToggled { cell, lit: false },
            rules::Event::Noise { noise, heard_by } => Event::Noise {
                noise: noise_name(noise),
                heard_by,
            },
            rules::Event::Unlocked { cell } => Event::Unlocked { cell },
            rules::Event::LeftLevel => return None,
        })
    }
}

/// Health as the shared report counts it.
fn health(h: i32) -> u8 {
    u8::try_from(h.max(0)).unwrap_or(u8::MAX)
}

/// A noise's name in the report.
fn noise_name(noise: Noise) -> &'static str {
    match noise {
        Noise::Creak => "creak",
        Noise::Splash => "splash",
        Noise::Thud => "thud",
        Noise::Alarm => "alarm",
        Noise::BangDoor => "bang",
    }
}

/// The shared report's mode of a 2025 mode: the modes both games have share their names.
fn mode(m: rules::GuardMode) -> GuardMode {
    use rules::GuardMode as M;
    match m {
        M::Patrol => GuardMode::Patrol,
        M::Look => GuardMode::Look,
        M::LookAtTorch => GuardMode::LookAtTorch,
        M::Listen => GuardMode::Listen,
        M::ChaseVisibleTarget => GuardMode::ChaseVisibleTarget,
        M::MoveToLastSighting => GuardMode::MoveToLastSighting,
        M::InvestigateLastSighting => GuardMode::InvestigateLastSighting,
        M::MoveToLastSound => GuardMode::MoveToLastSound,
        M::MoveToGuardShout => GuardMode::MoveToGuardShout,
        M::MoveToDownedGuard => GuardMode::MoveToDownedGuard,
        M::MoveToMissingTreasure => GuardMode::MoveToMissingTreasure,
        M::LookAtMissingTreasure => GuardMode::LookAtMissingTreasure,
        M::WakeGuard => GuardMode::WakeGuard,
        M::MoveToTorch => GuardMode::RelightTorch,
        M::LightTorch => GuardMode::PostRelightTorch,
        M::Unconscious => GuardMode::Unconscious,
    }
}

fn guard_reports(now: &rules::Snapshot) -> Vec<GuardReport> {
    now.guards
        .iter()
        .enumerate()
        .map(|(guard, g)| GuardReport {
            guard,
            cell: g.cell,
            facing: rules::facing_dir(g.dir),
            mode: mode(g.mode),
        })
        .collect()
}

/// The torches lit or put out between two item lists (the game turns a torch's kind over in place).
fn torch_changes(before: &[(Cell, ItemType)], after: &[(Cell, ItemType)]) -> Vec<TorchChange> {
    before
        .iter()
        .zip(after)
        .filter(|((c0, k0), (c1, k1))| c0 == c1 && k0 != k1)
        .filter_map(|(_, &(cell, kind))| match kind {
            ItemType::TorchLit => Some(TorchChange { cell, lit: true }),
            ItemType::TorchUnlit => Some(TorchChange { cell, lit: false }),
            _ => None,
        })
        .collect()
}

/// A per-cell table of the game (row by row from the south-west) as a cell set of the level.
fn cells_where(level: &Level, keep: impl Fn(usize) -> bool) -> CellSet {
    let shape = level.shape();
    let mut set = CellSet::empty(shape);
    for c in level.all_cells() {
        if shape.index(c).is_some_and(&keep) {
            set.insert(c);
        }
    }
    set
}

impl Session for Session2025 {
    fn rules(&self) -> &'static dyn RuleSet {
        &Lll2025
    }
    fn level(&self) -> &Level {
        &self.level
    }
    fn seed(&self) -> u32 {
        self.seed
    }
    fn start(&self) -> (Cell, usize) {
        self.start
    }
    fn moves(&self) -> &[Move] {
        &self.moves
    }
    fn play(&mut self, mv: Move) -> Result<TurnReport, Refusal> {
        self.play_move(mv)
    }
    fn step_back(&mut self) -> bool {
        let Some(last) = self.given.iter().rposition(|&(_, passed)| passed) else {
            return false;
        };
        let warm_up = self.given.len() - self.moves.len();
        if last < warm_up {
            return false;
        }
        self.back_to(last - warm_up);
        true
    }
    fn restart(&mut self) {
        self.back_to(0);
    }
    fn snapshot(&self) -> Snapshot {
        let now = self.game.snapshot();
        let seen = cells_where(&self.level, |i| now.seen.get(i).copied().unwrap_or(false));
        let fully_mapped = now.seen.iter().all(|&s| s);
        Snapshot {
            turn: self.turn(),
            thief: now.player,
            health: health(now.health),
            loot: now.loot as usize,
            taken: self.taken.clone(),
            guards: now
                .guards
                .iter()
                .enumerate()
                .map(|(guard, g)| GuardView {
                    guard,
                    cell: g.cell,
                    facing: rules::facing_dir(g.dir),
                    mode: mode(g.mode),
                    goal: None,
                    heard: false,
                })
                .collect(),
            lit: cells_where(&self.level, |i| now.lit.get(i).is_some_and(|&l| l > 0.0)),
            light: Grid::from_values(
                self.level.shape(),
                now.lit.iter().map(|&l| l.clamp(0.0, 1.0) as f32).collect(),
            )
            .unwrap_or_else(|| Grid::new(self.level.shape(), 0.0)),
            seen,
            fully_mapped,
            over: self.ending(),
        }
    }
    fn turn(&self) -> usize {
        Session2025::turn(self)
    }
    fn over(&self) -> Option<Ending> {
        self.ending()
    }
    fn thief(&self) -> Cell {
        self.game.thief_cell()
    }
    fn has_taken(&self, cell: Cell) -> bool {
        self.taken.contains(&cell)
    }
    fn has_seen(&self, cell: Cell) -> bool {
        self.game.has_seen(cell)
    }
    fn seen_count(&self) -> usize {
        self.game.seen_count()
    }
    fn fully_mapped(&self) -> bool {
        self.game.all_seen()
    }
    fn may_leave(&self) -> bool {
        self.game.finished()
    }
    fn last(&self) -> Option<&TurnReport> {
        self.last.as_ref()
    }
    fn guard_sees(&self, guard: usize, cell: Cell) -> bool {
        self.game.guard_would_see(guard, cell)
    }
    fn may_stand(&self, cell: Cell) -> bool {
        self.game.thief_may_stand(cell)
    }
    fn boxed_clone(&self) -> Box<dyn Session> {
        Box::new(self.clone())
    }
    fn reseeded(&self, seed: u32) -> Box<dyn Session> {
        Box::new(Session2025::beside(self, seed))
    }
}
