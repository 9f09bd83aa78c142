//! The two packing renderers of step 13 (§7.12): the vault and the bedroom fill their room one item at a
//! time on cells that keep every free cell reachable from the door (no articulation point of the free
//! cells, no item's last free neighbour), which is why their draw counts depend on the room's shape.

use super::layout::Table;
use super::map::{Item, ItemKind, Map, random_torch as torch};
use super::rooms::{Graph, Room, RoomId};
use crate::model::SeedRandom;

/// Per-cell flags of a room's interior, indexed from its south-west cell.
type Flags = Table<bool>;

/// The four steps, in the game's order.
const STEPS: [(i32, i32); 4] = [(1, 0), (0, 1), (-1, 0), (0, -1)];

/// A cell on the articulation search's path: its framed index, the next of its four steps to try, its
/// parent's index.
struct Frame {
    at: usize,
    next_step: usize,
    parent: Option<usize>,
}

/// The buffers one room's packing rounds reuse: a room places up to a dozen items, each after a fresh
/// articulation search, and these would otherwise be allocated for every one.
#[derive(Default)]
struct Scratch {
    depth: Vec<u32>,
    low: Vec<u32>,
    stack: Vec<Frame>,
    usable: Flags,
}

/// The search depth of a cell it may not enter: the frame round the room and every occupied cell.
const SHUT: u32 = u32::MAX - 1;
/// The search depth of a free cell not reached yet.
const UNSEEN: u32 = u32::MAX;

/// `updateUsable`: marks unusable every free cell whose filling would split the free cells reachable
/// from the root: the articulation points of those cells (Hopcroft–Tarjan, depth first in the game's
/// step order, with an explicit stack; which cells are articulation points does not depend on the
/// order, only on the free cells).
///
/// The search runs over the room framed by shut cells (x outer, y inner, as [`Table`] stores it), the
/// occupied cells shut too, so a step is an index offset and one look at the depth says whether the
/// cell can be entered and whether it was reached. The root is a free cell beside a door (the packers
/// never fill those), so giving it depth 0 leaves it the same as any reached cell.
fn cut_articulations(scratch: &mut Scratch, occupied: &Flags, root: (i32, i32)) {
    let Scratch {
        depth,
        low,
        stack,
        usable,
    } = scratch;
    let (nx, ny) = (occupied.nx, occupied.ny);
    let stride = ny + 2;
    let framed = |x: usize, y: usize| (x + 1) * stride + y + 1;
    depth.clear();
    depth.resize((nx + 2) * stride, SHUT);
    for x in 0..nx {
        for y in 0..ny {
            if !occupied.get(x, y) {
                depth[framed(x, y)] = UNSEEN;
            }
        }
    }
    low.clear();
    low.resize(depth.len(), 0);
    let offsets = STEPS.map(|(dx, dy)| dx as isize * stride as isize + dy as isize);
    let root_at = framed(root.0 as usize, root.1 as usize);
    depth[root_at] = 0;
    let mut root_children = 0;
    stack.clear();
    stack.push(Frame {
        at: root_at,
        next_step: 0,
        parent: None,
    });
    let unframe = |at: usize| (at / stride - 1, at % stride - 1);
    while let Some(top) = stack.last_mut() {
        let here = top.at;
        if let Some(&offset) = offsets.get(top.next_step) {
            top.next_step += 1;
            let there = here.wrapping_add_signed(offset);
            match depth[there] {
                SHUT => {}
                UNSEEN => {
                    depth[there] = depth[here] + 1;
                    low[there] = depth[there];
                    stack.push(Frame {
                        at: there,
                        next_step: 0,
                        parent: Some(here),
                    });
                }
                seen if top.parent != Some(there) => low[here] = low[here].min(seen),
                _ => {}
            }
            continue;
        }
        let parent = top.parent;
        stack.pop();
        let Some(parent) = parent else { continue };
        if parent == root_at {
            root_children += 1;
        } else if low[here] >= depth[parent] {
            let (x, y) = unframe(parent);
            usable.set(x, y, false);
        }
        low[parent] = low[parent].min(low[here]);
    }
    if root_children > 1 {
        let (x, y) = unframe(root_at);
        usable.set(x, y, false);
    }
}

/// `updateUsableForReachability`: an item with exactly one free neighbour (a bed counts both its cells)
/// keeps that neighbour free.
fn keep_items_reachable(usable: &mut Flags, occupied: &Flags, items: &[Item], room: &Room) {
    let free = |x: i32, y: i32| {
        x >= 0
            && y >= 0
            && x < occupied.nx as i32
            && y < occupied.ny as i32
            && !occupied.get(x as usize, y as usize)
    };
    for item in items {
        let (x, y) = (item.x - room.min.0, item.y - room.min.1);
        let bed_foot: &[(i32, i32)] = if item.kind == ItemKind::BedL {
            &[(2, 0), (1, 1), (1, -1)]
        } else {
            &[]
        };
        let mut open = STEPS
            .iter()
            .chain(bed_foot)
            .map(|&(dx, dy)| (x + dx, y + dy))
            .filter(|&(a, b)| free(a, b));
        if let (Some((a, b)), None) = (open.next(), open.next()) {
            usable.set(a as usize, b as usize, false);
        }
    }
}

