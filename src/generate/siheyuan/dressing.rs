//! Steps 5.7–5.9: wall dressing (open courtyard boundaries, door offsets, windows, door kinds), floors and
//! furniture templates, and the exterior grounds.

use super::locks::DoorPins;
use super::regions::EXTERIOR;
use crate::generate::passes::furniture;
use crate::generate::rng::Stream;
use crate::model::{Adjacency, Axis, Cell, Dir, Item, ItemKind, Level, RoomKind, Terrain};

const MASTER_DOOR_CHANCE: f64 = 0.3333;
const CREAKY_CHANCE: f64 = 0.02;
const EXTERIOR_BUSH_CHANCE: f64 = 0.8;

/// The axis of the wall line a segment runs along.
fn wall_axis(dir: Dir) -> Axis {
    match dir {
        Dir::N | Dir::S => Axis::NS,
        Dir::E | Dir::W => Axis::EW,
    }
}

/// 5.7: open courtyard boundaries, then per edge set (at its lowest id, ascending): the door offset, windows
/// on doorless walls between different kinds, the master-suite draw, and the door dressing.
///
/// A set pinned by a locked ring keeps the lock's door offset (the draws are still made).
pub fn dress_walls(level: &mut Level, pins: &DoorPins, rng: &mut Stream) {
    let courtyard = |level: &Level, r: usize| level.rooms[r].kind == RoomKind::Courtyard;
    for i in 0..level.adjacencies.len() {
        let adj = &level.adjacencies[i];
        if courtyard(level, adj.left)
            && courtyard(level, adj.right)
            && let Some(seg) = adj.segment
        {
            for c in seg.cells() {
                level.set_terrain(c, Terrain::Grass);
            }
        }
    }
    for first in 0..level.adjacencies.len() {
        let partner = level.adjacencies[first].mirror.unwrap_or(first);
        if partner < first {
            continue;
        }
        let pair = [first, partner];
        let members = if partner == first {
            &pair[..1]
        } else {
            &pair[..]
        };
        let Some(seg) = level.adjacencies[first].segment else {
            continue;
        };
        let len = seg.len;
        let offset = if members.len() == 1 {
            len / 2
        } else if len > 2 {
            1 + rng.below_i32(len - 2)
        } else {
            rng.below_i32(len)
        };
        let pinned_offset = members
            .iter()
            .find_map(|id| pins.get(id).copied().flatten());
        let offset = pinned_offset.unwrap_or(offset);
        let adj = &level.adjacencies[first];
        let (left, right) = (adj.left, adj.right);
        if !adj.door && side_class(level, left) != side_class(level, right) {
            place_windows(level, members, (left, right), seg.len, rng);
        }
        let master = rng.chance(MASTER_DOOR_CHANCE);
        for &id in members {
            dress_door(level, id, offset, master);
        }
    }
}

/// The five region kinds of the original: the exterior, public/private rooms and courtyards.
fn side_class(level: &Level, r: usize) -> (RoomKind, bool) {
    let room = &level.rooms[r];
    (room.kind, room.private)
}

/// Windows on the walls of an edge set whose first member joins `sides` along `len` cells.
fn place_windows(
    level: &mut Level,
    members: &[usize],
    sides: (usize, usize),
    len: i32,
    rng: &mut Stream,
) {
    let (left_kind, right_kind) = (level.rooms[sides.0].kind, level.rooms[sides.1].kind);
    let cells: Vec<i32> = if left_kind == RoomKind::Exterior || right_kind == RoomKind::Exterior {
        if len % 2 == 1 {
            vec![len / 2]
        } else {
            Vec::new()
        }
    } else if left_kind == RoomKind::Courtyard || right_kind == RoomKind::Courtyard {
        let start = rng.below_i32(2);
        let mut ks = Vec::new();
        let mut m = start;
        while m < (len + 1) / 2 {
            ks.push(m);
            ks.push(len - 1 - m);
            m += 2;
        }
        ks
    } else {
        Vec::new()
    };
    for &id in members {
        let adj = &level.adjacencies[id];
        let Some(seg) = adj.segment else { continue };
        let open_is_right = open_side_is_right(level, adj);
        let toward_open = if open_is_right {
            seg.dir.left().opposite()
        } else {
            seg.dir.left()
        };
        for &k in &cells {
            level.set_terrain(seg.cell(k), Terrain::Window(toward_open));
        }
    }
}

