//! `completions SHELL` and `man`: shell completions and a roff man page, generated from the same clap
//! definition the parser uses, so they name every command and option of this build and never fall
//! behind it.

use std::process::ExitCode;

use clap_complete::Shell;

use super::error::CliError;
use super::exit_codes;
use super::output::print;

/// The program name the completions are registered for.
const PROGRAM: &str = "mansion-forge";

pub(super) fn completions(shell: Shell, mut command: clap::Command) -> Result<ExitCode, CliError> {
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut command, PROGRAM, &mut script);
    if shell == Shell::Bash {
        script = respell_bash_states(&String::from_utf8_lossy(&script)).into_bytes();
    }
    print(&script)?;
    Ok(ExitCode::SUCCESS)
}

/// `clap_complete` 4.6 spells the `case` labels of a hyphenated program's subcommands differently from the
/// state its own loop computes (`mansion__subcmd__forge__subcmd__stats` against
/// `mansion__forge__subcmd__stats`), so no option of a subcommand ever completes in bash
/// (clap-rs/clap#6421, still open). The labels are respelled the loop's way; once `clap_complete` spells
/// them alike this changes nothing, and `tests/cli.rs` completes a subcommand's option in bash either way.
fn respell_bash_states(script: &str) -> String {
    let state = PROGRAM.replace('-', "__");
    let misspelt = PROGRAM.replace('-', "__subcmd__");
    script.replace(&format!("{misspelt}__"), &format!("{state}__"))
}

/// `page` with the EXIT STATUS section before its VERSION section (at its end when it has none).
fn with_exit_status(page: &str) -> String {
    let section = exit_codes::man_section();
    match page.find(".SH VERSION") {
        Some(at) => format!("{}{section}{}", &page[..at], &page[at..]),
        None => format!("{page}{section}"),
    }
}

/// The main page, whose SUBCOMMANDS section points at `mansion-forge-COMMAND(1)`, or with `page_of` that
/// command's page.
pub(super) fn man(mut root: clap::Command, page_of: Option<&str>) -> Result<ExitCode, CliError> {
    // Building names the subcommands `mansion-forge-COMMAND` and their usage `mansion-forge COMMAND`.
    root.build();
    let command = match page_of {
        None => root,
        Some(name) => root.find_subcommand(name).cloned().ok_or_else(|| {
            let names: Vec<&str> = root
                .get_subcommands()
                .map(clap::Command::get_name)
                .collect();
            CliError::Input(format!(
                "man: no command `{}` (one of {})",
                crate::io::read::quote(name),
                names.join(", ")
            ))
        })?,
    };
    // The exit codes get a section of their own (EXIT STATUS) rather than the help's closing text.
    let command = command.after_long_help(None::<&str>);
    let mut page = Vec::new();
    clap_mangen::Man::new(command)
        .source(format!("{PROGRAM} {}", env!("CARGO_PKG_VERSION")))
        .render(&mut page)
        .map_err(|e| CliError::Failed(format!("cannot render the man page: {e}")))?;
    print(with_exit_status(&String::from_utf8_lossy(&page)).as_bytes())?;
    Ok(ExitCode::SUCCESS)
}
