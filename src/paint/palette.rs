//! The one palette: every colour of the map, its overlays, the editor's legends, the PNG export and the
//! Tiled tileset, so they always agree.
//!
//! Terrain colours are muted so that overlay colours, which are saturated, stay readable on top of them.

use egui::Color32;

use crate::analysis::LootClass;
use crate::model::{Room, RoomKind, Terrain};

pub const BACKGROUND: Color32 = Color32::from_rgb(24, 24, 28);
/// A seed-browser histogram: bars inside the criterion's range, and outside it.
pub const HISTOGRAM_IN: Color32 = Color32::from_rgb(90, 170, 255);
pub const HISTOGRAM_OUT: Color32 = Color32::from_rgb(80, 80, 90);
/// A comparison's marks: terrain changed, something added, something removed. Hues none of the map's
/// own colours use, so a mark reads as a mark on any terrain.
pub const DIFF_TERRAIN: Color32 = Color32::from_rgb(255, 60, 220);
pub const DIFF_ADDED: Color32 = Color32::from_rgb(60, 255, 120);
pub const DIFF_REMOVED: Color32 = Color32::from_rgb(255, 70, 40);
pub const GRID: Color32 = Color32::from_rgba_premultiplied(0, 0, 0, 60);

pub const GROUND: Color32 = Color32::from_rgb(150, 140, 118);
pub const GRASS: Color32 = Color32::from_rgb(104, 138, 84);
pub const WATER: Color32 = Color32::from_rgb(70, 112, 160);
pub const MARBLE: Color32 = Color32::from_rgb(196, 196, 204);
pub const WOOD: Color32 = Color32::from_rgb(176, 136, 92);
pub const WOOD_CREAKY: Color32 = Color32::from_rgb(150, 104, 64);
pub const WALL: Color32 = Color32::from_rgb(52, 50, 56);
pub const VOID: Color32 = Color32::from_rgb(12, 12, 14);
pub const FLOOR: Color32 = Color32::from_rgb(170, 160, 140);

pub const WINDOW_GLASS: Color32 = Color32::from_rgb(150, 210, 240);
pub const ARCHWAY: Color32 = Color32::from_rgb(214, 196, 156);
pub const DOOR: Color32 = Color32::from_rgb(120, 72, 30);
pub const DOOR_EDGE: Color32 = Color32::from_rgb(60, 34, 12);
/// A door's brass knob: what tells a door from a table at a glance.
pub const DOOR_KNOB: Color32 = Color32::from_rgb(250, 205, 80);
pub const PORTCULLIS: Color32 = Color32::from_rgb(150, 150, 160);
pub const GARDEN_GATE: Color32 = Color32::from_rgb(64, 110, 48);

pub const COIN: Color32 = Color32::from_rgb(250, 204, 40);
pub const COIN_EDGE: Color32 = Color32::from_rgb(140, 100, 0);
/// Chairs are burgundy seats, apart from the brown of tables and doors.
pub const CHAIR: Color32 = Color32::from_rgb(140, 48, 64);
pub const TABLE: Color32 = Color32::from_rgb(96, 60, 32);
pub const TABLE_RIM: Color32 = Color32::from_rgb(214, 178, 120);
pub const BUSH: Color32 = Color32::from_rgb(40, 96, 40);
pub const TORCH_LIT: Color32 = Color32::from_rgb(255, 150, 30);
pub const TORCH_GLOW: Color32 = Color32::from_rgba_premultiplied(90, 50, 0, 90);
pub const TORCH_CORE: Color32 = Color32::from_rgb(255, 240, 160);
pub const TORCH_UNLIT: Color32 = Color32::from_rgb(40, 36, 34);
pub const TORCH_UNLIT_EDGE: Color32 = Color32::from_rgb(170, 170, 170);
pub const TORCH_HANDLE: Color32 = Color32::from_rgb(92, 64, 40);
/// The rim of a pillar (a wall-coloured disc), so it reads as stone rather than as an unlit torch.
pub const PILLAR_RIM: Color32 = Color32::from_rgb(104, 100, 112);
/// Stairs: light steps in a dark well.
pub const STAIRS_WELL: Color32 = Color32::from_rgb(34, 30, 28);
pub const STAIRS_STEP: Color32 = Color32::from_rgb(228, 216, 188);

