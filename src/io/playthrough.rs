//! A play-through as a small RON file (`.play.ron`): the fingerprint of the level played, where and when
//! the thief started, the seed of the guards' draws and the moves in the notation of
//! [`parse_moves`]. The same file replays the same game on any machine, and a file made on another
//! level is told apart by its fingerprint rather than replayed wrongly.
//!
//! ```text
//! (level: "3f0c2a9b41d7e865", rules: "2023", start: (x: 20, y: 2), start_turn: 0, seed: 1,
//!  moves: "L:N N N w E")
//! ```

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::model::limits::quote;
use crate::model::{Cell, Level};
use crate::play::rule_sets;
use crate::play::{Move, ParseMoveError, RuleSet, Session, parse_moves};

use super::atomic::save_atomic;
use super::parse_message::ron_message;
use super::preset::fingerprint;
use super::read::{ReadError, read_text};

/// The largest play-through file read: a million bytes is some hundred thousand moves.
pub const MAX_PLAYTHROUGH_BYTES: u64 = 1 << 20;
/// The most undisturbed turns a play-through may start after: the warm-up is played turn by turn.
pub const MAX_START_TURN: usize = 100_000;

/// One play-through as saved.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayThrough {
    /// [`fingerprint`] of the level played.
    pub level: String,
    /// The id of the rule set it was played under (`"2023"`, see `play::rule_sets`).
    pub rules: String,
    /// Where the thief started.
    pub start: Cell,
    /// After how many undisturbed guard turns it started (0: the start of the level).
    pub start_turn: usize,
    /// The seed of the guards' draws.
    pub seed: u32,
    /// The moves, space-separated (`N E S W` steps, `L:N` leaps, `w` waits).
    pub moves: String,
}

/// Why a play-through could not be read or does not fit the level.
#[derive(Debug, Error)]
pub enum PlayThroughError {
    /// The file could not be read.
    #[error("{path}: {source}")]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        source: ReadError,
    },
    /// The file is not a play-through.
    #[error(
        "{path}:{line}:{column}: {message} (expected a play-through: level, rules, start, start_turn, seed, moves)"
    )]
    Parse {
        /// The file.
        path: PathBuf,
        /// Line of the error, from 1.
        line: usize,
        /// Column of the error, from 1.
        column: usize,
        /// What the parser expected.
        message: String,
    },
    /// A move is not in the notation.
    #[error("{path}: {source}")]
    Moves {
        /// The file.
        path: PathBuf,
        /// The bad move.
        source: ParseMoveError,
    },
    /// A value the file holds is out of what can be played.
    #[error("{path}: {message}")]
    Value {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        message: String,
    },
    /// The play-through was made on another level.
    #[error("the play-through was made on level {saved}, not on this one ({this})")]
    OtherLevel {
        /// The fingerprint in the file.
        saved: String,
        /// This level's.
        this: String,
    },
    /// The file could not be written.
    #[error("{path}: cannot write: {source}")]
    Write {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
}

/// A play-through read and checked: its moves parsed, its numbers in range.
#[derive(Clone)]
pub struct CheckedPlayThrough {
    /// The file as read.
    pub file: PlayThrough,
    /// Its moves.
    pub moves: Vec<Move>,
    /// The rule set the file names.
    pub rules: &'static dyn RuleSet,
}

impl PlayThrough {
    /// The play-through of `game` so far.
    pub fn of(game: &dyn Session) -> Self {
        let (start, start_turn) = game.start();
        PlayThrough {
            level: fingerprint(game.level()),
            rules: game.rules().id().to_string(),
            start,
            start_turn,
            seed: game.seed(),
            moves: game
                .moves()
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(" "),
        }
    }
}

impl CheckedPlayThrough {
    /// The game replayed on `level`, which must be the level it was made on; the moves the rules
    /// refuse are skipped, as the game skips them. Returns the game after every move.
    pub fn replay(&self, level: &Level) -> Result<Box<dyn Session>, PlayThroughError> {
        let mut game = self.start(level)?;
        for &mv in &self.moves {
            if game.play(mv).is_err() && game.snapshot().over.is_some() {
                break;
            }
        }
        Ok(game)
    }

    /// The game at its start on `level`, no move played yet, for a caller that plays the moves itself
    /// (the CLI prints every turn); `level` must be the level the play-through was made on.
    pub fn start(&self, level: &Level) -> Result<Box<dyn Session>, PlayThroughError> {
        let this = fingerprint(level);
        if this != self.file.level {
            return Err(PlayThroughError::OtherLevel {
                saved: quote(&self.file.level),
                this,
            });
        }
        if !level.in_bounds(self.file.start) {
            return Err(PlayThroughError::OtherLevel {
                saved: format!(
                    "with a start at ({}, {}), off the map",
                    self.file.start.x, self.file.start.y
                ),
                this,
            });
        }
        Ok(self.rules.start(
            level.clone(),
            self.file.seed,
            self.file.start,
            self.file.start_turn,
        ))
    }
}

/// Writes `play` to `path` atomically.
pub fn write(path: &Path, play: &PlayThrough) -> Result<(), PlayThroughError> {
    let config = ron::ser::PrettyConfig::new().struct_names(false);
    let text = ron::ser::to_string_pretty(play, config)
        .map(|t| t + "\n")
        .map_err(|e| PlayThroughError::Value {
            path: path.to_path_buf(),
            message: e.to_string(),
        })?;
    save_atomic(path, text.as_bytes()).map_err(|source| PlayThroughError::Write {
        path: path.to_path_buf(),
        source,
    })
}

/// Reads and checks the play-through at `path` (`-` for standard input).
pub fn read(path: &Path) -> Result<CheckedPlayThrough, PlayThroughError> {
    let text = read_text(path, MAX_PLAYTHROUGH_BYTES).map_err(|source| PlayThroughError::Read {
        path: path.to_path_buf(),
        source,
    })?;
    parse(&text, path)
}

/// Parses and checks a play-through's text; `path` names it in messages.
pub fn parse(text: &str, path: &Path) -> Result<CheckedPlayThrough, PlayThroughError> {
    let file: PlayThrough = ron::from_str(text).map_err(|e| PlayThroughError::Parse {
        path: path.to_path_buf(),
        line: e.span.start.line,
        column: e.span.start.col,
        message: ron_message(text, &e),
    })?;
    let value = |message: String| PlayThroughError::Value {
        path: path.to_path_buf(),
        message,
    };
    let rules = rule_sets::find(&file.rules).ok_or_else(|| {
        value(format!(
            "rules {:?}: this build plays the rules {}",
            file.rules,
            rule_sets::ids()
        ))
    })?;
    if file.start_turn > MAX_START_TURN {
        return Err(value(format!(
            "start_turn {} is more than {MAX_START_TURN}",
            file.start_turn
        )));
    }
    let moves = parse_moves(&file.moves).map_err(|source| PlayThroughError::Moves {
        path: path.to_path_buf(),
        source,
    })?;
    Ok(CheckedPlayThrough { file, moves, rules })
}