/// One packing round: the usable cells once articulation points and items' last free neighbours are
/// taken out (listed x outer, y inner by [`Table::positions`]), left in `scratch.usable`.
fn usable_cells(
    scratch: &mut Scratch,
    (unusable, occupied): (&Flags, &Flags),
    root: (i32, i32),
    items: &[Item],
    room: &Room,
) {
    scratch.usable.assign_map(unusable, |taken| !taken);
    cut_articulations(scratch, occupied, root);
    keep_items_reachable(&mut scratch.usable, occupied, items, room);
}

/// Places `kind` on a random usable cell; false when none is left.
fn place_one(
    (map, rng, scratch): (&mut Map, &mut SeedRandom, &mut Scratch),
    flags: (&Flags, &Flags),
    root: (i32, i32),
    items: &mut Vec<Item>,
    room: &Room,
    kind: ItemKind,
) -> Option<(usize, usize)> {
    usable_cells(scratch, flags, root, items, room);
    let usable = &scratch.usable;
    let count = usable.positions(|ok| ok).count();
    if count == 0 {
        return None;
    }
    let (x, y) = usable.positions(|ok| ok).nth(rng.below(count))?;
    let item = Item {
        x: room.min.0 + x as i32,
        y: room.min.1 + y as i32,
        kind,
    };
    map.items.push(item);
    items.push(item);
    Some((x, y))
}

/// The vault: cells two deep inside its doors kept clear, pillars if they fit, then packed with a
/// shuffled cycle of furniture and at most two treasure boxes.
pub fn vault(graph: &Graph, r: RoomId, map: &mut Map, rng: &mut SeedRandom) {
    let room = &graph.rooms[r];
    let (sx, sy) = (
        (room.max.0 - room.min.0) as usize,
        (room.max.1 - room.min.1) as usize,
    );
    let mut unusable = Table::new(sx, sy, false);
    let mut occupied = Table::new(sx, sy, false);
    let inside =
        |x: i32, y: i32| x >= room.min.0 && y >= room.min.1 && x < room.max.0 && y < room.max.1;
    for &w in &room.edges {
        let wall = &graph.walls[w];
        let (ax, ay) = if wall.vertical { (0, 1) } else { (1, 0) };
        for i in 0..wall.length {
            let (x, y) = (wall.origin.0 + ax * i, wall.origin.1 + ay * i);
            if !map.at(x, y).is_door_like() {
                continue;
            }
            for j in -2..3 {
                let (px, py) = (x - ay * j, y + ax * j);
                if inside(px, py) {
                    unusable.set((px - room.min.0) as usize, (py - room.min.1) as usize, true);
                }
            }
        }
    }
    let (x0, y0, x1, y1) = (room.min.0, room.min.1, room.max.0, room.max.1);
    let pillars = [
        (x0 + 1, y0 + 1),
        (x1 - 2, y0 + 1),
        (x0 + 1, y1 - 2),
        (x1 - 2, y1 - 2),
    ];
    if sx >= 5
        && sy >= 5
        && !pillars
            .iter()
            .any(|&(x, y)| unusable.get((x - x0) as usize, (y - y0) as usize))
    {
        for (x, y) in pillars {
            map.set(x, y, super::map::Terrain::Wall(0));
        }
    }
    let mut root = None;
    for x in 0..sx {
        for y in 0..sy {
            let (cx, cy) = (x0 + x as i32, y0 + y as i32);
            if !map.at(cx, cy).is_walkable() {
                occupied.set(x, y, true);
                unusable.set(x, y, true);
            } else if map.door_adjacent(cx, cy) {
                root = Some((x as i32, y as i32));
            }
        }
    }
    let Some(root) = root else { return };
    let mut kinds = vec![
        ItemKind::VaultTreasureBox,
        ItemKind::VaultTreasureBox,
        ItemKind::DrawersTall,
        ItemKind::DrawersShort,
        ItemKind::Chair,
        ItemKind::Table,
        ItemKind::Bookshelf,
        ItemKind::Shelf,
        ItemKind::TorchUnlit,
    ];
    rng.shuffle(&mut kinds);
    let mut items = Vec::new();
    let mut scratch = Scratch::default();
    let mut i: usize = 0;
    loop {
        let kind = kinds[i];
        let Some((x, y)) = place_one(
            (map, rng, &mut scratch),
            (&unusable, &occupied),
            root,
            &mut items,
            room,
            kind,
        ) else {
            break;
        };
        occupied.set(x, y, true);
        unusable.set(x, y, true);
        if kind == ItemKind::VaultTreasureBox {
            // The box leaves the cycle; the next kind slides into its index.
            kinds.remove(i);
            i %= kinds.len();
        } else {
            i = (i + 1) % kinds.len();
        }
    }
}

