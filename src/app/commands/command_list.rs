//! Every command a designer can call by name: the menus' commands and those the menus leave to another
//! place (`menus::off_menu`), so the list is never kept by hand beside the menus. The command palette
//! offers it; the plain keys, the Ctrl shortcuts and the Help cheat sheet are read from it. Commands that need a place
//! on the map or a row of a panel (a room, a finding, a turn) are reached there instead, and
//! [`Command::reach`] says where — its match lists every kind of command, so a new command does not
//! compile until it has been placed, and a test checks that every listed kind is in the palette.

use crate::app::commands::command::{Action, Command};
use crate::app::commands::menus;

/// Where a designer finds a kind of command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reach {
    /// In [`Command::listed`] (so in the palette).
    Listed,
    /// Elsewhere: the place that offers it.
    Elsewhere(&'static str),
}

impl Command {
    /// Every command that needs nothing from the map or a panel: the menus' commands in their order,
    /// then those offered elsewhere (`menus::off_menu`). The palette adds the recent files.
    pub fn listed() -> Vec<Command> {
        let mut list = menus::menu_commands();
        list.extend(menus::off_menu().into_iter().map(|(command, _)| command));
        list
    }

    /// The listed commands with a plain key (tools aside: they have their own), in the listed order —
    /// what the Help cheat sheet shows and the keyboard handler checks.
    pub fn with_keys() -> Vec<Command> {
        Command::listed()
            .into_iter()
            .filter(|c| c.key().is_some() && !matches!(c, Command::SetTool(_)))
            .collect()
    }

    /// The listed commands with a Ctrl shortcut; those with a Shift shortcut come first, so that
    /// Ctrl+Shift+Z is not taken for Ctrl+Z.
    pub fn with_shortcuts() -> Vec<Command> {
        let mut list: Vec<Command> = Command::listed()
            .into_iter()
            .filter(|c| !c.shortcuts().is_empty())
            .collect();
        list.sort_by_key(|c| !c.shortcuts().iter().any(|s| s.modifiers.shift));
        list
    }

    /// Where a designer finds commands of this kind.
    pub fn reach(kind: Action) -> Reach {
        use Action as K;
        match kind {
            K::ToggleOverlay
            | K::ToggleLayer
            | K::ToggleGrid
            | K::ToggleSettledLight
            | K::FitToWindow
            | K::ZoomIn
            | K::ZoomOut
            | K::Regenerate
            | K::RandomSeed
            | K::OpenMansion
            | K::RegenerateUnlocked
            | K::RegenerateSameSeed
            | K::Reroll
            | K::ToggleLock
            | K::TogglePatrolsIn
            | K::Undo
            | K::Redo
            | K::SetTool
            | K::New
            | K::Open
            | K::AskDailyRun
            | K::AskLevelSeed
            | K::AskRun
            | K::Save
            | K::SaveAs
            | K::Export
            | K::ToggleTimeline
            | K::PlayPause
            | K::StepBack
            | K::StepForward
            | K::SelectLoot
            | K::CommandPalette
            | K::GoToRoom
            | K::Quit
            | K::Copy
            | K::Cut
            | K::Paste
            | K::Cancel
            | K::ToggleControls
            | K::ToggleReopenLastFile
            | K::ToggleDetails
            | K::CompareWithLastRegeneration
            | K::CompareWithStep
            | K::CompareWithFile
            | K::StopComparing
            | K::ShowSideBySide
            | K::SideBySideWithLastRegeneration
            | K::LeaveSideBySide
            | K::ToggleBrowser
            | K::PlayFromStart
            | K::PlayFromHere
            | K::PlayGhostRoute
            | K::StopPlaying
            | K::PlayStepBack
            | K::RestartPlay
            | K::PlayNextTurn
            | K::ToggleAutoPlay
            | K::ToggleFog
            | K::SavePlayThrough
            | K::OpenPlayThrough
            | K::RunPlaytest
            | K::RegenerateUntil
            | K::PlaytestRun => Reach::Listed,
            K::ReplayBotRun => Reach::Elsewhere("the Playtest panel"),
            K::RegenerateWithSeed => {
                Reach::Elsewhere("the Regenerate until section, when a seed meets its band")
            }
            K::PlayMove => Reach::Elsewhere("the keyboard while playing: arrows, WASD, Space"),
            K::SetPlaySeed | K::SetPlayRules => Reach::Elsewhere("the play panel"),
            K::SetAnalysisRules => Reach::Elsewhere("the guard sight and routes legends"),
            K::OpenRecent => {
                Reach::Elsewhere("File ▸ Recent, and the palette when files were opened")
            }
            K::SelectRoom => Reach::Elsewhere("a click on the map"),
            K::FocusRoom => Reach::Elsewhere("the palette: a room number"),
            K::FocusFinding | K::FocusViolation => Reach::Elsewhere("the validation panel"),
            K::HistoryGoto => Reach::Elsewhere("the history panel"),
            K::Run => Reach::Elsewhere("the tools, on the map"),
            K::ApplyRecipe => Reach::Elsewhere("the generator picker"),
            K::OpenNamed => Reach::Elsewhere("the File ▸ Open level by seed… dialog"),
            K::SetTurn | K::SetSpeed => Reach::Elsewhere("the patrol timeline"),
            K::OpenDailyRun => Reach::Elsewhere("the File ▸ Open daily run… dialog"),
            K::OpenRun => Reach::Elsewhere("the File ▸ Open game run… dialog"),
            K::OpenRunMansion => Reach::Elsewhere("the Campaign panel, under a game's run"),
            K::SearchSeeds | K::CancelSearch | K::OpenVariant | K::CompareMatches => {
                Reach::Elsewhere("the seed browser")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use strum::IntoEnumIterator;

    use super::*;

    fn kind_of(command: &Command) -> Action {
        Action::from(command)
    }

    #[test]
    fn every_listed_kind_is_in_the_list_and_the_rest_are_not() {
        let listed = Command::listed();
        for kind in Action::iter() {
            let in_list = listed.iter().any(|c| kind_of(c) == kind);
            match Command::reach(kind) {
                Reach::Listed => assert!(in_list, "{kind:?} is not listed"),
                Reach::Elsewhere(place) => assert!(!in_list, "{kind:?} is listed, and in {place}"),
            }
        }
    }

    #[test]
    fn keys_and_shortcuts_are_unique() {
        let mut keys: Vec<_> = Command::listed().iter().filter_map(Command::key).collect();
        let n = keys.len();
        keys.sort();
        keys.dedup();
        assert_eq!(keys.len(), n);
        let mut shortcuts: Vec<_> = Command::with_shortcuts()
            .iter()
            .flat_map(|c| c.shortcuts().iter().copied())
            .map(|s| (s.logical_key, s.modifiers.shift))
            .collect();
        let n = shortcuts.len();
        shortcuts.sort_by_key(|(k, shift)| (*k as u32, *shift));
        shortcuts.dedup();
        assert_eq!(shortcuts.len(), n);
    }

    #[test]
    fn a_shift_shortcut_is_checked_before_its_plain_one() {
        let list = Command::with_shortcuts();
        let redo = list.iter().position(|c| *c == Command::Redo);
        let undo = list.iter().position(|c| *c == Command::Undo);
        assert!(redo < undo, "{list:?}");
    }
}
