//! What differs between two versions of a level: terrain cell by cell, rooms (matched by their cells,
//! since a regeneration renumbers them), items, guards, patrol routes and the player start. The
//! command line prints it (`mansion-forge diff A B`) and pictures it; the editor's compare view draws
//! the same marks, so both say the same thing.
//!
//! Cells are compared where both maps have them; a change of size is reported apart.

use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

use serde::Serialize;

use crate::model::{Cell, Guard, Item, ItemKind, Level, Room, RoomId, RoomKind, Terrain};

/// Two rooms are one room changed when they share at least this share of their cells together
/// (intersection over union); otherwise one was removed and another added.
const SAME_ROOM_OVERLAP: f64 = 0.5;

/// Everything that differs from level A to level B.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct LevelDiff {
    /// `[[width, height] of A, [width, height] of B]` when the maps differ in size.
    pub size: Option<[[i32; 2]; 2]>,
    /// Terrain changes over the cells both maps have.
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
    /// The changed cells, for pictures (not printed: a regeneration changes thousands).
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
    /// Rooms matched between A and B (same cells, or at least half of their cells shared) whose kind,
    /// privacy or cells differ, in order of A's ids.
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
    /// Floor cells B's room has that A's has not.
    pub cells_added: usize,
    /// Floor cells A's room has that B's has not.
    pub cells_removed: usize,
}

/// What B has that A has not, and the other way round.
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
    route: Arc<[Cell]>,
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
    path: Vec<Cell>,
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
            && self.cells.changed == 0
            && self.rooms.added.is_empty()
            && self.rooms.removed.is_empty()
            && self.rooms.changed.is_empty()
            && self.items.is_empty()
            && self.guards.is_empty()
            && self.routes.is_empty()
            && self.player_start.is_none()
    }

    /// Every marked cell, one mark each (terrain first, then additions, then removals), in a fixed
    /// order so pictures are reproducible.
    pub fn marks(&self) -> Vec<(Cell, Mark)> {
        let mut marks: BTreeMap<(i32, i32), Mark> = BTreeMap::new();
        let mut mark = |c: Cell, m: Mark| {
            marks.entry((c.y, c.x)).or_insert(m);
        };
        for &c in &self.cells.list {
            mark(c, Mark::Terrain);
        }
        let cell = |[x, y]: [i32; 2]| Cell::new(x, y);
        for (changes, m) in [
            (&self.items.added, Mark::Added),
            (&self.items.removed, Mark::Removed),
        ] {
            for i in changes {
                mark(cell(i.cell), m);
            }
        }
        for (changes, m) in [
            (&self.guards.added, Mark::Added),
            (&self.guards.removed, Mark::Removed),
        ] {
            for g in changes {
                mark(cell(g.start), m);
            }
        }
        if let Some([a, b]) = self.player_start {
            mark(cell(b), Mark::Added);
            mark(cell(a), Mark::Removed);
        }
        for (changes, m) in [
            (&self.routes.added, Mark::RouteAdded),
            (&self.routes.removed, Mark::RouteRemoved),
        ] {
            changes
                .iter()
                .flat_map(|r| &r.path)
                .for_each(|&c| mark(c, m));
        }
        marks
            .into_iter()
            .map(|((y, x), m)| (Cell::new(x, y), m))
            .collect()
    }
}

