//! Issue 39: hand-made small levels of the 2025 game, each showing one rule, with the outcome derived by
//! hand from the original's code (mcneja/7drl-2023 at 85ae99f: `src/guard.ts`, `src/game.ts`,
//! `src/game-map.ts`, `src/create-map.ts`) and cited by file and line in each test.
//!
//! `guards` holds the guards' mode changes, `thief` the thief's actions and leaving, `sight` the sight
//! cutoffs, light and cover. The levels are drawn with [`Setup::sketch`]; every level starts the game's
//! stream from the seed [`SEED`], so a drawn number (a Look's timeout, a knock-out's length) is the same
//! on every run, but the tests assert only what the hand derivation gives: a drawn value's range and
//! how it counts afterwards, never the value itself.
//!
//! Re-checking against the original: with `RULES2025_HAND_DUMP=<file>` set (and `--test-threads=1`),
//! every level played here appends one JSON line to `<file>`: the level in the reference records' map
//! format, the moves, and the port's state after each turn (thief, health, loot, draws, every cell's
//! light and seen flag, spottings, every guard's cell, facing, mode, timeout and anger, the item list,
//! the key, whether the level was left). The headless runner of the original described in
//! `tests/data/play2025/README.md` (not part of this repository), given that map instead of a generated
//! one, replays the moves and compares. When these tests were written, all 28 levels were equal to the
//! original in every one of those fields on every turn, and the 39 `guard_would_see` answers of
//! `sight::sight_cutoffs_by_mode_with_graded_light` equal the original's own sight test
//! (`seesPositionInternal`, `guard.ts:650-689`) asked of the same cells.

mod guards;
mod sight;
mod thief;

use std::io::Write as _;

use mansion_forge::model::{Cell, SeedRandom};
use mansion_forge::play::Move;
use mansion_forge::play::parse_moves;
use mansion_forge::play::rules2025::{
    Event, Game2025, GuardMode, GuardSnapshot, Outcome, Setup, Snapshot,
};
use serde_json::{Value, json};

/// The game's stream for every level here.
pub const SEED: &str = "hand 39";

/// The terrain alphabet of the reference records: a terrain's index is its character's place.
const TERRAIN_CHARS: &str = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

/// A level being played, with what it did so far (for the dump).
pub struct Play {
    name: String,
    setup: Setup,
    /// The game being played.
    pub game: Game2025,
    moves: Vec<String>,
    turns: Vec<Value>,
}

/// Starts `setup` under the name `name` (the dump's name of the level).
pub fn start(name: &str, setup: Setup) -> Play {
    let game = Game2025::new(&setup, SeedRandom::new(SEED));
    let mut play = Play {
        name: name.to_owned(),
        setup,
        game,
        moves: Vec::new(),
        turns: Vec::new(),
    };
    play.record(None);
    play
}

impl Play {
    /// Plays one move in the CLI's notation (`N`, `L:E`, `w`).
    ///
    /// # Panics
    /// When `mv` is not one move.
    pub fn go(&mut self, mv: &str) -> Outcome {
        let parsed: Vec<Move> = parse_moves(mv).expect("a move");
        assert_eq!(parsed.len(), 1, "one move at a time: {mv}");
        let outcome = self.game.play(parsed[0]);
        self.moves.push(mv.to_owned());
        self.record(Some(outcome.turn_passed));
        outcome
    }

    /// Plays several moves; the outcomes in order.
    pub fn go_all(&mut self, moves: &str) -> Vec<Outcome> {
        moves.split_whitespace().map(|m| self.go(m)).collect()
    }

    /// The state now.
    pub fn snap(&self) -> Snapshot {
        self.game.snapshot()
    }

    /// Guard `i` (setup index) now.
    pub fn guard(&self, i: usize) -> GuardSnapshot {
        self.game.snapshot().guards[i]
    }

    /// Guard `i`'s mode now.
    pub fn mode(&self, i: usize) -> GuardMode {
        self.guard(i).mode
    }

    /// The thief's cell now.
    pub fn thief(&self) -> Cell {
        self.game.snapshot().player
    }

    /// The light of `cell` now.
    pub fn lit(&self, cell: Cell) -> f64 {
        self.game.snapshot().lit[(cell.y * self.setup.width + cell.x) as usize]
    }

    fn record(&mut self, passed: Option<bool>) {
        if std::env::var_os("RULES2025_HAND_DUMP").is_none() {
            return;
        }
        let s = self.game.snapshot();
        let guards: Vec<Value> = s
            .guards
            .iter()
            .map(|g| {
                json!([
                    g.cell.x,
                    g.cell.y,
                    g.dir.0,
                    g.dir.1,
                    format!("{:?}", g.mode),
                    g.timeout,
                    i32::from(g.angry)
                ])
            })
            .collect();
        let items: Vec<Value> = s
            .items
            .iter()
            .map(|(c, k)| json!([c.x, c.y, format!("{k:?}")]))
            .collect();
        self.turns.push(json!({
            "passed": passed,
            "player": [s.player.x, s.player.y],
            "health": s.health,
            "loot": s.loot,
            "draws": s.draws,
            "lit": s.lit,
            "seen": s.seen.iter().map(|&b| if b { '1' } else { '0' }).collect::<String>(),
            "spottings": s.spottings,
            "guards": guards,
            "items": items,
            "key": s.has_key,
            "exit": self.game.left_level(),
        }));
    }

    /// The level in the reference records' map format.
    fn map_record(&self) -> Value {
        let s = &self.setup;
        let terrain: Vec<String> = s
            .terrain
            .chunks(s.width as usize)
            .map(|row| {
                row.iter()
                    .map(|t| TERRAIN_CHARS.as_bytes()[usize::from(t.index())] as char)
                    .collect()
            })
            .collect();
        let cell = |c: Cell| json!([c.x, c.y]);
        json!({
            "w": s.width,
            "h": s.height,
            "terrain": terrain,
            "items": s.items.iter().map(|(c, k)| json!([c.x, c.y, format!("{k:?}")])).collect::<Vec<_>>(),
            "guards": s.guards.iter().map(|g| json!({
                "path": g.route.iter().map(|&c| cell(c)).collect::<Vec<_>>(),
                "index": g.route_index,
                "pos": cell(g.pos),
                "dir": [g.dir.0, g.dir.1],
                "torch": g.torch,
                "purse": g.purse,
                "key": g.key,
            })).collect::<Vec<_>>(),
            "start": cell(s.player_start),
            "run_level": s.level_index,
            "loot_available": s.loot_available,
            "backtracking": s.backtracking,
        })
    }
}

impl Drop for Play {
    fn drop(&mut self) {
        let Some(path) = std::env::var_os("RULES2025_HAND_DUMP") else {
            return;
        };
        let line = json!({
            "name": self.name,
            "seed": SEED,
            "map": self.map_record(),
            "moves": self.moves,
            "turns": self.turns,
        });
        let mut file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .expect("the dump file");
        // One write per level, so that tests running side by side do not interleave their lines.
        let _ = file.write_all(format!("{line}\n").as_bytes());
    }
}

/// Whether `events` hold an event matching `pred`.
pub fn has(outcome: &Outcome, pred: impl Fn(&Event) -> bool) -> bool {
    outcome.events.iter().any(pred)
}
