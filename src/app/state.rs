//! The editor's state: the document with its undo history, the cached analysis and the view settings.
//!
//! The analysis is computed once per document change ([`EditorState::run`], undo, redo) and never per
//! frame, so a frame only draws. Every user action goes through [`EditorState::apply`] with a [`Command`],
//! which keeps menus, buttons, keys and tests on one code path.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use super::browser::Browser;
use super::browser_view::Thumbnails;
pub use super::cache::Analysis;
use super::camera::Camera;
use super::commands::{Command, drawable};
use super::compare::Comparison;
use super::files::{self, FileState, PathPurpose};
use super::palette::Palette;
use super::picker::GeneratorPicker;
use super::replace::{Pending, Replacement};
use super::timeline::Timeline;
use super::tools::{Tool, ToolState};
use crate::edit::{self, Document, Edit, History};
use crate::generate::campaign::{self, Campaign};
use crate::generate::recipe::Recipe;
use crate::model::{Cell, ItemKind, Level, LockOrigin, RoomId, RoomKind, ValidLevel};
use crate::paint::{CellToScreen, Layers};

/// What a status message reports; the status bar colours it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum MessageKind {
    /// Neutral information ("picked wood").
    #[default]
    Info,
    /// Something done ("saved …").
    Success,
    /// Done with a caveat, or nothing to do ("nothing here").
    Warning,
    /// Refused or failed ("cannot open …").
    Error,
}

/// The preset the editor opens on when given no file.
pub const DEFAULT_PRESET: &str = "presets/default.ron";
/// The text of [`DEFAULT_PRESET`], built in.
const DEFAULT_PRESET_TEXT: &str = include_str!("../../presets/default.ron");

/// The default mansion the editor opens on: game seed 1, the last (largest) mansion.
pub const DEFAULT_GAME_SEED: u64 = 1;
pub const DEFAULT_LEVEL: u32 = 9;

pub use crate::analysis::Overlay;
pub use crate::paint::Overlays;

/// Where the document on screen came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    /// The built-in default mansion (at start, and New).
    Default,
    /// Mansion `level` of the game `game_seed`.
    Campaign { game_seed: u64, level: u32 },
    /// A preset or level file.
    File(String),
    /// A recipe set in the generator picker, or a seed-browser match of another generator.
    Recipe,
    /// An autosaved document of no file, recovered after a crash.
    Recovered,
}

/// Something on the map the user asked to look at (a validation finding).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Focus {
    pub cell: Option<Cell>,
    pub room: Option<RoomId>,
}

/// The whole editor state; the UI reads it and changes it only through [`EditorState::apply`].
pub struct EditorState {
    /// The document being edited; change it only through [`EditorState::run`] (the history).
    pub doc: Document,
    pub history: History,
    pub analysis: Analysis,
    pub source: Source,
    /// The document as last saved or opened, to tell whether there are unsaved changes.
    pub(super) saved: Option<Document>,
    /// The document differs from the saved one.
    pub dirty: bool,
    /// The campaign panel's game seed as typed.
    pub seed_text: String,
    /// The plan of the game in the seed field, for the campaign list.
    pub campaign: Campaign,
    /// How long the last generation took (`None` for a loaded file).
    pub last_generation: Option<Duration>,
    /// The seed browser, its search and its thumbnails.
    pub browser: Browser,
    pub thumbnails: Thumbnails,
    /// The version the level is compared with, its differences marked on the map.
    pub comparison: Option<Comparison>,
    /// The level before the last regeneration, re-roll or new recipe (what "compare with before
    /// regeneration" shows).
    pub before_regeneration: Option<Level>,
    pub overlays: Overlays,
    /// Which parts of the map are drawn (the layers panel); pictures and exports draw them all.
    pub layers: Layers,
    pub show_grid: bool,
    pub selected_room: Option<RoomId>,
    pub focus: Option<Focus>,
    pub camera: Camera,
    /// A message for the status bar, e.g. a refused regeneration, and its kind (its colour there).
    pub message: Option<String>,
    pub message_kind: MessageKind,
    /// The technical side of the message (a parser's sentence, a path and line), shown on request.
    pub message_details: Option<String>,
    /// The map's cell → screen transform of the last frame (for tests and screenshots to aim clicks).
    pub last_transform: Option<CellToScreen>,
    pub tools: ToolState,
    pub picker: GeneratorPicker,
    pub files: FileState,
    /// The generator picker starts expanded (screenshots of other generators show their parameters).
    pub picker_open: bool,
    pub timeline: Timeline,
    /// The loot item (an index into `Level::items`) chosen in the inspector: the routes overlay shows
    /// its route alone.
    pub loot_focus: Option<usize>,
    /// The loot item under the pointer this frame (on the map or in the inspector), which wins over
    /// `loot_focus`.
    pub hovered_loot: Option<usize>,
    pub palette: Palette,
    /// The map cell under the pointer (the status bar shows it).
    pub cursor_cell: Option<Cell>,
    /// Which side panels are open.
    pub layout: super::Layout,
    /// The window is too narrow for both panels: the details panel is folded unless unfolded for now.
    pub narrow: bool,
    pub details_while_narrow: bool,
    /// The minimap's picture of the current document, made when first needed after a change.
    pub minimap: Option<egui::TextureHandle>,
    /// An edit waiting for the designer's yes or no (closing a door that walls cells off).
    pub confirm: Option<super::confirm::Confirmation>,
    /// Text to put on the system clipboard when the frame ends (a copy of cells, see `clipboard`).
    pub system_clipboard: Option<String>,
    /// The designer's settings, kept between sessions.
    pub settings: super::Settings,
    /// Run the stealth analysis on another thread (the editor's window), or here (tests, pictures).
    pub analyse_in_background: bool,
    /// The stealth analysis under way on another thread.
    pub(super) stealth_job: Option<super::background::Job>,
}