/// What differs from `a` to `b`.
///
/// # Examples
///
/// A level against itself differs in nothing; against a copy with one cell repainted and one coin
/// taken away, in exactly those:
///
/// ```
/// use mansion_forge::analysis::diff::diff;
/// use mansion_forge::generate::recipe::Recipe;
/// use mansion_forge::model::{ItemKind, Terrain};
///
/// let level = Recipe::campaign_level(3, 4).build().expect("builds");
/// assert!(diff(&level, &level).is_empty());
///
/// let mut edited = level.clone();
/// let floor = edited.rooms[edited.exterior().expect("an outside")].cells[0];
/// edited.set_terrain(floor, Terrain::Water);
/// let coin = edited.items.iter().position(|i| i.kind == ItemKind::Coin).expect("a coin");
/// let taken = edited.items.remove(coin);
///
/// let changes = diff(&level, &edited);
/// assert!(!changes.is_empty());
/// assert_eq!(changes.cells.changed, 1);
/// assert_eq!(changes.cells.list, [floor]);
/// assert_eq!(changes.items.removed.len(), 1);
/// assert_eq!(changes.items.removed[0].cell, [taken.cell.x, taken.cell.y]);
/// assert!(changes.items.added.is_empty() && changes.guards.is_empty());
/// assert_eq!(changes.size, None);
/// ```
pub fn diff(a: &Level, b: &Level) -> LevelDiff {
    LevelDiff {
        size: ((a.width, a.height) != (b.width, b.height))
            .then_some([[a.width, a.height], [b.width, b.height]]),
        cells: cell_changes(a, b),
        rooms: room_changes(&a.rooms, &b.rooms),
        items: changes(&item_entries(&a.items), &item_entries(&b.items)),
        guards: changes(&guard_entries(a), &guard_entries(b)),
        routes: changes(&route_entries(a), &route_entries(b)),
        player_start: (a.player_start != b.player_start)
            .then_some([xy(a.player_start), xy(b.player_start)]),
    }
}

fn xy(c: Cell) -> [i32; 2] {
    [c.x, c.y]
}

fn cell_changes(a: &Level, b: &Level) -> CellChanges {
    let mut list = Vec::new();
    let mut counts: HashMap<(Terrain, Terrain), usize> = HashMap::new();
    for y in 0..a.height.min(b.height) {
        for x in 0..a.width.min(b.width) {
            let c = Cell::new(x, y);
            let (from, to) = (a.terrain(c), b.terrain(c));
            if from != to {
                list.push(c);
                *counts.entry((from, to)).or_default() += 1;
            }
        }
    }
    let mut by_kind: Vec<TerrainChange> = counts
        .into_iter()
        .map(|((from, to), cells)| TerrainChange { from, to, cells })
        .collect();
    // Most cells first; ties in a fixed order of the kinds' names.
    by_kind.sort_by_cached_key(|t| (std::cmp::Reverse(t.cells), format!("{:?}", (t.from, t.to))));
    CellChanges {
        changed: list.len(),
        by_kind,
        list,
    }
}

/// A room's cells, sorted, as the key rooms are matched by.
fn cell_key(room: &Room) -> Vec<Cell> {
    let mut cells = room.cells.clone();
    cells.sort_by_key(|c| (c.x, c.y));
    cells
}

fn room_changes(a: &[Room], b: &[Room]) -> RoomChanges {
    let mut out = RoomChanges::default();
    let mut b_free = vec![true; b.len()];
    let mut a_left = Vec::new();
    let by_cells: HashMap<Vec<Cell>, RoomId> = b
        .iter()
        .enumerate()
        .map(|(i, room)| (cell_key(room), i))
        .collect();
    for (ia, room) in a.iter().enumerate() {
        match by_cells.get(&cell_key(room)) {
            Some(&ib) if b_free[ib] => {
                b_free[ib] = false;
                match room_change(ia, room, ib, &b[ib]) {
                    Some(change) => out.changed.push(change),
                    None => out.unchanged += 1,
                }
            }
            _ => a_left.push(ia),
        }
    }
    // The rest by overlap, largest first, each room of B matched once.
    let owner: HashMap<Cell, RoomId> = b
        .iter()
        .enumerate()
        .filter(|(i, _)| b_free[*i])
        .flat_map(|(i, room)| room.cells.iter().map(move |&c| (c, i)))
        .collect();
    let mut pairs: Vec<(usize, RoomId, RoomId)> = Vec::new();
    for &ia in &a_left {
        let mut shared: BTreeMap<RoomId, usize> = BTreeMap::new();
        for c in &a[ia].cells {
            if let Some(&ib) = owner.get(c) {
                *shared.entry(ib).or_default() += 1;
            }
        }
        for (ib, n) in shared {
            let union = a[ia].cells.len() + b[ib].cells.len() - n;
            if n as f64 >= SAME_ROOM_OVERLAP * union as f64 {
                pairs.push((n, ia, ib));
            }
        }
    }
    pairs.sort_by_key(|&(n, ia, ib)| (std::cmp::Reverse(n), ia, ib));
    let mut a_free = vec![true; a.len()];
    for (_, ia, ib) in pairs {
        if a_free[ia] && b_free[ib] {
            a_free[ia] = false;
            b_free[ib] = false;
            out.changed.extend(room_change(ia, &a[ia], ib, &b[ib]));
        }
    }
    out.removed = a_left.into_iter().filter(|&ia| a_free[ia]).collect();
    out.added = (0..b.len()).filter(|&ib| b_free[ib]).collect();
    out.changed.sort_by_key(|c| (c.a, c.b));
    out
}

