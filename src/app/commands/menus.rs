//! The menu bar as data: which commands each menu offers, in order, with its separators and submenus.
//! The menu bar draws [`MENUS`] (`panels::chrome::menu_bar`), building a menu's entries only while it
//! is open. The named list the palette offers ([`Command::listed`]) is read off the menus plus
//! [`off_menu`], the commands offered elsewhere with the place that offers them. The Help menu is the
//! cheat sheet, read off the keys (`commands::help`).

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
        C(Command::TogglePatrolsIn),
        C(Command::RegenerateUnlocked),
        C(Command::RegenerateSameSeed),
        C(Command::RegenerateUntil),
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
        C(Command::ShowSideBySide),
        C(Command::SideBySideWithLastRegeneration),
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
        C(Command::RunPlaytest),
        C(Command::PlaytestRun),
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

/// The commands the palette offers that no menu holds, each with the place that offers it instead.
/// With the menus' commands this is the named list ([`Command::listed`]); a command that is in
/// neither is reached from the map or a panel row ([`Command::reach`] says where).
pub fn off_menu() -> Vec<(Command, &'static str)> {
    const COMPARE: &str = "the Compare section of the details panel";
    const ROUTE_PLAYING: &str = "the Play panel, while a route plays";
    let mut list: Vec<(Command, &'static str)> = Tool::ALL
        .iter()
        .map(|&tool| {
            (
                Command::SetTool(tool),
                "the Tools panel and each tool's key",
            )
        })
        .collect();
    list.extend([
        (Command::Cancel, "Escape"),
        (
            Command::SelectLoot(None),
            "the routes legend and the inspector's loot rows",
        ),
        (Command::CompareWithLastRegeneration, COMPARE),
        (Command::CompareWithStep(0), COMPARE),
        (Command::CompareWithFile, COMPARE),
        (Command::StopComparing, COMPARE),
        (
            Command::LeaveSideBySide,
            "the side-by-side view's button, and Escape",
        ),
        (Command::PlayNextTurn, ROUTE_PLAYING),
        (Command::ToggleAutoPlay, ROUTE_PLAYING),
    ]);
    list
}

/// The commands of `entries`, submenus included, in order.
fn commands_of(entries: Vec<Entry>) -> Vec<Command> {
    entries
        .into_iter()
        .flat_map(|entry| match entry {
            Entry::Command(command) => vec![command],
            Entry::Submenu(_, inner) => commands_of(inner),
            Entry::Separator | Entry::RecentFiles => Vec::new(),
        })
        .collect()
}

/// Every command of every menu, left to right and top to bottom.
pub fn menu_commands() -> Vec<Command> {
    MENUS
        .iter()
        .flat_map(|(_, entries)| commands_of(entries()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_command_is_offered_once_in_the_menus_or_off_them() {
        let mut all = menu_commands();
        all.extend(off_menu().into_iter().map(|(command, _)| command));
        for (i, command) in all.iter().enumerate() {
            assert!(!all[..i].contains(command), "{command:?} twice");
        }
    }

    #[test]
    fn an_off_menu_command_names_its_place() {
        for (command, place) in off_menu() {
            assert!(place.len() > 5, "{command:?}: {place:?}");
        }
    }
}
