//! Structure-aware mutations on the typed preset: foreign locks, locks of other levels, changed lock
//! snapshots, hostile hand edits, extreme recipes and parameters. Each returns a one-line description
//! that goes into the failure report; the value pools and draws are the level mutations' ([`super::typed`]).

use mansion_forge::edit::Edit;
use mansion_forge::generate::recipe::GeneratorParams;
use mansion_forge::io::preset::Preset;
use mansion_forge::model::Item;
use rand::RngExt;
use rand_chacha::ChaCha8Rng;
use serde_json::Value;

use super::corpus::Corpus;
use super::mutate::{below, count, pick};
use super::typed::{
    EXTREME_I32, EXTREME_U32, ITEMS, KINDS, TERRAINS, cell, index, rect, some_index,
};

/// A hand edit with plausible or hostile cells and indices.
fn edit(rng: &mut ChaCha8Rng) -> Edit {
    let c = cell(rng, 48, 48);
    let n = index(rng, 24);
    let m = index(rng, 24);
    match below(rng, 14) {
        0 => Edit::PaintTerrain {
            cell: c,
            terrain: *pick(rng, TERRAINS),
        },
        1 => Edit::SetItem {
            cell: c,
            item: rng.random_bool(0.8).then(|| *pick(rng, ITEMS)),
        },
        2 => Edit::MoveItem {
            from: c,
            to: cell(rng, 48, 48),
        },
        3 => Edit::SetDoor {
            adjacency: n,
            open: rng.random(),
        },
        4 => Edit::SetRoomKind {
            room: n,
            kind: *pick(rng, KINDS),
            private: rng.random(),
        },
        5 => Edit::MoveWaypoint {
            route: n,
            index: m,
            to: c,
        },
        6 => Edit::MoveRoomToRoute { room: n, route: m },
        7 => Edit::AddGuard { cell: c },
        8 => Edit::RemoveGuard { guard: n },
        9 => Edit::MovePlayerStart { to: c },
        10 => Edit::Lock { room: n },
        11 => Edit::Unlock { room: n },
        12 => Edit::PutOnTop {
            cell: c,
            item: *pick(rng, ITEMS),
        },
        _ => Edit::TakeTopItem { cell: c },
    }
}

/// One typed mutation of a preset; returns what it did.
pub fn preset(rng: &mut ChaCha8Rng, preset: &mut Preset, corpus: &Corpus) -> String {
    let id = preset.recipe.generator.id();
    match below(rng, 9) {
        0 | 1 => {
            // A lock from another generator's level, the "foreign lock".
            let foreign: Vec<_> = corpus.locks.iter().filter(|(g, _)| g != id).collect();
            if foreign.is_empty() {
                return "no foreign locks".into();
            }
            let (from, lock) = pick(rng, &foreign);
            preset.locks.push(lock.clone());
            format!("a lock of a {from} level ({:?})", lock.room.origin)
        }
        2 => {
            let same: Vec<_> = corpus.locks.iter().filter(|(g, _)| g == id).collect();
            if same.is_empty() {
                return "no locks of this generator".into();
            }
            for _ in 0..count(rng, 8) {
                preset.locks.push(pick(rng, &same).1.clone());
            }
            "locks of other levels of the same generator".into()
        }
        3 => match some_index(rng, &preset.locks) {
            Some(l) => {
                let lock = &mut preset.locks[l];
                let c = cell(rng, 48, 48);
                match below(rng, 5) {
                    0 => lock.room.cells.push(c),
                    1 => lock.room.interior = rect(rng, 48, 48),
                    2 => lock.terrain.push((c, *pick(rng, TERRAINS))),
                    3 => lock.items.push(Item {
                        kind: *pick(rng, ITEMS),
                        cell: c,
                    }),
                    _ => {
                        let origin = lock.room.origin.clone();
                        lock.neighbours.push((origin, rect(rng, 48, 48)));
                    }
                }
                format!("lock {l} changed near ({}, {})", c.x, c.y)
            }
            None => "no locks".into(),
        },
        4 | 5 => {
            let n = count(rng, 200);
            preset.edits.extend((0..n).map(|_| edit(rng)));
            format!("{n} hostile edits, last {:?}", preset.edits.last())
        }
        6 => {
            preset.recipe.level = *pick(rng, EXTREME_U32);
            preset.recipe.seed = *pick(rng, &[0, u64::MAX, 1 << 63]);
            preset.recipe.rerolls.loot = *pick(rng, EXTREME_U32);
            preset.recipe.rerolls.patrols = *pick(rng, EXTREME_U32);
            format!("recipe {:?}", preset.recipe)
        }
        7 => {
            preset.name = "n".repeat(count(rng, 1 << 20));
            "long name".into()
        }
        _ => params(rng, &mut preset.recipe.generator),
    }
}

/// One parameter of the generator set to an extreme number, kept only when the type still holds it.
fn params(rng: &mut ChaCha8Rng, generator: &mut GeneratorParams) -> String {
    let Ok(mut value) = serde_json::to_value(&*generator) else {
        return "parameters not serialisable".into();
    };
    let Some(fields) = value.as_object_mut() else {
        return "no parameter fields".into();
    };
    let names: Vec<String> = fields.keys().cloned().collect();
    if names.is_empty() {
        return "no parameter fields".into();
    }
    let name = pick(rng, &names).clone();
    let extreme = match below(rng, 3) {
        0 => Value::from(i64::from(*pick(rng, EXTREME_I32))),
        1 => Value::from(*pick(rng, &[1e308, -1e308, 1e-308, 0.0, -0.5, 2.0])),
        _ => Value::from(u64::from(*pick(rng, EXTREME_U32))),
    };
    fields.insert(name.clone(), extreme.clone());
    match generator.kind().params_from_json(value) {
        Ok(changed) => {
            *generator = changed;
            format!("parameter {name} = {extreme}")
        }
        Err(_) => format!("parameter {name} cannot hold {extreme}"),
    }
}
