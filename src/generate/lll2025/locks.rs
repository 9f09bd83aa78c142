//! Locked rooms on 2025 levels. The game draws walls, rooms, doors and room types from the one stream
//! that then furnishes them, and a room's walls are its neighbours' walls, so a locked room can only be
//! kept by keeping that layout: a regeneration around locks keeps the layout of the level it started
//! from (the parameters' `layout_seed`) and draws everything after it — furniture, grounds, patrols,
//! loot, guards — from the new seed. The locked rooms' floors and items go back into the map right after
//! the furniture, so the patrols and the loot see them, and again on the finished level (the loot and
//! treasure passes may have put something there).

use super::map::{ItemKind as GameItem, Terrain as GameTerrain};
use super::model_map::{game_item, game_terrain};
use super::rooms::Graph;
use crate::model::{LockedRoom, RoomOrigin, Terrain};

/// A locked floor cell to put back into the map: its floor and its items, in the game's kinds.
#[derive(Clone, Debug, PartialEq)]
pub struct KeptCell {
    /// The cell, in the game's (and the model's) coordinates.
    pub at: (i32, i32),
    /// Its floor.
    pub floor: GameTerrain,
    /// Its items, in order.
    pub items: Vec<GameItem>,
}

/// The game's floor for the model's, when it is one (walls, openings and the void are never a room's
/// floor).
fn game_floor(t: Terrain) -> Option<GameTerrain> {
    Some(game_terrain(t)).filter(|g| t != Terrain::Void && !g.is_wall_or_better())
}

/// The locked rooms' floor cells with their floors and items, in the game's kinds.
pub fn kept_cells(locks: &[LockedRoom]) -> Vec<KeptCell> {
    let mut kept = Vec::new();
    for lock in locks {
        for &(cell, terrain) in &lock.terrain {
            let Some(floor) = game_floor(terrain) else {
                continue;
            };
            if lock.room.cells.binary_search(&cell).is_err() {
                continue;
            }
            let items = lock
                .items
                .iter()
                .filter(|i| i.cell == cell)
                .map(|i| game_item(i.kind))
                .collect();
            kept.push(KeptCell {
                at: (cell.x, cell.y),
                floor,
                items,
            });
        }
    }
    kept
}

/// Puts the kept cells back into the map: their floors, and their items instead of whatever the
/// furniture pass put there.
pub fn put_back(map: &mut super::map::Map, kept: &[KeptCell]) {
    if kept.is_empty() {
        return;
    }
    map.items
        .retain(|i| !kept.iter().any(|k| k.at == (i.x, i.y)));
    for cell in kept {
        map.set(cell.at.0, cell.at.1, cell.floor);
        for &kind in &cell.items {
            map.place(cell.at.0, cell.at.1, kind);
        }
    }
}

/// Checks every lock names a room of this layout with the same floor: a lock of another layout (other
/// parameters, another level type) cannot be kept, and the message says which.
pub fn check_fit(graph: &Graph, locks: &[LockedRoom]) -> Result<(), String> {
    for lock in locks {
        let RoomOrigin::Corner2025 { x, y } = lock.room.origin else {
            return Err(format!(
                "a lock of a {} is not a room of a 2025 level",
                lock.room
                    .origin
                    .kind()
                    .map_or("exterior", crate::model::OriginKind::name)
            ));
        };
        let i = lock.room.interior;
        let same = graph
            .room_list
            .iter()
            .map(|&r| &graph.rooms[r])
            .any(|r| r.min == (x, y) && r.max == (i.x1, i.y1));
        if !same {
            return Err(format!(
                "the locked room at ({x}, {y}) is not a room of this layout; 2025 levels keep \
                 their layout when regenerated around locks, so change the level type or size \
                 only with every room unlocked"
            ));
        }
    }
    Ok(())
}

/// The corners of the rooms whose locks keep new guards out ([`LockedRoom::allow_patrols`] off), as
/// the game names a room by its corner: what [`super::Variation::fenced`] holds.
pub fn fenced_corners(locks: &[LockedRoom]) -> Vec<(i32, i32)> {
    locks
        .iter()
        .filter(|l| !l.allow_patrols)
        .filter_map(|l| match l.room.origin {
            RoomOrigin::Corner2025 { x, y } => Some((x, y)),
            _ => None,
        })
        .collect()
}
