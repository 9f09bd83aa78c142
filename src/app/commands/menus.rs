//! The menu bar as data: which commands each menu offers, in order, with its separators and submenus.
//! The menu bar draws [`MENUS`] (`panels::chrome::menu_bar`), building a menu's entries only while it
//! is open, and a test holds them to the named list ([`Command::listed`]): every command in a menu is
//! in the palette, and every listed command is in a menu or in the test's list of commands offered
//! elsewhere, with the place that offers them. The Help menu is the cheat sheet, read off the keys.

use crate::analysis::Overlay;
use crate::app::commands::command::Command;
use crate::app::map::tool::Tool;
use crate::generate::{Step, campaign};
use crate::io::export::Format;
use crate::paint::Layer;
use Entry::{Command as C, RecentFiles, Separator, Submenu};

/// One entry of a menu.
#[derive(Clone, Debug, PartialEq)]
pub enum Entry {
    /// A command: a checkbox when it toggles something, else a button with its shortcut.
    Command(Command),
    /// A line between groups.
    Separator,
    /// A submenu and its entries.
    Submenu(&'static str, Vec<Entry>),
    /// The recent files (File ▸ Open recent), which change as files are opened.
    RecentFiles,
}

/// A menu: its title and what builds its entries.
pub type Menu = (&'static str, fn() -> Vec<Entry>);

/// The menus of the menu bar but Help, left to right.
pub const MENUS: [Menu; 5] = [
    ("File", file),
    ("Edit", edit),
    ("View", view),
    ("Mansion", mansion),
    ("Play", play),
];

fn file() -> Vec<Entry> {
    vec![
        C(Command::New),
        C(Command::Open),
        C(Command::AskDailyRun),
        C(Command::AskRun),
        C(Command::AskLevelSeed),
        RecentFiles,
        Separator,
        C(Command::Save),
        C(Command::SaveAs),
        Submenu(
            "Export",
            Format::ALL.iter().map(|&f| C(Command::Export(f))).collect(),
        ),
        C(Command::ToggleReopenLastFile),
        Separator,
        C(Command::Quit),
    ]
}

fn edit() -> Vec<Entry> {
    let mut edit = vec![
        C(Command::Undo),
        C(Command::Redo),
        Separator,
        C(Command::Cut),
        C(Command::Copy),
        C(Command::Paste),
        Separator,
        C(Command::ToggleLock),
        C(Command::RegenerateUnlocked),
        C(Command::RegenerateSameSeed),
    ];
    edit.extend(Step::ALL.iter().map(|&step| C(Command::Reroll(step))));
    edit
}

fn view() -> Vec<Entry> {
    let mut view: Vec<Entry> = Overlay::ALL
        .iter()
        .map(|&overlay| C(Command::ToggleOverlay(overlay)))
        .collect();
    view.extend([
        C(Command::ToggleGrid),
        C(Command::ToggleSettledLight),
        Submenu(
            "Layers",
            Layer::ALL
                .iter()
                .map(|&l| C(Command::ToggleLayer(l)))
                .collect(),
        ),
        Separator,
        C(Command::ToggleTimeline),
        C(Command::PlayPause),
        C(Command::StepBack),
        C(Command::StepForward),
        Separator,
        C(Command::FitToWindow),
        C(Command::ZoomIn),
        C(Command::ZoomOut),
        Separator,
        C(Command::ToggleControls),
        C(Command::ToggleDetails),
        Separator,
        C(Command::GoToRoom),
        C(Command::CommandPalette),
    ]);
    view
}

fn mansion() -> Vec<Entry> {
    let mut mansion = vec![
        C(Command::Regenerate),
        C(Command::RandomSeed),
        C(Command::ToggleBrowser),
        Separator,
    ];
    mansion.extend((0..campaign::LEVELS as u32).map(|n| C(Command::OpenMansion(n))));
    mansion
}

fn play() -> Vec<Entry> {
    vec![
        C(Command::PlayFromStart),
        C(Command::PlayFromHere),
        C(Command::PlayGhostRoute),
        Separator,
        C(Command::PlayStepBack),
        C(Command::RestartPlay),
        C(Command::StopPlaying),
        C(Command::ToggleFog),
        Separator,
        C(Command::SavePlayThrough),
        C(Command::OpenPlayThrough),
    ]
}

/// The tool commands, as the Help menu's cheat sheet lists them.
pub fn tool_commands() -> Vec<Command> {
    Tool::ALL
        .iter()
        .map(|&tool| Command::SetTool(tool))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::commands::command::CommandKind;

    /// Commands of the named list offered elsewhere than in a menu, with where.
    const NOT_IN_MENUS: &[(CommandKind, &str)] = &[
        (CommandKind::SetTool, "the Tools panel and each tool's key"),
        (CommandKind::Cancel, "Escape"),
        (
            CommandKind::SelectLoot,
            "the routes legend and the inspector's loot rows",
        ),
        (
            CommandKind::CompareWithLastRegeneration,
            "the Compare section of the details panel",
        ),
        (
            CommandKind::CompareWithStep,
            "the Compare section of the details panel",
        ),
        (
            CommandKind::CompareWithFile,
            "the Compare section of the details panel",
        ),
        (
            CommandKind::StopComparing,
            "the Compare section of the details panel",
        ),
        (
            CommandKind::PlayNextTurn,
            "the Play panel, while a route plays",
        ),
        (
            CommandKind::ToggleAutoPlay,
            "the Play panel, while a route plays",
        ),
    ];

    /// The commands of `entries`, submenus included, in order.
    fn commands_of(entries: &[Entry]) -> Vec<&Command> {
        entries
            .iter()
            .flat_map(|entry| match entry {
                Entry::Command(command) => vec![command],
                Entry::Submenu(_, inner) => commands_of(inner),
                Entry::Separator | Entry::RecentFiles => Vec::new(),
            })
            .collect()
    }

    /// Every command of every menu, in order.
    fn menu_commands() -> Vec<Command> {
        MENUS
            .iter()
            .flat_map(|(_, entries)| {
                commands_of(&entries())
                    .into_iter()
                    .cloned()
                    .collect::<Vec<_>>()
            })
            .collect()
    }

    #[test]
    fn every_listed_command_is_in_a_menu_or_says_where_it_is() {
        let in_menus = menu_commands();
        for command in Command::listed() {
            let in_a_menu = in_menus.contains(&command);
            let kind = CommandKind::from(&command);
            let elsewhere = NOT_IN_MENUS.iter().find(|(k, _)| *k == kind);
            assert!(
                in_a_menu != elsewhere.is_some(),
                "{command:?}: in a menu {in_a_menu}, said to be elsewhere {elsewhere:?}"
            );
        }
    }

    #[test]
    fn the_menus_offer_only_listed_commands_and_each_once() {
        let listed = Command::listed();
        let in_menus = menu_commands();
        for (i, command) in in_menus.iter().enumerate() {
            assert!(
                listed.contains(command),
                "{command:?} is not in the palette"
            );
            assert!(!in_menus[..i].contains(command), "{command:?} twice");
        }
        for (kind, place) in NOT_IN_MENUS {
            assert!(
                listed.iter().any(|c| CommandKind::from(c) == *kind),
                "{kind:?} (said to be in {place}) is not a listed command"
            );
        }
    }
}
