//! Locked rooms as constraints on the siheyuan generator (issue 4; spec §11).
//!
//! A locked room keeps its slot, interior, wall ring (doors and windows included), floor and items
//! byte-identical. How each step honours that:
//! - **Geometry**: the room's four wall lines are pinned; the outer jitters are chosen (nearest the drawn
//!   ones) so the pins fit, and corners are repaired so one line stays straight at each (layout.rs).
//! - **Mirror symmetry**: a lock also pins the *mirror* slot's geometry, room/courtyard kind, privacy and
//!   wall openings, because the mansion stays symmetric (invariant 6). The mirror room's furniture, loot
//!   and floor noise still re-roll unless it is locked too.
//! - **Doors**: each door cell of the ring pins a door on the segment that now holds it, at that offset,
//!   for both mirror members; a ring segment without a door stays shut. Other doors are re-rolled.
//! - **Kinds**: the private threshold is lowered, if needed, so locked private rooms stay private and
//!   locked public rooms public; privacy still follows depth (invariant 13).
//! - **Dressing, furniture, loot**: the ring, floor and items are pasted back; loot passes skip locked
//!   rooms and their coins count toward the plan's budget; patrols are recomputed for the whole level,
//!   except those lying wholly in the locked rooms, which come back with their guards
//!   ([`crate::generate::passes::kept_patrols`]).
//!
//! A regeneration that still breaks an invariant outside the locked rooms is retried with a derived seed
//! (a fixed sequence, so the result stays deterministic); when no attempt works the caller gets a clear
//! message and keeps the level it had.

use std::collections::HashMap;

use super::layout::{Layout, SlotPin};
use crate::model::{
    Adjacency, Cell, Item, ItemKind, Level, LockedRoom, Plan, RoomId, RoomKind, RoomOrigin, Terrain,
};

/// The locks of one regeneration, checked against the plan and indexed by slot.
#[derive(Clone, Debug)]
pub struct Constraints {
    /// The locks as given, each naming a distinct slot of the plan.
    pub locked: Vec<LockedRoom>,
    by_slot: HashMap<(i32, i32), usize>,
    rooms_x: i32,
}

impl Constraints {
    /// Checks every lock names a distinct slot of this plan with a possible interior.
    pub fn new(plan: Plan, locks: &[LockedRoom]) -> Result<Self, String> {
        let mut by_slot = HashMap::new();
        for (n, lock) in locks.iter().enumerate() {
            let RoomOrigin::Slot { rx, ry } = lock.room.origin else {
                return Err(format!(
                    "locked room {n} is not a slot of a siheyuan mansion"
                ));
            };
            if !(0..plan.rooms_x).contains(&rx) || !(0..plan.rooms_y).contains(&ry) {
                return Err(format!(
                    "locked slot ({rx}, {ry}) is outside the {}×{} room grid",
                    plan.rooms_x, plan.rooms_y
                ));
            }
            let r = lock.room.interior;
            if !(2..=7).contains(&r.width()) || !(2..=6).contains(&r.height()) {
                return Err(format!(
                    "locked slot ({rx}, {ry}) has an impossible size {}×{}",
                    r.width(),
                    r.height()
                ));
            }
            if !matches!(lock.room.kind, RoomKind::Room | RoomKind::Courtyard) {
                return Err(format!(
                    "locked slot ({rx}, {ry}) is neither a room nor a courtyard"
                ));
            }
            if by_slot.insert((rx, ry), n).is_some() {
                return Err(format!("slot ({rx}, {ry}) is locked twice"));
            }
        }
        Ok(Constraints {
            locked: locks.to_vec(),
            by_slot,
            rooms_x: plan.rooms_x,
        })
    }

    /// The locked slots as pins for the wall layout: the interior each must get back and its
    /// neighbours' interiors when it was locked.
    pub fn pins(&self) -> Vec<SlotPin> {
        self.locked
            .iter()
            .filter_map(|l| match l.room.origin {
                RoomOrigin::Slot { rx, ry } => Some(SlotPin {
                    rx,
                    ry,
                    interior: l.room.interior,
                    neighbours: l
                        .neighbours
                        .iter()
                        .filter_map(|(origin, rect)| match origin {
                            RoomOrigin::Slot { rx, ry } => Some((*rx, *ry, *rect)),
                            _ => None,
                        })
                        .collect(),
                }),
                _ => None,
            })
            .collect()
    }

    /// The lock of slot `(rx, ry)`, if any.
    pub fn at(&self, rx: i32, ry: i32) -> Option<&LockedRoom> {
        self.by_slot.get(&(rx, ry)).map(|&n| &self.locked[n])
    }

    /// The lock that pins slot `(rx, ry)`: its own, else its mirror's.
    pub fn pinning(&self, rx: i32, ry: i32) -> Option<&LockedRoom> {
        self.at(rx, ry)
            .or_else(|| self.at(self.rooms_x - 1 - rx, ry))
    }

