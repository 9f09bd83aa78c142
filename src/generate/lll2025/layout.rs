//! Steps 2–4 of the spec's pipeline (§7.1–7.3): which room slots are inside, where the walls between them
//! run, the mirroring, and the translation that puts the building on the map.

use super::plan::{LevelType, PlanEntry};
use crate::model::SeedRandom;

/// The slot pitch in cells (`roomSizeX`, `roomSizeY`).
const SLOT: i32 = 5;
/// Cells west of the westernmost wall (`outerBorder`); also east and north of the furthest walls.
pub const BORDER: i32 = 2;
/// Rows south of the southernmost wall (`outerBorderBottom`): room for the front yard.
const BORDER_SOUTH: i32 = 3;
/// The jitter values a wall line can take off its base position (`roomVarianceX/Y`).
const JITTER: usize = 3;
/// How often a junction is forced into a T (`forceTJunctionProbability`).
const FORCE_T: f64 = 0.75;

/// A rectangle of values indexed by (x, y), x outer as the game's grids store them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Table<T> {
    /// Entries west–east.
    pub nx: usize,
    /// Entries south–north.
    pub ny: usize,
    values: Vec<T>,
}

impl<T: Copy> Table<T> {
    /// A table of `nx × ny` copies of `fill`.
    pub fn new(nx: usize, ny: usize, fill: T) -> Self {
        Table {
            nx,
            ny,
            values: vec![fill; nx * ny],
        }
    }

    /// The entry at (x, y).
    pub fn get(&self, x: usize, y: usize) -> T {
        self.values[x * self.ny + y]
    }

    /// Sets the entry at (x, y).
    pub fn set(&mut self, x: usize, y: usize, value: T) {
        self.values[x * self.ny + y] = value;
    }

    /// Makes this table `f` of every entry of `from`, reusing its storage.
    pub fn assign_map<U: Copy>(&mut self, from: &Table<U>, f: impl Fn(U) -> T) {
        self.nx = from.nx;
        self.ny = from.ny;
        self.values.clear();
        self.values.extend(from.values.iter().map(|&v| f(v)));
    }

    /// A table of `f` of every entry.
    pub fn map<U>(&self, f: impl Fn(T) -> U) -> Table<U> {
        Table {
            nx: self.nx,
            ny: self.ny,
            values: self.values.iter().map(|&v| f(v)).collect(),
        }
    }

    /// The positions of the entries `keep` accepts, x outer and y inner (the game's scan order).
    pub fn positions<F: Fn(T) -> bool>(
        &self,
        keep: F,
    ) -> impl Iterator<Item = (usize, usize)> + use<'_, T, F> {
        let ny = self.ny.max(1);
        self.values
            .iter()
            .enumerate()
            .filter(move |&(_, &v)| keep(v))
            .map(move |(at, _)| (at / ny, at % ny))
    }
}

/// Which slots are inside (rooms) rather than courtyards or, on a Mansion, outdoors.
pub type SlotGrid = Table<bool>;

/// Step `room_grid`: the inside mask of the level type (§7.1).
pub fn room_grid(plan: &PlanEntry, rng: &mut SeedRandom) -> SlotGrid {
    let mut inside = Table::new(plan.rooms_x as usize, plan.rooms_y as usize, true);
    match plan.level_type {
        LevelType::Manor | LevelType::ManorRed => manor_grid(&mut inside, rng),
        LevelType::Mansion => mansion_grid(&mut inside, rng),
        LevelType::Fortress => fortress_grid(&mut inside, rng),
    }
    inside
}

/// Manor: a quarter of the slots picked (with repeats) as courtyards, the west half copied east, and
/// sometimes the south half copied north.
fn manor_grid(inside: &mut SlotGrid, rng: &mut SeedRandom) {
    let (nx, ny) = (inside.nx, inside.ny);
    for _ in 0..(nx * ny) / 4 {
        let x = rng.below(nx);
        let y = rng.below(ny);
        inside.set(x, y, false);
    }
    if !nx.is_multiple_of(2) {
        for x in nx.div_ceil(2)..nx {
            for y in 0..ny {
                inside.set(x, y, inside.get(nx - 1 - x, y));
            }
        }
    }
    if !ny.is_multiple_of(2) && rng.chance(0.125) {
        for x in 0..nx {
            for y in ny.div_ceil(2)..ny {
                inside.set(x, y, inside.get(x, ny - 1 - y));
            }
        }
    }
}