pub const GUARD: Color32 = Color32::from_rgb(210, 40, 40);
pub const GUARD_OUTSIDE: Color32 = Color32::from_rgb(150, 60, 200);
pub const PLAYER: Color32 = Color32::from_rgb(30, 200, 220);
pub const OUTLINE: Color32 = Color32::WHITE;
pub const SELECTION: Color32 = Color32::from_rgb(255, 235, 60);
pub const FOCUS: Color32 = Color32::from_rgb(255, 90, 200);
/// An edit previewed under the cursor that would break something (a wall over a door, a coin on a wall).
pub const WARNING: Color32 = Color32::from_rgb(255, 120, 40);

/// Panel and status-bar text by what it reports, readable on the dark panels: errors and refusals,
/// warnings, things done, and neutral notes.
pub const TEXT_ERROR: Color32 = Color32::from_rgb(255, 110, 100);
pub const TEXT_WARNING: Color32 = Color32::from_rgb(240, 190, 70);
pub const TEXT_SUCCESS: Color32 = Color32::from_rgb(110, 210, 120);
pub const TEXT_NOTE: Color32 = Color32::from_rgb(150, 190, 255);

/// Room-graph node colours by kind (overlay 1).
pub const NODE_PUBLIC_ROOM: Color32 = Color32::from_rgb(70, 150, 255);
pub const NODE_PRIVATE_ROOM: Color32 = Color32::from_rgb(230, 70, 160);
pub const NODE_PUBLIC_COURTYARD: Color32 = Color32::from_rgb(80, 210, 120);
pub const NODE_PRIVATE_COURTYARD: Color32 = Color32::from_rgb(190, 120, 255);
pub const NODE_EXTERIOR: Color32 = Color32::from_rgb(240, 240, 240);
pub const EDGE_DOOR: Color32 = Color32::from_rgb(250, 250, 250);
pub const EDGE_COURTYARD: Color32 = Color32::from_rgb(110, 255, 150);
pub const EDGE_FRONT: Color32 = Color32::from_rgb(255, 200, 0);

/// Private-room overlay (2).
pub const PRIVATE_OUTLINE: Color32 = Color32::from_rgb(230, 40, 150);
pub const BOUNDARY: Color32 = Color32::from_rgb(255, 60, 60);

/// Loot overlay (3) tints.
pub const LOOT_DEAD_END: Color32 = Color32::from_rgb(230, 60, 50);
pub const LOOT_PRIVATE: Color32 = Color32::from_rgb(170, 80, 230);
pub const LOOT_ANYWHERE: Color32 = Color32::from_rgb(60, 170, 230);

/// Patrol overlay (4).
pub const UNPATROLLED: Color32 = Color32::from_rgb(255, 60, 60);

/// Distinct route colours, chosen to stay apart from the terrain and from each other.
const ROUTE_PALETTE: [Color32; 10] = [
    Color32::from_rgb(255, 80, 80),
    Color32::from_rgb(60, 200, 255),
    Color32::from_rgb(255, 200, 0),
    Color32::from_rgb(120, 255, 100),
    Color32::from_rgb(255, 110, 230),
    Color32::from_rgb(255, 150, 40),
    Color32::from_rgb(150, 130, 255),
    Color32::from_rgb(0, 240, 190),
    Color32::from_rgb(230, 255, 120),
    Color32::from_rgb(255, 170, 170),
];

pub fn route_colour(route: usize) -> Color32 {
    ROUTE_PALETTE[route % ROUTE_PALETTE.len()]
}

pub fn terrain(t: Terrain) -> Color32 {
    match t {
        Terrain::Ground => GROUND,
        Terrain::Grass => GRASS,
        Terrain::Water => WATER,
        Terrain::Marble => MARBLE,
        Terrain::Wood => WOOD,
        Terrain::WoodCreaky => WOOD_CREAKY,
        Terrain::Wall | Terrain::Window(_) => WALL,
        Terrain::Void => VOID,
        Terrain::Floor => FLOOR,
        // Openings are painted over a wall-coloured cell by the map view.
        Terrain::Portcullis(_) | Terrain::Door(_) | Terrain::GardenDoor(_) => WALL,
    }
}

/// The room-graph colour of a room's kind.
pub fn room_node(room: &Room) -> Color32 {
    match (room.kind, room.private) {
        (RoomKind::Exterior, _) => NODE_EXTERIOR,
        (RoomKind::Courtyard, false) => NODE_PUBLIC_COURTYARD,
        (RoomKind::Courtyard, true) => NODE_PRIVATE_COURTYARD,
        (_, false) => NODE_PUBLIC_ROOM,
        (_, true) => NODE_PRIVATE_ROOM,
    }
}