    /// Forces locked slots and their mirrors to the locked room/courtyard kind. A locked courtyard also
    /// fixes its neighbours: an open side (grass on the ring) needs a courtyard across, a walled side a room.
    pub fn apply_to_mask(&self, rooms_y: i32, inside: &mut [bool]) {
        let mut force = |rx: i32, ry: i32, indoor: bool| {
            if (0..self.rooms_x).contains(&rx) && (0..rooms_y).contains(&ry) {
                inside[(rx * rooms_y + ry) as usize] = indoor;
                inside[((self.rooms_x - 1 - rx) * rooms_y + ry) as usize] = indoor;
            }
        };
        for lock in self
            .locked
            .iter()
            .filter(|l| l.room.kind == RoomKind::Courtyard)
        {
            let RoomOrigin::Slot { rx, ry } = lock.room.origin else {
                continue;
            };
            let r = lock.room.interior;
            let open = |cells: Vec<Cell>| {
                cells.iter().any(|c| {
                    lock.terrain.iter().any(|(tc, t)| {
                        tc == c && matches!(t, Terrain::Grass | Terrain::GardenDoor(_))
                    })
                })
            };
            force(
                rx - 1,
                ry,
                !open((r.y0..r.y1).map(|y| Cell::new(r.x0 - 1, y)).collect()),
            );
            force(
                rx + 1,
                ry,
                !open((r.y0..r.y1).map(|y| Cell::new(r.x1, y)).collect()),
            );
            force(
                rx,
                ry - 1,
                !open((r.x0..r.x1).map(|x| Cell::new(x, r.y0 - 1)).collect()),
            );
            force(
                rx,
                ry + 1,
                !open((r.x0..r.x1).map(|x| Cell::new(x, r.y1)).collect()),
            );
        }
        for lock in &self.locked {
            if let RoomOrigin::Slot { rx, ry } = lock.room.origin {
                let indoor = lock.room.kind == RoomKind::Room;
                inside[(rx * rooms_y + ry) as usize] = indoor;
                inside[((self.rooms_x - 1 - rx) * rooms_y + ry) as usize] = indoor;
            }
        }
    }

    /// Region ids of the locked rooms in a level built on `layout`.
    pub fn locked_regions(&self, layout: &Layout) -> Vec<bool> {
        let mut locked = vec![false; 1 + (layout.rooms_x * layout.rooms_y) as usize];
        for lock in &self.locked {
            if let RoomOrigin::Slot { rx, ry } = lock.room.origin {
                locked[super::regions::slot_region(layout, rx, ry)] = true;
            }
        }
        locked
    }
}

/// The ring terrain a lock prescribes for `c`, for a slot pinned by itself or by its mirror (mirrored).
fn ring_terrain(lock: &LockedRoom, mirrored: bool, c: Cell, width: i32) -> Option<Terrain> {
    let probe = if mirrored {
        Cell::new(width - 1 - c.x, c.y)
    } else {
        c
    };
    let t = lock
        .terrain
        .iter()
        .find(|(cell, _)| *cell == probe)
        .map(|(_, t)| *t)?;
    match t {
        // The front door breaks the symmetry (quirk 1): its mirror is an ordinary wall, left to the dressing.
        Terrain::Portcullis(_) if mirrored => None,
        t if mirrored => Some(mirror_terrain(t)),
        t => Some(t),
    }
}

/// The mirror image of a terrain across the vertical axis (windows turn E ↔ W).
pub fn mirror_terrain(t: Terrain) -> Terrain {
    match t {
        Terrain::Window(d) => Terrain::Window(d.mirrored_x()),
        other => other,
    }
}

/// A pinned door decision for one segment: `Some(k)` a door at cell `k`, `None` shut.
pub type DoorPins = HashMap<usize, Option<i32>>;

/// Door decisions for every segment on a pinned slot's ring, from the lock's ring terrain.
/// Fails when a locked door now falls on no segment (a corner of the new geometry).
pub fn door_pins(
    constraints: &Constraints,
    level: &Level,
    segs: &[Adjacency],
) -> Result<DoorPins, String> {
    let mut pins = DoorPins::new();
    let width = level.width;
    for (id, adj) in segs.iter().enumerate() {
        let Some(seg) = adj.segment else { continue };
        for side in [adj.left, adj.right] {
            let RoomOrigin::Slot { rx, ry } = level.rooms[side].origin else {
                continue;
            };
            let Some(lock) = constraints.pinning(rx, ry) else {
                continue;
            };
            let mirrored = constraints.at(rx, ry).is_none();
            // The front door is the one sanctioned asymmetry: a mirror image never rules the outer wall.
            if mirrored
                && (adj.left == super::regions::EXTERIOR || adj.right == super::regions::EXTERIOR)
            {
                continue;
            }
            let door_at = (0..seg.len).find(|&k| {
                ring_terrain(lock, mirrored, seg.cell(k), width).is_some_and(Terrain::is_door_like)
            });
            pins.insert(id, door_at);
        }
    }
    for lock in &constraints.locked {
        for (c, t) in &lock.terrain {
            let on_ring = !lock.room.interior.contains(*c);
            if on_ring
                && t.is_door_like()
                && !segs
                    .iter()
                    .any(|a| a.segment.is_some_and(|s| s.cells().any(|sc| sc == *c)))
            {
                return Err(format!(
                    "the locked door at ({}, {}) falls on a wall corner",
                    c.x, c.y
                ));
            }
        }
    }
    Ok(pins)
}

