//! Graded light (`computeLighting` / `castLight`, `game-map.ts:783-930`).
//!
//! Every lit torch (radius² 45), stove (25), awake torch-carrying guard (15) and the thief's reading
//! light (0: its own cell) walks the portal frustum outward from its cell centre and adds
//! `1 / (0.5·d² + 1)` to each cell it reaches, once per source, capped at 1. Unlike 2023 there is no
//! diagonal spill: a zero-width portal (a corner) lights the cell beyond it and stops there. A blocking
//! cell is lit but stops the walk, unless the thief or a guard stands in it — an open door, a gate a
//! guard holds — for any cell of a wall line (`game-map.ts:787-792`).
//!
//! The sum is taken in the game's order of sources (items in list order, then guards in list order,
//! then the thief), so each cell's value is the same double as the game's. Each source's walk
//! from a cell is kept and added again while it still holds (see `SourceLight`).

use std::sync::{Arc, PoisonError, RwLock};

use crate::model::Cell;

use super::guard::Guard;
use super::kinds::{GuardMode, ItemType};
use super::map::{CellInfo, Map};

/// A portal of a cell: its left corner and right corner in half-cell units from the cell centre, and
/// the step to the cell beyond it (`PortalInfo`, `game-map.ts:460-470`).
pub(super) type Portal = ((i32, i32), (i32, i32), (i32, i32));

/// The eight light portals (`lightPortals`, `game-map.ts:479-488`): each edge and each corner.
const LIGHT_PORTALS: [Portal; 8] = [
    ((-1, -1), (-1, -1), (-1, -1)),
    ((-1, -1), (-1, 1), (-1, 0)),
    ((-1, 1), (-1, 1), (-1, 1)),
    ((-1, 1), (1, 1), (0, 1)),
    ((1, 1), (1, 1), (1, 1)),
    ((1, 1), (1, -1), (1, 0)),
    ((1, -1), (1, -1), (1, -1)),
    ((1, -1), (-1, -1), (0, -1)),
];

/// Radius² of a lit torch (`game-map.ts:803`).
const TORCH_RADIUS2: i32 = 45;
/// Radius² of a stove (`game-map.ts:807`).
const STOVE_RADIUS2: i32 = 25;
/// Radius² of a guard's torch (`game-map.ts:819`).
const GUARD_TORCH_RADIUS2: i32 = 15;
/// Radius² of the thief's reading light: its own cell (`game-map.ts:827`).
const READING_RADIUS2: i32 = 0;
/// Every radius² a source has.
const RADII: [i32; 4] = [
    TORCH_RADIUS2,
    STOVE_RADIUS2,
    GUARD_TORCH_RADIUS2,
    READING_RADIUS2,
];

/// `aRightOfB` (`game-map.ts:490-492`): `a` is clockwise of `b`.
pub(super) fn right_of(a: (i32, i32), b: (i32, i32)) -> bool {
    a.0 * b.1 > a.1 * b.0
}

/// What one source's walk lit, and what the walk depended on: the blocking cells it reached, which
/// stop it unless an actor stands in them. Blockers never change, so a fixed source (a torch, a stove)
/// lights the same cells by the same amounts for as long as the same ones of its blockers are occupied.
#[derive(Default)]
struct SourceLight {
    /// Each lit cell but the source's own, with what this source adds to it.
    cells: Vec<(usize, f64)>,
    /// The blocking cells the walk reached.
    blockers: Vec<usize>,
    /// Those of them an actor stood in, which the walk went on through.
    open: Vec<usize>,
}

impl SourceLight {
    /// Whether a walk with the actors in `occupied` would go as the recorded one.
    fn still_holds(&self, occupied: &[usize]) -> bool {
        occupied
            .iter()
            .filter(|o| self.blockers.contains(o))
            .all(|o| self.open.contains(o))
            && self.open.iter().all(|o| occupied.contains(o))
    }

    /// Adds this source's light to `lit` (`castLight`'s sum and cap), its own cell set fully lit.
    fn apply(&self, lit: &mut [f64], origin: usize) {
        lit[origin] = 1.0;
        for &(i, v) in &self.cells {
            lit[i] = (lit[i] + v).min(1.0);
        }
    }
}

/// How many walks from one cell with one radius are kept: a torch by a door lights one way while
/// the door is empty and another while a guard stands in it, and both come back every lap.
const WALKS_PER_SOURCE: usize = 3;

/// The kept walks from each cell for each radius, indexed `radius class × cells + cell`, the latest
/// last.
type KeptWalks = Arc<RwLock<Vec<Vec<SourceLight>>>>;

