//! The editor's state: the document with its undo history and cached analysis, the view and the
//! selection. The panels' own state is theirs (`super::Panels`).
//!
//! The analysis is computed once per document change ([`EditorState::run`], undo, redo) and never per
//! frame, so a frame only draws.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use crate::analysis::stealth::{Cancel, DEFAULT_HORIZON, LitMap};
use crate::app::background::{Job, Outcome};
pub use crate::app::cache::Analysis;
use crate::app::commands::pending::Confirmation;
use crate::app::files::file_state::FileState;
use crate::app::files::settings::Settings;
use crate::app::map::camera::Camera;
use crate::app::map::comparison::Comparison;
use crate::app::panels::describe::drawable;
pub use crate::app::source::Source;
use crate::edit::{self, Document, History};
use crate::generate::campaign;
use crate::generate::recipe::Recipe;
use crate::model::{Cell, ItemKind, Level, RoomId, RoomKind};
use crate::paint::{CellToScreen, Layers};
use crate::play::rule_sets;

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

/// Something on the map the user asked to look at (a validation finding, a room from the palette).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Focus {
    /// The cell to centre on, if the finding names one.
    pub cell: Option<Cell>,
    /// The room to select (and centre on when there is no cell).
    pub room: Option<RoomId>,
}

/// The document, how it is seen and what is selected: everything the panels read. Panels keep their
/// own state (`super::Panels`); user actions reach this state through the dispatcher
/// (`crate::app::commands::dispatch`) as [`super::Command`]s, so menus, buttons, keys and tests share one code path.
pub struct EditorState {
    /// The document being edited; change it only through [`EditorState::run`] (the history).
    pub doc: Document,
    /// The undo and redo stacks of commands run on [`Self::doc`].
    pub history: History,
    /// What the map and panels show about the level, computed once per change.
    pub analysis: Analysis,
    /// Where the document came from (title, campaign panel).
    pub source: Source,
    /// The document as last saved or opened, to tell whether there are unsaved changes.
    pub(super) saved: Option<Document>,
    /// The document differs from the saved one.
    pub dirty: bool,
    /// How long the last generation took (`None` for a loaded file).
    pub last_generation: Option<Duration>,
    /// The version the level is compared with, its differences marked on the map.
    pub comparison: Option<Comparison>,
    /// The level before the last regeneration, re-roll or new recipe (what "compare with before
    /// regeneration" shows).
    pub before_regeneration: Option<Level>,
    /// How the map is shown: overlays, layers, grid and camera.
    pub view: View,
    /// What the designer picked out on the map or in the panels.
    pub selection: Selection,
    /// A message for the status bar, e.g. a refused regeneration, and its kind (its colour there).
    pub message: Option<String>,
    /// How the status bar colours [`Self::message`].
    pub message_kind: MessageKind,
    /// The technical side of the message (a parser's sentence, a path and line), shown on request.
    pub message_details: Option<String>,
    /// The document's file, the recent files, autosave and the file prompt in progress.
    pub files: FileState,
    /// An edit waiting for the designer's yes or no (closing a door that walls cells off).
    pub confirm: Option<Confirmation>,
    /// Text to put on the system clipboard when the frame ends (a copy of cells, see `clipboard`).
    pub system_clipboard: Option<String>,
    /// The designer's settings, kept between sessions.
    pub settings: Settings,
    /// Run the stealth analysis on another thread (the editor's window), or here (tests, pictures).
    pub analyse_in_background: bool,
    /// The stealth analysis under way on another thread.
    stealth_job: Option<Job>,
    /// Counts changes of the document and of its analysis, so panels that keep something derived
    /// from them (the timeline's frame, the picker's form) know when to refresh it.
    revision: u64,
    /// The revision at which another document last replaced this one.
    replaced_at: u64,
}

