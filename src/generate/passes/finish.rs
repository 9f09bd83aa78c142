//! The shared finishing pipeline of the tile-growth, packed-mansion and Rogue-grid generators
//! (`other-generators.md` §0.1–0.2). Those generators only build structure — terrain, rooms, adjacencies and
//! the entrance — and this pipeline adds everything else exactly as the siheyuan mansion's own passes do:
//! depth, private rooms, floor materials, door items, furniture, loot, patrols and guards.
//!
//! Choices made here (the spec leaves them to the shared passes):
//! - floors: `Floor` cells of courtyards become Grass, of private rooms and halls Marble, of every other
//!   room (corridors included) and of corridor connections Wood, with the siheyuan's creaky boards in
//!   public chambers from level 4;
//! - every `Door` cell gets a closable door item, as the siheyuan's ordinary doors do;
//! - furniture templates (§5.8) go only into rooms and halls whose floor is a full rectangle; corridors and
//!   irregular regions stay bare, because the templates assume a rectangle;
//! - the loot budget is half the chambers, rounded up, and at least [`MIN_LOOT`]: about the density of a
//!   siheyuan campaign, whose 100 coins spread over roughly 200 room slots;
//! - the outside patrol ring runs one cell outside the building's outer border, when there is an outside.

use super::chain::{self, Pass};
use super::kept_patrols::KeptPatrols;
use super::{furniture, locks, loot, patrols};
use crate::generate::rng::Stream;
use crate::generate::{Rerolls, Step};
use crate::model::topology::{depths, private_rooms};
use crate::model::{
    Cell, Diagnostic, Item, ItemKind, Level, LockedRoom, Placed, RoomKind, Terrain,
};

/// Fewest coins a level gets.
pub const MIN_LOOT: usize = 2;
/// Chance of a creaky board per public-chamber cell from level 4 (as the siheyuan's §5.8).
const CREAKY_CHANCE: f64 = 0.02;
/// Level from which public chambers get creaky boards.
const CREAKY_LEVEL: u32 = 4;

/// The loot budget of a finished level: half its chambers, rounded up, at least [`MIN_LOOT`].
pub fn loot_budget(level: &Level) -> usize {
    let chambers = level.rooms.iter().filter(|r| r.kind.is_chamber()).count();
    chambers.div_ceil(2).max(MIN_LOOT)
}

/// What the finishing passes work on: the level, what the generator says of it, and what one pass
/// hands the next (the furniture stream, which floors and furniture share; the kept patrols, which the
/// patrol pass resolves and the guard pass puts back).
pub struct Finishing<'a> {
    /// The level being finished.
    pub level: &'a mut Level,
    /// The generator's `Outside` margin, which places the outside patrol ring; `None` without an
    /// outside.
    pub outer_border: Option<i32>,
    /// The locked rooms, whose floors, items, patrols and guards come back after the passes that touch
    /// them.
    pub locks: &'a [LockedRoom],
    /// The step re-rolls, which key the passes' streams.
    pub rerolls: Rerolls,
    furniture_rng: Option<Stream>,
    kept: Option<KeptPatrols>,
}

impl<'a> Finishing<'a> {
    /// The finishing of `level`, before its first pass.
    pub fn new(
        level: &'a mut Level,
        outer_border: Option<i32>,
        locks: &'a [LockedRoom],
        rerolls: Rerolls,
    ) -> Self {
        Finishing {
            level,
            outer_border,
            locks,
            rerolls,
            furniture_rng: None,
            kept: None,
        }
    }

    /// The stream of `step` under `tag`, as re-rolled.
    fn stream(&self, step: Step, tag: &str) -> Stream {
        Stream::new(self.level.seed, &self.rerolls.tag(step, tag))
    }

    /// Runs `body` on the level with the furniture stream, which the first pass to draw from it
    /// starts and the next continues.
    fn with_furniture_stream(&mut self, body: fn(&mut Level, &mut Stream)) {
        let seed = self.level.seed;
        let tag = self.rerolls.tag(Step::Furniture, "furniture");
        let rng = self
            .furniture_rng
            .get_or_insert_with(|| Stream::new(seed, &tag));
        body(self.level, rng);
    }
}

