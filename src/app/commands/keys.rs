//! The keys of the commands: a plain key, the Ctrl (⌘) shortcuts and how menus write them. Both matches
//! list every command, with no catch-all arm, so a new command does not compile until it is decided
//! whether it has a key.

use egui::{Key, KeyboardShortcut, Modifiers};

use super::command::Command;
use crate::model::Dir;
use crate::play::Move;

impl Command {
    /// The key that triggers the command (no modifiers), if any.
    pub fn key(&self) -> Option<Key> {
        match self {
            Command::ToggleOverlay(o) => Some(o.key()),
            Command::ToggleGrid => Some(Key::G),
            Command::FitToWindow => Some(Key::F),
            Command::ZoomIn => Some(Key::Plus),
            Command::ZoomOut => Some(Key::Minus),
            Command::RegenerateUnlocked => Some(Key::E),
            Command::RandomSeed => Some(Key::R),
            Command::ToggleLock => Some(Key::L),
            Command::ToggleTimeline => Some(Key::T),
            Command::PlayPause => Some(Key::P),
            Command::StepBack => Some(Key::Comma),
            Command::StepForward => Some(Key::Period),
            Command::Cancel => Some(Key::Escape),
            Command::PlayFromStart => Some(Key::F5),
            Command::PlayFromHere => Some(Key::F6),
            Command::PlayGhostRoute => Some(Key::F7),
            Command::StopPlaying => Some(Key::F8),
            Command::SetTool(tool) => Some(tool.key()),
            Command::ToggleLayer(_)
            | Command::ToggleSettledLight
            | Command::Regenerate
            | Command::OpenMansion(_)
            | Command::SelectRoom(_)
            | Command::FocusFinding(_)
            | Command::FocusViolation(_)
            | Command::RunPlaytest
            | Command::PlaytestRun
            | Command::ReplayBotRun { .. }
            | Command::RegenerateUntil
            | Command::RegenerateWithSeed(_)
            | Command::RegenerateSameSeed
            | Command::Reroll(_)
            | Command::Undo
            | Command::Redo
            | Command::HistoryGoto(_)
            | Command::Run(_)
            | Command::ApplyRecipe(_)
            | Command::OpenNamed { .. }
            | Command::New
            | Command::Open
            | Command::AskDailyRun
            | Command::AskLevelSeed
            | Command::AskRun
            | Command::OpenDailyRun { .. }
            | Command::OpenRun { .. }
            | Command::OpenRunMansion(_)
            | Command::OpenRecent(_)
            | Command::Save
            | Command::SaveAs
            | Command::Export(_)
            | Command::SetTurn(_)
            | Command::SetSpeed(_)
            | Command::SelectLoot(_)
            | Command::CommandPalette
            | Command::GoToRoom
            | Command::FocusRoom(_)
            | Command::Quit
            | Command::Copy
            | Command::Cut
            | Command::Paste
            | Command::TogglePatrolsIn
            | Command::ToggleControls
            | Command::ToggleReopenLastFile
            | Command::ToggleDetails
            | Command::CompareWithLastRegeneration
            | Command::CompareWithStep(_)
            | Command::CompareWithFile
            | Command::StopComparing
            | Command::ShowSideBySide
            | Command::SideBySideWithLastRegeneration
            | Command::LeaveSideBySide
            | Command::CompareMatches(_)
            | Command::ToggleBrowser
            | Command::SearchSeeds
            | Command::CancelSearch
            | Command::OpenVariant { .. }
            | Command::PlayMove(_)
            | Command::PlayStepBack
            | Command::RestartPlay
            | Command::PlayNextTurn
            | Command::ToggleAutoPlay
            | Command::ToggleFog
            | Command::SetPlaySeed(_)
            | Command::SetPlayRules(_)
            | Command::SetAnalysisRules(_)
            | Command::SavePlayThrough
            | Command::OpenPlayThrough => None,
        }
    }