impl EditorState {
    /// Shows `text` in the status bar as a message of `kind`.
    pub fn say(&mut self, kind: MessageKind, text: impl Into<String>) {
        self.message = Some(text.into());
        self.message_details = None;
        self.message_kind = kind;
    }

    /// Shows a problem in the status bar: its summary, with its technical details behind "details".
    pub fn say_problem(&mut self, kind: MessageKind, problem: super::problems::Problem) {
        self.say(kind, problem.summary);
        self.message_details = problem.details;
    }

    /// The editor on a document, analysed.
    pub fn with_document(doc: Document, source: Source) -> Self {
        let mut state = Self::unanalysed(doc, source);
        state.refresh_stealth();
        state
    }

    /// The editor on a document whose stealth analysis is still to be asked for.
    fn unanalysed(doc: Document, source: Source) -> Self {
        let game_seed = match source {
            Source::Campaign { game_seed, .. } => game_seed,
            _ => DEFAULT_GAME_SEED,
        };
        EditorState {
            analysis: Analysis::without_stealth(&doc.level),
            picker: GeneratorPicker::from_recipe(&doc.recipe),
            saved: Some(doc.clone()),
            doc,
            history: History::default(),
            dirty: false,
            source,
            seed_text: game_seed.to_string(),
            campaign: campaign::plan(game_seed),
            last_generation: None,
            browser: Browser::new(),
            thumbnails: Thumbnails::default(),
            comparison: None,
            before_regeneration: None,
            overlays: Overlays::default(),
            layers: Layers::ALL,
            show_grid: false,
            selected_room: None,
            focus: None,
            camera: Camera::default(),
            message: None,
            message_kind: MessageKind::Info,
            message_details: None,
            last_transform: None,
            tools: ToolState::default(),
            files: FileState::default(),
            picker_open: false,
            timeline: Timeline::default(),
            loot_focus: None,
            hovered_loot: None,
            palette: Palette::default(),
            cursor_cell: None,
            layout: super::Layout::default(),
            narrow: false,
            details_while_narrow: false,
            minimap: None,
            confirm: None,
            system_clipboard: None,
            settings: super::Settings::default(),
            analyse_in_background: false,
            stealth_job: None,
        }
    }

    /// The editor on mansion `level` (0–9) of game `game_seed`.
    pub fn generated(game_seed: u64, level: u32) -> anyhow::Result<Self> {
        if level >= campaign::LEVELS as u32 {
            anyhow::bail!(
                "there is no mansion {level}: a game has mansions 0–{}",
                campaign::LEVELS - 1
            );
        }
        let started = Instant::now();
        let doc = Document::new(Recipe::campaign_level(game_seed, level))?;
        let took = started.elapsed();
        let mut state = Self::with_document(doc, Source::Campaign { game_seed, level });
        state.last_generation = Some(took);
        Ok(state)
    }