/// Pastes every pinned slot's ring (mirrored for mirror slots) over the dressed walls; door items on
/// pinned rings follow the lock. Runs before furnishing, so furniture keeps clear of the final doorways
/// and windows.
pub fn paste_rings(constraints: &Constraints, level: &mut Level, layout: &Layout) {
    let width = level.width;
    let mut ring_cells: Vec<(Cell, Terrain, Option<ItemKind>)> = Vec::new();
    for rx in 0..layout.rooms_x {
        for ry in 0..layout.rooms_y {
            let Some(lock) = constraints.pinning(rx, ry) else {
                continue;
            };
            let mirrored = constraints.at(rx, ry).is_none();
            let r = super::regions::slot_region(layout, rx, ry);
            let rect = level.rooms[r].interior;
            let ring = (rect.x0 - 1..=rect.x1)
                .flat_map(|x| (rect.y0 - 1..=rect.y1).map(move |y| Cell::new(x, y)));
            let (height, border) = (level.height, super::layout::OUTER_BORDER);
            let outer_wall = |c: &Cell| {
                c.x == border
                    || c.y == border
                    || c.x == width - 1 - border
                    || c.y == height - 1 - border
            };
            for c in ring.filter(|c| !(rect.contains(*c) || mirrored && outer_wall(c))) {
                let Some(t) = ring_terrain(lock, mirrored, c, width) else {
                    continue;
                };
                let probe = if mirrored {
                    Cell::new(width - 1 - c.x, c.y)
                } else {
                    c
                };
                let door_item = lock.items.iter().find(|i| {
                    i.cell == probe && matches!(i.kind, ItemKind::Door(_) | ItemKind::Portcullis(_))
                });
                ring_cells.push((c, t, door_item.map(|i| i.kind)));
            }
        }
    }
    for (c, t, item) in ring_cells {
        level.set_terrain(c, t);
        level.items.retain(|i| {
            !(i.cell == c && matches!(i.kind, ItemKind::Door(_) | ItemKind::Portcullis(_)))
        });
        if let Some(kind) = item {
            level.items.push(Item { kind, cell: c });
        }
    }
}

/// Pastes each locked room's floor and items over whatever the furniture pass put there.
pub fn paste_rooms(constraints: &Constraints, level: &mut Level) {
    for lock in &constraints.locked {
        for (c, t) in &lock.terrain {
            if lock.room.interior.contains(*c) {
                level.set_terrain(*c, *t);
            }
        }
        let rect = lock.room.interior;
        level.items.retain(|i| !rect.contains(i.cell));
        level
            .items
            .extend(lock.items.iter().filter(|i| rect.contains(i.cell)).copied());
    }
}

/// Coins already lying in locked rooms.
pub fn locked_coins(constraints: &Constraints) -> usize {
    constraints
        .locked
        .iter()
        .map(|l| {
            l.items
                .iter()
                .filter(|i| i.kind == ItemKind::Coin && l.room.interior.contains(i.cell))
                .count()
        })
        .sum()
}

/// Forced privacy per region: locked slots (and their mirrors) keep the locked flag.
pub fn forced_privacy(constraints: &Constraints, level: &Level) -> Vec<Option<bool>> {
    level
        .rooms
        .iter()
        .map(|room| match room.origin {
            RoomOrigin::Slot { rx, ry } => constraints.pinning(rx, ry).map(|l| l.room.private),
            _ => None,
        })
        .collect()
}

/// Whether violation `v` lies in a pinned slot (its own cells or ring), where the designer's content wins.
pub fn in_pinned_slot(
    constraints: &Constraints,
    level: &Level,
    room: Option<RoomId>,
    cell: Option<Cell>,
) -> bool {
    let pinned = |r: RoomId| match level.rooms.get(r).map(|room| &room.origin) {
        Some(RoomOrigin::Slot { rx, ry }) => constraints.pinning(*rx, *ry).is_some(),
        _ => false,
    };
    if room.is_some_and(pinned) {
        return true;
    }
    let Some(c) = cell else { return false };
    level.rooms.iter().enumerate().any(|(r, room)| {
        let i = room.interior;
        let near = |c: Cell| c.x >= i.x0 - 1 && c.x <= i.x1 && c.y >= i.y0 - 1 && c.y <= i.y1;
        pinned(r)
            && room.kind != RoomKind::Exterior
            && (near(c) || near(Cell::new(level.width - 1 - c.x, c.y)))
    })
}
