//! Every user action as one enum. Menus, buttons, keyboard shortcuts and tooltips are all generated from
//! [`Command`], so a label, a key and its explanation can never drift apart, and tests can drive the editor
//! with the same values the UI produces.
//!
//! Changes of the level itself are [`Command::Run`] with an [`edit::Command`](crate::edit::Command): they
//! all go through the one undo history.

use crate::analysis::Overlay;
use crate::app::map::tool::Tool;
use crate::edit;
use crate::generate::Step;
use crate::generate::date::Date;
use crate::generate::recipe::Recipe;
use crate::io::export::Format;
use crate::model::RoomId;
use crate::model::limits::quote;
use crate::paint::Layer;
use crate::play::Move;
use crate::playtest::BotSpec;

/// What keeping new patrols out of a locked room means, for the Inspector's checkbox and the command.
pub const PATROLS_IN_HELP: &str = "Off: a regeneration plans no new guard that starts, stands or \
     turns in the locked room, and new routes cross it only to reach rooms no other way leads to. \
     On: new patrols may enter it as any room.";

/// The editor's side of the overlays: labels and keys.
impl Overlay {
    /// The checkbox label, which is also the accessible name tests look for.
    pub fn label(self) -> &'static str {
        match self {
            Overlay::RoomGraph => "Room graph",
            Overlay::Distances => "Private-room distances",
            Overlay::Loot => "Loot priority",
            Overlay::Patrols => "Patrol chains",
            Overlay::Sight => "Guard sight",
            Overlay::Routes => "Routes to loot",
        }
    }

    /// The digit key that toggles the overlay: 1–6 in the order the overlays panel lists them.
    pub fn key(self) -> egui::Key {
        match self {
            Overlay::RoomGraph => egui::Key::Num1,
            Overlay::Distances => egui::Key::Num2,
            Overlay::Loot => egui::Key::Num3,
            Overlay::Patrols => egui::Key::Num4,
            Overlay::Sight => egui::Key::Num5,
            Overlay::Routes => egui::Key::Num6,
        }
    }
}

