//! Taking loot (`collectLoot`, `game.ts:575-654`, with `collectLootAt`, `game-map.ts:557-587`) and
//! picking a guard's pocket (`collectGuardLoot`, `game.ts:936-986`).

use crate::model::Cell;

use super::event::Event;
use super::event::Noise;
use super::kinds::ItemType;
use super::map::Item;
use super::turn::{ALARM_EARSHOT, make_noise};
use super::world::{Pick, World};

/// `hasLootAt` (`game-map.ts:557-565`).
fn is_loot(kind: ItemType) -> bool {
    kind == ItemType::Coin
        || kind.is_treasure()
        || kind == ItemType::Health
        || kind == ItemType::VaultTreasureBox
}

/// `canCollectLootAt` (`game.ts:570-573`): loot lies there and no lock covers it.
pub(super) fn can_collect_at(w: &World, c: Cell) -> bool {
    w.map.has_item(c, is_loot) && !w.map.has_item(c, |k| k == ItemType::TreasureLock)
}

/// `collectLoot`: takes everything collectable on `c` (a locked treasure stays), in item order. A coin
/// is one loot; food heals; a treasure marks its record stolen and, on the last level of a Fortress
/// run, sounds the alarm; a vault box leaves a looted box at the end of the list and sounds the alarm.
/// Returns whether anything was taken.
pub(super) fn collect_loot(w: &mut World, c: Cell) -> bool {
    let locked = w.map.has_item(c, |k| k == ItemType::TreasureLock);
    let taken = |it: &Item| {
        it.cell == c
            && match it.kind {
                ItemType::Coin | ItemType::Health | ItemType::VaultTreasureBox => true,
                kind => kind.is_treasure() && !locked,
            }
    };
    if !w.map.items.iter().any(taken) {
        return false;
    }
    let mut collected = Vec::new();
    w.map.items.retain(|it| {
        let take = taken(it);
        if take {
            collected.push(*it);
        }
        !take
    });
    let offset = (c.x - w.player.pos.x, c.y - w.player.pos.y);
    for item in collected {
        w.events.push(Event::Looted {
            cell: c,
            item: item.kind,
        });
        match item.kind {
            ItemType::Coin => {
                w.player.loot += 1;
                w.loot_stolen += 1;
            }
            ItemType::VaultTreasureBox => {
                w.map.push_item(c, ItemType::LootedVaultTreasureBox);
                make_noise(w, Noise::Alarm, offset, ALARM_EARSHOT, true);
            }
            ItemType::Health => {
                if w.player.health < w.player.health_max {
                    w.player.health += 1;
                }
            }
            _ => {
                for k in 0..w.map.treasures.len() {
                    if w.map.treasures[k].cell == item.cell {
                        w.map.treasures[k].stolen = true;
                        if w.rules.treasure_alarm {
                            make_noise(w, Noise::Alarm, offset, ALARM_EARSHOT, true);
                        }
                    }
                }
            }
        }
    }
    true
}

/// `collectGuardLoot` (`game.ts:936-986`): the guard at list place `slot` loses its purse (one loot)
/// and its key to the thief.
pub(super) fn collect_guard_loot(w: &mut World, slot: usize) {
    w.player.pick = Pick::Nothing;
    let g = &mut w.guards[slot];
    let (purse, key) = (g.has_purse, g.has_key);
    g.has_purse = false;
    g.has_key = false;
    if purse {
        w.player.loot += 1;
        w.loot_stolen += 1;
    }
    if key {
        w.player.has_key = true;
    }
    if purse || key {
        w.events.push(Event::Pickpocketed {
            guard: g.index,
            purse,
            key,
        });
    }
}