/// How the map is shown; kept when another document replaces this one.
pub struct View {
    /// The analysis overlays shown.
    pub overlays: Overlays,
    /// Which parts of the map are drawn (the layers panel); pictures and exports draw them all.
    pub layers: Layers,
    /// Cell grid lines over the map.
    pub show_grid: bool,
    /// Which light the guard-sight overlay hatches: as generated, or settled once guards relit torches.
    pub lit_map: LitMap,
    /// The rules the stealth analysis follows (a rule set's id), or the level's own (`None`).
    pub analysis_rules: Option<&'static str>,
    /// Pan and zoom of the map.
    pub camera: Camera,
    /// The map's cell → screen transform of the last frame (for tests and screenshots to aim clicks).
    pub last_transform: Option<CellToScreen>,
    /// The map cell under the pointer (the status bar shows it).
    pub cursor_cell: Option<Cell>,
    /// The minimap's picture of the current document, made when first needed after a change.
    pub minimap: Option<egui::TextureHandle>,
}

impl Default for View {
    fn default() -> Self {
        View {
            overlays: Overlays::default(),
            layers: Layers::ALL,
            show_grid: false,
            lit_map: LitMap::AsGenerated,
            analysis_rules: None,
            camera: Camera::default(),
            last_transform: None,
            cursor_cell: None,
            minimap: None,
        }
    }
}

/// What the designer picked out; cleared where the document no longer has it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Selection {
    /// The room the inspector shows (and Toggle lock acts on).
    pub room: Option<RoomId>,
    /// The place a validation finding asked to look at, marked on the map.
    pub focus: Option<Focus>,
    /// The loot item (an index into `Level::items`) chosen in the inspector: the routes overlay shows
    /// its route alone.
    pub loot: Option<usize>,
    /// The loot item under the pointer this frame (on the map or in the inspector), which wins over
    /// `loot`.
    pub hovered_loot: Option<usize>,
}

impl EditorState {
    /// Shows `text` in the status bar as a message of `kind`.
    pub fn say(&mut self, kind: MessageKind, text: impl Into<String>) {
        self.message = Some(text.into());
        self.message_details = None;
        self.message_kind = kind;
    }

