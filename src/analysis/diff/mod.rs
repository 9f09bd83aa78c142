//! What differs between two versions of a level: terrain cell by cell, rooms (matched by their cells,
//! since a regeneration renumbers them), items, guards, patrol routes and the player start. The
//! command line prints it (`mansion-forge diff A B`) and pictures it; the editor's compare view draws
//! the same marks, so both say the same thing.
//!
//! Maps of different sizes are first lined up on their entrances (`align`), so a mansion that grew a
//! row is not "every cell changed": cells are compared where both maps then have them, and the rest
//! is counted as outside the other map.

mod align;
mod offset;
mod report;
mod rooms;

use std::collections::HashMap;
use std::sync::Arc;

use crate::model::{Cell, Guard, Item, Level};
use offset::Offset;
pub use report::{
    CellChanges, Changes, GuardEntry, ItemEntry, LevelDiff, Mark, RoomChange, RoomChanges,
    RouteEntry, TerrainChange,
};

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
    let (d, cells) = align::align(a, b);
    let moved = |c: Cell| xy(d.onto_a(c));
    let b_items = item_entries(&b.items);
    let b_items_over_a: Vec<ItemEntry> = b_items
        .iter()
        .map(|i| ItemEntry {
            cell: d.xy_onto_a(i.cell),
            ..i.clone()
        })
        .collect();
    let b_routes = route_entries(b, Offset::default());
    let b_guards = guard_entries(b, Offset::default());
    let (b_routes_over_a, b_guards_over_a) = if d.is_zero() {
        (b_routes.clone(), b_guards.clone())
    } else {
        (route_entries(b, d), guard_entries(b, d))
    };
    LevelDiff {
        size: ((a.width, a.height) != (b.width, b.height))
            .then_some([[a.width, a.height], [b.width, b.height]]),
        offset: (!d.is_zero()).then_some([d.dx, d.dy]),
        cells,
        rooms: rooms::room_changes(&a.rooms, &b.rooms, d),
        items: changes(&item_entries(&a.items), &b_items, &b_items_over_a),
        guards: changes(
            &guard_entries(a, Offset::default()),
            &b_guards,
            &b_guards_over_a,
        ),
        routes: changes(
            &route_entries(a, Offset::default()),
            &b_routes,
            &b_routes_over_a,
        ),
        player_start: (xy(a.player_start) != moved(b.player_start))
            .then_some([xy(a.player_start), xy(b.player_start)]),
    }
}

fn xy(c: Cell) -> [i32; 2] {
    [c.x, c.y]
}

/// The entries of `b` not matched in `a` (added) and of `a` not matched in `b` (removed), counting
/// repeats, each list in its level's order and coordinates. `b_over_a` is `b` moved onto A's
/// coordinates, entry for entry: what is matched.
fn changes<T: Clone + Eq + std::hash::Hash>(a: &[T], b: &[T], b_over_a: &[T]) -> Changes<T> {
    let unmatched = |from: &[T], against: &[T]| {
        let mut left: HashMap<&T, usize> = HashMap::new();
        for entry in against {
            *left.entry(entry).or_default() += 1;
        }
        (0..from.len())
            .filter(|&i| match left.get_mut(&from[i]) {
                Some(n) if *n > 0 => {
                    *n -= 1;
                    false
                }
                _ => true,
            })
            .collect::<Vec<usize>>()
    };
    Changes {
        added: unmatched(b_over_a, a)
            .into_iter()
            .map(|i| b[i].clone())
            .collect(),
        removed: unmatched(a, b_over_a)
            .into_iter()
            .map(|i| a[i].clone())
            .collect(),
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

/// The level's guards, their cells moved by `d` (each route moved once, shared by its guards).
fn guard_entries(level: &Level, d: Offset) -> Vec<GuardEntry> {
    let routes: Vec<Arc<[Cell]>> = level
        .patrols
        .iter()
        .map(|r| r.cells.iter().map(|&c| d.onto_a(c)).collect())
        .collect();
    let none: Arc<[Cell]> = Arc::from(Vec::new());
    level
        .guards
        .iter()
        .map(|g: &Guard| {
            let route = routes.get(g.route).unwrap_or(&none).clone();
            GuardEntry {
                start: xy(d.onto_a(g.start)),
                torch: g.carries_torch,
                route_cells: route.len(),
                route,
            }
        })
        .collect()
}

/// The level's patrol routes, their cells moved by `d`.
fn route_entries(level: &Level, d: Offset) -> Vec<RouteEntry> {
    level
        .patrols
        .iter()
        .map(|r| RouteEntry {
            from: r.cells.first().map_or([0, 0], |&c| xy(d.onto_a(c))),
            cells: r.cells.len(),
            outside: r.outside,
            path: r.cells.iter().map(|&c| d.onto_a(c)).collect(),
        })
        .collect()
}
