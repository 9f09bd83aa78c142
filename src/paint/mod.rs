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
mod graph_layout;
pub mod labels;
mod locks;
mod loot_routes;
pub mod outline;
mod overlays;
pub mod palette;
mod patrols;
mod play;
mod play_frame;
pub mod raster;
mod room_graph;
mod scene;
mod shown;
mod sight;
mod terrain;
mod tiles;
mod timeline;
mod timeline_frame;
mod transform;

use egui::Shape;
use egui::epaint::FontsView;
use egui::epaint::text::{FontDefinitions, Fonts, TextOptions};
use image::{Rgba, RgbaImage};

pub use facts::MapFacts;
pub use glyphs::{item_glyph, pillar, shield, stack_badge, stairs};
pub use graph_layout::{GraphEdge, GraphLayout};
pub use labels::text_shape;
use labels::{Labels, fade, lod};
pub use locks::padlock;
pub use loot_routes::{no_ghost_ring, watched_dot};
pub use patrols::{badge, split_marker};
pub use play::mode_colour;
pub use play_frame::{PlayFrame, PlayGuard};
pub use scene::Scene;
pub use shown::{Layer, Layers, Overlays};
pub use sight::{heat_colour, hiding_frame, lit_hatch};
pub use terrain::terrain_tile;
pub use tiles::{GuardBadge, guard_tile, item_tile};
pub use timeline::{VIEW_ALPHA, facing_arrow};
pub use timeline_frame::TimelineFrame;
pub use transform::CellToScreen;
use transform::Visible;

use crate::analysis::Overlay;

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
    if let Some(frame) = scene.play {
        play::draw_fills(&mut shapes, t, frame, visible);
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
        if let Some(frame) = scene.play {
            // The game's guards and thief; the level's own are dimmed beneath them.
            glyphs::draw_guards(&mut shapes, t, level, fonts, 0.0);
            glyphs::draw_player(&mut shapes, t, level, fonts, 0.0);
            play::dim_static(&mut shapes, t, scene);
            play::draw_markers(&mut shapes, t, scene, frame, fonts, &mut labels, numbers);
        } else if let Some(frame) = scene.timeline {
            // The guards stand where the timeline's turn has them, not at their starts.
            timeline::draw_guards(&mut shapes, t, scene, frame, fonts, &mut labels, numbers);
        } else {
            glyphs::draw_guards(&mut shapes, t, level, fonts, numbers);
            for guard in &level.guards {
                labels.block(glyphs::GuardMarker::bounds(t, t.cell_centre(guard.start)));
            }
        }
        if scene.play.is_none() {
            glyphs::draw_player(&mut shapes, t, level, fonts, text(lod::PLAYER));
            let p = t.cell_centre(level.player_start);
            labels.block_disc(p, glyphs::player_radius(t, level));
        }
    }
    for (_, badge) in locks::badges(t, scene) {
        labels.block(badge);
    }
    let warnings = text(lod::WARNINGS);
    loot_routes::draw_labels(&mut shapes, t, scene, fonts, &mut labels, warnings);
    overlays::draw_labels(&mut shapes, t, scene, fonts, &mut labels, text);
    if let Some(frame) = scene.play {
        play::draw_fog(&mut shapes, t, frame, visible);
    }
    terrain::draw_selection(&mut shapes, t, scene);
    // After the selection, so a selected locked room still shows its badge and border.
    locks::draw(&mut shapes, t, scene);
    diff::draw(&mut shapes, t, scene.diff);
    shapes
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
