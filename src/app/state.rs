//! The editor's state: the current level, its cached analysis and the view settings.
//!
//! The analysis is computed once per level change ([`EditorState::set_level`]) and never per frame, so a
//! frame only draws. Every user action goes through [`EditorState::apply`] with a [`Command`], which keeps
//! menus, buttons, keys and tests on one code path.

use std::time::{Duration, Instant};

use super::camera::{Camera, CellToScreen};
use super::commands::Command;
use super::findings::{Finding, level_findings};
use crate::analysis::{
    self, LootClass, LootEntry, PatrolMetrics, RoomGraph, loot_classes, loot_entries,
    patrol_metrics, room_graph, room_of_cell,
};
use crate::generate::campaign::{self, Campaign};
use crate::model::{Cell, Level, RoomId, RoomKind};

/// The default mansion the editor opens on: game seed 1, the last (largest) mansion.
pub const DEFAULT_GAME_SEED: u64 = 1;
pub const DEFAULT_LEVEL: u32 = 9;

/// The four analysis overlays, in key order `1`–`4`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Overlay {
    RoomGraph,
    Distances,
    Loot,
    Patrols,
}

impl Overlay {
    pub const ALL: [Overlay; 4] = [
        Overlay::RoomGraph,
        Overlay::Distances,
        Overlay::Loot,
        Overlay::Patrols,
    ];

    /// The checkbox label, which is also the accessible name tests look for.
    pub fn label(self) -> &'static str {
        match self {
            Overlay::RoomGraph => "Room graph",
            Overlay::Distances => "Private-room distances",
            Overlay::Loot => "Loot priority",
            Overlay::Patrols => "Patrol chains",
        }
    }

    /// The name used on the command line (`--overlay room-graph`).
    pub fn name(self) -> &'static str {
        match self {
            Overlay::RoomGraph => "room-graph",
            Overlay::Distances => "distances",
            Overlay::Loot => "loot",
            Overlay::Patrols => "patrols",
        }
    }

    pub fn from_name(name: &str) -> Option<Overlay> {
        Overlay::ALL.into_iter().find(|o| o.name() == name)
    }

    pub fn key(self) -> egui::Key {
        match self {
            Overlay::RoomGraph => egui::Key::Num1,
            Overlay::Distances => egui::Key::Num2,
            Overlay::Loot => egui::Key::Num3,
            Overlay::Patrols => egui::Key::Num4,
        }
    }

    fn index(self) -> usize {
        self as usize
    }
}

/// Which overlays are shown.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Overlays([bool; 4]);

impl Overlays {
    pub fn is_on(&self, overlay: Overlay) -> bool {
        self.0[overlay.index()]
    }

    pub fn set(&mut self, overlay: Overlay, on: bool) {
        self.0[overlay.index()] = on;
    }

    pub fn toggle(&mut self, overlay: Overlay) {
        self.0[overlay.index()] ^= true;
    }

    pub fn all() -> Self {
        Overlays([true; 4])
    }
}

/// Everything the overlays, tooltips and panels read, computed once per level.
#[derive(Clone, Debug)]
pub struct Analysis {
    pub graph: RoomGraph,
    /// Depth from the front per room (`None`: unreachable through doors).
    pub depths: Vec<Option<u32>>,
    pub max_depth: u32,
    /// The private rule's chamber target floor(Rx·Ry/4) and the depth from which layers became private.
    pub private_target: usize,
    pub private_threshold: u32,
    pub loot_classes: Vec<Option<LootClass>>,
    pub loot: Vec<LootEntry>,
    pub patrols: PatrolMetrics,
    /// Room of each cell, row-major.
    pub room_of_cell: Vec<Option<RoomId>>,
    /// Routes passing through each cell, row-major.
    pub routes_of_cell: Vec<Vec<usize>>,
    /// Wall glyph bits of each cell (0 for non-walls and free-standing pillars).
    pub wall_bits: Vec<u8>,
    pub findings: Vec<Finding>,
}

