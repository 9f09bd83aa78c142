//! The exit codes, one meaning each on every command, written once: [`CODES`] gives `report` its
//! numbers (through [`code_of`]), every command's `--help` its closing section and the man pages their
//! EXIT STATUS section, so the three can never disagree.

use super::error::CliError;

/// A command finished and did what was asked.
pub(super) const SUCCESS: u8 = 0;
/// The input was read, but the command's work failed.
pub(super) const FAILED: u8 = 1;
/// The input was bad.
pub(super) const BAD_INPUT: u8 = 2;

/// Each code with its one meaning, the same on every command.
pub(super) const CODES: [(u8, &str); 3] = [
    (
        SUCCESS,
        "success: the command did what was asked (`diff` whether or not the levels differ, `play` \
         however the game ends); a reader that closes standard output early counts as success",
    ),
    (
        FAILED,
        "the input was read but the work failed: `validate` found a playability error (or a note, \
         with --strict); a preset no longer rebuilds (its locks cannot be kept, a hand edit cannot \
         be applied) or `regenerate`'s new seed cannot keep its locks; a generator could not build \
         the mansion; standard output could not be written; the editor could not run",
    ),
    (
        BAD_INPUT,
        "bad input: an unknown or unfit argument, a file that cannot be read, parsed or written, a \
         move `play` cannot make",
    ),
];

/// The code an error exits with.
pub(super) fn code_of(error: &CliError) -> u8 {
    match error {
        CliError::Input(_) => BAD_INPUT,
        CliError::Failed(_) => FAILED,
        CliError::BrokenPipe => SUCCESS,
    }
}

/// The closing section of every command's `--help`.
pub(super) fn help_text() -> String {
    CODES.iter().fold(
        String::from("Exit codes (the same on every command):"),
        |text, (code, meaning)| format!("{text}\n  {code}  {meaning}"),
    )
}

/// The EXIT STATUS section of a man page, in roff.
pub(super) fn man_section() -> String {
    CODES.iter().fold(
        String::from(".SH \"EXIT STATUS\"\n"),
        |roff, (code, meaning)| format!("{roff}.TP\n\\fB{code}\\fR\n{}\n", escape(meaning)),
    )
}

/// Text as roff reads it: backslashes doubled, and a line that would start with a control character
/// guarded.
fn escape(text: &str) -> String {
    let text = text.replace('\\', "\\e").replace('-', "\\-");
    if text.starts_with(['.', '\'']) {
        format!("\\&{text}")
    } else {
        text
    }
}

/// `command` and every subcommand with the exit codes after their long help.
pub(super) fn with_exit_codes(command: clap::Command) -> clap::Command {
    let text = help_text();
    command
        .after_long_help(text.clone())
        .mut_subcommands(|sub| sub.after_long_help(text.clone()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each code is listed once, in order, and every error kind exits with a listed code.
    #[test]
    fn every_code_has_one_meaning() {
        let codes: Vec<u8> = CODES.iter().map(|(code, _)| *code).collect();
        assert_eq!(codes, [SUCCESS, FAILED, BAD_INPUT]);
        for error in [
            CliError::Input(String::new()),
            CliError::Failed(String::new()),
            CliError::BrokenPipe,
        ] {
            assert!(codes.contains(&code_of(&error)));
        }
        assert!(man_section().contains("\\fB2\\fR\nbad input"));
        assert!(help_text().lines().count() == 4);
    }
}
