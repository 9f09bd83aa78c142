//! The level and its parts: rooms, adjacencies, patrols, guards, the entrance and the siheyuan plan.
//!
//! Kept in a module of its own (the model's root re-exports it) so that the limits, locks and checks of
//! the model import it directly rather than through the root that also imports them.

use serde::{Deserialize, Serialize};

use super::cell::{Cell, Dir};
use super::diagnostic::Diagnostic;
use super::grid::Shape;
use super::lll2025::Level2025;
use super::rect::Rect;
use super::terrain::{Item, ItemKind, Terrain};

/// Index of a room in [`Level::rooms`].
pub type RoomId = usize;
/// Index of an adjacency in [`Level::adjacencies`].
pub type AdjacencyId = usize;

/// The kind of a room (shared contract §0.1). Public/private is the separate [`Room::private`] flag.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum RoomKind {
    /// Everything outside the building; a level has at most one, at depth 0.
    Exterior,
    /// An open-air yard inside the walls, grassed; circulation.
    Courtyard,
    /// A chamber: the rooms where loot, chairs and tables go.
    Room,
    /// A large indoor room that guards and the player pass through; circulation.
    Hall,
    /// A passage joining rooms; circulation.
    Corridor,
}

impl RoomKind {
    /// Chamber: a room proper, where dead-end loot goes.
    pub fn is_chamber(self) -> bool {
        self == RoomKind::Room
    }

    /// Circulation: courtyards, halls and corridors.
    pub fn is_circulation(self) -> bool {
        matches!(
            self,
            RoomKind::Courtyard | RoomKind::Hall | RoomKind::Corridor
        )
    }
}

/// Where a room came from, for locks and the inspector.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum RoomOrigin {
    /// The outside of the building.
    Exterior,
    /// A slot `(rx, ry)` of the siheyuan room grid.
    Slot {
        /// Column of the slot, 0 at the west; the mirror axis is the middle column.
        rx: i32,
        /// Row of the slot, 0 at the front.
        ry: i32,
    },
    /// Modules of the tile-growth grid, in placement order.
    Modules(Vec<(i32, i32)>),
    /// A placement rectangle on the packed-mansion plan grid.
    Placement {
        /// West edge on the plan grid, in plan units.
        x: i32,
        /// South edge on the plan grid.
        y: i32,
        /// Width in plan units.
        w: i32,
        /// Height in plan units.
        h: i32,
    },
    /// A cell of the Rogue grid.
    GridCell {
        /// Column of the Rogue grid cell, 0 at the west.
        i: i32,
        /// Row of the Rogue grid cell, 0 at the front.
        j: i32,
    },
    /// A room of the 2025 generator, named by its south-west floor cell: the game numbers rooms by list
    /// position, which merges shift, while the corner stays put for the same seed.
    Corner2025 {
        /// West edge of the room's floor.
        x: i32,
        /// South edge of the room's floor.
        y: i32,
    },
}

/// The kind of a room's origin: which grid of which generator a room (and a lock of it) belongs to. A
/// generator declares the kind its rooms carry, so a lock from another generator's level is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OriginKind {
    /// [`RoomOrigin::Slot`]: the siheyuan's rooms.
    Slot,
    /// [`RoomOrigin::Modules`]: the tile-growth generator's rooms.
    Modules,
    /// [`RoomOrigin::Placement`]: the packed mansion's rooms.
    Placement,
    /// [`RoomOrigin::GridCell`]: the Rogue grid's rooms.
    GridCell,
    /// [`RoomOrigin::Corner2025`]: the 2025 generator's rooms.
    Corner2025,
}

impl OriginKind {
    /// In a designer's words, for messages ("a lock of a siheyuan slot").
    pub fn name(self) -> &'static str {
        match self {
            OriginKind::Slot => "siheyuan slot",
            OriginKind::Modules => "tile-growth module group",
            OriginKind::Placement => "packed-mansion placement",
            OriginKind::GridCell => "Rogue-grid cell",
            OriginKind::Corner2025 => "2025 room corner",
        }
    }
}