pub fn loot_class(class: LootClass) -> Color32 {
    match class {
        LootClass::DeadEnd => LOOT_DEAD_END,
        LootClass::Private => LOOT_PRIVATE,
        LootClass::Anywhere => LOOT_ANYWHERE,
    }
}

/// Depth shading (overlay 2), pale green through teal and blue to purple (no yellow, which is loot); `t` in 0..=1.
pub fn depth_ramp(t: f32) -> Color32 {
    const STOPS: [(f32, f32, f32); 5] = [
        (190.0, 235.0, 150.0),
        (70.0, 195.0, 165.0),
        (50.0, 135.0, 195.0),
        (85.0, 75.0, 175.0),
        (105.0, 30.0, 115.0),
    ];
    ramp(&STOPS, t)
}

/// `colour` with the given alpha, premultiplied as egui expects.
pub fn with_alpha(colour: Color32, alpha: u8) -> Color32 {
    Color32::from_rgba_unmultiplied(colour.r(), colour.g(), colour.b(), alpha)
}

/// Locked rooms: border and padlock badge, distinct from the yellow selection.
pub const LOCK: Color32 = Color32::from_rgb(255, 80, 170);
pub const LOCK_DARK: Color32 = Color32::from_rgb(70, 10, 45);
/// A room locked by a hand edit rather than by the designer: the same badge and border in teal.
pub const LOCK_BY_EDIT: Color32 = Color32::from_rgb(60, 210, 200);
pub const LOCK_BY_EDIT_DARK: Color32 = Color32::from_rgb(8, 50, 48);

/// Guard sight (overlay 5): cells no guard ever watches, a cool colour apart from the warm ramp.
pub const NEVER_WATCHED: Color32 = Color32::from_rgb(40, 90, 190);
/// Hatching over cells that placed torches (or, on the timeline, any torch) light.
pub const LIT_HATCH: Color32 = Color32::from_rgb(255, 250, 215);
/// Frames of the cells that hide the thief (tables and bushes).
pub const HIDING: Color32 = Color32::from_rgb(90, 255, 210);

/// Routes to loot (overlay 6): the least-noticed fallback route and its noticed turns.
pub const FALLBACK_ROUTE: Color32 = Color32::from_rgb(255, 45, 45);
/// Loot with no ghost route.
pub const NO_GHOST: Color32 = Color32::from_rgb(255, 45, 45);

/// Linear interpolation through colour stops; `t` in 0..=1.
fn ramp(stops: &[(f32, f32, f32)], t: f32) -> Color32 {
    let x = t.clamp(0.0, 1.0) * (stops.len() - 1) as f32;
    let i = (x.floor() as usize).min(stops.len() - 2);
    let f = x - i as f32;
    let (a, b) = (stops[i], stops[i + 1]);
    let lerp = |p: f32, q: f32| (p + (q - p) * f).round() as u8;
    Color32::from_rgb(lerp(a.0, b.0), lerp(a.1, b.1), lerp(a.2, b.2))
}

/// How much of the patrol cycle a cell is watched (overlay 5), pale yellow for rarely through orange
/// and red to deep magenta for always. The share is taken by its square root: most watched cells are
/// watched a few percent of the cycle, and a linear ramp would show them all the same pale colour.
pub fn watched_ramp(share: f32) -> Color32 {
    const STOPS: [(f32, f32, f32); 4] = [
        (255.0, 240.0, 120.0),
        (255.0, 160.0, 30.0),
        (225.0, 40.0, 40.0),
        (140.0, 0.0, 110.0),
    ];
    ramp(&STOPS, share.clamp(0.0, 1.0).sqrt())
}

/// A route's time from its start (0) to its end (1), blue through cyan and green to yellow (overlay 6):
/// no red, which flags watched steps and loot without a ghost route.
pub fn route_time_ramp(t: f32) -> Color32 {
    const STOPS: [(f32, f32, f32); 4] = [
        (80.0, 110.0, 255.0),
        (0.0, 215.0, 255.0),
        (110.0, 250.0, 110.0),
        (255.0, 240.0, 50.0),
    ];
    ramp(&STOPS, t)
}