/// A user action with the values it needs. `Action` (its fieldless kinds, listed by `EnumIter`) lets
/// [`Command::reach`] place every kind.
#[derive(Clone, Debug, PartialEq, strum::EnumDiscriminants)]
#[strum_discriminants(name(Action), derive(strum::EnumIter))]
pub enum Command {
    /// Show or hide one analysis overlay (keys 1–6).
    ToggleOverlay(Overlay),
    /// Show or hide one layer of the map (terrain, items, guards, labels).
    ToggleLayer(Layer),
    /// Draw the cell grid, or stop drawing it.
    ToggleGrid,
    /// Hatch the light as it settles once guards have relit the unlit torches, or as generated.
    ToggleSettledLight,
    /// Zoom and pan so the whole mansion fits the map view.
    FitToWindow,
    /// Zoom in by a quarter around the centre of the map view.
    ZoomIn,
    /// Zoom out (to 80 %) around the centre of the map view.
    ZoomOut,
    /// Open the campaign mansion of the generator fields (game seed, level) as a new recipe.
    Regenerate,
    /// Pick a new random game seed, then open its mansion.
    RandomSeed,
    /// Open mansion `n` (0–9) of the current game.
    OpenMansion(u32),
    /// Select a room for the inspector, or clear the selection with `None`; a room number past the
    /// level's rooms clears it too.
    SelectRoom(Option<RoomId>),
    /// Focus the map on validation finding `n`.
    FocusFinding(usize),
    /// Focus the map on invariant violation `n`.
    FocusViolation(usize),
    /// Regenerate the unlocked rooms with a new random seed.
    RegenerateUnlocked,
    /// Regenerate the unlocked rooms with the recipe's seed (after changing locks).
    RegenerateSameSeed,
    /// Try new seeds for the unlocked rooms, in the background, until the bots find the mansion as hard
    /// as the Regenerate-until section's band asks.
    RegenerateUntil,
    /// Regenerate the unlocked rooms with this seed (the one a regenerate-until found).
    RegenerateWithSeed(u64),
    /// Re-roll one generation step, keeping the layout.
    Reroll(Step),
    /// Lock the selected room, or unlock it.
    ToggleLock,
    /// Let new patrols into the selected locked room, or keep them out again.
    TogglePatrolsIn,
    /// Undo the last change of the document.
    Undo,
    /// Redo the last undone change.
    Redo,
    /// Undo or redo until `n` commands are done.
    HistoryGoto(usize),
    /// Choose the map tool (what a click or drag on the map does); drops a half-made drag.
    SetTool(Tool),
    /// A change of the document, through the history.
    Run(edit::Command),
    /// Start a new document from the generator picker's recipe (asking first about unsaved changes).
    ApplyRecipe(Recipe),
    /// Open a game's mansion named by how it was asked for (a level seed), as a new document of that
    /// name (asking first about unsaved changes).
    OpenNamed {
        /// What makes the mansion.
        recipe: Recipe,
        /// What it is: the document's name.
        name: String,
    },
    /// Start a new document on the default mansion (asking first about unsaved changes).
    New,
    /// Ask for a preset or level file and open it (asking first about unsaved changes).
    Open,
    /// Ask for a date and open that day's daily run of a game (File ▸ Open daily run…).
    AskDailyRun,
    /// Ask for a level's seed string and what the game's plan adds to it, and open that mansion of a
    /// game with level seeds (File ▸ Open level by seed…).
    AskLevelSeed,
    /// Ask for a game and its seed and open that run (File ▸ Open game run…).
    AskRun,
    /// Show `game`'s daily run of `date` in the Campaign panel and open its first mansion.
    OpenDailyRun {
        /// The game's id (`generate::game`).
        game: &'static str,
        /// The day.
        date: Date,
    },
    /// Show the run `game` plays from `seed` in the Campaign panel and open its first mansion.
    OpenRun {
        /// The game's id (`generate::game`).
        game: &'static str,
        /// The game seed as typed.
        seed: String,
    },
    /// Open mansion `n` of the run shown (a daily's 0–2, a game's 0–9).
    OpenRunMansion(usize),
    /// Open entry `n` of the recent-files list (0: the most recent).
    OpenRecent(usize),
    /// Save the document to its file as a preset; an untitled document asks for a path first.
    Save,
    /// Ask for a path and save the document there as a preset.
    SaveAs,
    /// Export the level in a format (File ▸ Export lists every [`Format`]).
    Export(Format),
    /// Show or hide the patrol timeline.
    ToggleTimeline,
    /// Play the patrol timeline, or pause it.
    PlayPause,
    /// One turn back on the patrol timeline.
    StepBack,
    /// One turn forward on the patrol timeline.
    StepForward,
    /// Go to turn `n` of the patrol timeline.
    SetTurn(usize),
    /// Play the timeline at `n` turns per second.
    SetSpeed(u32),
    /// Show the route to this loot item (an index into `Level::items`) alone, or to all loot.
    SelectLoot(Option<usize>),
    /// Open the command palette.
    CommandPalette,
    /// Open the command palette ready for a room number.
    GoToRoom,
    /// Select a room and centre the map on it.
    FocusRoom(RoomId),
    /// Close the editor (asking first about unsaved changes).
    Quit,
    /// Copy the selected rectangle of cells with their items.
    Copy,
    /// Copy the selected rectangle, then take its items away.
    Cut,
    /// Show the copied cells under the pointer; a click pastes them.
    Paste,
    /// Drop the selection, a pending paste or a stroke.
    Cancel,
    /// Fold or unfold the left panel (document, tools, overlays, generator).
    ToggleControls,
    /// Reopen the most recent file at start, or start on the default mansion.
    ToggleReopenLastFile,
    /// Fold or unfold the right panel (inspector, validation, history).
    ToggleDetails,
    /// Mark what differs from the level before the last regeneration.
    CompareWithLastRegeneration,
    /// Mark what differs from the level after `n` steps of the history (0: as opened).
    CompareWithStep(usize),
    /// Mark what differs from a level file or preset on disk.
    CompareWithFile,
    /// Stop marking differences.
    StopComparing,
    /// Show the document and the version it is compared with side by side, in two maps that move
    /// together.
    ShowSideBySide,
    /// Compare with the level before the last regeneration, side by side.
    SideBySideWithLastRegeneration,
    /// Back to the one map (the comparison's marks stay).
    LeaveSideBySide,
    /// Compare seed-browser matches side by side, each a game seed and a mansion: one with the
    /// document; of two, the first opened as the document and the second beside it.
    CompareMatches(Vec<(u64, u32)>),
    /// Show or hide the seed browser.
    ToggleBrowser,
    /// Search the seed browser's games for mansions that meet its criteria.
    SearchSeeds,
    /// Stop the seed browser's search.
    CancelSearch,
    /// Open mansion `level` of game `game_seed` with the document's generator, as a new document.
    OpenVariant {
        /// The game whose campaign the mansion belongs to.
        game_seed: u64,
        /// Which mansion of that game (0–9).
        level: u32,
    },
    /// Play-test the level: the thief at the player start, turn 0.
    PlayFromStart,
    /// Play-test from the cell under the pointer (or the last one pointed at), at the patrol
    /// timeline's turn when the timeline is open.
    PlayFromHere,
    /// Play the route the stealth analysis found to the chosen loot (else the first ghost route),
    /// turn by turn.
    PlayGhostRoute,
    /// Stop play-testing: the map shows the document again.
    StopPlaying,
    /// The thief's move in the game being played.
    PlayMove(Move),
    /// Take back the last turn of the game.
    PlayStepBack,
    /// Start the game again from where it started.
    RestartPlay,
    /// Play the next turn of the route being played.
    PlayNextTurn,
    /// Play the route by itself a few turns a second, or pause it.
    ToggleAutoPlay,
    /// Darken the cells the thief has not seen, or stop.
    ToggleFog,
    /// Restart the game with this seed for the guards' draws.
    SetPlaySeed(u32),
    /// Play under these rules (a rule set's id), or under the level's own (`None`); a game under way
    /// restarts.
    SetPlayRules(Option<&'static str>),
    /// Analyse how the mansion plays under these rules (a rule set's id), or the level's own (`None`).
    SetAnalysisRules(Option<&'static str>),
    /// Ask for a path and save the game's moves as a play-through (`.play.ron`).
    SavePlayThrough,
    /// Ask for a play-through file and replay its moves on this level.
    OpenPlayThrough,
    /// Let the Playtest panel's bots play the level (again), in the background.
    RunPlaytest,
    /// Let the bots play every mansion of the run the Campaign panel lists: its difficulty curve.
    PlaytestRun,
    /// Replay a bot's run in the Play view: the bot with its settings, and the run's seed.
    ReplayBotRun {
        /// The bot.
        spec: BotSpec,
        /// The run's seed (the guards' and the bot's draws).
        seed: u32,
    },
}

impl Command {
    /// The menu or button label.
    pub fn label(&self) -> String {
        match self {
            Command::ToggleOverlay(o) => o.label().to_string(),
            Command::ToggleLayer(layer) => format!("{} layer", layer.label()),
            Command::ToggleGrid => "Cell grid".to_string(),
            Command::ToggleSettledLight => "Light once torches are relit".to_string(),
            Command::FitToWindow => "Fit to window".to_string(),
            Command::ZoomIn => "Zoom in".to_string(),
            Command::ZoomOut => "Zoom out".to_string(),
            Command::Regenerate => "Regenerate".to_string(),
            Command::RandomSeed => "Random seed".to_string(),
            Command::OpenMansion(n) => format!("Mansion {n}"),
            Command::SelectRoom(Some(r)) => format!("Select room {r}"),
            Command::SelectRoom(None) => "Clear selection".to_string(),
            Command::FocusFinding(n) => format!("Show finding {}", n + 1),
            Command::FocusViolation(n) => format!("Show violation {}", n + 1),
            Command::RegenerateUnlocked => "Regenerate unlocked".to_string(),
            Command::RegenerateSameSeed => "Regenerate, same seed".to_string(),
            Command::RegenerateUntil => "Regenerate until in the difficulty band".to_string(),
            Command::RegenerateWithSeed(seed) => format!("Regenerate with seed {seed}"),
            Command::Reroll(Step::Furniture) => "Re-roll furniture".to_string(),
            Command::Reroll(Step::Loot) => "Re-roll loot".to_string(),
            Command::Reroll(Step::Patrols) => "Re-roll patrols".to_string(),
            Command::ToggleLock => "Lock / unlock room".to_string(),
            Command::TogglePatrolsIn => "Let new patrols into the locked room".to_string(),
            Command::Undo => "Undo".to_string(),
            Command::Redo => "Redo".to_string(),
            Command::HistoryGoto(n) => format!("Go to step {n}"),
            Command::SetTool(tool) => tool.label().to_string(),
            Command::Run(command) => command.label(),
            Command::ApplyRecipe(_) => "Apply generator".to_string(),
            Command::OpenNamed { name, .. } => format!("Open {name}"),
            Command::New => "New".to_string(),
            Command::Open => "Open…".to_string(),
            Command::AskDailyRun => "Open daily run…".to_string(),
            Command::AskLevelSeed => "Open level by seed…".to_string(),
            Command::AskRun => "Open game run…".to_string(),
            Command::OpenDailyRun { date, .. } => format!("Daily run of {date}"),
            Command::OpenRun { seed, .. } => format!("Run '{}'", quote(seed)),
            Command::OpenRunMansion(n) => format!("Mansion {} of the run", n + 1),
            Command::OpenRecent(n) => format!("Recent file {}", n + 1),
            Command::Save => "Save".to_string(),
            Command::SaveAs => "Save As…".to_string(),
            Command::Export(format) => format!("{}…", format.label()),
            Command::ToggleTimeline => "Patrol timeline".to_string(),
            Command::PlayPause => "Play / pause".to_string(),
            Command::StepBack => "Step back".to_string(),
            Command::StepForward => "Step forward".to_string(),
            Command::SetTurn(n) => format!("Turn {n}"),
            Command::SetSpeed(n) => format!("{n} turns per second"),
            Command::SelectLoot(Some(_)) => "Show this loot's route".to_string(),
            Command::SelectLoot(None) => "Show the routes to all loot".to_string(),
            Command::CommandPalette => "Command palette…".to_string(),
            Command::GoToRoom => "Go to room…".to_string(),
            Command::FocusRoom(r) => format!("Go to room {r}"),
            Command::Quit => "Quit".to_string(),
            Command::Copy => "Copy cells".to_string(),
            Command::Cut => "Cut cells".to_string(),
            Command::Paste => "Paste cells".to_string(),
            Command::Cancel => "Cancel selection or paste".to_string(),
            Command::ToggleControls => "Controls panel".to_string(),
            Command::ToggleReopenLastFile => "Reopen the last file at start".to_string(),
            Command::ToggleDetails => "Details panel".to_string(),
            Command::CompareWithLastRegeneration => "Compare with before regeneration".to_string(),
            Command::CompareWithStep(n) => format!("Compare with step {n}"),
            Command::CompareWithFile => "Compare with file…".to_string(),
            Command::StopComparing => "Stop comparing".to_string(),
            Command::ShowSideBySide => "Side by side".to_string(),
            Command::SideBySideWithLastRegeneration => {
                "Side by side with before regeneration".to_string()
            }
            Command::LeaveSideBySide => "Leave side by side".to_string(),
            Command::CompareMatches(_) => "Compare side by side".to_string(),
            Command::ToggleBrowser => "Seed browser".to_string(),
            Command::SearchSeeds => "Search".to_string(),
            Command::CancelSearch => "Cancel search".to_string(),
            Command::PlayFromStart => "Play from the start".to_string(),
            Command::PlayFromHere => "Play from here".to_string(),
            Command::PlayGhostRoute => "Play the ghost route".to_string(),
            Command::StopPlaying => "Stop playing".to_string(),
            Command::PlayMove(mv) => format!("Move {mv}"),
            Command::PlayStepBack => "Take back a turn".to_string(),
            Command::RestartPlay => "Restart the game".to_string(),
            Command::PlayNextTurn => "Next turn".to_string(),
            Command::ToggleAutoPlay => "Auto-play the route".to_string(),
            Command::ToggleFog => "Fog of war".to_string(),
            Command::SetPlaySeed(seed) => format!("Guards' seed {seed}"),
            Command::SetPlayRules(Some(id)) => format!("Play by the {id} rules"),
            Command::SetPlayRules(None) => "Play by the level's own rules".to_string(),
            Command::SetAnalysisRules(Some(id)) => format!("Analyse by the {id} rules"),
            Command::SetAnalysisRules(None) => "Analyse by the level's own rules".to_string(),
            Command::SavePlayThrough => "Save play-through…".to_string(),
            Command::OpenPlayThrough => "Open play-through…".to_string(),
            Command::RunPlaytest => "Playtest with bots".to_string(),
            Command::PlaytestRun => "Difficulty curve of the run".to_string(),
            Command::ReplayBotRun { spec, seed } => format!("Replay {spec}'s run {seed}"),
            Command::OpenVariant { game_seed, level } => {
                format!("Open game {game_seed}, mansion {level}")
            }
        }
    }

    /// What the command does, for tooltips.
    #[expect(
        clippy::too_many_lines,
        reason = "one arm per command: a table, not logic"
    )]
    pub fn description(&self) -> &'static str {
        match self {
            Command::ToggleOverlay(Overlay::RoomGraph) => {
                "Show the room graph: a node per room, an edge per door"
            }
            Command::ToggleOverlay(Overlay::Distances) => {
                "Shade rooms by door distance from the front and outline the private rooms"
            }
            Command::ToggleOverlay(Overlay::Loot) => {
                "Tint rooms by loot priority class and tag the coins with their loot numbers"
            }
            Command::ToggleOverlay(Overlay::Patrols) => {
                "Draw each guard's patrol route with its stations, side trips and split points"
            }
            Command::ToggleOverlay(Overlay::Sight) => {
                "Shade the floor by how much of the patrol cycle guards watch it; hatch lit cells, \
                 frame hiding cells"
            }
            Command::ToggleSettledLight => {
                "Hatch the light as it settles once guards have relit the unlit torches they find, \
                 or as the mansion was generated"
            }
            Command::ToggleOverlay(Overlay::Routes) => {
                "Draw the unseen (ghost) route to each loot, coloured by turn; flag loot without one"
            }
            Command::ToggleLayer(Layer::Terrain) => {
                "Show or hide the terrain: walls, floors, doors, windows, stairs and the cell grid"
            }
            Command::ToggleLayer(Layer::Items) => "Show or hide the furniture, loot and torches",
            Command::ToggleLayer(Layer::Guards) => "Show or hide the guards and the player start",
            Command::ToggleLayer(Layer::Labels) => {
                "Show or hide every text on the map: overlay tags and the numbers on nodes and guards"
            }
            Command::ToggleGrid => "Draw the cell grid",
            Command::FitToWindow => "Zoom and pan so the whole mansion fits the map view",
            Command::ZoomIn => "Zoom in around the centre of the map view",
            Command::ZoomOut => "Zoom out around the centre of the map view",
            Command::Regenerate => {
                "Start over on the campaign mansion for the game seed and level in the fields"
            }
            Command::RandomSeed => "Pick a new random game seed and open its mansion",
            Command::OpenMansion(_) => "Open this mansion of the game as a new, untitled document",
            Command::SelectRoom(_) => "Select a room to show it in the inspector",
            Command::FocusFinding(_) | Command::FocusViolation(_) => {
                "Centre the map on this finding"
            }
            Command::RegenerateUnlocked => {
                "Generate the unlocked rooms again with a new random seed; locked rooms stay"
            }
            Command::RegenerateSameSeed => {
                "Generate the unlocked rooms again with the same seed (after changing locks)"
            }
            Command::RegenerateUntil => {
                "Try new seeds for the unlocked rooms, locked rooms and hand edits kept, until the bots \
                 are caught as often as the Regenerate until section's band asks (at most its tries)"
            }
            Command::RegenerateWithSeed(_) => {
                "Generate the unlocked rooms again with this seed; locked rooms stay"
            }
            Command::Reroll(Step::Furniture) => "Place the furniture again, keeping the layout",
            Command::Reroll(Step::Loot) => "Place the loot again, keeping layout and furniture",
            Command::Reroll(Step::Patrols) => "Plan the guards' patrols again",
            Command::ToggleLock => {
                "Lock the selected room so regenerations keep it (a lock an edit made becomes \
                 yours), or unlock it"
            }
            Command::TogglePatrolsIn => PATROLS_IN_HELP,
            Command::Undo => "Undo the last change",
            Command::Redo => "Redo the last undone change",
            Command::HistoryGoto(_) => "Undo or redo up to this step",
            Command::SetTool(_) => "Choose the map tool",
            Command::Run(_) => "Change the document",
            Command::ApplyRecipe(_) => {
                "Start a new, untitled document from this generator and these parameters"
            }
            Command::OpenNamed { .. } => {
                "Open this mansion of the game, named by its seed, as a new, untitled document"
            }
            Command::New => "Start a new document from the default mansion",
            Command::Open => "Open a preset (.ron) or a level file (.ron, .json)",
            Command::OpenRecent(_) => "Open this recently used file",
            Command::AskDailyRun => {
                "Open a game's daily run of a date (today's by default): its mansions, as every \
                 player of the day met them"
            }
            Command::AskLevelSeed => {
                "Open one mansion of a game by the seed string the game gives its level (the 2025 \
                 game's 'lvl' + level + u), with what the game's plan adds to it"
            }
            Command::AskRun => {
                "Open a run of a game by its game seed, as the game seeds it: its ten mansions"
            }
            Command::OpenDailyRun { .. } => "Show this day's daily run and open its first mansion",
            Command::OpenRun { .. } => "Show this run's mansions and open its first",
            Command::OpenRunMansion(_) => {
                "Open this mansion of the run as a new, untitled document"
            }
            Command::Save => "Save the document as a preset",
            Command::SaveAs => "Save the document as a preset under a new name",
            Command::Export(_) => "Write the level in another format",
            Command::ToggleTimeline => {
                "Show the guards turn by turn: where each stands, faces and looks, and the light"
            }
            Command::PlayPause => "Play the patrol timeline, or pause it",
            Command::StepBack => "Go one turn back on the patrol timeline",
            Command::StepForward => "Go one turn forward on the patrol timeline",
            Command::SetTurn(_) => "Go to this turn of the patrol timeline",
            Command::SetSpeed(_) => "How many turns the timeline plays per second",
            Command::SelectLoot(_) => "Show the route to this loot alone on the routes overlay",
            Command::CommandPalette => "Find any command by name and run it",
            Command::GoToRoom => "Type a room number to select the room and centre the map on it",
            Command::FocusRoom(_) => "Select this room and centre the map on it",
            Command::Quit => "Close the editor, asking first about unsaved changes",
            Command::Copy => {
                "Copy the cells dragged out with the Select tool, with their items (not guards)"
            }
            Command::Cut => {
                "Copy the selected cells, then take their items away (the terrain, doors and guards \
                 stay: a mansion has no empty cells)"
            }
            Command::Paste => "Show the copied cells under the pointer; click to paste them",
            Command::Cancel => {
                "Drop the selected rectangle, a pending paste or a stroke; with none, leave the \
                 side-by-side view"
            }
            Command::ToggleControls => {
                "Show or fold the left panel: document, tools, overlays and generator"
            }
            Command::ToggleReopenLastFile => {
                "Start where you left off: open the most recent file when the editor starts"
            }
            Command::ToggleDetails => {
                "Show or fold the right panel: inspector, validation and history (it folds by \
                 itself in a narrow window)"
            }
            Command::CompareWithLastRegeneration => {
                "Mark on the map what the last regeneration, re-roll or new recipe changed"
            }
            Command::CompareWithStep(_) => {
                "Mark on the map what differs from the level at a step of the history"
            }
            Command::CompareWithFile => {
                "Mark on the map what differs from a level file or preset on disk"
            }
            Command::StopComparing => "Stop marking the differences on the map",
            Command::ShowSideBySide => {
                "Show this document and the version it is compared with in two maps side by side \
                 that pan, zoom and play the timeline together (Escape leaves)"
            }
            Command::SideBySideWithLastRegeneration => {
                "Compare with the level before the last regeneration, in two maps side by side"
            }
            Command::LeaveSideBySide => "Back to the one map; the differences stay marked",
            Command::CompareMatches(_) => {
                "Compare the ticked mansion with the document, or the two ticked mansions with \
                 each other (the first opens as the document), in two maps side by side"
            }
            Command::ToggleBrowser => {
                "Search thousands of games for mansions that meet your criteria, and browse them"
            }
            Command::SearchSeeds => {
                "Measure every mansion of these games in the background and keep those in range"
            }
            Command::CancelSearch => "Stop the search; what was found so far is kept",
            Command::OpenVariant { .. } => {
                "Open this mansion as a new, untitled document, with this generator"
            }
            Command::PlayFromStart => {
                "Play-test the level: arrows or WASD step, Shift leaps, Space waits, Backspace takes \
                 back"
            }
            Command::PlayFromHere => {
                "Play-test from the cell under the pointer, at the patrol timeline's turn if it is open"
            }
            Command::PlayGhostRoute => {
                "Play the analysis's route to the chosen loot (or the first ghost route) turn by turn"
            }
            Command::StopPlaying => "Stop play-testing and show the document's guards again",
            Command::PlayMove(_) => "Move the thief in the game",
            Command::PlayStepBack => "Take back the last turn of the game",
            Command::RestartPlay => "Start the game again from where it started",
            Command::PlayNextTurn => "Play the next turn of the route",
            Command::ToggleAutoPlay => "Play the route by itself a few turns a second, or pause it",
            Command::ToggleFog => "Darken the cells the thief has not seen yet",
            Command::SetPlaySeed(_) => "Restart the game with this seed for the guards' draws",
            Command::SetPlayRules(_) => {
                "Choose the game version whose rules the play-test follows; a game under way restarts"
            }
            Command::SetAnalysisRules(_) => {
                "Choose the game version whose rules guard sight and the routes to loot follow"
            }
            Command::SavePlayThrough => "Save the game's moves as a play-through file (.play.ron)",
            Command::OpenPlayThrough => "Replay a play-through file's moves on this level",
            Command::RunPlaytest => {
                "Let simulated thieves (ghost, greedy, cautious, speedrunner) play the level many \
                 times by the game's rules: how often each is caught and seen, and where"
            }
            Command::ReplayBotRun { .. } => "Replay this bot's run turn by turn in the Play view",
            Command::PlaytestRun => {
                "Let the bots play every mansion of the run the Campaign panel lists, and plot how \
                 hard each is"
            }
        }
    }

    /// The tooltip: the description plus the key, e.g. "Fit … (F)".
    pub fn tooltip(&self) -> String {
        match self.shortcut_text() {
            Some(keys) => format!("{} ({keys})", self.description()),
            None => self.description().to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shortcut_command_has_a_shortcut() {
        for command in Command::with_shortcuts() {
            assert!(!command.shortcuts().is_empty(), "{command:?}");
        }
    }
}