impl RoomOrigin {
    /// The kind of this origin; `None` for the exterior, which every generator has.
    pub fn kind(&self) -> Option<OriginKind> {
        match self {
            RoomOrigin::Exterior => None,
            RoomOrigin::Slot { .. } => Some(OriginKind::Slot),
            RoomOrigin::Modules(_) => Some(OriginKind::Modules),
            RoomOrigin::Placement { .. } => Some(OriginKind::Placement),
            RoomOrigin::GridCell { .. } => Some(OriginKind::GridCell),
            RoomOrigin::Corner2025 { .. } => Some(OriginKind::Corner2025),
        }
    }
}

/// A room or region: a chamber, courtyard, hall, corridor or the exterior.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Room {
    /// What sort of room this is; decides its floor, furniture and whether loot may go in it.
    pub kind: RoomKind,
    /// Private (back-of-house) flag; decided from depth by the shared rule.
    pub private: bool,
    /// Door hops from the front (exterior 0, front row 1).
    pub depth: u32,
    /// Bounding rectangle of the room's floor (its interior).
    pub interior: Rect,
    /// Floor cells, in x-outer/y-inner order. For rectangular rooms these are exactly the interior's cells.
    pub cells: Vec<Cell>,
    /// Where in its generator's plan the room came from; the name a lock keeps it by across
    /// regenerations, since ids are renumbered.
    pub origin: RoomOrigin,
}

impl Room {
    /// An open-air courtyard.
    pub fn is_courtyard(&self) -> bool {
        self.kind == RoomKind::Courtyard
    }

    /// A room or hall: indoors, and more than a passage.
    pub fn is_indoor_room(&self) -> bool {
        self.kind == RoomKind::Room || self.kind == RoomKind::Hall
    }

    /// A short human-readable kind, e.g. "private room" or "public courtyard".
    pub fn kind_label(&self) -> String {
        let kind = match self.kind {
            RoomKind::Exterior => return "exterior".to_string(),
            RoomKind::Courtyard => "courtyard",
            RoomKind::Room => "room",
            RoomKind::Hall => "hall",
            RoomKind::Corridor => "corridor",
        };
        let privacy = if self.private { "private" } else { "public" };
        format!("{privacy} {kind}")
    }
}

/// A straight run of wall cells shared by two rooms (spec §2.4). Corner cells at its ends are not part of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Segment {
    /// The first wall cell of the run.
    pub origin: Cell,
    /// The way the run goes from `origin`; the room on its counter-clockwise side is the adjacency's
    /// `left`.
    pub dir: Dir,
    /// Wall cells in the run, `origin` included.
    pub len: i32,
}

impl Segment {
    /// The `k`-th cell of the run, `origin` being the 0th; not checked against `len`.
    pub fn cell(&self, k: i32) -> Cell {
        let (dx, dy) = self.dir.delta();
        self.origin.offset(dx * k, dy * k)
    }

    /// The run's `len` cells, from `origin` on.
    pub fn cells(&self) -> impl Iterator<Item = Cell> + '_ {
        (0..self.len).map(|k| self.cell(k))
    }
}

/// One contact between two rooms: a shared wall run or a corridor (shared contract §0.1).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Adjacency {
    /// The room on the counter-clockwise ("left") side of the segment's direction.
    pub left: RoomId,
    /// The room on the clockwise side.
    pub right: RoomId,
    /// The shared wall run; `None` for a corridor connection.
    pub segment: Option<Segment>,
    /// The mirror partner across the vertical axis; itself when self-partnered (siheyuan only).
    pub mirror: Option<AdjacencyId>,
    /// Whether the two rooms are joined by a door (or an open archway, or the corridor itself);
    /// without one the contact is a plain wall. Door-flagged adjacencies are the room graph's edges.
    pub door: bool,
    /// Door cells: one in a shared wall, the two ends of a corridor. Empty without a door.
    pub door_cells: Vec<Cell>,
    /// A corridor's cells in walking order from `left` to `right`, from `door_cells[0]` to
    /// `door_cells[1]` inclusive (patrols walk it between the rooms); empty for wall doors.
    pub via: Vec<Cell>,
}

impl Adjacency {
    /// The room on the far side from `room`; for a room that is on neither side, `left`.
    pub fn other(&self, room: RoomId) -> RoomId {
        if self.left == room {
            self.right
        } else {
            self.left
        }
    }

    /// Whether `room` is one of the two sides.
    pub fn touches(&self, room: RoomId) -> bool {
        self.left == room || self.right == room
    }