    /// The editor on the default preset (`presets/default.ron`, built into the binary, so the editor
    /// starts the same from any folder), or on the campaign's default mansion, with a status message,
    /// if that preset no longer rebuilds.
    pub fn new_default() -> Self {
        let path = std::path::Path::new(DEFAULT_PRESET);
        let loaded = crate::io::preset::parse(DEFAULT_PRESET_TEXT, path).and_then(|preset| {
            preset
                .rebuild()
                .map_err(|source| crate::io::preset::PresetError::Rebuild {
                    path: path.to_path_buf(),
                    source,
                })
        });
        match loaded {
            Ok(loaded) => {
                let mut state = Self::with_document(loaded.document, Source::Default);
                state.message = loaded.drift;
                state
            }
            Err(e) => {
                let mut state = Self::campaign_default();
                state.say(
                    MessageKind::Warning,
                    format!("{e}; opened game 1, mansion 9 instead"),
                );
                state
            }
        }
    }

    /// Game seed 1, mansion 9: a mansion every campaign has.
    fn campaign_default() -> Self {
        let doc = Document::new(Recipe::campaign_level(DEFAULT_GAME_SEED, DEFAULT_LEVEL))
            .unwrap_or_else(|_| unreachable!("the campaign's mansions always generate"));
        Self::with_document(
            doc,
            Source::Campaign {
                game_seed: DEFAULT_GAME_SEED,
                level: DEFAULT_LEVEL,
            },
        )
    }

    /// The editor on a level loaded from a level file named `name` (see [`files::level_document`]).
    pub fn from_file(level: ValidLevel, name: String) -> Self {
        Self::with_document(files::level_document(level), Source::File(name))
    }

    /// The level being edited.
    pub fn level(&self) -> &Level {
        &self.doc.level
    }

    /// Shows another document (see [`super::replace`]): the history starts over, Save writes to
    /// `path` (the preset it came from; `None` for untitled) and the view settings, panels, tools and
    /// clipboard stay as the designer set them.
    pub fn replace_document(&mut self, doc: Document, source: Source, path: Option<PathBuf>) {
        let mut fresh = Self::unanalysed(doc, source);
        fresh.analyse_in_background = self.analyse_in_background;
        std::mem::swap(&mut fresh.files, &mut self.files);
        std::mem::swap(&mut fresh.browser, &mut self.browser);
        std::mem::swap(&mut fresh.thumbnails, &mut self.thumbnails);
        std::mem::swap(&mut fresh.tools, &mut self.tools);
        fresh.tools.cancel_transient();
        fresh.overlays = self.overlays;
        fresh.layers = self.layers;
        fresh.show_grid = self.show_grid;
        fresh.layout = self.layout;
        fresh.settings = self.settings;
        fresh.narrow = self.narrow;
        fresh.details_while_narrow = self.details_while_narrow;
        fresh.picker_open = self.picker_open;
        fresh.timeline.open = self.timeline.open;
        fresh.files.path = path;
        fresh.files.pending = None;
        *self = fresh;
        self.refresh_stealth();
    }

    /// Marks the current document as saved.
    pub fn mark_saved(&mut self) {
        self.saved = Some(self.doc.clone());
        self.dirty = false;
    }

    /// Runs a document command through the history; a refusal becomes the status message and leaves
    /// the document as it was.
    pub fn run(&mut self, command: &edit::Command) -> bool {
        let started = Instant::now();
        let regenerates = matches!(
            command,
            edit::Command::Regenerate { .. } | edit::Command::Reroll(_)
        );
        let before = regenerates.then(|| self.doc.level.clone());
        let unkept_before = if regenerates {
            self.doc.unkept_guards()
        } else {
            Vec::new()
        };
        match self.history.run(&mut self.doc, command) {
            Ok(()) => {
                if before.is_some() {
                    self.before_regeneration = before;
                }
                if !matches!(command, edit::Command::Edit(_)) {
                    self.last_generation = Some(started.elapsed());
                }
                self.message = None;
                self.document_changed();
                self.note_locks(command, &unkept_before);
                true
            }
            Err(e) => {
                self.say(
                    MessageKind::Error,
                    drawable(&format!("{} refused: {e}", command.label())),
                );
                false
            }
        }
    }

    /// The horizon of the stealth analysis: the patrol timeline's last turn.
    pub fn horizon(&self) -> usize {
        self.analysis.map.stealth.as_ref().map_or(0, |s| s.horizon)
    }

    /// The loot whose route the routes overlay shows alone: the hovered one, else the chosen one.
    pub fn shown_loot(&self) -> Option<usize> {
        self.hovered_loot.or(self.loot_focus)
    }

