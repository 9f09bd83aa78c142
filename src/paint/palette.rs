//! The one palette: every colour of the map, its overlays, the editor's legends, the PNG export and the
//! Tiled tileset, so they always agree.
//!
//! Terrain colours are muted so that overlay colours, which are saturated, stay readable on top of them.

use egui::Color32;

use crate::analysis::LootClass;
use crate::model::{ItemKind, Room, RoomKind, Terrain};

/// Behind the map, and every picture's pixels the map does not cover: darker than any wall.
pub const BACKGROUND: Color32 = Color32::from_rgb(24, 24, 28);
/// A seed-browser histogram's bars inside the criterion's range.
pub const HISTOGRAM_IN: Color32 = Color32::from_rgb(90, 170, 255);
/// A seed-browser histogram's bars outside the criterion's range: grey, so the range stands out.
pub const HISTOGRAM_OUT: Color32 = Color32::from_rgb(80, 80, 90);
/// A comparison's mark on a cell whose terrain changed. The three diff marks use hues none of the
/// map's own colours use, so a mark reads as a mark on any terrain.
pub const DIFF_TERRAIN: Color32 = Color32::from_rgb(255, 60, 220);
/// A comparison's mark where B has an item, guard or start that A has not.
pub const DIFF_ADDED: Color32 = Color32::from_rgb(60, 255, 120);
/// A comparison's mark where A had an item, guard or start that B has not.
pub const DIFF_REMOVED: Color32 = Color32::from_rgb(255, 70, 40);
/// Cell grid lines: black at a quarter opacity, so they show on light floors and vanish on walls.
pub const GRID: Color32 = Color32::from_rgba_premultiplied(0, 0, 0, 60);

/// Bare outdoor ground: the yard and path around the house.
pub const GROUND: Color32 = Color32::from_rgb(150, 140, 118);
/// Courtyards, opened courtyard boundaries and the outer grass band.
pub const GRASS: Color32 = Color32::from_rgb(104, 138, 84);
/// Pools in courtyards and large private rooms.
pub const WATER: Color32 = Color32::from_rgb(70, 112, 160);
/// Private rooms' floors: pale and cool, apart from the public rooms' wood.
pub const MARBLE: Color32 = Color32::from_rgb(196, 196, 204);
/// Public rooms' floors.
pub const WOOD: Color32 = Color32::from_rgb(176, 136, 92);
/// A creaky board in a public room: darker than the wood around it, since ending a move on one is
/// heard.
pub const WOOD_CREAKY: Color32 = Color32::from_rgb(150, 104, 64);
/// Walls and pillars; windows and openings start from it too and are drawn over it.
pub const WALL: Color32 = Color32::from_rgb(52, 50, 56);
/// Unbuilt rock of the other generators: nearly black, darker than walls.
pub const VOID: Color32 = Color32::from_rgb(12, 12, 14);
/// Plain floor of the generators that do not tell floor materials apart.
pub const FLOOR: Color32 = Color32::from_rgb(170, 160, 140);

/// A one-way window's pane, drawn over its wall-coloured cell.
pub const WINDOW_GLASS: Color32 = Color32::from_rgb(150, 210, 240);
/// A door cell with no door item (an open archway): a pale threshold, so the gap in the wall reads.
pub const ARCHWAY: Color32 = Color32::from_rgb(214, 196, 156);
/// A door item's leaf.
pub const DOOR: Color32 = Color32::from_rgb(120, 72, 30);
/// The frame around a door's leaf, darker so the door reads as a block in the wall line.
pub const DOOR_EDGE: Color32 = Color32::from_rgb(60, 34, 12);
/// A door's brass knob: what tells a door from a table at a glance.
pub const DOOR_KNOB: Color32 = Color32::from_rgb(250, 205, 80);
/// The front door's iron bars.
pub const PORTCULLIS: Color32 = Color32::from_rgb(150, 150, 160);
/// A garden door between courtyards: green, as the hedges it opens.
pub const GARDEN_GATE: Color32 = Color32::from_rgb(64, 110, 48);