/// How room `ia` of A became room `ib` of B, or `None` when it did not change.
fn room_change(ia: RoomId, a: &Room, ib: RoomId, b: &Room) -> Option<RoomChange> {
    let in_a: std::collections::HashSet<Cell> = a.cells.iter().copied().collect();
    let in_b: std::collections::HashSet<Cell> = b.cells.iter().copied().collect();
    let change = RoomChange {
        a: ia,
        b: ib,
        kind: (a.kind != b.kind).then_some([a.kind, b.kind]),
        private: (a.private != b.private).then_some([a.private, b.private]),
        cells_added: in_b.difference(&in_a).count(),
        cells_removed: in_a.difference(&in_b).count(),
    };
    let same = change.kind.is_none()
        && change.private.is_none()
        && change.cells_added == 0
        && change.cells_removed == 0;
    (!same).then_some(change)
}

/// The entries of `b` not matched in `a` (added) and of `a` not matched in `b` (removed), counting
/// repeats, each list in its level's order.
fn changes<T: Clone + Eq + std::hash::Hash>(a: &[T], b: &[T]) -> Changes<T> {
    let unmatched = |from: &[T], against: &[T]| {
        let mut left: HashMap<&T, usize> = HashMap::new();
        for entry in against {
            *left.entry(entry).or_default() += 1;
        }
        from.iter()
            .filter(|entry| match left.get_mut(entry) {
                Some(n) if *n > 0 => {
                    *n -= 1;
                    false
                }
                _ => true,
            })
            .cloned()
            .collect::<Vec<T>>()
    };
    Changes {
        added: unmatched(b, a),
        removed: unmatched(a, b),
    }
}

fn item_entries(items: &[Item]) -> Vec<ItemEntry> {
    items
        .iter()
        .map(|i| ItemEntry {
            kind: i.kind,
            cell: xy(i.cell),
        })
        .collect()
}

fn guard_entries(level: &Level) -> Vec<GuardEntry> {
    let routes: Vec<Arc<[Cell]>> = level
        .patrols
        .iter()
        .map(|r| Arc::from(r.cells.as_slice()))
        .collect();
    let none: Arc<[Cell]> = Arc::from(Vec::new());
    level
        .guards
        .iter()
        .map(|g: &Guard| {
            let route = routes.get(g.route).unwrap_or(&none).clone();
            GuardEntry {
                start: xy(g.start),
                torch: g.carries_torch,
                route_cells: route.len(),
                route,
            }
        })
        .collect()
}

fn route_entries(level: &Level) -> Vec<RouteEntry> {
    level
        .patrols
        .iter()
        .map(|r| RouteEntry {
            from: r.cells.first().map_or([0, 0], |&c| xy(c)),
            cells: r.cells.len(),
            outside: r.outside,
            path: r.cells.clone(),
        })
        .collect()
}