/// The finishing passes, in order: depth, private rooms, floors, door items, furniture (with the
/// locked rooms put back), loot (likewise), patrols and guards.
pub fn passes<'a>() -> [Pass<Finishing<'a>>; 8] {
    [
        Pass {
            name: "depths",
            run: |f| assign_depths(f.level),
        },
        Pass {
            name: "private_rooms",
            run: |f| assign_private(f.level),
        },
        Pass {
            name: "floors",
            run: |f| f.with_furniture_stream(lay_floors),
        },
        Pass {
            name: "door_items",
            run: |f| place_door_items(f.level),
        },
        Pass {
            name: "furniture",
            run: |f| {
                f.with_furniture_stream(furnish);
                locks::restore(f.level, f.locks);
            },
        },
        Pass {
            name: "loot",
            run: place_all_loot,
        },
        Pass {
            name: "patrols",
            run: |f| {
                let kept = KeptPatrols::resolve(f.level, f.locks);
                let ring = f.outer_border.map(|b| b - 1);
                let mut rng = f.stream(Step::Patrols, "patrols");
                patrols::build_patrols_with_ring(f.level, &mut rng, ring, kept.held(), f.locks);
                f.kept = Some(kept);
            },
        },
        Pass {
            name: "guards",
            run: |f| {
                patrols::place_guards(f.level, &mut f.stream(Step::Patrols, "guards"));
                if let Some(kept) = f.kept.take() {
                    kept.restore(f.level);
                }
            },
        },
    ]
}

/// Runs every shared post-pass on a structural level (see [`passes`]). `outer_border` is the
/// generator's `Outside` margin, which places the outside patrol ring; `None` for levels without an
/// outside. Locked rooms get their floors and items back after furnishing and after loot (coins the
/// loot pass put there are taken away), and their kept patrols with their guards around the patrol
/// pass. Furniture, loot and patrols draw from the streams of their steps, re-rolled as `rerolls` says.
pub fn finish(
    level: &mut Level,
    outer_border: Option<i32>,
    locks: &[LockedRoom],
    rerolls: Rerolls,
) {
    let mut finishing = Finishing::new(level, outer_border, locks, rerolls);
    chain::run(&mut finishing, &passes());
}

/// The loot pass: the budget less the locked rooms' coins, placed by priority away from locked rooms,
/// which are put back after; a shortfall is noted.
fn place_all_loot(f: &mut Finishing<'_>) {
    let mut rng = f.stream(Step::Loot, "loot");
    let (level, locks) = (&mut *f.level, f.locks);
    let locked: Vec<bool> = level
        .rooms
        .iter()
        .map(|r| locks.iter().any(|l| l.room.origin == r.origin))
        .collect();
    let locked_coins = locks
        .iter()
        .flat_map(|l| &l.items)
        .filter(|i| i.kind == ItemKind::Coin)
        .count();
    let budget = loot_budget(level).saturating_sub(locked_coins);
    let placed = loot::place_loot(level, budget, &locked, &mut rng);
    locks::restore(level, locks);
    if placed < budget {
        level.diagnostics.push(Diagnostic::Shortfall {
            what: Placed::Loot,
            wanted: budget,
            placed,
        });
    }
}

/// §0.2 depth: the exterior 0, the depth seeds 1, then door hops; unreachable rooms keep 0.
fn assign_depths(level: &mut Level) {
    let depth = depths(level);
    for (room, d) in level.rooms.iter_mut().zip(depth) {
        room.depth = d.unwrap_or(0);
    }
}

/// §0.2 private rooms: the shared rule, aiming at a quarter of the chambers.
fn assign_private(level: &mut Level) {
    let depth = depths(level);
    let chambers = level.rooms.iter().filter(|r| r.kind.is_chamber()).count();
    let (private, _) = private_rooms(level, &depth, chambers.div_ceil(4));
    for (room, p) in level.rooms.iter_mut().zip(private) {
        room.private = p;
    }
}