/// Loot: a gold coin.
pub const COIN: Color32 = Color32::from_rgb(250, 204, 40);
/// A coin's rim, darker gold so the coin keeps its shape on marble.
pub const COIN_EDGE: Color32 = Color32::from_rgb(140, 100, 0);
/// Chairs are burgundy seats, apart from the brown of tables and doors.
pub const CHAIR: Color32 = Color32::from_rgb(140, 48, 64);
/// A table's top (a table hides the player).
pub const TABLE: Color32 = Color32::from_rgb(96, 60, 32);
/// The light rim inside a table's top, which sets it apart from a door of the same brown.
pub const TABLE_RIM: Color32 = Color32::from_rgb(214, 178, 120);
/// A bush (a hiding place that also blocks sight and light).
pub const BUSH: Color32 = Color32::from_rgb(40, 96, 40);
/// A lit torch's flame.
pub const TORCH_LIT: Color32 = Color32::from_rgb(255, 150, 30);
/// The translucent glow around a lit torch's flame.
pub const TORCH_GLOW: Color32 = Color32::from_rgba_premultiplied(90, 50, 0, 90);
/// The hot pale core of a lit torch's flame.
pub const TORCH_CORE: Color32 = Color32::from_rgb(255, 240, 160);
/// An unlit torch's empty cup.
pub const TORCH_UNLIT: Color32 = Color32::from_rgb(40, 36, 34);
/// The rim of an unlit torch's cup, light so the dark cup shows on dark floors.
pub const TORCH_UNLIT_EDGE: Color32 = Color32::from_rgb(170, 170, 170);
/// The handle of a torch, lit or not.
pub const TORCH_HANDLE: Color32 = Color32::from_rgb(92, 64, 40);
/// The rim of a pillar (a wall-coloured disc), so it reads as stone rather than as an unlit torch.
pub const PILLAR_RIM: Color32 = Color32::from_rgb(104, 100, 112);
/// Stairs (the entrance of a level with no outside) are light steps in a dark well: this is the well.
pub const STAIRS_WELL: Color32 = Color32::from_rgb(34, 30, 28);
/// The stairs' steps.
pub const STAIRS_STEP: Color32 = Color32::from_rgb(228, 216, 188);

/// A guard's shield.
pub const GUARD: Color32 = Color32::from_rgb(210, 40, 40);
/// The shield of a guard walking a ring outside the house, purple to tell it from those inside.
pub const GUARD_OUTSIDE: Color32 = Color32::from_rgb(150, 60, 200);
/// The player start's disc: cyan, a hue no guard or overlay uses.
pub const PLAYER: Color32 = Color32::from_rgb(30, 200, 220);
/// The rim of a guard's shield, which keeps it readable on any floor.
pub const OUTLINE: Color32 = Color32::WHITE;
/// The selected room's outline and tint, and the selection marks of the editor's tools.
pub const SELECTION: Color32 = Color32::from_rgb(255, 235, 60);
/// The ring around a cell brought to attention (a validation finding clicked in the editor).
pub const FOCUS: Color32 = Color32::from_rgb(255, 90, 200);
/// An edit previewed under the cursor that would break something (a wall over a door, a coin on a wall).
pub const WARNING: Color32 = Color32::from_rgb(255, 120, 40);

/// The thin dark edge around the map's markers (the player start, room-graph nodes, patrol arrows and
/// stations, facing arrows, a guard's flame): one pixel of black keeps a saturated marker apart from
/// any floor or overlay fill under it.
pub const MARKER_EDGE: Color32 = Color32::BLACK;
/// The edge of furniture glyphs (chairs, tables): a translucent black that outlines them without
/// looking drawn on.
pub const ITEM_EDGE: Color32 = Color32::from_black_alpha(170);
/// The tab of a stack's badge (a cell holding several items), and its bars, one per item.
pub const STACK_BADGE: Color32 = Color32::from_rgb(40, 36, 48);
/// See [`STACK_BADGE`].
pub const STACK_BADGE_BAR: Color32 = Color32::from_rgb(236, 224, 190);
/// A guard's number on its shield.
pub const GUARD_NUMBER: Color32 = Color32::WHITE;
/// The `@` on the player start's cyan disc.
pub const PLAYER_MARK: Color32 = Color32::BLACK;
/// A room's number on its room-graph node: black reads on every node colour, the near-white
/// exterior's included.
pub const NODE_NUMBER: Color32 = Color32::BLACK;
/// The dark plate behind every text tag (before its fade), so tags read over any fill.
pub const TAG_BACKING: Color32 = Color32::from_black_alpha(200);
/// Tag text with no colour of its own: public rooms' depths, unclassed coins' numbers, ghost routes'
/// figures.
pub const TAG_TEXT: Color32 = Color32::WHITE;
/// The tag of loot with no ghost route ("seen 2×", "no route in … turns"): a light red, kin to
/// [`NO_GHOST`] but readable as text on the dark plate.
pub const TAG_NOT_GHOST: Color32 = Color32::from_rgb(255, 140, 130);