/// Memory the lighting reuses: which source last reached each cell (the game's per-cell `litSrc` set
/// of light ids, as one stamp per cell), the cells actors stand in, and the last walks from each
/// cell for each radius.
#[derive(Default)]
pub(super) struct LightScratch {
    source: Vec<u32>,
    generation: u32,
    occupied: Vec<usize>,
    /// Shared by every copy of the game: a walk is checked against its blockers' actors on every
    /// use, so it holds in any game of the map.
    walks: KeptWalks,
}

/// A copy starts with its own stamps and shares the kept walks.
impl Clone for LightScratch {
    fn clone(&self) -> LightScratch {
        LightScratch {
            walks: Arc::clone(&self.walks),
            ..LightScratch::default()
        }
    }
}

impl LightScratch {
    fn next_source(&mut self, len: usize) -> u32 {
        if self.source.len() != len {
            self.source = vec![0; len];
            self.generation = 0;
        }
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.source.fill(0);
            self.generation = 1;
        }
        self.generation
    }
}

/// One source's walk.
struct Caster<'a> {
    map_width: i32,
    map_height: i32,
    cells: &'a [CellInfo],
    source: &'a mut [u32],
    id: u32,
    occupied: &'a [usize],
    origin: Cell,
    radius2: i32,
    out: &'a mut SourceLight,
}

impl Caster<'_> {
    /// `castLightRecursive` (`game-map.ts:849-930`).
    fn visit(&mut self, x: i32, y: i32, left: (i32, i32), right: (i32, i32)) {
        if x < 0 || y < 0 || x >= self.map_width || y >= self.map_height {
            return;
        }
        let (dx, dy) = (x - self.origin.x, y - self.origin.y);
        let d2 = dx * dx + dy * dy;
        if d2 > self.radius2 {
            return;
        }
        let i = y as usize * self.map_width as usize + x as usize;
        let first = self.source[i] != self.id;
        if first {
            self.out.cells.push((i, 1.0 / (0.5 * f64::from(d2) + 1.0)));
            self.source[i] = self.id;
        }
        if self.cells[i].blocks_sight {
            if first {
                self.out.blockers.push(i);
            }
            if !self.occupied.contains(&i) {
                return;
            }
            if first {
                self.out.open.push(i);
            }
        }
        if !right_of(right, left) {
            return;
        }
        let (dx, dy) = (2 * dx, 2 * dy);
        for (l, r, (nx, ny)) in LIGHT_PORTALS {
            let pl = (dx + l.0, dy + l.1);
            let pr = (dx + r.0, dy + r.1);
            let cl = if right_of(left, pl) { left } else { pl };
            let cr = if right_of(right, pr) { pr } else { right };
            if !right_of(cl, cr) {
                self.visit(x + nx, y + ny, cl, cr);
            }
        }
    }
}

/// `castLight` (`game-map.ts:834-847`): the walk of every portal from `origin`.
fn walk(
    map: &Map,
    source: &mut Vec<u32>,
    id: u32,
    occupied: &[usize],
    origin: Cell,
    radius2: i32,
) -> SourceLight {
    let mut out = SourceLight::default();
    let mut caster = Caster {
        map_width: map.width,
        map_height: map.height,
        cells: &map.cells,
        source,
        id,
        occupied,
        origin,
        radius2,
        out: &mut out,
    };
    for (l, r, (nx, ny)) in LIGHT_PORTALS {
        caster.visit(origin.x + nx, origin.y + ny, l, r);
    }
    out
}

/// A source of radius² `radius2` (one of [`RADII`]) at `origin`: a kept walk from that cell with
/// that radius again if one still holds, else a new walk, added to `new` to be kept. A torch or
/// stove walks once per way its doors are held; a guard's torch once per cell of its beat.
fn cast(
    map: &mut Map,
    scratch: &mut LightScratch,
    (kept, new): (&[Vec<SourceLight>], &mut Vec<(usize, SourceLight)>),
    origin: Cell,
    radius2: i32,
) {
    // Every source stands on the map (torches, stoves, guards, the thief reading).
    let Some(at) = map.index(origin) else {
        return;
    };
    let class = RADII.iter().position(|&r| r == radius2).unwrap_or(0);
    let key = class * map.cells.len() + at;
    if let Some(walk) = kept[key]
        .iter()
        .rev()
        .find(|w| w.still_holds(&scratch.occupied))
    {
        walk.apply(&mut map.lit, at);
        return;
    }
    let stamp = scratch.next_source(map.cells.len());
    let light = walk(
        map,
        &mut scratch.source,
        stamp,
        &scratch.occupied,
        origin,
        radius2,
    );
    light.apply(&mut map.lit, at);
    new.push((key, light));
}

/// The thief as the lighting sees it: where it stands and whether its reading light is on.
#[derive(Clone, Copy)]
pub(super) struct Reader {
    pub pos: Cell,
    pub light: bool,
}

