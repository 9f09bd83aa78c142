//! The `mansion-forge` command line: the editor by default, plus headless generation, campaigns,
//! statistics, validation and screenshots for scripts and tests.
//!
//! Exit codes: 0 success, 1 a check failed (validation violations, the editor could not run), 2 bad
//! arguments or an unreadable, broken or unwritable file. Every error is one line on stderr, so scripts
//! and CI logs show the cause without a backtrace.

mod analyze;
mod args;
mod completions_and_man;
mod diff;
mod editor;
mod error;
mod exit_codes;
mod export;
mod generate;
mod output;
mod play;
mod play_lines;
mod playtest;
mod recipe;
mod stats;
mod target;
mod validate;

use std::ffi::OsString;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};

use crate::io::preset::BrokenEdits;
use crate::model::limits::quote;

use args::BrokenEditsArg;
use error::CliError;
pub use recipe::recipe_from_args;

#[derive(Debug, Parser)]
#[command(
    name = "mansion-forge",
    version,
    about = "Level editor and visualizer for the procedurally generated mansions of Lurk Leap Loot",
    long_about = "Level editor and visualizer for the procedurally generated mansions of Lurk Leap Loot.\n\
                  Without a subcommand it opens the editor."
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Open the editor on a preset or a level file (RON or JSON); without a file, as `mansion-forge`
    /// alone does (a desktop launcher passes a file only when it has one).
    Edit {
        file: Option<PathBuf>,
        #[command(flatten)]
        broken_edits: BrokenEditsArg,
    },
    /// Generate one mansion of a game's campaign and print or save it.
    Generate(generate::GenerateArgs),
    /// Generate a whole campaign into a folder: ten level files and a summary.
    Campaign(generate::CampaignArgs),
    /// Print the statistics of every mansion of many games, one JSON object per line.
    Stats(stats::StatsArgs),
    /// Print the statistics lines of the mansions of many games that meet every --where condition.
    Search(stats::SearchArgs),
    /// Check a level file or a preset (rebuilt first): playability errors exit 1; generator notes are
    /// listed and exit 0 unless --strict.
    Validate {
        /// The level file or preset; `-` reads it from standard input.
        file: PathBuf,
        /// Fail on generator notes too (a generator guarantee a hand edit broke).
        #[arg(long)]
        strict: bool,
        #[command(flatten)]
        broken_edits: BrokenEditsArg,
    },
    /// The stealth analysis of a level file, a preset or a generated mansion (--seed, --level and an
    /// optional generator name) as one JSON object: light, watched shares, a route per loot item, guards.
    Analyze(analyze::AnalyzeArgs),
    /// Play a level, a preset or a generated mansion move by move (--moves 'L:N N N w E') or replay a
    /// saved play-through: one JSON line per turn, then a summary line.
    Play(play::PlayArgs),
    /// Simulated thieves (ghost, greedy, cautious, speedrunner) play a level, or every mansion of a run
    /// (--game-seed or --daily without --level), many times: per bot the share caught and seen with 95%
    /// intervals, loot, turns, and where thieves were first seen and caught.
    Playtest(playtest::PlaytestArgs),
    /// Render the editor with overlays to a PNG file.
    Screenshot(editor::ScreenshotArgs),
    /// Export a level, a preset or a generated mansion as RON, JSON, a Tiled map, a PNG or ASCII.
    Export(export::ExportArgs),
    /// Regenerate a preset's unlocked rooms with a new seed, keeping its locks.
    Regenerate(export::RegenerateArgs),
    /// What differs between two level files or presets, as one JSON object (terrain changes by kind,
    /// rooms added, removed and changed, items, guards, routes), with --out a PNG of the second with
    /// the differences marked.
    Diff(diff::DiffArgs),
    /// Print shell completions, e.g. `source <(mansion-forge completions bash)` in ~/.bashrc.
    Completions {
        /// bash, zsh, fish, powershell or elvish.
        shell: clap_complete::Shell,
    },
    /// Print the man page (roff), e.g. `mansion-forge man > mansion-forge.1`, or a command's page
    /// (`mansion-forge man generate > mansion-forge-generate.1`).
    Man {
        /// The command whose page to print instead of the main one.
        command: Option<String>,
    },
}

