//! The Help menu's cheat sheet as data, read off the keys: the plain keys of the named commands, the
//! tools', the thief's keys while playing ([`PLAY_KEYS`]) and the Ctrl shortcuts. The menu bar draws
//! [`sheet`]; a test holds it to the named list, so a key cannot be missing from Help or Help name a
//! command the palette and menus do not offer.

use super::command::Command;
use super::keys::PLAY_KEYS;
use crate::app::map::tool::Tool;

/// One line of the sheet: the keys, what they do, and the command when the line is one.
#[derive(Clone, Debug, PartialEq)]
pub struct HelpLine {
    /// The keys as the sheet writes them ("Ctrl+Z", "arrows, WASD").
    pub keys: String,
    /// What they do.
    pub what: String,
    /// The command the keys fire, if the line is one command's.
    pub command: Option<Command>,
}

/// A titled group of lines.
pub type HelpSection = (&'static str, Vec<HelpLine>);

/// The line of a command with a key or shortcut.
fn command_line(command: Command) -> Option<HelpLine> {
    Some(HelpLine {
        keys: command.shortcut_text()?,
        what: command.label(),
        command: Some(command),
    })
}

/// A line of keys that are no single command.
fn plain_line(keys: &str, what: &str) -> HelpLine {
    HelpLine {
        keys: keys.to_string(),
        what: what.to_string(),
        command: None,
    }
}

/// The cheat sheet, section by section.
pub fn sheet() -> Vec<HelpSection> {
    let mut tools: Vec<HelpLine> = Tool::ALL
        .iter()
        .filter_map(|&tool| command_line(Command::SetTool(tool)))
        .collect();
    tools.push(plain_line("[  ]", "brush size"));
    tools.push(plain_line("Ctrl+click", "eyedropper with any tool"));
    let playing = PLAY_KEYS
        .iter()
        .map(|row| HelpLine {
            keys: row.keys.to_string(),
            what: row.what.to_string(),
            command: row.command().cloned(),
        })
        .collect();
    vec![
        (
            "View and mansion",
            Command::with_keys()
                .into_iter()
                .filter_map(command_line)
                .collect(),
        ),
        ("Tools", tools),
        ("While playing", playing),
        (
            "Files and history",
            Command::with_shortcuts()
                .into_iter()
                .filter_map(command_line)
                .collect(),
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn commands_in_help() -> Vec<Command> {
        sheet()
            .into_iter()
            .flat_map(|(_, lines)| lines)
            .filter_map(|line| line.command)
            .collect()
    }

    /// Help names only commands the palette offers, and every offered command with a key is in Help.
    #[test]
    fn help_and_the_palette_offer_the_same_commands_with_keys() {
        let listed = Command::listed();
        let in_help = commands_in_help();
        for command in &in_help {
            assert!(listed.contains(command), "{command:?} is in Help only");
        }
        for command in &listed {
            let has_keys = command.shortcut_text().is_some();
            assert_eq!(
                in_help.contains(command),
                has_keys,
                "{command:?}: keys {:?}",
                command.shortcut_text()
            );
        }
    }

    #[test]
    fn every_line_says_its_keys_and_what_they_do() {
        for (title, lines) in sheet() {
            assert!(!lines.is_empty(), "{title}");
            for line in lines {
                assert!(
                    !line.keys.is_empty() && !line.what.is_empty(),
                    "{title}: {line:?}"
                );
            }
        }
    }
}
