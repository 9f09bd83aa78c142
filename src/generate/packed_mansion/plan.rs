//! §2.2–2.3 steps 1–4: the Entrance Hall on the front row, then rooms and hallways packed from seed
//! squares that prefer concave corners.

use super::params::{Placement as Strategy, Settings};
use crate::generate::rng::Stream;

/// What a placement is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlacementKind {
    /// The Entrance Hall on the front row, placed first; its front wall holds the front door.
    Entrance,
    /// A regular room, counted toward `target_rooms`.
    Room,
    /// A hallway: long and narrow, capped by `max_halls`.
    Hall,
}

/// One rectangle on the plan grid, `[x, x + w) × [y, y + h)` in squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placement {
    /// West edge in squares.
    pub x: i32,
    /// Front edge in squares (0 is the front row).
    pub y: i32,
    /// Width in squares.
    pub w: i32,
    /// Depth in squares.
    pub h: i32,
    /// Entrance Hall, room or hallway.
    pub kind: PlacementKind,
    /// Kept from a locked room.
    pub locked: bool,
}

/// The packed plan: placements and which square each one covers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    /// Grid width in squares.
    pub grid_w: i32,
    /// Grid depth in squares.
    pub grid_h: i32,
    /// Placements in the order they were placed: the locked ones first, then the Entrance Hall and the
    /// packed rooms and hallways. A placement's index is its room's placement id.
    pub placements: Vec<Placement>,
    /// Placement index per square, row-major.
    pub used: Vec<Option<usize>>,
    /// Squares that hosted nothing when tried.
    pub dead: Vec<bool>,
    /// The Entrance Hall (or the locked placement standing in for it).
    pub entrance: Option<usize>,
    /// Regular rooms placed, locked ones included.
    pub rooms: usize,
    /// Hallways placed by packing, the Entrance Hall and locked ones not counted (the cap is on new
    /// ones).
    pub halls: usize,
    /// Per placement: part of the building grown from the entrance. Locked placements join it once a
    /// placement touches them; seed squares only grow from it, so no part grows off a lone locked room.
    pub connected: Vec<bool>,
    /// Door pairs between locked placements kept from the locks; other locked pairs get no door.
    pub kept_doors: Vec<(usize, usize)>,
}

impl Plan {
    /// An empty plan of `grid_w × grid_h` squares.
    pub fn new(grid_w: i32, grid_h: i32) -> Self {
        let n = (grid_w * grid_h) as usize;
        Plan {
            grid_w,
            grid_h,
            placements: Vec::new(),
            used: vec![None; n],
            dead: vec![false; n],
            entrance: None,
            rooms: 0,
            halls: 0,
            connected: Vec::new(),
            kept_doors: Vec::new(),
        }
    }

    fn index(&self, x: i32, y: i32) -> usize {
        (y * self.grid_w + x) as usize
    }

    /// Whether a placement covers square `(x, y)`; off the grid counts as unused.
    pub fn is_used(&self, x: i32, y: i32) -> bool {
        self.owner(x, y).is_some()
    }

    /// The placement on a square, if any.
    fn owner(&self, x: i32, y: i32) -> Option<usize> {
        let inside = x >= 0 && y >= 0 && x < self.grid_w && y < self.grid_h;
        inside.then(|| self.used[self.index(x, y)]).flatten()
    }

    /// Whether a `w × h` rectangle at `(x, y)` lies in the grid on unused squares.
    pub fn fits(&self, x: i32, y: i32, w: i32, h: i32) -> bool {
        x >= 0
            && y >= 0
            && x + w <= self.grid_w
            && y + h <= self.grid_h
            && (y..y + h).all(|j| (x..x + w).all(|i| self.used[self.index(i, j)].is_none()))
    }

    /// Adds a placement on free squares, counts it, and returns its index.
    pub fn add(&mut self, p: Placement) -> usize {
        let id = self.placements.len();
        for j in p.y..p.y + p.h {
            for i in p.x..p.x + p.w {
                let k = self.index(i, j);
                self.used[k] = Some(id);
            }
        }
        match p.kind {
            PlacementKind::Room => self.rooms += 1,
            PlacementKind::Hall if !p.locked => self.halls += 1,
            _ => {}
        }
        self.placements.push(p);
        self.connected
            .push(!p.locked || p.kind == PlacementKind::Entrance);
        self.absorb_locked();
        id
    }

    /// Makes a locked placement the entrance (§2.7 step 2's fallback) and grows the building from it.
    pub fn set_entrance(&mut self, id: usize) {
        self.entrance = Some(id);
        self.connected[id] = true;
        self.absorb_locked();
    }