/// Parses the arguments (the program name first), runs the command and returns the exit code.
pub fn run<I, T>(args: I) -> ExitCode
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let parsed = command()
        .try_get_matches_from(args)
        .and_then(|matches| Cli::from_arg_matches(&matches));
    let cli = match parsed {
        Ok(cli) => cli,
        Err(e) if !e.use_stderr() => {
            // --help and --version: the text is the requested output.
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
        Err(e) => return report(CliError::Input(one_line_clap_error(&e))),
    };
    let result = match cli.command {
        None => editor::edit(None, BrokenEdits::Refuse),
        Some(Command::Edit { file, broken_edits }) => {
            editor::edit(file.as_deref(), broken_edits.choice())
        }
        Some(Command::Generate(args)) => generate::generate(&args),
        Some(Command::Campaign(args)) => generate::campaign(&args),
        Some(Command::Stats(args)) => stats::stats(&args),
        Some(Command::Search(args)) => stats::search(&args),
        Some(Command::Diff(args)) => diff::diff(&args),
        Some(Command::Validate {
            file,
            strict,
            broken_edits,
        }) => validate::validate(&file, strict, broken_edits.choice()),
        Some(Command::Analyze(args)) => analyze::analyze(&args),
        Some(Command::Play(args)) => play::play(&args),
        Some(Command::Playtest(args)) => playtest::playtest_command(&args),
        Some(Command::Screenshot(args)) => editor::screenshot(&args),
        Some(Command::Export(args)) => export::export(&args),
        Some(Command::Regenerate(args)) => export::regenerate(&args),
        Some(Command::Completions { shell }) => completions_and_man::completions(shell, command()),
        Some(Command::Man { command }) => {
            completions_and_man::man(self::command(), command.as_deref())
        }
    };
    result.unwrap_or_else(report)
}

/// The command line as parsed, with the exit codes after every command's long help.
fn command() -> clap::Command {
    exit_codes::with_exit_codes(Cli::command())
}

fn report(error: CliError) -> ExitCode {
    let code = exit_codes::code_of(&error);
    match error {
        CliError::Input(message) | CliError::Failed(message) => {
            output::say(&format!("mansion-forge: {}", message.replace('\n', " ")));
        }
        CliError::BrokenPipe => {}
    }
    ExitCode::from(code)
}

/// Clap explains usage errors over several lines (message, usage, a hint); keep the message paragraph,
/// joined into one line, and point at `--help` for the rest.
fn one_line_clap_error(e: &clap::Error) -> String {
    let rendered = e.render().to_string();
    let message: Vec<&str> = rendered
        .lines()
        .take_while(|l| !l.trim().is_empty())
        .map(str::trim)
        .collect();
    let message = message.join(" ");
    let message = message.strip_prefix("error: ").unwrap_or(&message);
    // clap quotes the values it echoes in single quotes: each is cut and escaped as every echo is.
    let message: Vec<String> = message
        .split('\'')
        .enumerate()
        .map(|(i, part)| {
            if i % 2 == 1 {
                quote(part)
            } else {
                part.to_string()
            }
        })
        .collect();
    format!("{} (see --help)", message.join("'"))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// clap checks that every argument a `conflicts_with`, `requires` or group names exists only when
    /// that command is parsed, and only in debug builds (those of `scripts/test.sh`, where this test
    /// checks every command; in a release build it passes without checking).
    #[test]
    fn every_command_names_only_arguments_it_has() {
        use clap::CommandFactory;
        Cli::command().debug_assert();
    }

    #[test]
    fn usage_errors_become_one_line() {
        let e = Cli::try_parse_from(["mansion-forge", "generate", "--seed", "1"]).unwrap_err();
        let line = one_line_clap_error(&e);
        assert!(!line.contains('\n'), "{line}");
        assert!(line.contains("--level"), "{line}");
    }
}
