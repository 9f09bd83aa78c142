//! The parts a level is made of: rooms, adjacencies, patrol routes and their stations, guards, the
//! entrance and the siheyuan plan.
//!
//! Apart from [`Level`](super::Level) itself so that the level's file form, its limits, locks and checks
//! import the parts directly.

use serde::{Deserialize, Serialize};

use super::cell::{Cell, Dir};
use super::rect::Rect;

/// Index of a room in [`Level::rooms`](super::Level::rooms).
pub type RoomId = usize;
/// Index of an adjacency in [`Level::adjacencies`](super::Level::adjacencies).
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
    /// Index into [`Level::patrols`](super::Level::patrols).
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