    /// The door cell on `room`'s side (the only door cell for wall doors).
    pub fn door_cell_for(&self, room: RoomId) -> Option<Cell> {
        match self.door_cells.as_slice() {
            [] => None,
            [only] => Some(*only),
            [first, .., last] => Some(if room == self.left { *first } else { *last }),
        }
    }
}

/// Why a guard pauses at a patrol station.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum StationKind {
    /// Beside a window looking out of the room.
    Window,
    /// Next to loot.
    Loot,
    /// Sitting on a chair.
    Chair,
    /// No station: a couple of steps into the room from its door.
    IntoRoom,
}

/// The role of a patrol station in its route.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum StationRole {
    /// Where the route starts: the guard waits here before walking out of the first room.
    Head,
    /// Where the route ends: the guard walks in from the last door and waits before turning back.
    Tail,
    /// A detour into a room off the route: in through a door, a wait, and back out the same door.
    SideTrip,
}

/// A place on a patrol route where the guard stops and waits for a few turns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Station {
    /// The cell the guard waits on.
    pub cell: Cell,
    /// The room the station is in.
    pub room: RoomId,
    /// What the guard pauses beside.
    pub kind: StationKind,
    /// Where in the route the pause comes.
    pub role: StationRole,
}

/// A patrol route: the cells a guard walks, in order (repeats mean waiting), and the room visits it was
/// built from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PatrolRoute {
    /// One cell per turn, in walking order; a guard walks to the end and back, or round again when the
    /// route [`loops`](PatrolRoute::loops).
    pub cells: Vec<Cell>,
    /// Room visits in order; a side trip shows its host room twice.
    pub visits: Vec<RoomId>,
    /// The pauses along the route, in walking order.
    pub stations: Vec<Station>,
    /// A route around the outside of the house.
    pub outside: bool,
}

impl PatrolRoute {
    /// A route loops when its first and last cells are Chebyshev-adjacent (spec §2.6).
    pub fn loops(&self) -> bool {
        match (self.cells.first(), self.cells.last()) {
            (Some(a), Some(b)) => a.chebyshev_adjacent(*b),
            _ => false,
        }
    }
}

/// A guard standing on the first cell of its route, or posted elsewhere at the start with a walk onto
/// it (the 2025 game's level-1 guard waits inside the front gate, then picks up its route from there).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Guard {
    /// The cell the guard stands on at turn 0: its route's first cell, or a post it walks on from.
    pub start: Cell,
    /// Index into [`Level::patrols`].
    pub route: usize,
    /// Whether the guard carries a torch, lighting the cells around it as it walks (from level 2, more
    /// often the higher the level).
    pub carries_torch: bool,
}

/// Where the player comes in (shared contract §0.1).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entrance {
    /// The room the player first steps into.
    pub room: RoomId,
    /// The front-door cell, or the up-stairs.
    pub cell: Cell,
    /// The exterior room, for generators that have an outside; `None` for the Rogue grid, entered by
    /// stairs.
    pub exterior: Option<RoomId>,
    /// Rooms of depth 1.
    pub depth_seeds: Vec<RoomId>,
    /// The down-stairs of a level left by another way than it was entered (the Rogue grid); `None`
    /// where the player leaves by the front door.
    pub exit_cell: Option<Cell>,
}

/// The siheyuan plan of one mansion: room-grid size and loot budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Plan {
    /// Slots across; odd, so that the middle column is the mirror axis (at most
    /// [`MAX_ROOMS_X`](super::limits::MAX_ROOMS_X)).
    pub rooms_x: i32,
    /// Slots from front to back (at most [`MAX_ROOMS_Y`](super::limits::MAX_ROOMS_Y)).
    pub rooms_y: i32,
    /// Coins to place; a level ends with fewer when free floor runs out (a diagnostic says so).
    pub loot: u32,
}

/// A patrol chain that was cut for guard density: the link between two room visits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SplitPoint {
    /// The room the first part of the chain ends in.
    pub before: RoomId,
    /// The room the second part starts in.
    pub after: RoomId,
}

