//! `play`: the game's turn loop (`crate::play`) driven from the command line. The thief's moves come
//! from `--moves` (`N E S W` steps, `w` waits, `L:E` leaps) or from a saved play-through (`--replay`);
//! every turn is printed as one JSON line as it is played, a refused move as a line of its own (no turn
//! passes), and a summary line ends the output. The game's outcome is data: the exit code is 0 whenever the level and
//! the moves could be read.

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;
use serde::Serialize;

use super::error::CliError;
use super::output::{json_stdout_error, refuse_stdout, say, stdout_error};
use super::play_lines::{RefusedLine, Summary, SummaryLine, TurnLine};
use super::target::TargetArgs;
use crate::io::playthrough::{self, MAX_START_TURN, PlayThrough};
use crate::model::{Cell, Level};
use crate::play::{Ending, Move, Session, advice, parse_moves, rule_sets};

#[derive(Debug, Args)]
pub(super) struct PlayArgs {
    #[command(flatten)]
    target: TargetArgs,
    /// The thief's moves, space-separated: N, E, S, W step; w waits; L:N, L:E, L:S, L:W leap
    /// (case-sensitive, e.g. 'L:N N N w E').
    #[arg(
        long,
        value_name = "MOVES",
        required_unless_present = "replay",
        conflicts_with = "replay"
    )]
    moves: Option<String>,
    /// The rules to play by (`2023`, …) [default: the level's own, from its generator].
    #[arg(long, value_name = "RULES", conflicts_with = "replay")]
    rules: Option<String>,
    /// Seed of the guards' random draws (how long they look and listen).
    #[arg(long, value_name = "N", default_value_t = 1)]
    rng_seed: u32,
    /// The thief's start cell [default: the level's player start].
    #[arg(long, value_name = "X,Y", value_parser = parse_cell, allow_hyphen_values = true)]
    from: Option<Cell>,
    /// The guards walk this many undisturbed turns before the thief's first move.
    #[arg(long, value_name = "T", default_value_t = 0,
          value_parser = clap::value_parser!(u64).range(..=MAX_START_TURN as u64))]
    turn: u64,
    /// Write the play-through (the level's fingerprint, the start, the seed and the moves played) to
    /// this file, for --replay.
    #[arg(long, value_name = "FILE")]
    save: Option<PathBuf>,
    /// Play a saved play-through instead of --moves (`-` reads it from standard input); it must have been
    /// made on this level.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["rng_seed", "from", "turn"])]
    replay: Option<PathBuf>,
}

/// `X,Y` as a cell.
fn parse_cell(text: &str) -> Result<Cell, String> {
    let (x, y) = text
        .split_once(',')
        .ok_or_else(|| format!("`{text}` is not a cell: expected X,Y such as 20,2"))?;
    let number = |part: &str| {
        part.trim()
            .parse::<i32>()
            .map_err(|e| format!("`{text}` is not a cell: `{}` {e}", part.trim()))
    };
    Ok(Cell::new(number(x)?, number(y)?))
}

pub(super) fn play(args: &PlayArgs) -> Result<ExitCode, CliError> {
    if let Some(path) = &args.save {
        refuse_stdout(path, "--save", "standard output carries the turns' lines")?;
    }
    let (mut game, moves) = start(args)?;
    // Each line goes out as its turn is played: a long game holds no lines, only the moves to save.
    // A reader that goes away (`| head`) stops the lines, not the game: --save still gets every move.
    let mut out = Lines {
        out: io::stdout().lock(),
        closed: false,
    };
    let mut summary = Summary {
        rules: game.rules().id(),
        ..Summary::default()
    };
    for (i, &mv) in moves.iter().enumerate() {
        if let Some(ending) = game.over() {
            say(&format!(
                "mansion-forge: note: the game ended at turn {} ({}); the last {} moves were not played",
                game.turn(),
                ending_name(ending),
                moves.len() - i
            ));
            break;
        }
        let action = mv.to_string();
        let turn = game.turn() + 1;
        match game.play(mv) {
            Ok(report) => {
                summary.add(&report);
                out.line(&TurnLine::of(&report))?;
            }
            Err(refusal) => out.line(&RefusedLine {
                turn,
                action: &action,
                refused: &advice::refusal_words(game.as_ref(), mv, &refusal),
            })?,
        }
    }
    let now = game.snapshot();
    summary.loot = now.loot;
    summary.health = now.health;
    summary.caught = now.over == Some(Ending::Caught);
    summary.left_level = now.over == Some(Ending::LeftLevel);
    summary.fully_mapped = now.fully_mapped;
    out.line(&SummaryLine { summary: &summary })?;
    let flushed = out.flush();
    if let Some(path) = &args.save {
        playthrough::write(path, &PlayThrough::of(game.as_ref()))?;
    }
    flushed.map(|()| ExitCode::SUCCESS)
}