// The editor's own panels and tools (never in a PNG export). White at alpha `a` is written
// premultiplied, `(a, a, a, a)`, as `Color32::from_white_alpha` makes it (which is not `const`).

/// An item other than a coin in a paste's preview under the cursor.
pub const CLIP_ITEM: Color32 = Color32::from_rgba_premultiplied(200, 200, 200, 200);
/// The outline of each cell of a paint stroke not yet let go.
pub const STROKE_CELL_EDGE: Color32 = Color32::from_rgba_premultiplied(160, 160, 160, 160);
/// The outline of the cell a move drag started from.
pub const DRAG_FROM: Color32 = Color32::from_rgba_premultiplied(140, 140, 140, 140);
/// The plate behind the minimap, so it reads over any part of the map.
pub const MINIMAP_BACKING: Color32 = Color32::from_black_alpha(190);
/// A picture drawn as it is: egui multiplies an image by this tint.
pub const NO_TINT: Color32 = Color32::WHITE;
/// The rulers' numbers.
pub const RULER_TEXT: Color32 = Color32::from_gray(200);
/// The rulers' ticks.
pub const RULER_TICK: Color32 = Color32::from_gray(150);
/// The frame around a seed-browser histogram.
pub const HISTOGRAM_FRAME: Color32 = Color32::from_gray(70);
/// History entries that are undone (redo brings them back): greyed out.
pub const TEXT_UNDONE: Color32 = Color32::GRAY;
/// Why the in-app file dialog cannot list a folder or take a name.
pub const TEXT_FILE_PROBLEM: Color32 = Color32::from_rgb(230, 110, 90);
/// A coin's route in the inspector when it is a ghost route (never seen).
pub const TEXT_GHOST_ROUTE: Color32 = Color32::LIGHT_GREEN;
/// Text egui lays out only to measure it (the validation table's row heights); never drawn.
pub const TEXT_MEASURED: Color32 = Color32::WHITE;

/// Panel and status-bar text for errors and refusals. The `TEXT_` colours are readable on the dark
/// panels and tell what a line reports by its colour alone.
pub const TEXT_ERROR: Color32 = Color32::from_rgb(255, 110, 100);
/// Panel text for warnings.
pub const TEXT_WARNING: Color32 = Color32::from_rgb(240, 190, 70);
/// Panel text for things done.
pub const TEXT_SUCCESS: Color32 = Color32::from_rgb(110, 210, 120);
/// Panel text for neutral notes.
pub const TEXT_NOTE: Color32 = Color32::from_rgb(150, 190, 255);

/// Room-graph nodes (overlay 1) of public rooms.
pub const NODE_PUBLIC_ROOM: Color32 = Color32::from_rgb(70, 150, 255);
/// Room-graph nodes of private rooms.
pub const NODE_PRIVATE_ROOM: Color32 = Color32::from_rgb(230, 70, 160);
/// Room-graph nodes of public courtyards.
pub const NODE_PUBLIC_COURTYARD: Color32 = Color32::from_rgb(80, 210, 120);
/// Room-graph nodes of private courtyards.
pub const NODE_PRIVATE_COURTYARD: Color32 = Color32::from_rgb(190, 120, 255);
/// The room-graph node of the exterior, just outside the front door.
pub const NODE_EXTERIOR: Color32 = Color32::from_rgb(240, 240, 240);
/// Room-graph edges through a door.
pub const EDGE_DOOR: Color32 = Color32::from_rgb(250, 250, 250);
/// Room-graph links between courtyards that share an open boundary (drawn dashed).
pub const EDGE_COURTYARD: Color32 = Color32::from_rgb(110, 255, 150);
/// The room-graph edge through the front door (drawn wider).
pub const EDGE_FRONT: Color32 = Color32::from_rgb(255, 200, 0);

/// Private-room overlay (2): the outline along each private room's cells.
pub const PRIVATE_OUTLINE: Color32 = Color32::from_rgb(230, 40, 150);
/// The wall segments between a public and a private room (overlay 2): where the mansion turns private.
pub const BOUNDARY: Color32 = Color32::from_rgb(255, 60, 60);