/// Whether the open side (exterior or courtyard) of a window wall is the segment's right side.
fn open_side_is_right(level: &Level, adj: &Adjacency) -> bool {
    let right = level.rooms[adj.right].kind;
    right == RoomKind::Exterior
        || (right == RoomKind::Courtyard && level.rooms[adj.left].kind != RoomKind::Exterior)
}

fn dress_door(level: &mut Level, id: usize, offset: i32, master: bool) {
    let adj = &level.adjacencies[id];
    let Some(seg) = adj.segment else { return };
    if !adj.door {
        return;
    }
    let cell = seg.cell(offset);
    let axis = wall_axis(seg.dir);
    let (left, right) = (&level.rooms[adj.left], &level.rooms[adj.right]);
    let (terrain, item) = if adj.left == EXTERIOR || adj.right == EXTERIOR {
        (Terrain::Portcullis(axis), Some(ItemKind::Portcullis(axis)))
    } else if left.kind == RoomKind::Courtyard && right.kind == RoomKind::Courtyard {
        (Terrain::GardenDoor(axis), None)
    } else if left.kind == RoomKind::Room
        && right.kind == RoomKind::Room
        && left.private
        && right.private
        && !master
    {
        (Terrain::Door(axis), None)
    } else {
        (Terrain::Door(axis), Some(ItemKind::Door(axis)))
    };
    level.adjacencies[id].door_cells = vec![cell];
    level.set_terrain(cell, terrain);
    if let Some(kind) = item {
        level.items.push(Item { kind, cell });
    }
}

/// 5.8: floors (with creaky boards from level 4) and the decoration template of every region, in index order.
pub fn furnish_regions(level: &mut Level, rng: &mut Stream) {
    for r in 1..level.rooms.len() {
        let room = &level.rooms[r];
        let (kind, private, rect) = (room.kind, room.private, room.interior);
        let floor = match (kind, private) {
            (RoomKind::Courtyard, _) => Terrain::Grass,
            (_, true) => Terrain::Marble,
            (_, false) => Terrain::Wood,
        };
        let creaky = kind == RoomKind::Room && !private && level.level >= 4;
        if creaky {
            // One draw per cell, in the original's x-outer, y-inner order.
            for c in rect.cells() {
                let t = if rng.chance(CREAKY_CHANCE) {
                    Terrain::WoodCreaky
                } else {
                    floor
                };
                level.set_terrain(c, t);
            }
        } else {
            level.fill_terrain(rect, floor);
        }
        match kind {
            RoomKind::Courtyard => furniture::decorate_courtyard(level, rect, &[], rng),
            _ => furniture::decorate_room(level, rect, private, &[], rng),
        }
    }
}

/// 5.9: grass bands with bushes along the north and the sides, and the front pillars.
pub fn dress_exterior(level: &mut Level, rng: &mut Stream) {
    let (w, h) = (level.width, level.height);
    let grass_if_ground = |level: &mut Level, c: Cell| {
        if level.terrain(c) == Terrain::Ground {
            level.set_terrain(c, Terrain::Grass);
        }
    };
    for x in 0..w {
        grass_if_ground(level, Cell::new(x, h - 2));
        grass_if_ground(level, Cell::new(x, h - 1));
        if x % 2 == 0 && rng.chance(EXTERIOR_BUSH_CHANCE) {
            level.items.push(Item {
                kind: ItemKind::Bush,
                cell: Cell::new(x, h - 1),
            });
        }
    }
    for y in 3..=h - 3 {
        for x in [0, 1, w - 2, w - 1] {
            grass_if_ground(level, Cell::new(x, y));
        }
        if (h - y) % 2 == 1 {
            if rng.chance(EXTERIOR_BUSH_CHANCE) {
                level.items.push(Item {
                    kind: ItemKind::Bush,
                    cell: Cell::new(0, y),
                });
            }
            if rng.chance(EXTERIOR_BUSH_CHANCE) {
                level.items.push(Item {
                    kind: ItemKind::Bush,
                    cell: Cell::new(w - 1, y),
                });
            }
        }
    }
    let mut x = 3;
    while x < w / 2 {
        level.set_terrain(Cell::new(x, 1), Terrain::Wall);
        level.set_terrain(Cell::new(w - 1 - x, 1), Terrain::Wall);
        x += 5;
    }
}