impl Analysis {
    pub fn new(level: &Level) -> Self {
        let depths = analysis::depths(level);
        let private_target = level
            .plan
            .map_or(0, |p| (p.rooms_x * p.rooms_y / 4).max(0) as usize);
        let (_, private_threshold) = analysis::private_rooms(level, &depths, private_target);
        let cells = (level.width.max(0) * level.height.max(0)) as usize;
        let mut routes_of_cell = vec![Vec::new(); cells];
        for (i, route) in level.patrols.iter().enumerate() {
            for c in &route.cells {
                if level.in_bounds(*c) {
                    let list = &mut routes_of_cell[(c.y * level.width + c.x) as usize];
                    if !list.contains(&i) {
                        list.push(i);
                    }
                }
            }
        }
        let wall_bits = level
            .all_cells()
            .map(|c| (c, analysis::wall_glyph_bits(level, c)))
            .fold(vec![0; cells], |mut bits, (c, b)| {
                bits[(c.y * level.width + c.x) as usize] = b;
                bits
            });
        Analysis {
            graph: room_graph(level),
            max_depth: depths.iter().flatten().copied().max().unwrap_or(0),
            depths,
            private_target,
            private_threshold,
            loot_classes: loot_classes(level),
            loot: loot_entries(level),
            patrols: patrol_metrics(level),
            room_of_cell: room_of_cell(level),
            routes_of_cell,
            wall_bits,
            findings: level_findings(level),
        }
    }

    fn index(level: &Level, c: Cell) -> Option<usize> {
        level
            .in_bounds(c)
            .then(|| (c.y * level.width + c.x) as usize)
    }

    pub fn room_at(&self, level: &Level, c: Cell) -> Option<RoomId> {
        Self::index(level, c).and_then(|i| self.room_of_cell[i])
    }

    pub fn routes_at<'a>(&'a self, level: &Level, c: Cell) -> &'a [usize] {
        Self::index(level, c).map_or(&[], |i| self.routes_of_cell[i].as_slice())
    }

    pub fn wall_bits_at(&self, level: &Level, c: Cell) -> u8 {
        Self::index(level, c).map_or(0, |i| self.wall_bits[i])
    }
}

/// Where the level on screen came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    /// Mansion `level` of the game `game_seed`.
    Campaign { game_seed: u64, level: u32 },
    /// A level file (its game seed is unknown).
    File(String),
}

/// Something on the map the user asked to look at (a validation finding).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Focus {
    pub cell: Option<Cell>,
    pub room: Option<RoomId>,
}

/// The whole editor state; the UI reads it and changes it only through [`EditorState::apply`].
pub struct EditorState {
    pub level: Level,
    pub analysis: Analysis,
    pub source: Source,
    /// The generator panel's fields: the game seed as typed, and the mansion number 0–9.
    pub seed_text: String,
    pub level_number: u32,
    /// The plan of the game in the seed field, for the campaign list.
    pub campaign: Campaign,
    /// How long the last generation took (`None` for a loaded file).
    pub last_generation: Option<Duration>,
    pub overlays: Overlays,
    pub show_grid: bool,
    pub selected_room: Option<RoomId>,
    pub focus: Option<Focus>,
    pub camera: Camera,
    /// A message for the status bar, e.g. an invalid seed.
    pub message: Option<String>,
    /// The map's cell → screen transform of the last frame (for tests and screenshots to aim clicks).
    pub last_transform: Option<CellToScreen>,
    /// Space was used to pan while held, so its release must not regenerate.
    pub space_panned: bool,
}

impl EditorState {
    /// The editor on mansion `level` (0–9) of game `game_seed`.
    pub fn generated(game_seed: u64, level: u32) -> anyhow::Result<Self> {
        let campaign = campaign::plan(game_seed);
        let started = Instant::now();
        let Some(generated) = campaign.generate(level) else {
            anyhow::bail!(
                "there is no mansion {level}: a game has mansions 0–{}",
                campaign::LEVELS - 1
            );
        };
        let took = started.elapsed();
        let mut state =
            Self::with_level(generated, Source::Campaign { game_seed, level }, campaign);
        state.last_generation = Some(took);
        Ok(state)
    }

    /// The editor on the default mansion.
    pub fn new_default() -> Self {
        // A constant game seed and level that every campaign has.
        Self::generated(DEFAULT_GAME_SEED, DEFAULT_LEVEL).expect("mansion 9 exists in every game")
    }