    /// The Ctrl (⌘ on macOS) shortcuts of the command.
    #[expect(
        clippy::too_many_lines,
        reason = "one arm per command and no catch-all: the exhaustive match is the point"
    )]
    pub fn shortcuts(&self) -> &'static [KeyboardShortcut] {
        const CMD: Modifiers = Modifiers::COMMAND;
        const CMD_SHIFT: Modifiers = Modifiers::COMMAND.plus(Modifiers::SHIFT);
        const UNDO: &[KeyboardShortcut] = &[KeyboardShortcut::new(CMD, Key::Z)];
        const REDO: &[KeyboardShortcut] = &[
            KeyboardShortcut::new(CMD_SHIFT, Key::Z),
            KeyboardShortcut::new(CMD, Key::Y),
        ];
        const NEW: &[KeyboardShortcut] = &[KeyboardShortcut::new(CMD, Key::N)];
        const OPEN: &[KeyboardShortcut] = &[KeyboardShortcut::new(CMD, Key::O)];
        const SAVE: &[KeyboardShortcut] = &[KeyboardShortcut::new(CMD, Key::S)];
        const SAVE_AS: &[KeyboardShortcut] = &[KeyboardShortcut::new(CMD_SHIFT, Key::S)];
        const PALETTE: &[KeyboardShortcut] = &[
            KeyboardShortcut::new(CMD, Key::P),
            KeyboardShortcut::new(CMD_SHIFT, Key::P),
        ];
        const GO_TO_ROOM: &[KeyboardShortcut] = &[KeyboardShortcut::new(CMD, Key::G)];
        const QUIT: &[KeyboardShortcut] = &[KeyboardShortcut::new(CMD, Key::Q)];
        const COPY: &[KeyboardShortcut] = &[KeyboardShortcut::new(CMD, Key::C)];
        const CUT: &[KeyboardShortcut] = &[KeyboardShortcut::new(CMD, Key::X)];
        const PASTE: &[KeyboardShortcut] = &[KeyboardShortcut::new(CMD, Key::V)];
        match self {
            Command::Undo => UNDO,
            Command::Redo => REDO,
            Command::New => NEW,
            Command::Open => OPEN,
            Command::Save => SAVE,
            Command::SaveAs => SAVE_AS,
            Command::CommandPalette => PALETTE,
            Command::GoToRoom => GO_TO_ROOM,
            Command::Quit => QUIT,
            Command::Copy => COPY,
            Command::Cut => CUT,
            Command::Paste => PASTE,
            Command::ToggleOverlay(_)
            | Command::ToggleLayer(_)
            | Command::ToggleGrid
            | Command::ToggleSettledLight
            | Command::FitToWindow
            | Command::ZoomIn
            | Command::ZoomOut
            | Command::Regenerate
            | Command::RandomSeed
            | Command::OpenMansion(_)
            | Command::SelectRoom(_)
            | Command::FocusFinding(_)
            | Command::FocusViolation(_)
            | Command::RunPlaytest
            | Command::PlaytestRun
            | Command::ReplayBotRun { .. }
            | Command::RegenerateUntil
            | Command::RegenerateWithSeed(_)
            | Command::RegenerateUnlocked
            | Command::RegenerateSameSeed
            | Command::Reroll(_)
            | Command::ToggleLock
            | Command::TogglePatrolsIn
            | Command::HistoryGoto(_)
            | Command::SetTool(_)
            | Command::Run(_)
            | Command::ApplyRecipe(_)
            | Command::OpenNamed { .. }
            | Command::AskDailyRun
            | Command::AskLevelSeed
            | Command::AskRun
            | Command::OpenDailyRun { .. }
            | Command::OpenRun { .. }
            | Command::OpenRunMansion(_)
            | Command::OpenRecent(_)
            | Command::Export(_)
            | Command::ToggleTimeline
            | Command::PlayPause
            | Command::StepBack
            | Command::StepForward
            | Command::SetTurn(_)
            | Command::SetSpeed(_)
            | Command::SelectLoot(_)
            | Command::FocusRoom(_)
            | Command::Cancel
            | Command::ToggleControls
            | Command::ToggleReopenLastFile
            | Command::ToggleDetails
            | Command::CompareWithLastRegeneration
            | Command::CompareWithStep(_)
            | Command::CompareWithFile
            | Command::StopComparing
            | Command::ShowSideBySide
            | Command::SideBySideWithLastRegeneration
            | Command::LeaveSideBySide
            | Command::CompareMatches(_)
            | Command::ToggleBrowser
            | Command::SearchSeeds
            | Command::CancelSearch
            | Command::OpenVariant { .. }
            | Command::PlayFromStart
            | Command::PlayFromHere
            | Command::PlayGhostRoute
            | Command::StopPlaying
            | Command::PlayMove(_)
            | Command::PlayStepBack
            | Command::RestartPlay
            | Command::PlayNextTurn
            | Command::ToggleAutoPlay
            | Command::ToggleFog
            | Command::SetPlaySeed(_)
            | Command::SetPlayRules(_)
            | Command::SetAnalysisRules(_)
            | Command::SavePlayThrough
            | Command::OpenPlayThrough => &[],
        }
    }

    /// Whether the command is one of the play-test's own, which keep their plain keys while playing
    /// (the others' keys move the thief then: `PLAY_KEYS`).
    pub fn keeps_its_key_while_playing(&self) -> bool {
        matches!(
            self,
            Command::PlayFromStart
                | Command::PlayFromHere
                | Command::PlayGhostRoute
                | Command::StopPlaying
        )
    }

    /// The shortcut as menus show it ("Space", "Ctrl+Z"), with the play key that fires the command
    /// while playing ("F8 / Escape").
    pub fn shortcut_text(&self) -> Option<String> {
        let plain = self.key().map(|key| key_name(key).to_string());
        let playing = PLAY_KEYS
            .iter()
            .filter(|row| row.command() == Some(self))
            .map(|row| row.keys.to_string());
        let ctrl = self.shortcuts().iter().map(|s| {
            let shift = if s.modifiers.shift { "Shift+" } else { "" };
            format!("Ctrl+{shift}{}", s.logical_key.symbol_or_name())
        });
        let names: Vec<String> = plain.into_iter().chain(playing).chain(ctrl).collect();
        (!names.is_empty()).then(|| names.join(" / "))
    }
}

