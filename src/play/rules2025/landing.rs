//! Where the thief may land and what landing does to a knocked-out guard there (`canLeapToPos`,
//! `pushOrSwapGuard`, `game.ts:710-753`, `988-1077`, `2131-2150`): both the step and the leap ask, so it
//! is neither's.

use crate::model::Cell;

use super::kinds::{ItemType, TerrainType};
use super::map::CellInfo;
use super::world::World;

/// `canLeapOntoItemType` (`game.ts:2131-2150`).
pub(super) fn can_land_on(kind: ItemType) -> bool {
    use ItemType as I;
    !(matches!(
        kind,
        I::DrawersShort
            | I::VaultTreasureBox
            | I::EmptyVaultTreasureBox
            | I::LootedVaultTreasureBox
            | I::TorchUnlit
            | I::TorchLit
            | I::TreasureLock
            | I::TreasurePlinth
    ) || kind.is_treasure())
}

/// A door-like item (door, locked door, gate) stands in a doorway at `c` (`game.ts:735-738`).
pub(super) fn closed_doorway(w: &World, c: Cell) -> bool {
    doorway_closed(w.map.cell(c), w.map.kinds_at(c))
}

/// [`closed_doorway`] of a cell holding items of `kinds`.
pub(super) fn doorway_closed(cell: CellInfo, mut kinds: impl Iterator<Item = ItemType>) -> bool {
    cell.terrain.is_door() && kinds.any(ItemType::is_door)
}

/// The part of `canLeapToPos` (`game.ts:720-744`) the map decides: no wall, window, gate, door-like
/// item in a doorway or item that cannot be landed on.
pub(super) fn lands_on_map(w: &World, c: Cell) -> bool {
    lands_on(w.map.cell(c), w.map.kinds_at(c))
}

/// [`lands_on_map`] of a cell holding items of `kinds`.
pub(super) fn lands_on(cell: CellInfo, kinds: impl Iterator<Item = ItemType> + Clone) -> bool {
    !(cell.blocks_player_move
        || cell.terrain.is_window()
        || cell.terrain.is_portcullis()
        || kinds.clone().any(|k| !can_land_on(k))
        || doorway_closed(cell, kinds))
}

/// `canLeapToPos` (`game.ts:710-753`): a landing the thief can take; a guard there must be about to
/// leave (see [`super::guard::Guard::allows_move_onto_from`]).
pub(super) fn can_leap_to(w: &World, c: Cell) -> bool {
    if !w.map.contains(c) && !w.finished_level {
        return false;
    }
    if !lands_on_map(w, c) {
        return false;
    }
    !w.guards
        .iter()
        .any(|g| g.pos == c && !g.allows_move_onto_from(w.player.pos))
}

/// `blocksPushedGuard` (`game.ts:1047-1077`).
fn blocks_pushed_guard(w: &World, c: Cell) -> bool {
    !w.map.contains(c)
        || w.map.cell(c).move_cost == super::map::INF
        || w.guards.iter().any(|g| g.pos == c)
        || w.map.has_item(c, |k| {
            k.is_portcullis() || (k.is_locked_door() && !w.player.has_key)
        })
}

/// `pushOrSwapGuard` (`game.ts:988-1031`): a knocked-out guard the thief walks into slides one cell
/// on, or, if that is blocked, into the thief's cell. Landing in water wakes it.
pub(super) fn push_or_swap(w: &mut World, slot: usize) {
    let from = w.guards[slot].pos;
    let thief = w.player.pos;
    let mut to = Cell::new(2 * from.x - thief.x, 2 * from.y - thief.y);
    if blocks_pushed_guard(w, to) {
        to = thief;
    }
    w.guards[slot].pos = to;
    if w.map.cell(to).terrain == TerrainType::GroundWater {
        w.guards[slot].timeout = 0;
    }
}
