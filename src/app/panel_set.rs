//! The panels' and windows' own state, beside the document's ([`EditorState`]): each panel keeps what
//! only it needs (a half-typed seed, the timeline's turn, the palette's query, the tool and its drag) and
//! reads the document to draw; what it wants done goes out as a [`super::Command`]. A new panel (a
//! play-test mode, say) is a struct with an `impl Panel`, one more field here, one `ui` call in
//! `Editor::show` and its commands.

use crate::app::browser::search::Browser;
use crate::app::files::file_dialogs::FileDialogs;
use crate::app::map::compare::ComparePanel;
use crate::app::map::side_by_side::SideBySide;
use crate::app::map::tools::ToolState;
use crate::app::panels::campaign_panel::CampaignPanel;
use crate::app::panels::edit_panels::{DocumentPanel, HistoryPanel};
use crate::app::panels::inspector::Inspector;
use crate::app::panels::legend::Legends;
use crate::app::panels::level_seed_panel::LevelSeedPanel;
use crate::app::panels::overlays_panel::OverlaysPanel;
use crate::app::panels::palette::Palette;
use crate::app::panels::picker::GeneratorPicker;
use crate::app::panels::play_panel::PlayPanel;
use crate::app::panels::playtest_panel::PlaytestPanel;
use crate::app::panels::runs_panel::RunsPanel;
use crate::app::panels::timeline::Timeline;
use crate::app::panels::until_panel::UntilPanel;
use crate::app::panels::validation_panel::ValidationPanel;
use crate::app::state::{DEFAULT_GAME_SEED, EditorState, Source};

/// Which side panels are open: the designer's choice, kept between sessions (eframe's storage).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Layout {
    /// The controls panel on the left (document, tools, overlays, campaign).
    pub controls: bool,
    /// The details panel on the right (inspector, validation, history, compare).
    pub details: bool,
}

impl Default for Layout {
    fn default() -> Self {
        Layout {
            controls: true,
            details: true,
        }
    }
}

/// Every panel's and window's own state, one field per panel (each drawn through
/// `Panel::ui`).
pub struct Panels {
    /// The document section: what it is, regenerate and re-roll.
    pub document: DocumentPanel,
    /// The overlay, grid and layer switches.
    pub overlays: OverlaysPanel,
    /// The legends of the overlays shown, the timeline's and the map's symbols.
    pub legends: Legends,
    /// The selected room, and the loot item whose route the pointer is on there.
    pub inspector: Inspector,
    /// The validation findings.
    pub validation: ValidationPanel,
    /// The history of commands, to step back and forth.
    pub history: HistoryPanel,
    /// What to compare the level with, and what differs.
    pub compare: ComparePanel,
    /// The side-by-side view of the document and the version it is compared with.
    pub side_by_side: SideBySide,
    /// The map tool, its pickers, a drag under way and the copied cells.
    pub tools: ToolState,
    /// The patrol timeline: open, playing, the turn shown.
    pub timeline: Timeline,
    /// The seed browser window: its criteria, the search under way and its thumbnails.
    pub browser: Browser,
    /// The generator picker: the generator chosen and its parameters as typed.
    pub picker: GeneratorPicker,
    /// The command palette: open, and what is typed.
    pub palette: Palette,
    /// The Campaign panel: the game seed typed and its mansions.
    pub campaign: CampaignPanel,
    /// The games' runs: the date and game seed dialogs, and the run whose mansions the Campaign
    /// panel lists.
    pub runs: RunsPanel,
    /// File ▸ Open level by seed…: its dialog.
    pub level_seed: LevelSeedPanel,
    /// The file dialogs: which kind, the in-app one while open, the folder they start in.
    pub file_dialogs: FileDialogs,
    /// The play-test: the game under way, its event log and settings.
    pub play: PlayPanel,
    /// Simulated playtesters: the bots, the playtest under way and its figures.
    pub playtest: PlaytestPanel,
    /// Regenerate-until: the difficulty band, the tries, the search under way.
    pub until: UntilPanel,
    /// Which side panels the designer keeps open.
    pub layout: Layout,
    /// The window is too narrow for both panels: the details panel is folded unless unfolded for now.
    pub narrow: bool,
    /// The details panel unfolded for now in a narrow window.
    pub details_while_narrow: bool,
    /// The state's revision the panels last followed (see [`Panels::follow`]).
    followed: Option<u64>,
}

impl Panels {
    /// The panels for a freshly opened document.
    pub fn new(state: &EditorState) -> Self {
        let game_seed = match state.source {
            Source::Campaign { game_seed, .. } => game_seed,
            _ => DEFAULT_GAME_SEED,
        };
        let mut panels = Panels {
            document: DocumentPanel,
            overlays: OverlaysPanel,
            legends: Legends::default(),
            inspector: Inspector::default(),
            validation: ValidationPanel,
            history: HistoryPanel,
            compare: ComparePanel,
            side_by_side: SideBySide::default(),
            tools: ToolState::default(),
            timeline: Timeline::default(),
            browser: Browser::new(),
            picker: GeneratorPicker::from_recipe(&state.doc.recipe),
            palette: Palette::default(),
            campaign: CampaignPanel::on_game(game_seed),
            runs: RunsPanel::default(),
            level_seed: LevelSeedPanel::default(),
            file_dialogs: FileDialogs::default(),
            play: PlayPanel::default(),
            playtest: PlaytestPanel::default(),
            until: UntilPanel::default(),
            layout: Layout::default(),
            narrow: false,
            details_while_narrow: false,
            followed: None,
        };
        panels.follow(state);
        panels
    }

    /// Brings what the panels derive from the document up to date, once per change of the document or
    /// of its analysis: the timeline's frame, the picker's form (half-typed fields survive hand edits),
    /// the campaign panel's game; a document that replaced the last one drops a drag or paste under way.
    pub fn follow(&mut self, state: &EditorState) {
        let revision = state.revision();
        if self.followed == Some(revision) {
            return;
        }
        if self.followed.is_some_and(|seen| state.replaced_since(seen)) {
            self.tools.cancel_transient();
        }
        self.followed = Some(revision);
        self.timeline.invalidate(state.horizon());
        self.timeline.refresh(state.analysis.map.stealth.as_ref());
        self.picker.follow(&state.doc.recipe);
        self.campaign.follow(&state.source);
        self.play.follow(state);
        let rules = self.play.rules_for(state.level());
        self.playtest.follow(state, rules);
        self.until.follow(state);
    }

    /// Whether the details panel is shown: the designer's choice, but in a narrow window only when
    /// unfolded for the moment.
    pub fn details_shown(&self) -> bool {
        if self.narrow {
            self.details_while_narrow
        } else {
            self.layout.details
        }
    }
}