/// Floor materials by room kind and privacy (see the module notes), in room order, x outer and y inner;
/// then Wood along the corridors that join rooms without being rooms themselves (their `via`).
fn lay_floors(level: &mut Level, rng: &mut Stream) {
    for r in 0..level.rooms.len() {
        let room = &level.rooms[r];
        let material = match (room.kind, room.private) {
            (RoomKind::Exterior, _) => continue,
            (RoomKind::Courtyard, _) => Terrain::Grass,
            (RoomKind::Room | RoomKind::Hall, true) => Terrain::Marble,
            _ => Terrain::Wood,
        };
        let creaky = room.kind == RoomKind::Room && !room.private && level.level >= CREAKY_LEVEL;
        let cells = room.cells.clone();
        for c in cells {
            if level.terrain(c) != Terrain::Floor {
                continue;
            }
            let t = if creaky && rng.chance(CREAKY_CHANCE) {
                Terrain::WoodCreaky
            } else {
                material
            };
            level.set_terrain(c, t);
        }
    }
    let corridors: Vec<Cell> = level
        .adjacencies
        .iter()
        .flat_map(|a| a.via.iter().copied())
        .collect();
    for c in corridors {
        if level.terrain(c) == Terrain::Floor {
            level.set_terrain(c, Terrain::Wood);
        }
    }
}

/// A closable door item on every `Door` cell, row by row.
fn place_door_items(level: &mut Level) {
    let doors: Vec<Item> = level
        .all_cells()
        .filter_map(|cell| match level.terrain(cell) {
            Terrain::Door(axis) => Some(Item {
                kind: ItemKind::Door(axis),
                cell,
            }),
            _ => None,
        })
        .collect();
    level.items.extend(doors);
}

/// Floor the templates may stand on: laid floor without furniture terrain (pillars, pools) yet.
fn is_plain_floor(t: Terrain) -> bool {
    matches!(
        t,
        Terrain::Wood | Terrain::WoodCreaky | Terrain::Marble | Terrain::Grass | Terrain::Floor
    )
}

/// Whether every cell of the room's bounding rectangle is one of its plain floor cells.
fn is_full_rectangle(level: &Level, r: usize) -> bool {
    let room = &level.rooms[r];
    let rect = room.interior;
    room.cells.len() == (rect.width() * rect.height()) as usize
        && room
            .cells
            .iter()
            .all(|&c| rect.contains(c) && is_plain_floor(level.terrain(c)))
}

/// Narrowest room side the templates furnish: a centre-row torch would block a one-cell-wide hall, which
/// the siheyuan never has.
const MIN_FURNISHED_SIDE: i32 = 2;

/// §5.8 templates for rectangular rooms, halls and courtyards of both sides at least
/// [`MIN_FURNISHED_SIDE`], in room order.
fn furnish(level: &mut Level, rng: &mut Stream) {
    let mut archways: Vec<Cell> = level
        .adjacencies
        .iter()
        .filter(|a| a.door)
        .flat_map(|a| a.door_cells.iter().copied())
        .filter(|&c| !level.terrain(c).is_door_like())
        .collect();
    archways.sort();
    archways.dedup();
    for r in 0..level.rooms.len() {
        let room = &level.rooms[r];
        let narrow = room.interior.width().min(room.interior.height()) < MIN_FURNISHED_SIDE;
        if narrow || !is_full_rectangle(level, r) {
            continue;
        }
        let (rect, private) = (room.interior, room.private);
        match room.kind {
            RoomKind::Courtyard => furniture::decorate_courtyard(level, rect, &archways, rng),
            RoomKind::Room | RoomKind::Hall => {
                furniture::decorate_room(level, rect, private, &archways, rng);
            }
            RoomKind::Corridor | RoomKind::Exterior => {}
        }
    }
}