    /// Locked placements join the connected building when they touch a part of it they can have a door
    /// to (any unlocked placement, or a locked one through a kept door), until none is left to join.
    pub fn absorb_locked(&mut self) {
        let door_possible = |plan: &Plan, i: usize, j: usize| {
            !plan.placements[j].locked || plan.kept_doors.contains(&(i.min(j), i.max(j)))
        };
        loop {
            let joining = (0..self.placements.len()).find(|&i| {
                !self.connected[i]
                    && (0..self.placements.len()).any(|j| {
                        self.connected[j]
                            && touches(&self.placements[i], &self.placements[j])
                            && door_possible(self, i, j)
                    })
            });
            match joining {
                Some(i) => self.connected[i] = true,
                None => return,
            }
        }
    }

    /// Squares of the connected building among the 4-neighbours of a square (the map edge does not
    /// count). Without locks every used square is connected.
    pub fn used_neighbours(&self, x: i32, y: i32) -> usize {
        [(1, 0), (-1, 0), (0, 1), (0, -1)]
            .into_iter()
            .filter(|(dx, dy)| {
                self.owner(x + dx, y + dy)
                    .is_some_and(|p| self.connected[p])
            })
            .count()
    }

    /// Squares of the placement's rectangle in contact with used squares outside it (for Snug).
    fn contact(&self, x: i32, y: i32, w: i32, h: i32) -> usize {
        let edge = (x..x + w).flat_map(|i| [(i, y - 1), (i, y + h)]);
        let sides = (y..y + h).flat_map(|j| [(x - 1, j), (x + w, j)]);
        edge.chain(sides)
            .filter(|&(i, j)| self.is_used(i, j))
            .count()
    }
}

/// Whether two placements share at least one unit edge.
pub fn touches(a: &Placement, b: &Placement) -> bool {
    let x_overlap = a.x < b.x + b.w && b.x < a.x + a.w;
    let y_overlap = a.y < b.y + b.h && b.y < a.y + a.h;
    let side = (a.x + a.w == b.x || b.x + b.w == a.x) && y_overlap;
    let end = (a.y + a.h == b.y || b.y + b.h == a.y) && x_overlap;
    side || end
}

/// Draws a room size (§2.2): short side, long side, orientation.
fn draw_room(settings: &Settings, rng: &mut Stream) -> (i32, i32) {
    let a = rng.range_inclusive(settings.room_min_side, settings.room_max_short);
    let b = rng.range_inclusive(a, settings.room_max_long);
    if rng.coin() == 0 { (a, b) } else { (b, a) }
}

/// Draws a hallway size (§2.2): width from the allowed set, length, orientation.
fn draw_hall(settings: &Settings, rng: &mut Stream) -> (i32, i32) {
    let k = settings.hall_widths[rng.below(settings.hall_widths.len())];
    let len = rng.range_inclusive(
        settings.hall_min_length_factor * k,
        settings.hall_max_length,
    );
    if rng.coin() == 0 { (k, len) } else { (len, k) }
}

/// Every size of one kind in both orientations: shuffled once, then stably sorted by area, largest first.
fn size_list(settings: &Settings, hall: bool, rng: &mut Stream) -> Vec<(i32, i32)> {
    let mut sizes = Vec::new();
    if hall {
        for &k in &settings.hall_widths {
            for len in settings.hall_min_length_factor * k..=settings.hall_max_length {
                sizes.push((k, len));
                sizes.push((len, k));
            }
        }
    } else {
        for a in settings.room_min_side..=settings.room_max_short {
            for b in a..=settings.room_max_long {
                sizes.push((a, b));
                sizes.push((b, a));
            }
        }
    }
    sizes.sort_unstable();
    sizes.dedup();
    rng.shuffle(&mut sizes);
    sizes.sort_by_key(|&(w, h)| std::cmp::Reverse(w * h));
    sizes
}

/// The fitting sizes and positions of the Entrance Hall on the front row.
fn place_entrance(plan: &mut Plan, settings: &Settings, rooms: &[(i32, i32)], rng: &mut Stream) {
    let (w, h) = draw_room(settings, rng);
    let first = std::iter::once((w, h)).chain(rooms.iter().copied().filter(|&s| s != (w, h)));
    for (w, h) in first {
        let xs: Vec<i32> = (0..=plan.grid_w - w)
            .filter(|&x| plan.fits(x, 0, w, h))
            .collect();
        if xs.is_empty() {
            continue;
        }
        let x = xs[rng.below(xs.len())];
        let id = plan.add(Placement {
            x,
            y: 0,
            w,
            h,
            kind: PlacementKind::Entrance,
            locked: false,
        });
        plan.entrance = Some(id);
        return;
    }
}

