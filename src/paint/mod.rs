//! The map painter: one drawing of a level — terrain, items, guards, the six analysis overlays, the
//! patrol timeline's turn, locks and the selection — as egui [`Shape`]s, in one [`palette`]. Text goes
//! through one [`labels::Labels`] per drawing, so tags keep off each other and off the markers. The editor's map view hands the shapes to
//! egui; the PNG export ([`crate::io::export::png`]) tessellates the same shapes with epaint and fills
//! the triangles on the CPU ([`raster`]), so an exported picture is the editor's map, not a look-alike.
//!
//! It lives here, beside `app` and `io`, so that both can use it without `io` depending on the editor:
//! it knows nothing of the editor's state, only a [`Scene`] (the level, its [`MapFacts`] and what to
//! show) and a [`CellToScreen`] transform, and it lays out text with whichever epaint fonts it is given
//! (the editor's context, or a picture's own). It is not in `analysis` because drawing is not analysis:
//! it reads the analysis figures and never computes them per frame.

pub mod diff;
mod facts;
mod glyphs;
pub mod labels;
mod locks;
mod loot_routes;
pub mod outline;
mod overlays;
pub mod palette;
mod patrols;
pub mod raster;
mod room_graph;
mod sight;
mod terrain;
mod timeline;
mod transform;

use egui::epaint::FontsView;
use egui::epaint::text::{FontDefinitions, Fonts, TextOptions};
use egui::{Color32, FontId, Pos2, Shape};
use image::{Rgba, RgbaImage};

pub use facts::MapFacts;
pub use glyphs::{item_glyph, pillar, shield, stairs};
use labels::{Labels, fade, lod};
pub use locks::padlock;
pub use loot_routes::{no_ghost_ring, watched_dot};
pub use patrols::{badge, split_marker};
pub use room_graph::{GraphEdge, GraphLayout};
pub use sight::{heat_colour, hiding_frame, lit_hatch};
pub use terrain::terrain_tile;
pub use timeline::{TimelineFrame, VIEW_ALPHA, facing_arrow};
pub use transform::CellToScreen;
use transform::Visible;

use crate::analysis::Overlay;
use crate::analysis::diff::Mark;
use crate::model::{Cell, Level, RoomId};

/// Which overlays are shown.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Overlays([bool; Overlay::ALL.len()]);

impl Overlays {
    /// The overlays in a list (repeats are harmless).
    pub fn of(list: &[Overlay]) -> Self {
        let mut set = Overlays::default();
        for &overlay in list {
            set.set(overlay, true);
        }
        set
    }

    pub fn all() -> Self {
        Overlays([true; Overlay::ALL.len()])
    }

    pub fn is_on(&self, overlay: Overlay) -> bool {
        self.0[overlay as usize]
    }

    pub fn set(&mut self, overlay: Overlay, on: bool) {
        self.0[overlay as usize] = on;
    }

    pub fn toggle(&mut self, overlay: Overlay) {
        self.0[overlay as usize] ^= true;
    }

    /// The overlays shown, in key order.
    pub fn list(&self) -> Vec<Overlay> {
        Overlay::ALL
            .into_iter()
            .filter(|&o| self.is_on(o))
            .collect()
    }
}

/// Which parts of the map are drawn; overlays are chosen apart ([`Overlays`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layers {
    /// Terrain, openings, stairs and the cell grid.
    pub terrain: bool,
    /// Furniture, loot and torches.
    pub items: bool,
    /// Guards and the player start.
    pub guards: bool,
    /// Every text: overlay tags and the numbers on nodes and guards.
    pub labels: bool,
}

impl Layers {
    /// Everything drawn: the editor's default and every picture.
    pub const ALL: Layers = Layers {
        terrain: true,
        items: true,
        guards: true,
        labels: true,
    };

    pub fn is_on(self, layer: Layer) -> bool {
        match layer {
            Layer::Terrain => self.terrain,
            Layer::Items => self.items,
            Layer::Guards => self.guards,
            Layer::Labels => self.labels,
        }
    }

    pub fn toggle(&mut self, layer: Layer) {
        let flag = match layer {
            Layer::Terrain => &mut self.terrain,
            Layer::Items => &mut self.items,
            Layer::Guards => &mut self.guards,
            Layer::Labels => &mut self.labels,
        };
        *flag ^= true;
    }
}

/// One of the [`Layers`], so the editor can name, list and toggle them through one command.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Layer {
    Terrain,
    Items,
    Guards,
    Labels,
}

impl Layer {
    pub const ALL: [Layer; 4] = [Layer::Terrain, Layer::Items, Layer::Guards, Layer::Labels];

    /// The layer's name in the layers panel.
    pub fn label(self) -> &'static str {
        match self {
            Layer::Terrain => "Terrain",
            Layer::Items => "Items",
            Layer::Guards => "Guards",
            Layer::Labels => "Labels",
        }
    }

    /// What the layer holds, for tooltips.
    pub fn contents(self) -> &'static str {
        match self {
            Layer::Terrain => "walls, floors, doors, windows, stairs and the cell grid",
            Layer::Items => "furniture, loot and torches",
            Layer::Guards => "guards and the player start",
            Layer::Labels => "every text: overlay tags and the numbers on nodes and guards",
        }
    }
}

impl Default for Layers {
    fn default() -> Self {
        Layers::ALL
    }
}