/// Mansion: 2×2 blocks of rooms joined by a random spanning tree (union over a shuffled list of block
/// pairs); slots outside the blocks and the lanes the tree uses stay outdoors.
fn mansion_grid(inside: &mut SlotGrid, rng: &mut SeedRandom) {
    let bx = (inside.nx + 1) / 3;
    let by = (inside.ny + 1) / 3;
    let fill = |inside: &mut SlotGrid, x0: usize, x1: usize, y0: usize, y1: usize| {
        for x in x0..x1 {
            for y in y0..y1 {
                inside.set(x, y, true);
            }
        }
    };
    *inside = Table::new(inside.nx, inside.ny, false);
    for i in 0..bx {
        for j in 0..by {
            fill(inside, 3 * i, 3 * i + 2, 3 * j, 3 * j + 2);
        }
    }
    let mut group: Vec<usize> = (0..bx * by).collect();
    let mut pairs: Vec<(usize, usize)> = Vec::new();
    for i in 1..bx {
        for j in 0..by {
            pairs.push(((i - 1) * by + j, i * by + j));
        }
    }
    for i in 0..bx {
        for j in 1..by {
            pairs.push((i * by + j - 1, i * by + j));
        }
    }
    rng.shuffle(&mut pairs);
    for (a, b) in pairs {
        let (ga, gb) = (group[a], group[b]);
        if ga == gb {
            continue;
        }
        for g in &mut group {
            if *g == gb {
                *g = ga;
            }
        }
        let (ax, ay, bxx, byy) = (a / by, a % by, b / by, b % by);
        fill(
            inside,
            3 * ax.min(bxx),
            3 * ax.max(bxx) + 2,
            3 * ay.min(byy),
            3 * ay.max(byy) + 2,
        );
    }
}

/// Fortress: an outer ring of rooms around a ring (or a U open to the back) of courtyards around a core.
fn fortress_grid(inside: &mut SlotGrid, rng: &mut SeedRandom) {
    let ring = rng.chance(0.25);
    let (nx, ny) = (inside.nx, inside.ny);
    for x in 0..nx {
        for y in 0..ny {
            let dx = x.min(nx - 1 - x);
            let dy = y.min(ny - 1 - y);
            let d = dx.min(dy);
            inside.set(x, y, d != 1 || (!ring && y > 1 && dx != 1));
        }
    }
}

/// Where the wall lines run: `x(i, ry)` is the x of vertical line `i = 0…Rx` in slot row `ry`, `y(rx, j)`
/// the y of horizontal line `j = 0…Ry` in slot column `rx`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Offsets {
    /// Vertical lines: `(Rx + 1) × Ry`.
    pub x: Table<i32>,
    /// Horizontal lines: `Rx × (Ry + 1)`.
    pub y: Table<i32>,
    /// The straight-outer-walls switch (p 0.25) the lines were drawn under.
    pub straight: bool,
}

/// A wall line's position when it is free to jitter: its base `5k − 1` plus `rand(3)`.
fn jittered(rng: &mut SeedRandom, k: usize) -> i32 {
    SLOT * k as i32 - 1 + rng.below(JITTER) as i32
}

/// A line's position forced to differ from its neighbour `other` (a T-junction): one of the two other
/// jitter values, uniformly.
fn forced_t(rng: &mut SeedRandom, k: usize, other: i32) -> i32 {
    let v = SLOT * k as i32 - 1 + rng.below(JITTER - 1) as i32;
    if v >= other { v + 1 } else { v }
}