    /// Recomputes what depends on the document, once per change.
    fn document_changed(&mut self) {
        self.analysis = Analysis::without_stealth(&self.doc.level);
        self.refresh_stealth();
        if let Some(comparison) = &mut self.comparison {
            comparison.refresh(&self.doc.level);
        }
        self.minimap = None;
        let horizon = self.horizon();
        self.timeline.invalidate(horizon);
        let items = &self.doc.level.items;
        self.loot_focus = self
            .loot_focus
            .filter(|&i| items.get(i).is_some_and(|it| it.kind == ItemKind::Coin));
        self.dirty = self.saved.as_ref() != Some(&self.doc);
        let rooms = self.doc.level.rooms.len();
        self.selected_room = self.selected_room.filter(|&r| r < rooms);
        self.focus = None;
        // The picker follows the recipe, but keeps half-typed fields through hand edits.
        if self.picker.filled_from != self.doc.recipe.generator {
            self.picker = GeneratorPicker::from_recipe(&self.doc.recipe);
        }
    }

    /// Undoes or redoes until `done` commands are done.
    fn history_goto(&mut self, done: usize) {
        let mut changed = false;
        while self.history.entries().0.len() > done && self.history.undo(&mut self.doc) {
            changed = true;
        }
        while self.history.entries().0.len() < done && self.history.redo(&mut self.doc) {
            changed = true;
        }
        if changed {
            self.document_changed();
        }
    }