/// Loot overlay (3) tint of dead-end rooms ([`LootClass::DeadEnd`]): red, looted first.
pub const LOOT_DEAD_END: Color32 = Color32::from_rgb(230, 60, 50);
/// Loot overlay tint of private rooms that are not dead ends.
pub const LOOT_PRIVATE: Color32 = Color32::from_rgb(170, 80, 230);
/// Loot overlay tint of every other room that takes loot.
pub const LOOT_ANYWHERE: Color32 = Color32::from_rgb(60, 170, 230);

/// Patrol overlay (4): the rooms no route visits.
pub const UNPATROLLED: Color32 = Color32::from_rgb(255, 60, 60);
/// A 2025 vault's floor: a cold blue-grey stone apart from marble.
pub const VAULT_FLOOR: Color32 = Color32::from_rgb(120, 132, 156);
/// The floor under a 2025 treasure's plinth.
pub const TREASURE_FLOOR: Color32 = Color32::from_rgb(200, 170, 110);

/// The fill of a 2025 item's block glyph, one hue per kind so they stay apart on the map; `None` for
/// the kinds the older generators share, which have glyphs of their own.
pub fn item_2025(kind: ItemKind) -> Option<Color32> {
    let rgb = match kind {
        ItemKind::LockedDoor(_) => (230, 40, 40),
        ItemKind::Health => (120, 230, 120),
        ItemKind::BedLeft | ItemKind::BedRight => (220, 220, 240),
        ItemKind::DrawersShort => (150, 110, 70),
        ItemKind::DrawersTall => (90, 60, 40),
        ItemKind::Bookshelf => (110, 40, 30),
        ItemKind::Shelf => (130, 130, 120),
        ItemKind::Stove => (30, 30, 30),
        ItemKind::VaultBox => (200, 160, 20),
        ItemKind::Plinth => (175, 165, 150),
        ItemKind::Note => (245, 245, 220),
        ItemKind::TreasureLock => (90, 90, 200),
        ItemKind::Treasure(_) => (255, 60, 180),
        ItemKind::Chair
        | ItemKind::Table
        | ItemKind::Bush
        | ItemKind::Coin
        | ItemKind::Door(_)
        | ItemKind::Portcullis(_)
        | ItemKind::TorchUnlit
        | ItemKind::TorchLit => return None,
    };
    Some(Color32::from_rgb(rgb.0, rgb.1, rgb.2))
}

/// The dark band under each patrol route's line, so routes read where they cross floors of their
/// own hue.
pub const PATROL_UNDERLAY: Color32 = Color32::from_black_alpha(150);
/// The letter on a patrol station's badge, black on the route's colour.
pub const BADGE_LETTER: Color32 = Color32::BLACK;
/// A split marker's disc: where a chain route was cut for guard density (its rim and cross are
/// [`MARKER_EDGE`]).
pub const SPLIT_MARKER: Color32 = Color32::WHITE;
/// Overlay 3's ring around each coin, which finds coins among the furniture.
pub const LOOT_RING: Color32 = Color32::WHITE;
/// The dark band under each room-graph edge, so white door edges read on marble.
pub const GRAPH_EDGE_UNDERLAY: Color32 = Color32::from_black_alpha(190);

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

/// Patrol route `route`'s colour; with more than ten routes the colours repeat, ten apart.
pub fn route_colour(route: usize) -> Color32 {
    ROUTE_PALETTE[route % ROUTE_PALETTE.len()]
}

