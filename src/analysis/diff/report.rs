//! What a comparison reports ([`LevelDiff`] and its parts) and the marks of a picture of it, in each
//! map's coordinates. Apart from `diff/mod.rs`, which computes it with `align` and `rooms`, so that
//! those read the report's types without importing their parent back.

use std::collections::BTreeMap;
use std::sync::Arc;

use serde::Serialize;

use crate::model::{Cell, ItemKind, RoomId, RoomKind, Terrain};

use super::offset::Offset;

/// Everything that differs from level A to level B.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct LevelDiff {
    /// `[[width, height] of A, [width, height] of B]` when the maps differ in size.
    pub size: Option<[[i32; 2]; 2]>,
    /// `[dx, dy]` when B was moved to lie over A, its entrance on A's (a mansion that grew, shrank or
    /// moved within its map): B's cell `(x, y)` is compared with A's `(x + dx, y + dy)`. `None`:
    /// compared at the same coordinates, which matched better.
    pub offset: Option<[i32; 2]>,
    /// Terrain changes over the cells both maps have, once B lies over A.
    pub cells: CellChanges,
    /// Rooms matched by their cells, with what changed in each.
    pub rooms: RoomChanges,
    /// Items (coins, torches, furniture…) by kind and cell: moving an item removes one and adds one.
    pub items: Changes<ItemEntry>,
    /// Guards by start cell, torch and route length.
    pub guards: Changes<GuardEntry>,
    /// Patrol routes by their cells.
    pub routes: Changes<RouteEntry>,
    /// `[A's, B's]` player start when it moved.
    pub player_start: Option<[[i32; 2]; 2]>,
}

/// Terrain changes, counted by what became what.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct CellChanges {
    /// Cells whose terrain differs.
    pub changed: usize,
    /// One entry per (from, to) pair, most cells first.
    pub by_kind: Vec<TerrainChange>,
    /// Cells of A with no cell of B over them: outside B's map, not changed.
    pub only_in_a: usize,
    /// Cells of B with no cell of A under them: outside A's map, not changed.
    pub only_in_b: usize,
    /// The changed cells in B's coordinates, for pictures (not printed: a regeneration changes
    /// thousands).
    #[serde(skip)]
    pub list: Vec<Cell>,
}

/// How many cells went from one terrain to another (say, `Wall` to `Door`).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TerrainChange {
    /// The terrain in A.
    pub from: Terrain,
    /// The terrain in B.
    pub to: Terrain,
    /// Cells that changed this way.
    pub cells: usize,
}

/// Rooms matched between the two levels.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct RoomChanges {
    /// Rooms of A and B with the same cells, kind and privacy.
    pub unchanged: usize,
    /// Rooms of B with no counterpart in A (ids of B).
    pub added: Vec<RoomId>,
    /// Rooms of A with no counterpart in B (ids of A).
    pub removed: Vec<RoomId>,
    /// Rooms matched between A and B (same cells, or at least half of their cells shared, once B lies
    /// over A) whose kind, privacy or cells differ, in order of A's ids.
    pub changed: Vec<RoomChange>,
}

/// One room present in both levels but not the same.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RoomChange {
    /// Its id in A.
    pub a: RoomId,
    /// Its id in B (ids are not stable across regenerations, so it may differ from `a`).
    pub b: RoomId,
    /// `[A's, B's]` kind when it changed.
    pub kind: Option<[RoomKind; 2]>,
    /// `[A's, B's]` privacy when it changed.
    pub private: Option<[bool; 2]>,
    /// Floor cells B's room has that A's has not (where B lies over A).
    pub cells_added: usize,
    /// Floor cells A's room has that B's has not.
    pub cells_removed: usize,
}

/// What B has that A has not, and the other way round. Entries are matched once B lies over A, and
/// each is given in its own level's coordinates.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Changes<T> {
    /// Entries of B not matched in A, in B's order. A repeated entry counts once per copy.
    pub added: Vec<T>,
    /// Entries of A not matched in B, in A's order.
    pub removed: Vec<T>,
}

impl<T> Default for Changes<T> {
    fn default() -> Self {
        Changes {
            added: Vec::new(),
            removed: Vec::new(),
        }
    }
}

impl<T> Changes<T> {
    /// Nothing was added or removed.
    pub fn is_empty(&self) -> bool {
        self.added.is_empty() && self.removed.is_empty()
    }
}