/// The bedroom: a bed against a wall away from the doors, then a shuffled set of furniture packed one by
/// one (tall pieces only against a wall and away from windows) until one finds no cell.
pub fn bedroom(room: &Room, level: u32, map: &mut Map, rng: &mut SeedRandom) {
    let (sx, sy) = (
        (room.max.0 - room.min.0) as usize,
        (room.max.1 - room.min.1) as usize,
    );
    let (x0, y0, x1, y1) = (room.min.0, room.min.1, room.max.0, room.max.1);
    let mut short = Table::new(sx, sy, false);
    let mut tall = Table::new(sx, sy, false);
    let mut occupied = Table::new(sx, sy, false);
    let mut root = None;
    for x in 0..sx {
        for y in 0..sy {
            let (cx, cy) = (x0 + x as i32, y0 + y as i32);
            if !map.at(cx, cy).is_walkable() {
                occupied.set(x, y, true);
                short.set(x, y, true);
                tall.set(x, y, true);
            } else if map.door_adjacent(cx, cy) {
                short.set(x, y, true);
                tall.set(x, y, true);
                root = Some((x as i32, y as i32));
            }
            if map.window_adjacent(cx, cy) || !map.next_to_wall(cx, cy) {
                tall.set(x, y, true);
            }
        }
    }
    let Some(root) = root else { return };
    // The room's cells holding an item (`isItemAtPos`; there are no guards yet), from one pass over the
    // items rather than one per question.
    let mut holds_item = Table::new(sx, sy, false);
    for i in &map.items {
        if i.x >= x0 && i.y >= y0 && i.x < x1 && i.y < y1 {
            holds_item.set((i.x - x0) as usize, (i.y - y0) as usize, true);
        }
    }
    let item_at = |x: i32, y: i32| holds_item.get((x - x0) as usize, (y - y0) as usize);
    let mut beds = Vec::new();
    for x in x0..x1 - 1 {
        for y in y0..y1 {
            let fits = (map.wall_or_window_adjacent(x, y) || map.wall_or_window_adjacent(x + 1, y))
                && !item_at(x, y)
                && !item_at(x + 1, y)
                && !map.door_adjacent(x, y)
                && !map.door_adjacent(x + 1, y)
                && (sx != 2 || y == y0 || y == y1 - 1);
            if fits {
                beds.push((x, y));
            }
        }
    }
    let mut items = Vec::new();
    if !beds.is_empty() {
        let (x, y) = beds[rng.below(beds.len())];
        let left = Item {
            x,
            y,
            kind: ItemKind::BedL,
        };
        map.items.push(left);
        map.place(x + 1, y, ItemKind::BedR);
        items.push(left);
        let (rx, ry) = ((x - x0) as usize, (y - y0) as usize);
        for flags in [&mut occupied, &mut short, &mut tall] {
            flags.set(rx, ry, true);
            flags.set(rx + 1, ry, true);
        }
    }
    let mut kinds = vec![
        ItemKind::DrawersTall,
        ItemKind::DrawersShort,
        ItemKind::Chair,
        ItemKind::Chair,
        ItemKind::Table,
        ItemKind::Bookshelf,
        torch(level, rng),
    ];
    rng.shuffle(&mut kinds);
    let mut scratch = Scratch::default();
    for kind in kinds {
        let unusable = if kind.is_tall() { &tall } else { &short };
        let Some((x, y)) = place_one(
            (map, rng, &mut scratch),
            (unusable, &occupied),
            root,
            &mut items,
            room,
            kind,
        ) else {
            break;
        };
        occupied.set(x, y, true);
        short.set(x, y, true);
        tall.set(x, y, true);
    }
}

/// `wallDistanceFromDoor`: how far into the room, from the wall facing outward `(dx, dy)`, its nearest
/// door's middle cell lies (infinite when the room has no door).
pub fn wall_distance_from_door(graph: &Graph, r: RoomId, dx: i32, dy: i32) -> i32 {
    let room = &graph.rooms[r];
    let (ix, iy) = (-dx, -dy);
    let base = if ix > 0 {
        (room.min.0 - 1, 0)
    } else if ix < 0 {
        (room.max.0, 0)
    } else if iy > 0 {
        (0, room.min.1 - 1)
    } else {
        (0, room.max.1)
    };
    room.edges
        .iter()
        .map(|&w| &graph.walls[w])
        .filter(|wall| wall.door)
        .map(|wall| {
            let k = wall.length / 2;
            let (x, y) = if wall.vertical {
                (wall.origin.0, wall.origin.1 + k)
            } else {
                (wall.origin.0 + k, wall.origin.1)
            };
            ix * (x - base.0) + iy * (y - base.1)
        })
        .min()
        .unwrap_or(i32::MAX)
}