/// What to draw: a level with its facts, and what the viewer chose to show.
#[derive(Clone, Copy, Debug)]
pub struct Scene<'a> {
    pub level: &'a Level,
    /// Computed from `level` ([`MapFacts::new`]).
    pub facts: &'a MapFacts,
    pub overlays: Overlays,
    pub layers: Layers,
    pub grid: bool,
    /// Rooms drawn with a lock border and badge.
    pub locked_rooms: &'a [RoomId],
    /// Those of `locked_rooms` that a hand edit locked (drawn in their own colour), not the designer.
    pub edit_locked: &'a [RoomId],
    pub selected_room: Option<RoomId>,
    /// A cell ringed for attention (a validation finding).
    pub focus: Option<Cell>,
    /// The loot item (an index into `Level::items`) whose route overlay 6 shows alone; `None`: all.
    pub loot_focus: Option<usize>,
    /// The patrol timeline's turn: guards where they stand then, what they watch, and the light.
    pub timeline: Option<&'a TimelineFrame>,
    /// Cells marked as changed by a comparison with another version of the level.
    pub diff: &'a [(Cell, Mark)],
}

impl<'a> Scene<'a> {
    /// The level with its overlays and nothing else: what a picture shows.
    pub fn picture(level: &'a Level, facts: &'a MapFacts, overlays: Overlays) -> Self {
        Scene {
            level,
            facts,
            overlays,
            layers: Layers::ALL,
            grid: false,
            locked_rooms: &[],
            edit_locked: &[],
            selected_room: None,
            focus: None,
            loot_focus: None,
            timeline: None,
            diff: &[],
        }
    }
}

/// The scene's shapes through `t`, bottom layer first, laying out text with `fonts`. Only the cells the
/// transform's viewport shows are drawn. Markers are drawn before any tag is placed, so the tags can
/// keep clear of them; the selection and the locks go on top of everything.
pub fn paint(scene: &Scene, t: &CellToScreen, fonts: &mut FontsView<'_>) -> Vec<Shape> {
    let level = scene.level;
    let layers = scene.layers;
    let visible = Visible::new(t, level);
    let text = |range| if layers.labels { fade(t, range) } else { 0.0 };
    let mut labels = Labels::new(t.viewport, layers.labels);
    let mut shapes = Vec::new();
    if layers.terrain {
        terrain::draw_terrain(&mut shapes, t, scene, visible);
    }
    overlays::draw_fills(&mut shapes, t, scene);
    sight::draw_fills(&mut shapes, t, scene);
    overlays::draw_frames(&mut shapes, t, scene);
    if layers.terrain && scene.grid && t.cell >= 6.0 {
        terrain::draw_grid(&mut shapes, t, level, visible);
    }
    if layers.terrain {
        for stairs in glyphs::draw_stairs(&mut shapes, t, level) {
            labels.block(stairs);
        }
    }
    if layers.items {
        glyphs::draw_items(&mut shapes, t, level, visible);
    }
    overlays::draw_marks(&mut shapes, t, scene, fonts, &mut labels);
    sight::draw_marks(&mut shapes, t, scene);
    loot_routes::draw_marks(&mut shapes, t, scene);
    // The room graph's nodes over every line, so their numbers stay readable.
    if scene.overlays.is_on(Overlay::RoomGraph) {
        let numbers = text(lod::NODE_NUMBERS);
        room_graph::draw(&mut shapes, t, scene, fonts, &mut labels, numbers);
    }
    if layers.guards {
        let numbers = text(lod::GUARD_NUMBERS);
        match scene.timeline {
            // The guards stand where the timeline's turn has them, not at their starts.
            Some(frame) => {
                timeline::draw_guards(&mut shapes, t, scene, frame, fonts, &mut labels, numbers)
            }
            None => {
                glyphs::draw_guards(&mut shapes, t, level, fonts, numbers);
                for guard in &level.guards {
                    labels.block(glyphs::GuardMarker::bounds(t, t.cell_centre(guard.start)));
                }
            }
        }
        glyphs::draw_player(&mut shapes, t, level, fonts, text(lod::PLAYER));
        let p = t.cell_centre(level.player_start);
        labels.block_disc(p, glyphs::player_radius(t, level));
    }
    for (_, badge) in locks::badges(t, scene) {
        labels.block(badge);
    }
    let warnings = text(lod::WARNINGS);
    loot_routes::draw_labels(&mut shapes, t, scene, fonts, &mut labels, warnings);
    overlays::draw_labels(&mut shapes, t, scene, fonts, &mut labels, text);
    terrain::draw_selection(&mut shapes, t, scene);
    // After the selection, so a selected locked room still shows its badge and border.
    locks::draw(&mut shapes, t, scene);
    diff::draw(&mut shapes, t, scene.diff);
    shapes
}

/// Centred text as a shape.
pub fn text_shape(
    fonts: &mut FontsView<'_>,
    centre: Pos2,
    text: &str,
    font: FontId,
    colour: Color32,
) -> Shape {
    let galley = fonts.layout_no_wrap(text.to_string(), font, colour);
    let pos = centre - galley.size() / 2.0;
    Shape::galley(pos, galley, colour)
}

/// Fonts for pictures drawn without an egui context: egui's default fonts and text options, at one
/// pixel per point.
pub fn picture_fonts() -> Fonts {
    Fonts::new(TextOptions::default(), FontDefinitions::default())
}

/// The whole scene as a picture of `cell_px` pixels per cell on the map background.
pub fn picture(scene: &Scene, cell_px: u32) -> RgbaImage {
    let (w, h) = (
        scene.level.width.max(1) as u32,
        scene.level.height.max(1) as u32,
    );
    let t = CellToScreen::whole_map(scene.level.width, scene.level.height, cell_px as f32);
    let mut fonts = picture_fonts();
    let shapes = paint(scene, &t, &mut fonts.with_pixels_per_point(1.0));
    let mut image = RgbaImage::from_pixel(
        w * cell_px,
        h * cell_px,
        Rgba(palette::BACKGROUND.to_array()),
    );
    raster::draw_shapes(&mut image, shapes, fonts.texture_atlas());
    image
}