/// An item, told apart by its kind and cell (an item has no identity beyond these).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct ItemEntry {
    /// What the item is.
    pub kind: ItemKind,
    /// Its cell as `[x, y]`.
    pub cell: [i32; 2],
}

/// A guard, told apart by where it starts, whether it carries a torch and the cells it walks.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct GuardEntry {
    /// The guard's start cell as `[x, y]`.
    pub start: [i32; 2],
    /// Whether it carries a torch (a light source of radius² 15, stealth rules §2.1).
    pub torch: bool,
    /// Cells of its route.
    pub route_cells: usize,
    /// The route's cells, shared by every guard walking it (never a copy per guard).
    #[serde(skip)]
    pub(super) route: Arc<[Cell]>,
}

/// A patrol route, told apart by its cells and whether it runs outside.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct RouteEntry {
    /// First cell of the route.
    pub from: [i32; 2],
    /// Number of cells the route walks through.
    pub cells: usize,
    /// Whether it circles the outside of the house rather than visiting rooms.
    pub outside: bool,
    #[serde(skip)]
    pub(super) path: Vec<Cell>,
}

/// How a cell of B is marked in a picture of the differences.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mark {
    /// Its terrain changed.
    Terrain,
    /// An item, guard or start B has that A has not.
    Added,
    /// Where A had an item, guard or start that B has not.
    Removed,
    /// A cell of a patrol route B has that A has not (drawn lighter: routes are long).
    RouteAdded,
    /// A cell of a patrol route A had that B has not.
    RouteRemoved,
}

impl LevelDiff {
    /// Nothing differs.
    pub fn is_empty(&self) -> bool {
        self.size.is_none()
            && self.offset.is_none()
            && self.cells.changed == 0
            && self.rooms.added.is_empty()
            && self.rooms.removed.is_empty()
            && self.rooms.changed.is_empty()
            && self.items.is_empty()
            && self.guards.is_empty()
            && self.routes.is_empty()
            && self.player_start.is_none()
    }

    /// Every marked cell in B's coordinates, one mark each (terrain first, then additions, then
    /// removals), in a fixed order so pictures are reproducible. What A had is marked where it lies
    /// under B, which may be off B's map when the maps differ in size.
    pub fn marks(&self) -> Vec<(Cell, Mark)> {
        let d = self.shift();
        self.marks_with(|c| d.onto_b(c), |c| c)
    }

    /// The same marks in A's coordinates, for a picture of A beside one of B (the editor's side by
    /// side view): what B has is marked where it lies over A.
    pub fn marks_on_a(&self) -> Vec<(Cell, Mark)> {
        let d = self.shift();
        self.marks_with(|c| c, |c| d.onto_a(c))
    }

    /// How far B was moved to lie over A.
    fn shift(&self) -> Offset {
        let [dx, dy] = self.offset.unwrap_or_default();
        Offset { dx, dy }
    }

    /// The marks, A's cells taken into the picture's coordinates by `from_a`, B's by `from_b`.
    fn marks_with(
        &self,
        from_a: impl Fn(Cell) -> Cell,
        from_b: impl Fn(Cell) -> Cell,
    ) -> Vec<(Cell, Mark)> {
        let mut marks: BTreeMap<(i32, i32), Mark> = BTreeMap::new();
        let mut mark = |c: Cell, m: Mark| {
            marks.entry((c.y, c.x)).or_insert(m);
        };
        for &c in &self.cells.list {
            mark(from_b(c), Mark::Terrain);
        }
        let cell = |[x, y]: [i32; 2]| Cell::new(x, y);
        for i in &self.items.added {
            mark(from_b(cell(i.cell)), Mark::Added);
        }
        for i in &self.items.removed {
            mark(from_a(cell(i.cell)), Mark::Removed);
        }
        for g in &self.guards.added {
            mark(from_b(cell(g.start)), Mark::Added);
        }
        for g in &self.guards.removed {
            mark(from_a(cell(g.start)), Mark::Removed);
        }
        if let Some([a, b]) = self.player_start {
            mark(from_b(cell(b)), Mark::Added);
            mark(from_a(cell(a)), Mark::Removed);
        }
        for &c in self.routes.added.iter().flat_map(|r| &r.path) {
            mark(from_b(c), Mark::RouteAdded);
        }
        for &c in self.routes.removed.iter().flat_map(|r| &r.path) {
            mark(from_a(c), Mark::RouteRemoved);
        }
        marks
            .into_iter()
            .map(|((y, x), m)| (Cell::new(x, y), m))
            .collect()
    }
}