/// A short human name of a key.
pub fn key_name(key: Key) -> &'static str {
    match key {
        Key::Space => "Space",
        Key::Plus => "+",
        Key::Minus => "-",
        other => other.symbol_or_name(),
    }
}

/// One row of the thief's keys while playing: the keys as the Help sheet writes them, what they do,
/// and what they fire. While a game is on, these rows are the plain keys; the keyboard handler and the
/// Help sheet both read [`PLAY_KEYS`], so a new play key is one row.
pub struct PlayKey {
    /// The keys in words ("arrows, WASD").
    pub keys: &'static str,
    /// What they do ("step").
    pub what: &'static str,
    /// What the keys fire.
    pub fires: Fires,
}

/// What a row of [`PLAY_KEYS`] fires.
pub enum Fires {
    /// A step the way of the direction key pressed (arrows, WASD), Shift not held.
    Step,
    /// A leap the way of the direction key pressed, Shift held.
    Leap,
    /// A wait, on any of these keys.
    Wait(&'static [Key]),
    /// A listed command, on this key (the Help sheet checks it off against the palette).
    Listed(Key, Command),
}

impl PlayKey {
    /// The listed command the row fires, if it fires one.
    pub fn command(&self) -> Option<&Command> {
        match &self.fires {
            Fires::Listed(_, command) => Some(command),
            Fires::Step | Fires::Leap | Fires::Wait(_) => None,
        }
    }

    /// The commands this frame's input fires by the row's keys.
    fn fired(&self, i: &egui::InputState) -> Vec<Command> {
        let directions = |make: fn(Dir) -> Move| -> Vec<Command> {
            DIRECTIONS
                .iter()
                .filter(|(key, _)| i.key_pressed(*key))
                .map(|&(_, dir)| Command::PlayMove(make(dir)))
                .collect()
        };
        match &self.fires {
            Fires::Step if !i.modifiers.shift => directions(Move::Step),
            Fires::Leap if i.modifiers.shift => directions(Move::Leap),
            Fires::Wait(keys) if keys.iter().any(|&k| i.key_pressed(k)) => {
                vec![Command::PlayMove(Move::Wait)]
            }
            Fires::Listed(key, command) if i.key_pressed(*key) => vec![command.clone()],
            Fires::Step | Fires::Leap | Fires::Wait(_) | Fires::Listed(..) => Vec::new(),
        }
    }
}

/// The direction keys: arrows and WASD.
const DIRECTIONS: [(Key, Dir); 8] = [
    (Key::ArrowUp, Dir::N),
    (Key::W, Dir::N),
    (Key::ArrowRight, Dir::E),
    (Key::D, Dir::E),
    (Key::ArrowDown, Dir::S),
    (Key::S, Dir::S),
    (Key::ArrowLeft, Dir::W),
    (Key::A, Dir::W),
];

/// The thief's keys while playing, in the Help sheet's order.
pub const PLAY_KEYS: [PlayKey; 5] = [
    PlayKey {
        keys: "arrows, WASD",
        what: "step",
        fires: Fires::Step,
    },
    PlayKey {
        keys: "Shift+arrow",
        what: "leap",
        fires: Fires::Leap,
    },
    PlayKey {
        keys: "Space  .",
        what: "wait",
        fires: Fires::Wait(&[Key::Space, Key::Period]),
    },
    PlayKey {
        keys: "Backspace",
        what: "take back a turn",
        fires: Fires::Listed(Key::Backspace, Command::PlayStepBack),
    },
    PlayKey {
        keys: "Escape",
        what: "stop playing",
        fires: Fires::Listed(Key::Escape, Command::StopPlaying),
    },
];

/// The commands the play keys fire this frame (none with Ctrl, Alt or ⌘ held).
pub fn play_keys_fired(i: &egui::InputState) -> Vec<Command> {
    if i.modifiers.ctrl || i.modifiers.alt || i.modifiers.command {
        return Vec::new();
    }
    PLAY_KEYS.iter().flat_map(|row| row.fired(i)).collect()
}