/// `computeLighting` (`game-map.ts:783-832`): all light recomputed from scratch. `reader` is `None`
/// where the game passes no player (when the level is made).
pub(super) fn compute_lighting(
    map: &mut Map,
    guards: &[Guard],
    reader: Option<Reader>,
    scratch: &mut LightScratch,
) {
    scratch.occupied.clear();
    let actors = reader
        .map(|r| r.pos)
        .into_iter()
        .chain(guards.iter().map(|g| g.pos));
    for pos in actors {
        if let Some(i) = map.index(pos)
            && map.cells[i].terrain.in_wall_line()
        {
            scratch.occupied.push(i);
        }
    }
    map.lit.fill(0.0);
    let walks = Arc::clone(&scratch.walks);
    let len = RADII.len() * map.cells.len();
    if walks.read().unwrap_or_else(PoisonError::into_inner).len() != len {
        let mut kept = walks.write().unwrap_or_else(PoisonError::into_inner);
        kept.clear();
        kept.resize_with(len, Vec::new);
    }
    // One read of the kept walks for the whole pass; the new walks are kept after it.
    let kept = walks.read().unwrap_or_else(PoisonError::into_inner);
    let mut new = Vec::new();
    for k in 0..map.items.len() {
        let item = map.items[k];
        let radius2 = match item.kind {
            ItemType::TorchLit => TORCH_RADIUS2,
            ItemType::Stove => STOVE_RADIUS2,
            _ => continue,
        };
        cast(map, scratch, (&kept, &mut new), item.cell, radius2);
    }
    for g in guards {
        if g.has_torch && g.mode != GuardMode::Unconscious {
            cast(map, scratch, (&kept, &mut new), g.pos, GUARD_TORCH_RADIUS2);
        }
    }
    if let Some(r) = reader
        && r.light
    {
        cast(map, scratch, (&kept, &mut new), r.pos, READING_RADIUS2);
    }
    drop(kept);
    if !new.is_empty() {
        let mut kept = walks.write().unwrap_or_else(PoisonError::into_inner);
        for (key, light) in new {
            let walks = &mut kept[key];
            if walks.len() == WALKS_PER_SOURCE {
                walks.remove(0);
            }
            walks.push(light);
        }
    }
}

#[cfg(test)]
#[expect(
    clippy::float_cmp,
    reason = "the light is the game's exact double: each expected value is the same one division"
)]
mod tests {
    use super::super::kinds::TerrainType;
    use super::super::map::Item;
    use super::*;

    fn open_floor(w: i32, h: i32, items: Vec<Item>) -> Map {
        let terrain = vec![TerrainType::GroundWood; (w * h) as usize];
        Map::new(w, h, &terrain, items, Vec::new())
    }

    fn torch(x: i32, y: i32) -> Item {
        Item {
            id: 0,
            cell: Cell::new(x, y),
            kind: ItemType::TorchLit,
        }
    }

    #[test]
    fn a_torch_lights_by_distance_and_stops_at_its_radius() {
        let mut map = open_floor(21, 21, vec![torch(10, 10)]);
        compute_lighting(&mut map, &[], None, &mut LightScratch::default());
        let at = |x, y| map.lit_at(Cell::new(x, y));
        assert_eq!(at(10, 10), 1.0);
        assert_eq!(at(11, 10), 1.0 / 1.5);
        assert_eq!(at(11, 11), 0.5);
        assert_eq!(at(13, 14), 1.0 / 13.5);
        // d² = 45 is in, 49 and 50 are out (no diagonal spill beyond the radius).
        assert_eq!(at(16, 13), 1.0 / 23.5);
        assert_eq!(at(17, 10), 0.0);
        assert_eq!(at(15, 15), 0.0);
    }

    #[test]
    fn two_torches_add_up_to_at_most_one() {
        let mut map = open_floor(7, 7, vec![torch(2, 2), torch(4, 2)]);
        compute_lighting(&mut map, &[], None, &mut LightScratch::default());
        assert_eq!(map.lit_at(Cell::new(3, 2)), 1.0);
        assert_eq!(map.lit_at(Cell::new(3, 0)), 1.0 / 3.5 + 1.0 / 3.5);
    }

    #[test]
    fn a_door_is_lit_and_casts_a_shadow() {
        let door = Item {
            id: 1,
            cell: Cell::new(2, 4),
            kind: ItemType::DoorEW,
        };
        let mut map = open_floor(5, 8, vec![torch(2, 2), door]);
        compute_lighting(&mut map, &[], None, &mut LightScratch::default());
        assert_eq!(map.lit_at(Cell::new(2, 4)), 1.0 / 3.0);
        assert_eq!(map.lit_at(Cell::new(2, 5)), 0.0);
        assert_eq!(map.lit_at(Cell::new(2, 6)), 0.0);
        assert!(map.lit_at(Cell::new(0, 5)) > 0.0);
    }
}