/// The game at its start and the moves to play: from `--moves` and the start options, or from the
/// play-through `--replay` names (under the rules the play-through names).
fn start(args: &PlayArgs) -> Result<(Box<dyn Session>, Vec<Move>), CliError> {
    if let Some(path) = &args.replay {
        if path == Path::new("-") && args.target.is_stdin() {
            return Err(CliError::Input(
                "the level and the play-through cannot both come from standard input".to_string(),
            ));
        }
        let checked = playthrough::read(path)?;
        let level = args.target.load("play")?;
        let game = checked.start(&level)?;
        return Ok((game, checked.moves));
    }
    let text = args.moves.as_deref().unwrap_or_default();
    let moves = parse_moves(text).map_err(|e| CliError::Input(format!("--moves: {e}")))?;
    let level = args.target.load("play")?;
    let cell = match args.from {
        Some(cell) => on_map(&level, cell)?,
        None => level.player_start,
    };
    let turn = usize::try_from(args.turn).unwrap_or(MAX_START_TURN);
    let rules = rule_sets::chosen(args.rules.as_deref(), &level)
        .map_err(|e| CliError::Input(format!("--rules: {e}")))?;
    let game = rules.start(level, args.rng_seed, cell, turn);
    if args.from.is_some() && !game.may_stand(cell) {
        return Err(CliError::Input(format!(
            "--from {},{}: the thief cannot stand on that cell (a wall, a window or the like); \
             give a cell the thief can stand on",
            cell.x, cell.y
        )));
    }
    Ok((game, moves))
}

/// `cell` if it is on `level`'s map.
fn on_map(level: &Level, cell: Cell) -> Result<Cell, CliError> {
    if level.in_bounds(cell) {
        Ok(cell)
    } else {
        let shape = level.shape();
        Err(CliError::Input(format!(
            "--from {},{} is off the map (columns 0–{}, rows 0–{})",
            cell.x,
            cell.y,
            shape.width().saturating_sub(1),
            shape.height().saturating_sub(1)
        )))
    }
}

fn ending_name(ending: Ending) -> &'static str {
    match ending {
        Ending::Caught => "caught",
        Ending::LeftLevel => "left the level",
    }
}

/// The turns' lines on standard output, until its reader goes away.
struct Lines<W: Write> {
    out: W,
    /// The reader went away: the lines stop, quietly.
    closed: bool,
}

impl<W: Write> Lines<W> {
    /// Writes `value` as one JSON line, unless the reader has gone.
    fn line(&mut self, value: &impl Serialize) -> Result<(), CliError> {
        if self.closed {
            return Ok(());
        }
        let written = serde_json::to_writer(&mut self.out, value)
            .map_err(|e| json_stdout_error(e, "a turn"))
            .and_then(|()| self.out.write_all(b"\n").map_err(stdout_error));
        self.closed_on_broken_pipe(written)
    }

    /// Flushes the lines; a reader that went away ends the command quietly.
    fn flush(&mut self) -> Result<(), CliError> {
        if !self.closed {
            let flushed = self.out.flush().map_err(stdout_error);
            self.closed_on_broken_pipe(flushed)?;
        }
        if self.closed {
            Err(CliError::BrokenPipe)
        } else {
            Ok(())
        }
    }

    /// `result`, with a closed pipe noted and let pass.
    fn closed_on_broken_pipe(&mut self, result: Result<(), CliError>) -> Result<(), CliError> {
        match result {
            Err(CliError::BrokenPipe) => {
                self.closed = true;
                Ok(())
            }
            other => other,
        }
    }
}