/// A complete level.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Level {
    /// Generator id, e.g. `siheyuan`.
    pub generator: String,
    /// Level number 0–9 (difficulty), which sets the dressing and patrol rules.
    pub level: u32,
    /// The seed the generator drew from; with the generator, level and parameters it rebuilds this
    /// level exactly.
    pub seed: u64,
    /// The siheyuan's room grid and loot budget; `None` for the other generators.
    pub plan: Option<Plan>,
    /// Columns of the map, 1 to [`MAX_SIDE`](super::limits::MAX_SIDE) in a valid level.
    pub width: i32,
    /// Rows of the map, 1 to [`MAX_SIDE`](super::limits::MAX_SIDE) in a valid level.
    pub height: i32,
    /// Row-major terrain, reached through [`Level::terrain`] and [`Level::index`] (never by hand).
    terrain: Vec<Terrain>,
    /// The rooms, indexed by [`RoomId`]; the exterior, when there is one, is among them.
    pub rooms: Vec<Room>,
    /// Every contact between two rooms, indexed by [`AdjacencyId`], doors or not.
    pub adjacencies: Vec<Adjacency>,
    /// Items in placement order (doors, furniture, exterior bushes, coins).
    pub items: Vec<Item>,
    /// Patrol routes; a route may be walked by one guard, several, or none (below level 1).
    pub patrols: Vec<PatrolRoute>,
    /// The guards, each on a route of [`Level::patrols`].
    pub guards: Vec<Guard>,
    /// Where long patrol chains were cut into shorter routes, one guard each (the higher the level, the
    /// shorter the pieces); the validator looks at them when rooms are left unpatrolled.
    pub split_points: Vec<SplitPoint>,
    /// The cell the player begins on: just outside the front door, or on the up-stairs.
    pub player_start: Cell,
    /// Where the player comes in, and the rooms depth is counted from.
    pub entrance: Entrance,
    /// Shortfalls, clamped parameters and fix-ups; shown in the UI, never hidden.
    pub diagnostics: Vec<Diagnostic>,
    /// The 2025 generator's level type, room types and guards' loads; `None` (and absent from files)
    /// for every other generator, so their files load and save byte for byte as before.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lll2025: Option<Box<Level2025>>,
}

impl Level {
    /// An empty level of `width × height` cells of `fill`, with no rooms yet: the generators' starting
    /// point. Negative sizes make an empty map.
    ///
    /// # Examples
    ///
    /// Cells are read and written through the level, which ignores cells off the map; items stack
    /// bottom to top on a cell, and the top one is what a player sees:
    ///
    /// ```
    /// use mansion_forge::model::{Cell, Item, ItemKind, Level, Rect, Terrain};
    ///
    /// let mut level = Level::blank("siheyuan", 0, 1, (6, 4), Terrain::Ground);
    /// assert_eq!((level.width, level.height), (6, 4));
    /// assert_eq!(level.terrain_cells().len(), 24);
    /// level.fill_terrain(Rect { x0: 1, y0: 1, x1: 5, y1: 3 }, Terrain::Wood);
    /// assert_eq!(level.terrain(Cell::new(1, 1)), Terrain::Wood);
    /// assert_eq!(level.terrain(Cell::new(0, 0)), Terrain::Ground);
    ///
    /// let off_map = Cell::new(6, 0);
    /// assert!(!level.in_bounds(off_map));
    /// level.set_terrain(off_map, Terrain::Wall);
    /// assert_eq!(level.terrain(off_map), Terrain::Void, "off the map reads as void");
    ///
    /// let cell = Cell::new(2, 2);
    /// level.items.push(Item { kind: ItemKind::Chair, cell });
    /// level.items.push(Item { kind: ItemKind::Coin, cell });
    /// level.items.push(Item { kind: ItemKind::Coin, cell: Cell::new(3, 1) });
    /// assert_eq!(level.count_items(ItemKind::Coin), 2);
    /// assert_eq!(level.item_at(cell).map(|item| item.kind), Some(ItemKind::Coin));
    /// assert_eq!(level.stack_at(cell).count(), 2);
    /// assert!(level.has_stacks());
    /// assert_eq!(level.all_cells().count(), 24);
    /// ```
    pub fn blank(
        generator: &str,
        level_index: u32,
        seed: u64,
        (width, height): (i32, i32),
        fill: Terrain,
    ) -> Level {
        let shape = Shape::new(width, height);
        Level {
            generator: generator.to_string(),
            level: level_index,
            seed,
            plan: None,
            width: shape.width(),
            height: shape.height(),
            terrain: vec![fill; shape.len()],
            rooms: Vec::new(),
            adjacencies: Vec::new(),
            items: Vec::new(),
            patrols: Vec::new(),
            guards: Vec::new(),
            split_points: Vec::new(),
            player_start: Cell::new(0, 0),
            entrance: Entrance {
                room: 0,
                cell: Cell::new(0, 0),
                exterior: None,
                depth_seeds: Vec::new(),
                exit_cell: None,
            },
            diagnostics: Vec::new(),
            lll2025: None,
        }
    }