    /// The editor on a level loaded from `name`; the generator fields start from the level's own numbers.
    pub fn from_file(level: Level, name: String) -> Self {
        let campaign = campaign::plan(DEFAULT_GAME_SEED);
        Self::with_level(level, Source::File(name), campaign)
    }

    fn with_level(level: Level, source: Source, campaign: Campaign) -> Self {
        let (seed_text, level_number) = match &source {
            Source::Campaign { game_seed, level } => (game_seed.to_string(), *level),
            Source::File(_) => (campaign.game_seed.to_string(), level.level.min(9)),
        };
        EditorState {
            analysis: Analysis::new(&level),
            level,
            source,
            seed_text,
            level_number,
            campaign,
            last_generation: None,
            overlays: Overlays::default(),
            show_grid: false,
            selected_room: None,
            focus: None,
            camera: Camera::default(),
            message: None,
            last_transform: None,
            space_panned: false,
        }
    }

    /// Replaces the level (after generation or an edit) and recomputes the analysis once.
    pub fn set_level(&mut self, level: Level) {
        self.analysis = Analysis::new(&level);
        self.level = level;
        self.selected_room = None;
        self.focus = None;
        self.camera.request_fit();
    }

    /// Generates mansion `level` of the game seed in the seed field.
    fn generate(&mut self, level: u32) {
        let Ok(game_seed) = self.seed_text.trim().parse::<u64>() else {
            self.message = Some(format!(
                "“{}” is not a seed: enter a whole number 0–{}",
                self.seed_text.trim(),
                u64::MAX
            ));
            return;
        };
        let level = level.min(campaign::LEVELS as u32 - 1);
        if self.campaign.game_seed != game_seed {
            self.campaign = campaign::plan(game_seed);
        }
        let started = Instant::now();
        let Some(generated) = self.campaign.generate(level) else {
            self.message = Some(format!("there is no mansion {level}"));
            return;
        };
        self.last_generation = Some(started.elapsed());
        self.level_number = level;
        self.source = Source::Campaign { game_seed, level };
        self.message = None;
        self.set_level(generated);
    }

    /// Carries out one command.
    pub fn apply(&mut self, command: Command) {
        match command {
            Command::ToggleOverlay(overlay) => self.overlays.toggle(overlay),
            Command::ToggleGrid => self.show_grid ^= true,
            Command::FitToWindow => self.camera.request_fit(),
            Command::ZoomIn => self.camera.request_zoom(1.25),
            Command::ZoomOut => self.camera.request_zoom(0.8),
            Command::Regenerate => self.generate(self.level_number),
            Command::RandomSeed => {
                self.seed_text = rand::random::<u32>().to_string();
                self.generate(self.level_number);
            }
            Command::OpenMansion(level) => self.generate(level),
            Command::SelectRoom(room) => {
                self.selected_room = room.filter(|&r| r < self.level.rooms.len());
            }
            Command::FocusFinding(index) => {
                if let Some(finding) = self.analysis.findings.get(index) {
                    let focus = Focus {
                        cell: finding.cell,
                        room: finding.room,
                    };
                    if let Some(room) = finding.room {
                        self.selected_room = Some(room);
                    }
                    if let Some(centre) = self.focus_centre(&focus) {
                        self.camera.request_centre(centre);
                    }
                    self.focus = Some(focus);
                }
            }
        }
    }

    /// The continuous cell-space point to centre on for a focus.
    fn focus_centre(&self, focus: &Focus) -> Option<(f32, f32)> {
        if let Some(c) = focus.cell {
            return Some((c.x as f32 + 0.5, c.y as f32 + 0.5));
        }
        focus
            .room
            .and_then(|r| self.level.rooms.get(r))
            .filter(|room| room.kind != RoomKind::Exterior)
            .map(|room| room.interior.centre())
    }

    /// A one-line name of a room for lists and the inspector, e.g. "Room 12 (private room)".
    pub fn room_name(&self, room: RoomId) -> String {
        match self.level.rooms.get(room) {
            Some(r) => format!("Room {room} ({})", r.kind_label()),
            None => format!("Room {room} (missing)"),
        }
    }
}