/// Step `wall_offsets`: the straight-outer-walls switch, then every junction's orientation and the line
/// positions it decides (§7.2), in the game's draw order.
pub fn wall_offsets(nx: usize, ny: usize, rng: &mut SeedRandom) -> Offsets {
    let straight = rng.chance(0.25);
    let mut ox = Table::new(nx + 1, ny, 0);
    let mut oy = Table::new(nx, ny + 1, 0);
    let phase = rng.below(2);
    for x in 0..=nx {
        for y in 0..=ny {
            let vertical = if rng.chance(0.5) {
                rng.below(2) == 0
            } else {
                (x + y + phase).is_multiple_of(2)
            };
            if vertical {
                if y < ny {
                    let v = if y > 0 {
                        ox.get(x, y - 1)
                    } else {
                        jittered(rng, x)
                    };
                    ox.set(x, y, v);
                }
                if x < nx {
                    let v = if x == 0 {
                        jittered(rng, y)
                    } else if straight && (y == 0 || y == ny) {
                        oy.get(x - 1, y)
                    } else if !rng.chance(FORCE_T) {
                        jittered(rng, y)
                    } else {
                        forced_t(rng, y, oy.get(x - 1, y))
                    };
                    oy.set(x, y, v);
                }
            } else {
                if y < ny {
                    let v = if y == 0 {
                        jittered(rng, x)
                    } else if straight && (x == 0 || x == nx) {
                        ox.get(x, y - 1)
                    } else if !rng.chance(FORCE_T) {
                        jittered(rng, x)
                    } else {
                        forced_t(rng, x, ox.get(x, y - 1))
                    };
                    ox.set(x, y, v);
                }
                if x < nx {
                    let v = if x > 0 {
                        oy.get(x - 1, y)
                    } else {
                        jittered(rng, y)
                    };
                    oy.set(x, y, v);
                }
            }
        }
    }
    Offsets {
        x: ox,
        y: oy,
        straight,
    }
}

/// Whether the mask reads the same west–east mirrored.
fn symmetric_x(inside: &SlotGrid) -> bool {
    (0..inside.ny)
        .all(|y| (0..inside.nx / 2).all(|x| inside.get(x, y) == inside.get(inside.nx - 1 - x, y)))
}

/// Whether the mask reads the same south–north mirrored.
fn symmetric_y(inside: &SlotGrid) -> bool {
    (0..inside.nx)
        .all(|x| (0..inside.ny / 2).all(|y| inside.get(x, y) == inside.get(x, inside.ny - 1 - y)))
}

/// The mirror axis of `n` odd slots in cells: `floor(((n − 1)/2 + 0.5)·5 + 1)`.
fn centre(n: usize) -> i32 {
    (n as i32 - 1) / 2 * SLOT + SLOT / 2 + 1
}

/// Which axes the walls were mirrored on (§7.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Mirrors {
    /// West half copied east (odd Rx, symmetric mask).
    pub x: bool,
    /// South half copied north (odd Ry, symmetric mask, and a coin when also mirrored in x).
    pub y: bool,
}

/// Step 4 (the spec counts its draw with the adjacencies): mirror the wall lines where the mask allows,
/// then translate the building so its westernmost wall is at x = 2 and its southernmost at y = 3.
pub fn mirror_and_place(inside: &SlotGrid, offsets: &mut Offsets, rng: &mut SeedRandom) -> Mirrors {
    let (nx, ny) = (inside.nx, inside.ny);
    let (ox, oy) = (&mut offsets.x, &mut offsets.y);
    let mirror_x = !nx.is_multiple_of(2) && symmetric_x(inside);
    if mirror_x {
        let c = centre(nx);
        for x in nx.div_ceil(2)..=nx {
            for y in 0..ny {
                ox.set(x, y, 2 * c - ox.get(nx - x, y));
            }
        }
        for x in nx.div_ceil(2)..nx {
            for y in 0..=ny {
                oy.set(x, y, oy.get(nx - 1 - x, y));
            }
        }
    }
    let mirror_y = !ny.is_multiple_of(2) && symmetric_y(inside) && (!mirror_x || rng.chance(0.5));
    if mirror_y {
        let c = centre(ny);
        for x in 0..=nx {
            for y in ny.div_ceil(2)..ny {
                ox.set(x, y, ox.get(x, ny - 1 - y));
            }
        }
        for x in 0..nx {
            for y in ny.div_ceil(2)..=ny {
                oy.set(x, y, 2 * c - oy.get(x, ny - y));
            }
        }
    }
    let shift_x = BORDER - (0..ny).map(|y| ox.get(0, y)).min().unwrap_or(0);
    let shift_y = BORDER_SOUTH - (0..nx).map(|x| oy.get(x, 0)).min().unwrap_or(0);
    for x in 0..=nx {
        for y in 0..ny {
            ox.set(x, y, ox.get(x, y) + shift_x);
        }
    }
    for x in 0..nx {
        for y in 0..=ny {
            oy.set(x, y, oy.get(x, y) + shift_y);
        }
    }
    Mirrors {
        x: mirror_x,
        y: mirror_y,
    }
}