/// A cell's base fill by its terrain.
pub fn terrain(t: Terrain) -> Color32 {
    match t {
        Terrain::Ground => GROUND,
        Terrain::Grass => GRASS,
        Terrain::Water => WATER,
        Terrain::Marble => MARBLE,
        Terrain::Wood => WOOD,
        Terrain::WoodCreaky => WOOD_CREAKY,
        // Windows and openings are painted over a wall-coloured cell by the map view.
        Terrain::Wall
        | Terrain::Window(_)
        | Terrain::Portcullis(_)
        | Terrain::Door(_)
        | Terrain::GardenDoor(_) => WALL,
        Terrain::Void => VOID,
        Terrain::Floor => FLOOR,
        Terrain::VaultFloor => VAULT_FLOOR,
        Terrain::TreasureFloor => TREASURE_FLOOR,
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

/// A loot class's tint (overlay 3).
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
/// A designer's lock: the padlock's dark body and the shadow under the border.
pub const LOCK_DARK: Color32 = Color32::from_rgb(70, 10, 45);
/// A room locked by a hand edit rather than by the designer: the same badge and border in teal.
pub const LOCK_BY_EDIT: Color32 = Color32::from_rgb(60, 210, 200);
/// A hand edit's lock: the padlock's dark body and the shadow under the border.
pub const LOCK_BY_EDIT_DARK: Color32 = Color32::from_rgb(8, 50, 48);

/// Guard sight (overlay 5): cells no guard ever watches, a cool colour apart from the warm ramp.
pub const NEVER_WATCHED: Color32 = Color32::from_rgb(40, 90, 190);
/// Hatching over cells that torches as generated (or, on the timeline, any torch burning then) light.
pub const LIT_HATCH: Color32 = Color32::from_rgb(255, 250, 215);
/// Frames of the cells that hide the thief (tables and bushes).
pub const HIDING: Color32 = Color32::from_rgb(90, 255, 210);

/// Routes to loot (overlay 6): the least-noticed fallback route and its noticed turns.
pub const FALLBACK_ROUTE: Color32 = Color32::from_rgb(255, 45, 45);
/// Loot with no ghost route.
pub const NO_GHOST: Color32 = Color32::from_rgb(255, 45, 45);
/// The dark band under each route to loot, so the route's time ramp reads on any floor.
pub const ROUTE_UNDERLAY: Color32 = Color32::from_black_alpha(170);
/// The dark band under the ring of loot with no ghost route.
pub const NO_GHOST_UNDERLAY: Color32 = Color32::from_black_alpha(190);
/// The rim of a watched turn's red dot on a fallback route.
pub const WATCHED_DOT_RIM: Color32 = Color32::WHITE;

/// `c` halfway to white: loot numbers (overlay 3) in their class's hue, readable on the dark tag plate.
pub fn brighter(c: Color32) -> Color32 {
    let up = |v: u8| v.saturating_add((255 - v) / 2);
    Color32::from_rgb(up(c.r()), up(c.g()), up(c.b()))
}

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

/// Play-testing: the cells the game's light reaches this turn, a warm wash.
pub const PLAY_LIT: Color32 = Color32::from_rgba_premultiplied(70, 60, 10, 70);
/// Play-testing: the wash of a cell holding `strength` (0–1) of light: [`PLAY_LIT`] at full light,
/// fainter as the 2025 game's graded light fades, never so faint that a lit cell looks dark (the guards'
/// sight test asks only whether a cell holds any light).
pub fn play_light(strength: f32) -> Color32 {
    PLAY_LIT.gamma_multiply(0.3 + 0.7 * strength.clamp(0.0, 1.0))
}
/// Play-testing: a knocked-out guard's badge (2025 rules): it sees nothing until woken.
pub const PLAY_DOWN: Color32 = Color32::from_rgb(150, 150, 160);
/// Play-testing: the fog of war over cells the thief has not seen yet.
pub const PLAY_FOG: Color32 = Color32::from_black_alpha(185);
/// Play-testing: a relaxed guard's badge and view (patrolling, relighting).
pub const PLAY_RELAXED: Color32 = Color32::from_rgb(120, 200, 255);
/// Play-testing: a wary guard's badge and view (looking, listening, going to a sighting, sound or
/// shout).
pub const PLAY_WARY: Color32 = Color32::from_rgb(255, 200, 40);
/// Play-testing: a chasing guard's badge and view.
pub const PLAY_CHASE: Color32 = Color32::from_rgb(255, 50, 40);
/// Play-testing: the ring around a guard that heard the thief or a shout this turn.
pub const PLAY_HEARD: Color32 = Color32::from_rgb(250, 250, 250);
/// Play-testing: the thief.
pub const PLAY_THIEF: Color32 = Color32::from_rgb(40, 230, 120);
/// Play-testing: the cross over a coin the thief has taken.
pub const PLAY_TAKEN: Color32 = Color32::from_rgb(30, 30, 30);
/// Play-testing: the static guards of the document, dimmed under the game's own.
pub const PLAY_DIM: Color32 = Color32::from_black_alpha(150);

/// Playtest heat map: where simulated thieves were caught (stronger where more runs were).
pub const HEAT_CAUGHT: Color32 = Color32::from_rgb(230, 40, 40);
/// Playtest heat map: where simulated thieves were first seen.
pub const HEAT_FIRST_SEEN: Color32 = Color32::from_rgb(240, 170, 30);