    /// Carries out one command. File commands that need a dialog or a prompt are the editor's
    /// ([`super::Editor`]); here they only work on what needs no dialog.
    pub fn apply(&mut self, command: Command) {
        match command {
            Command::ToggleOverlay(overlay) => self.overlays.toggle(overlay),
            Command::ToggleLayer(layer) => self.layers.toggle(layer),
            Command::CompareWithLastRegeneration => self.compare_with_last_regeneration(),
            Command::CompareWithStep(done) => self.compare_with_step(done),
            Command::StopComparing => self.comparison = None,
            Command::ToggleBrowser => {
                self.browser.open ^= true;
                if self.browser.open {
                    self.browser.refresh_keys(&self.doc.recipe.generator);
                }
            }
            Command::SearchSeeds => {
                self.browser.refresh_keys(&self.doc.recipe.generator);
                self.browser.start(&self.doc.recipe.generator);
            }
            Command::CancelSearch => self.browser.cancel(),
            Command::OpenVariant { game_seed, level } => {
                self.request(Pending::Replace(Replacement::Variant { game_seed, level }));
            }
            Command::ToggleGrid => self.show_grid ^= true,
            Command::FitToWindow => self.camera.request_fit(),
            Command::ZoomIn => self.camera.request_zoom(1.25),
            Command::ZoomOut => self.camera.request_zoom(0.8),
            Command::Regenerate => self.open_campaign(self.campaign_level()),
            Command::RandomSeed => {
                let game_seed = u64::from(rand::random::<u32>());
                let level = self.campaign_level();
                self.request(Pending::Replace(Replacement::Mansion { game_seed, level }));
            }
            Command::OpenMansion(level) => self.open_campaign(level),
            Command::SelectRoom(room) => {
                self.selected_room = room.filter(|&r| r < self.doc.level.rooms.len());
            }
            Command::FocusFinding(index) => {
                if let Some(f) = self.analysis.findings.get(index) {
                    let focus = Focus {
                        cell: f.cell,
                        room: f.room,
                    };
                    self.focus_on(focus);
                }
            }
            Command::FocusViolation(index) => {
                if let Some(v) = self.analysis.violations.get(index) {
                    let focus = Focus {
                        cell: v.cell,
                        room: v.room,
                    };
                    self.focus_on(focus);
                }
            }
            Command::RegenerateUnlocked => {
                self.run(&edit::Command::Regenerate {
                    seed: rand::random(),
                });
            }
            Command::RegenerateSameSeed => {
                let seed = self.doc.recipe.seed;
                self.run(&edit::Command::Regenerate { seed });
            }
            Command::Reroll(step) => {
                self.run(&edit::Command::Reroll(step));
            }
            // A lock an edit made becomes the designer's; the designer's own lock comes off.
            Command::ToggleLock => match self.selected_room {
                Some(room) => {
                    let edit = if self.doc.lock_origin(room) == Some(LockOrigin::Designer) {
                        Edit::Unlock { room }
                    } else {
                        Edit::Lock { room }
                    };
                    self.run(&edit::Command::Edit(edit));
                }
                None => self.say(MessageKind::Warning, "select a room to lock it"),
            },
            Command::Undo => {
                if self.history.undo(&mut self.doc) {
                    self.document_changed();
                }
            }
            Command::Redo => {
                if self.history.redo(&mut self.doc) {
                    self.document_changed();
                }
            }
            Command::HistoryGoto(done) => self.history_goto(done),
            Command::SetTool(tool) => {
                self.tools.tool = tool;
                self.tools.drag_from = None;
            }
            Command::Run(command) => {
                self.run(&command);
            }
            Command::ApplyRecipe(recipe) => {
                self.request(Pending::Replace(Replacement::Recipe(recipe)))
            }
            Command::New => self.request(Pending::Replace(Replacement::New)),
            Command::Open => self.request(Pending::Replace(Replacement::Open(None))),
            Command::OpenRecent(n) => {
                if let Some(path) = self.files.recent.get(n).cloned() {
                    self.request(Pending::Replace(Replacement::Open(Some(path))));
                }
            }
            Command::Save => match self.files.path.clone() {
                Some(path) => self.save_to(&path),
                None => self.files.ask = Some(PathPurpose::SaveAs { then: None }),
            },
            Command::SaveAs => self.files.ask = Some(PathPurpose::SaveAs { then: None }),
            Command::Export(format) => self.files.ask = Some(PathPurpose::Export(format)),
            Command::CompareWithFile => self.files.ask = Some(PathPurpose::Compare),
            Command::Quit => self.request(Pending::Quit),
            Command::ToggleTimeline => self.timeline.open ^= true,
            Command::PlayPause => {
                self.timeline.open = true;
                self.timeline.playing ^= true;
            }
            Command::StepBack | Command::StepForward => {
                self.timeline.open = true;
                let horizon = self.horizon();
                self.timeline.step(command == Command::StepForward, horizon);
            }
            Command::SetTurn(turn) => {
                let horizon = self.horizon();
                self.timeline.set_turn(turn, horizon);
            }
            Command::SetSpeed(speed) => self.timeline.speed = speed.max(1),
            Command::SelectLoot(item) => self.loot_focus = item,
            Command::CommandPalette => self.palette.open_with(""),
            Command::GoToRoom => self.palette.open_with("room "),
            Command::FocusRoom(room) => self.focus_on(Focus {
                cell: None,
                room: Some(room),
            }),
            Command::Copy => {
                self.copy_selection();
            }
            Command::Cut => self.cut_selection(),
            Command::ToggleControls => self.layout.controls ^= true,
            Command::ToggleReopenLastFile => {
                self.settings.reopen_last_file ^= true;
            }
            Command::ToggleDetails if self.narrow => self.details_while_narrow ^= true,
            Command::ToggleDetails => self.layout.details ^= true,
            Command::Paste => match &self.tools.clipboard {
                Some(clip) => {
                    let text = format!(
                        "Click where the {} × {} copy's bottom-left (south-west) corner goes (Escape cancels)",
                        clip.width, clip.height
                    );
                    self.tools.pasting = true;
                    self.tools.tool = Tool::Select;
                    self.say(MessageKind::Info, text);
                }
                None => self.say(
                    MessageKind::Warning,
                    "Nothing copied yet: drag out cells with the Select tool, then Ctrl+C",
                ),
            },
            Command::Cancel => self.tools.cancel_transient(),
        }
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

    fn focus_on(&mut self, focus: Focus) {
        if let Some(room) = focus.room {
            self.selected_room = Some(room);
        }
        if let Some(centre) = self.focus_centre(&focus) {
            self.camera.request_centre(centre);
        }
        self.focus = Some(focus);
    }

    /// The continuous cell-space point to centre on for a focus.
    fn focus_centre(&self, focus: &Focus) -> Option<(f32, f32)> {
        if let Some(c) = focus.cell {
            return Some((c.x as f32 + 0.5, c.y as f32 + 0.5));
        }
        focus
            .room
            .and_then(|r| self.doc.level.rooms.get(r))
            .filter(|room| room.kind != RoomKind::Exterior)
            .map(|room| room.interior.centre())
    }

    /// A one-line name of a room for lists and the inspector, e.g. "Room 12 (private room)".
    pub fn room_name(&self, room: RoomId) -> String {
        match self.doc.level.rooms.get(room) {
            Some(r) => format!("Room {room} ({})", r.kind_label()),
            None => format!("Room {room} (missing)"),
        }
    }
}