    /// Shows a problem in the status bar: its summary, with its technical details behind "details".
    pub fn say_problem(
        &mut self,
        kind: MessageKind,
        problem: crate::app::files::problems::Problem,
    ) {
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
        EditorState {
            analysis: Analysis::without_stealth(&doc.level),
            saved: Some(doc.clone()),
            doc,
            history: History::default(),
            dirty: false,
            source,
            last_generation: None,
            comparison: None,
            before_regeneration: None,
            view: View::default(),
            selection: Selection::default(),
            message: None,
            message_kind: MessageKind::Info,
            message_details: None,
            files: FileState::default(),
            confirm: None,
            system_clipboard: None,
            settings: Settings::default(),
            analyse_in_background: false,
            stealth_job: None,
            revision: 0,
            replaced_at: 0,
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

    /// The level being edited.
    pub fn level(&self) -> &Level {
        &self.doc.level
    }

    /// Counts changes of the document and of its analysis (see the field).
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// Whether another document replaced the one of revision `seen`.
    pub fn replaced_since(&self, seen: u64) -> bool {
        self.replaced_at > seen
    }

    /// Shows another document (see `crate::app::commands::replace`): the history starts over, Save writes to
    /// `path` (the preset it came from; `None` for untitled); the view, the files and the settings stay
    /// as the designer set them (the panels, which are not part of this state, stay too).
    pub fn replace_document(&mut self, doc: Document, source: Source, path: Option<PathBuf>) {
        let mut fresh = Self::unanalysed(doc, source);
        fresh.analyse_in_background = self.analyse_in_background;
        std::mem::swap(&mut fresh.files, &mut self.files);
        std::mem::swap(&mut fresh.view, &mut self.view);
        fresh.view.minimap = None;
        fresh.settings = self.settings;
        fresh.revision = self.revision + 1;
        fresh.replaced_at = fresh.revision;
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
        let was_exact = self.doc.recipe.exact;
        let locks_before = self.doc.locks.len();
        let unkept_before = if regenerates {
            let level = &self.doc.level;
            let unkept = self.doc.unkept_guards().into_iter();
            unkept.map(|g| level.guard_number(g)).collect()
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
                if was_exact && !self.doc.recipe.exact {
                    self.say(
                        MessageKind::Warning,
                        "Left the exact 2023 mode: regenerating needs per-step streams, so this is now a normal recipe",
                    );
                } else if self.doc.recipe.exact && self.doc.locks.len() > locks_before {
                    self.say(
                        MessageKind::Info,
                        "Locked in the exact 2023 mode: the mansion stays exact until the rest is regenerated, which makes it a normal recipe",
                    );
                }
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

    /// Undoes the last command; true when there was one.
    pub fn undo(&mut self) -> bool {
        let undone = self.history.undo(&mut self.doc);
        if undone {
            self.document_changed();
        }
        undone
    }

    /// Redoes the last undone command; true when there was one.
    pub fn redo(&mut self) -> bool {
        let redone = self.history.redo(&mut self.doc);
        if redone {
            self.document_changed();
        }
        redone
    }

    /// Undoes or redoes until `done` commands are done.
    pub fn history_goto(&mut self, done: usize) {
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

    /// The horizon of the stealth analysis: the patrol timeline's last turn.
    pub fn horizon(&self) -> usize {
        self.analysis.map.stealth.as_ref().map_or(0, |s| s.horizon)
    }

    /// The loot whose route the routes overlay shows alone: the hovered one, else the chosen one.
    pub fn shown_loot(&self) -> Option<usize> {
        self.selection.hovered_loot.or(self.selection.loot)
    }

    /// Recomputes what depends on the document, once per change.
    fn document_changed(&mut self) {
        self.revision += 1;
        self.analysis = Analysis::without_stealth(&self.doc.level);
        self.refresh_stealth();
        if let Some(comparison) = &mut self.comparison {
            comparison.refresh(&self.doc.level);
        }
        self.view.minimap = None;
        let items = &self.doc.level.items;
        let selection = &mut self.selection;
        selection.loot = selection
            .loot
            .filter(|&i| items.get(i).is_some_and(|it| it.kind == ItemKind::Coin));
        self.dirty = self.saved.as_ref() != Some(&self.doc);
        let rooms = self.doc.level.rooms.len();
        selection.room = selection.room.filter(|&r| r < rooms);
        selection.focus = None;
    }

    /// Computes the stealth analysis of the current level under the rules the view chose: on another
    /// thread in the editor's window (any analysis under way is cancelled), else here and now.
    pub(super) fn refresh_stealth(&mut self) {
        self.stealth_job = None;
        let rules = self.view.analysis_rules;
        if self.analyse_in_background {
            self.stealth_job = Some(Job::start(self.doc.level.clone(), rules));
        } else {
            let level = &self.doc.level;
            let stealth = rule_sets::analyse_level(level, rules, DEFAULT_HORIZON, &Cancel::new());
            if let Some(stealth) = stealth {
                self.analysis.map.set_stealth(stealth);
            }
        }
    }

    /// Takes the analysis when it has arrived; true when the map changed with it.
    pub fn poll_stealth(&mut self) -> bool {
        let Some(outcome) = self.stealth_job.as_ref().and_then(Job::poll) else {
            return false;
        };
        self.stealth_job = None;
        self.revision += 1;
        match outcome {
            Outcome::Arrived(stealth, took) => {
                self.analysis.map.set_stealth(*stealth);
                if took.as_secs() >= 2 {
                    let text = format!(
                        "Guard sight and routes analysed in {:.1} s",
                        took.as_secs_f64()
                    );
                    self.say(MessageKind::Info, text);
                }
            }
            Outcome::Stopped => self.say(
                MessageKind::Warning,
                "The analysis of how the mansion plays stopped before its end",
            ),
        }
        true
    }

    /// Whether the stealth analysis of the shown level is still under way.
    pub fn analysing(&self) -> bool {
        self.stealth_job.is_some()
    }

    /// Selects the room or cell a finding or the palette points at and centres the map on it.
    pub fn focus_on(&mut self, focus: Focus) {
        if let Some(room) = focus.room {
            self.selection.room = Some(room);
        }
        if let Some(centre) = self.focus_centre(&focus) {
            self.view.camera.request_centre(centre);
        }
        self.selection.focus = Some(focus);
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