/// Step 2: a seed square by the tier rule, or `None` when no unused square touches a used one.
fn choose_seed(plan: &Plan, prefer_corners: bool, rng: &mut Stream) -> Option<(i32, i32)> {
    let mut tier_a = Vec::new();
    let mut tier_b = Vec::new();
    for y in 0..plan.grid_h {
        for x in 0..plan.grid_w {
            let k = plan.index(x, y);
            if plan.used[k].is_some() || plan.dead[k] {
                continue;
            }
            match plan.used_neighbours(x, y) {
                0 => {}
                1 => tier_b.push((x, y)),
                _ if prefer_corners => tier_a.push((x, y)),
                _ => tier_b.push((x, y)),
            }
        }
    }
    let tier = if tier_a.is_empty() { tier_b } else { tier_a };
    (!tier.is_empty()).then(|| tier[rng.below(tier.len())])
}

/// Step 3 for one kind: the first size (drawn size, then the list) with a position containing the seed.
fn try_kind(
    plan: &Plan,
    settings: &Settings,
    seed: (i32, i32),
    drawn: (i32, i32),
    list: &[(i32, i32)],
    rng: &mut Stream,
) -> Option<(i32, i32, i32, i32)> {
    let sizes = std::iter::once(drawn).chain(list.iter().copied().filter(|&s| s != drawn));
    for (w, h) in sizes {
        let mut positions = Vec::new();
        for y in seed.1 - h + 1..=seed.1 {
            for x in seed.0 - w + 1..=seed.0 {
                if plan.fits(x, y, w, h) {
                    positions.push((x, y));
                }
            }
        }
        if positions.is_empty() {
            continue;
        }
        if settings.placement == Strategy::Snug {
            let best = positions
                .iter()
                .map(|&(x, y)| plan.contact(x, y, w, h))
                .max();
            positions.retain(|&(x, y)| Some(plan.contact(x, y, w, h)) == best);
        }
        let (x, y) = positions[rng.below(positions.len())];
        return Some((x, y, w, h));
    }
    None
}

/// Steps 1–4: packs the plan (which may hold locked placements already). Returns false, having placed
/// nothing, when the Entrance Hall found no place on the front row.
pub fn pack(plan: &mut Plan, settings: &Settings, rng: &mut Stream) -> bool {
    let room_sizes = size_list(settings, false, rng);
    let hall_sizes = size_list(settings, true, rng);
    if plan.entrance.is_none() {
        place_entrance(plan, settings, &room_sizes, rng);
    }
    if plan.entrance.is_none() {
        return false;
    }
    // Packing goes on past the target while a locked room is still apart from the building (§2.7).
    while plan.rooms < settings.target_rooms || plan.connected.contains(&false) {
        let Some(seed) = choose_seed(plan, settings.prefer_corners, rng) else {
            break;
        };
        let halls_left = plan.halls < settings.max_halls && !settings.hall_widths.is_empty();
        let hall_first = halls_left && rng.chance(settings.hall_chance);
        let mut found = None;
        for hall in [hall_first, !hall_first] {
            if hall && !halls_left {
                continue;
            }
            let (drawn, list) = if hall {
                (draw_hall(settings, rng), &hall_sizes)
            } else {
                (draw_room(settings, rng), &room_sizes)
            };
            if let Some(rect) = try_kind(plan, settings, seed, drawn, list, rng) {
                found = Some((rect, hall));
                break;
            }
        }
        if let Some(((x, y, w, h), hall)) = found {
            let kind = if hall {
                PlacementKind::Hall
            } else {
                PlacementKind::Room
            };
            plan.add(Placement {
                x,
                y,
                w,
                h,
                kind,
                locked: false,
            });
        } else {
            let k = plan.index(seed.0, seed.1);
            plan.dead[k] = true;
        }
    }
    true
}

/// Whether any unused, non-dead square could still host a placement of either kind (for the shortfall
/// check of invariant 4).
pub fn any_candidate_left(plan: &Plan, settings: &Settings) -> bool {
    let mut sizes = size_list(settings, false, &mut Stream::new(0, "check"));
    if plan.halls < settings.max_halls {
        sizes.extend(size_list(settings, true, &mut Stream::new(0, "check")));
    }
    (0..plan.grid_h).any(|y| {
        (0..plan.grid_w).any(|x| {
            plan.used[plan.index(x, y)].is_none()
                && plan.used_neighbours(x, y) > 0
                && sizes.iter().any(|&(w, h)| {
                    (y - h + 1..=y).any(|y0| (x - w + 1..=x).any(|x0| plan.fits(x0, y0, w, h)))
                })
        })
    })
}