    /// The map's size, the one way from cells to indices of per-cell tables.
    pub fn shape(&self) -> Shape {
        Shape::new(self.width, self.height)
    }

    /// Whether `c` is on the map (and covered by the terrain).
    pub fn in_bounds(&self, c: Cell) -> bool {
        self.index(c).is_some()
    }

    /// The flat index of `c` into [`Level::terrain_cells`] and every [`Grid`](super::grid::Grid) of this
    /// level's shape, or `None` when `c` is off the map (or the terrain does not cover it, in a broken
    /// file).
    pub fn index(&self, c: Cell) -> Option<usize> {
        self.shape().index(c).filter(|&i| i < self.terrain.len())
    }

    /// The terrain in row-major order.
    pub fn terrain_cells(&self) -> &[Terrain] {
        &self.terrain
    }

    /// Terrain at `c`; out-of-map cells read as `Void`.
    pub fn terrain(&self, c: Cell) -> Terrain {
        self.index(c).map_or(Terrain::Void, |i| self.terrain[i])
    }

    /// Sets the terrain of every cell of `rect` that lies on the map, a row at a time.
    pub fn fill_terrain(&mut self, rect: Rect, t: Terrain) {
        let (x0, x1) = (rect.x0.max(0), rect.x1.min(self.width));
        let (y0, y1) = (rect.y0.max(0), rect.y1.min(self.height));
        if x0 >= x1 {
            return;
        }
        let run = (x1 - x0) as usize;
        for y in y0..y1 {
            if let Some(start) = self.index(Cell::new(x0, y))
                && let Some(cells) = self.terrain.get_mut(start..start + run)
            {
                cells.fill(t);
            }
        }
    }

    /// Sets terrain at `c`; ignores out-of-map cells.
    pub fn set_terrain(&mut self, c: Cell, t: Terrain) {
        if let Some(i) = self.index(c) {
            self.terrain[i] = t;
        }
    }

    /// The item on top of `c`'s stack, if any: the one a player sees and takes first.
    pub fn item_at(&self, c: Cell) -> Option<&Item> {
        self.items.iter().rev().find(|it| it.cell == c)
    }

    /// The items on `c`, bottom to top.
    pub fn stack_at(&self, c: Cell) -> impl Iterator<Item = &Item> + '_ {
        self.items.iter().filter(move |it| it.cell == c)
    }

    /// Whether some cell holds more than one item, which only level format 2 can say.
    pub fn has_stacks(&self) -> bool {
        let mut cells: Vec<Cell> = self.items.iter().map(|it| it.cell).collect();
        cells.sort_unstable();
        cells.windows(2).any(|pair| pair[0] == pair[1])
    }

    /// How many items of exactly `kind` the level has (axes count apart for doors).
    pub fn count_items(&self, kind: ItemKind) -> usize {
        self.items.iter().filter(|it| it.kind == kind).count()
    }

    /// The exterior room, if the level has an outside.
    pub fn exterior(&self) -> Option<RoomId> {
        self.entrance.exterior
    }

    /// Adjacencies touching `room`, in id order.
    pub fn adjacencies_of(&self, room: RoomId) -> impl Iterator<Item = (AdjacencyId, &Adjacency)> {
        self.adjacencies
            .iter()
            .enumerate()
            .filter(move |(_, a)| a.touches(room))
    }

    /// Cells of the whole map, x outer and y inner.
    pub fn all_cells(&self) -> impl Iterator<Item = Cell> + '_ {
        (0..self.width).flat_map(move |x| (0..self.height).map(move |y| Cell::new(x, y)))
    }
}
