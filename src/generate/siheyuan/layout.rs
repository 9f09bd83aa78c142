//! Steps 5.1–5.3: the courtyard mask, the jittered wall lines with corner straightening and mirroring, and
//! the walls plotted over a grass underlay.

use crate::generate::rng::Stream;
use crate::model::{Level, Rect, Terrain};

/// A locked slot whose interior must come out exactly as it was, with the interiors of the slots around
/// it when it was locked (their walls meeting its corners are kept where they were when possible).
#[derive(Clone, Debug)]
pub struct SlotPin {
    /// The slot's column in the room grid.
    pub rx: i32,
    /// The slot's row, 0 at the front.
    pub ry: i32,
    /// The floor rectangle the slot must get back, which fixes the four wall lines around it.
    pub interior: Rect,
    /// The neighbouring slots `(rx, ry)` with their interiors when the lock was taken: the walls that
    /// met the locked room's corners stay there when the jitters allow it.
    pub neighbours: Vec<(i32, i32, Rect)>,
}

/// The free jitter variables while pins are applied: vertical lines `0 … ceil(Rx/2)−1` and horizontal
/// pieces of columns `0 … floor(Rx/2)`; the rest are mirror images, set afterwards.
struct Jitters<'a> {
    rooms_x: i32,
    rooms_y: i32,
    v: &'a mut [i32],
    h: &'a mut [i32],
}

/// What a lock on the outermost row or column asks of the outer jitters.
#[derive(Clone, Copy, Debug)]
enum OuterWall {
    Free,
    /// The east wall must be at `x`.
    East {
        x: i32,
        rooms_x: i32,
    },
    /// The north wall's jitter is `relative + south`.
    North {
        relative: i32,
    },
}

/// One pinned free variable: vertical (`true`) or horizontal, its index, and its value relative to the
/// outer jitter (`v − vW` or `h − hS`), or mirrored (`1 − (v − vW)`).
#[derive(Clone, Copy, Debug, PartialEq)]
struct Pin {
    vertical: bool,
    index: usize,
    relative: i32,
    mirrored: bool,
}

impl Jitters<'_> {
    fn vi(&self, i: i32, ry: i32) -> usize {
        (i * self.rooms_y + ry) as usize
    }

    fn hi(&self, rx: i32, j: i32) -> usize {
        (rx * (self.rooms_y + 1) + j) as usize
    }

    /// Overrides the drawn jitters so every pinned slot gets its interior, choosing the outer jitters
    /// (nearest the drawn ones) that make that possible, then repairs corners so at least one line runs
    /// straight through each. Returns the outer jitters (west, south, north) to use.
    fn apply_pins(
        &mut self,
        pins: &[SlotPin],
        drawn: (i32, i32, i32),
    ) -> Result<(i32, i32, i32), String> {
        let (rx_n, ry_n) = (self.rooms_x, self.rooms_y);
        let free_v = (rx_n + 1) / 2;
        let mut fixed: Vec<Pin> = Vec::new();
        let mut east_wall: Option<i32> = None;
        let mut north_wall: Option<i32> = None;
        for pin in pins {
            let (rx, ry, r) = (pin.rx, pin.ry, pin.interior);
            for (i, x) in [(rx, r.x0 - 1), (rx + 1, r.x1)] {
                let relative = x - SLOT_PITCH * i - OUTER_BORDER;
                if i == 0 {
                    if relative != 0 {
                        return Err(format!("slot ({rx}, {ry}) is not against the west wall"));
                    }
                } else if i == rx_n {
                    east_wall = Some(x);
                } else if i < free_v || (rx_n % 2 == 0 && i == rx_n / 2) {
                    fixed.push(Pin {
                        vertical: true,
                        index: self.vi(i, ry),
                        relative,
                        mirrored: false,
                    });
                } else {
                    fixed.push(Pin {
                        vertical: true,
                        index: self.vi(rx_n - i, ry),
                        relative,
                        mirrored: true,
                    });
                }
            }
            for (j, y) in [(ry, r.y0 - 1), (ry + 1, r.y1)] {
                let relative = y - SLOT_PITCH * j - OUTER_BORDER;
                if j == 0 {
                    if relative != 0 {
                        return Err(format!("slot ({rx}, {ry}) is not against the south wall"));
                    }
                } else if j == ry_n {
                    north_wall = Some(relative);
                } else {
                    let column = if rx <= rx_n / 2 { rx } else { rx_n - 1 - rx };
                    fixed.push(Pin {
                        vertical: false,
                        index: self.hi(column, j),
                        relative,
                        mirrored: false,
                    });
                }
            }
        }
        let east = east_wall.map_or(OuterWall::Free, |x| OuterWall::East { x, rooms_x: rx_n });
        let west = Self::choose_outer(drawn.0, &fixed, true, east)?;
        let north = north_wall.map_or(OuterWall::Free, |relative| OuterWall::North { relative });
        let south = Self::choose_outer(drawn.1, &fixed, false, north)?;
        let north = north_wall.map_or(drawn.2, |relative| relative + south);
        let mut pinned_v = vec![false; self.v.len()];
        let mut pinned_h = vec![false; self.h.len()];
        for pin in &fixed {
            let outer = if pin.vertical { west } else { south };
            let value = if pin.mirrored {
                1 - (pin.relative + outer)
            } else {
                pin.relative + outer
            };
            let (values, pinned) = if pin.vertical {
                (&mut *self.v, &mut pinned_v)
            } else {
                (&mut *self.h, &mut pinned_h)
            };
            if pinned[pin.index] && values[pin.index] != value {
                return Err("two locked rooms need one wall in two places".to_string());
            }
            values[pin.index] = value;
            pinned[pin.index] = true;
        }
        let (mut restored_v, mut restored_h) = (pinned_v.clone(), pinned_h.clone());
        self.restore_around(pins, (west, south), &mut restored_v, &mut restored_h);
        self.repair_corners(&pinned_v, &pinned_h, &restored_v, &restored_h)?;
        Ok((west, south, north))
    }

    /// Puts the wall lines that meet each pinned slot's corners from the rows above and below and the
    /// columns beside back where they were when it was locked (unless another pin decides them or the
    /// outer jitters no longer allow it), so the segments along a locked ring keep their extent and doors.
    fn restore_around(
        &mut self,
        pins: &[SlotPin],
        outer: (i32, i32),
        pinned_v: &mut [bool],
        pinned_h: &mut [bool],
    ) {
        let (rx_n, ry_n) = (self.rooms_x, self.rooms_y);
        let free_v = (rx_n + 1) / 2;
        for pin in pins {
            let (rx, ry) = (pin.rx, pin.ry);
            for &(nx, ny, rect) in &pin.neighbours {
                // A lock taken from a larger plan can name neighbours this plan does not have.
                if !(0..rx_n).contains(&nx) || !(0..ry_n).contains(&ny) {
                    continue;
                }
                if ny != ry && (ny - ry).abs() == 1 {
                    for (i, x) in [(nx, rect.x0 - 1), (nx + 1, rect.x1)] {
                        if (i == rx || i == rx + 1) && i > 0 && i < rx_n {
                            let relative = x - SLOT_PITCH * i - OUTER_BORDER + outer.0;
                            let (index, value) = if i < free_v {
                                (self.vi(i, ny), relative)
                            } else {
                                (self.vi(rx_n - i, ny), 1 - relative)
                            };
                            if !pinned_v[index] && (-1..=1).contains(&value) {
                                self.v[index] = value;
                                pinned_v[index] = true;
                            }
                        }
                    }
                }
                if nx != rx && (nx - rx).abs() == 1 {
                    for (j, y) in [(ny, rect.y0 - 1), (ny + 1, rect.y1)] {
                        if (j == ry || j == ry + 1) && j > 0 && j < ry_n {
                            let value = y - SLOT_PITCH * j - OUTER_BORDER + outer.1;
                            let column = if nx <= rx_n / 2 { nx } else { rx_n - 1 - nx };
                            let index = self.hi(column, j);
                            if !pinned_h[index] && (-1..=1).contains(&value) {
                                self.h[index] = value;
                                pinned_h[index] = true;
                            }
                        }
                    }
                }
            }
        }
    }

    /// The outer jitter nearest the drawn one (ties toward smaller) under which every pinned free
    /// variable stays in −1…1 (a mirrored one in 0…2), two pins on one variable agree (a middle-column
    /// lock fixes the width), and the east or north wall lands where a lock needs it.
    fn choose_outer(
        drawn: i32,
        fixed: &[Pin],
        vertical: bool,
        outer_wall: OuterWall,
    ) -> Result<i32, String> {
        let fits = |outer: i32| {
            let mut values: Vec<(usize, i32)> = Vec::new();
            for p in fixed.iter().filter(|p| p.vertical == vertical) {
                let value = if p.mirrored {
                    1 - (p.relative + outer)
                } else {
                    p.relative + outer
                };
                if !(-1..=1).contains(&value)
                    || values.iter().any(|&(i, v)| i == p.index && v != value)
                {
                    return false;
                }
                values.push((p.index, value));
            }
            match outer_wall {
                OuterWall::Free => true,
                OuterWall::East { x, rooms_x } => {
                    x == SLOT_PITCH * rooms_x + OUTER_BORDER + 1 - 2 * outer
                }
                OuterWall::North { relative } => (-1..=1).contains(&(relative + outer)),
            }
        };
        let mut candidates = [drawn, -1, 0, 1];
        candidates[1..].sort_by_key(|c| ((c - drawn).abs(), *c));
        candidates
            .into_iter()
            .find(|&c| fits(c))
            .ok_or_else(|| "no placement of the outer walls fits every locked room".to_string())
    }

    /// Makes at least one line straight at every corner of the free half, changing only unpinned
    /// variables; fails when the pins themselves conflict.
    /// Lines restored around a lock (`restored_*`, a superset of the pins) give way only when nothing
    /// else can.
    fn repair_corners(
        &mut self,
        pinned_v: &[bool],
        pinned_h: &[bool],
        restored_v: &[bool],
        restored_h: &[bool],
    ) -> Result<(), String> {
        let (rx_n, ry_n) = (self.rooms_x, self.rooms_y);
        for _ in 0..4 * (rx_n * ry_n).max(4) {
            let mut changed = false;
            for i in 1..=(rx_n - 1) / 2 {
                for j in 1..ry_n {
                    let (below, above) = (self.vi(i, j - 1), self.vi(i, j));
                    let (west, east) = (self.hi(i - 1, j), self.hi(i, j));
                    if self.v[below] == self.v[above] || self.h[west] == self.h[east] {
                        continue;
                    }
                    changed = true;
                    // (vertical?, variable to change, variable to copy)
                    let options = [
                        (true, above, below),
                        (true, below, above),
                        (false, east, west),
                        (false, west, east),
                    ];
                    let held = |vertical: bool, i: usize, soft: bool| {
                        if vertical {
                            pinned_v[i] || (soft && restored_v[i])
                        } else {
                            pinned_h[i] || (soft && restored_h[i])
                        }
                    };
                    let choice = options
                        .iter()
                        .find(|(vertical, target, _)| !held(*vertical, *target, true))
                        .or_else(|| {
                            options
                                .iter()
                                .find(|(vertical, target, _)| !held(*vertical, *target, false))
                        });
                    match choice {
                        Some(&(true, target, source)) => self.v[target] = self.v[source],
                        Some(&(false, target, source)) => self.h[target] = self.h[source],
                        None => {
                            return Err(format!(
                                "the locked rooms leave no straight wall at grid corner ({i}, {j})"
                            ));
                        }
                    }
                }
            }
            if !changed {
                return Ok(());
            }
        }
        Err("the walls around the locked rooms could not be straightened".to_string())
    }
}

/// Slot pitch: nominal distance between consecutive wall lines.
pub const SLOT_PITCH: i32 = 5;
/// Free ground between each outer wall and the map edge.
pub const OUTER_BORDER: i32 = crate::model::limits::SIHEYUAN_OUTER_BORDER;

/// The room grid and its wall lines in absolute cell coordinates.
#[derive(Clone, Debug)]
pub struct Layout {
    /// Slots across (the plan's width).
    pub rooms_x: i32,
    /// Slots from front to back (the plan's depth).
    pub rooms_y: i32,
    /// `true` for an indoor slot, `false` for a courtyard; index `rx * rooms_y + ry`.
    pub inside: Vec<bool>,
    /// x of vertical line `i` in slot row `ry`; index `i * rooms_y + ry`, `i = 0 … rooms_x`.
    line_x: Vec<i32>,
    /// y of horizontal line `j` in slot column `rx`; index `rx * (rooms_y + 1) + j`, `j = 0 … rooms_y`.
    line_y: Vec<i32>,
    /// The map's width in cells, the outer border on both sides included.
    pub width: i32,
    /// The map's height in cells, the outer border included.
    pub height: i32,
}

impl Layout {
    /// Whether slot `(rx, ry)` is an indoor room rather than a courtyard.
    pub fn is_inside(&self, rx: i32, ry: i32) -> bool {
        self.inside[(rx * self.rooms_y + ry) as usize]
    }

    /// `X(i, ry)`: the x of vertical wall line `i` in slot row `ry`.
    pub fn x(&self, i: i32, ry: i32) -> i32 {
        self.line_x[(i * self.rooms_y + ry) as usize]
    }

    /// `Y(rx, j)`: the y of horizontal wall line `j` in slot column `rx`.
    pub fn y(&self, rx: i32, j: i32) -> i32 {
        self.line_y[(rx * (self.rooms_y + 1) + j) as usize]
    }
}

/// 5.1: pick `floor(Ry · ceil(Rx/2) / 4)` courtyards in the western half (x then y per pick), then mirror.
pub fn courtyard_mask(rooms_x: i32, rooms_y: i32, rng: &mut Stream) -> Vec<bool> {
    let half_x = (rooms_x + 1) / 2;
    let mut inside = vec![true; (rooms_x * rooms_y) as usize];
    let index = |rx: i32, ry: i32| (rx * rooms_y + ry) as usize;
    for _ in 0..(rooms_y * half_x) / 4 {
        let x = rng.below_i32(half_x);
        let y = rng.below_i32(rooms_y);
        inside[index(x, y)] = false;
    }
    for ry in 0..rooms_y {
        for rx in half_x..rooms_x {
            inside[index(rx, ry)] = inside[index(rooms_x - 1 - rx, ry)];
        }
    }
    inside
}

/// 5.2: wall-line jitter in the original's draw order, corner straightening, the mirror, then absolute
/// coordinates and the map size.
///
/// `pins` are interior rectangles of locked slots that must come out exactly; with none, this is the
/// original algorithm. With some, the drawn jitters are overridden and corners repaired (see [`super::locks`]).
pub fn offset_walls(
    rooms_x: i32,
    rooms_y: i32,
    inside: Vec<bool>,
    pins: &[SlotPin],
    rng: &mut Stream,
) -> Result<Layout, String> {
    let (rx_n, ry_n) = (rooms_x, rooms_y);
    let vi = |i: i32, ry: i32| (i * ry_n + ry) as usize;
    let hi = |rx: i32, j: i32| (rx * (ry_n + 1) + j) as usize;
    let mut v = vec![0i32; ((rx_n + 1) * ry_n) as usize];
    let mut h = vec![0i32; (rx_n * (ry_n + 1)) as usize];

    let jitter = |rng: &mut Stream| rng.below_i32(3) - 1;
    let west = jitter(rng);
    for ry in 0..ry_n {
        v[vi(0, ry)] = west;
    }
    // The east outer draw is thrown away (the mirror overwrites it) but still made (quirk 13).
    let east = jitter(rng);
    for ry in 0..ry_n {
        v[vi(rx_n, ry)] = east;
    }
    let south = jitter(rng);
    let north = jitter(rng);
    for i in 1..rx_n {
        for ry in 0..ry_n {
            v[vi(i, ry)] = jitter(rng);
        }
    }
    for rx in 0..rx_n {
        for j in 1..ry_n {
            h[hi(rx, j)] = jitter(rng);
        }
    }
    // Corner straightening: one of the two lines runs straight through every interior corner.
    for i in 1..rx_n {
        for j in 1..ry_n {
            if rng.coin() == 0 {
                v[vi(i, j)] = v[vi(i, j - 1)];
            } else {
                h[hi(i, j)] = h[hi(i - 1, j)];
            }
        }
    }
    let (west, south, north) = if pins.is_empty() {
        (west, south, north)
    } else {
        let mut jitters = Jitters {
            rooms_x: rx_n,
            rooms_y: ry_n,
            v: &mut v,
            h: &mut h,
        };
        jitters.apply_pins(pins, (west, south, north))?
    };
    for ry in 0..ry_n {
        v[vi(0, ry)] = west;
    }
    for rx in 0..rx_n {
        h[hi(rx, 0)] = south;
        h[hi(rx, ry_n)] = north;
    }
    // Left–right mirror; `1 − v` mirrors absolute positions.
    if rx_n % 2 == 0 {
        for ry in 0..ry_n {
            v[vi(rx_n / 2, ry)] = 0;
        }
    }
    for i in 0..(rx_n + 1) / 2 {
        for ry in 0..ry_n {
            v[vi(rx_n - i, ry)] = 1 - v[vi(i, ry)];
        }
    }
    for rx in 0..rx_n / 2 {
        for j in 0..=ry_n {
            h[hi(rx_n - 1 - rx, j)] = h[hi(rx, j)];
        }
    }

    let west_shift = OUTER_BORDER - west;
    let south_shift = OUTER_BORDER - south;
    let line_x: Vec<i32> = (0..=rx_n)
        .flat_map(|i| (0..ry_n).map(move |ry| (i, ry)))
        .map(|(i, ry)| v[vi(i, ry)] + SLOT_PITCH * i + west_shift)
        .collect();
    let line_y: Vec<i32> = (0..rx_n)
        .flat_map(|rx| (0..=ry_n).map(move |j| (rx, j)))
        .map(|(rx, j)| h[hi(rx, j)] + SLOT_PITCH * j + south_shift)
        .collect();
    let width = (0..ry_n).map(|ry| line_x[vi(rx_n, ry)]).max().unwrap_or(0) + OUTER_BORDER + 1;
    let height = (0..rx_n).map(|rx| line_y[hi(rx, ry_n)]).max().unwrap_or(0) + OUTER_BORDER + 1;
    Ok(Layout {
        rooms_x,
        rooms_y,
        inside,
        line_x,
        line_y,
        width,
        height,
    })
}

/// 5.3: grass under every slot (interior plus bounding lines), then each room's four sides and each
/// courtyard's sides on the outer boundary as walls.
pub fn plot_walls(layout: &Layout, level: &mut Level) {
    // Inclusive corners, as the spec states the fills.
    let fill = |level: &mut Level, x0: i32, x1: i32, y0: i32, y1: i32, t: Terrain| {
        level.fill_terrain(
            Rect {
                x0,
                y0,
                x1: x1 + 1,
                y1: y1 + 1,
            },
            t,
        );
    };
    for rx in 0..layout.rooms_x {
        for ry in 0..layout.rooms_y {
            let (x0, x1) = (layout.x(rx, ry), layout.x(rx + 1, ry));
            let (y0, y1) = (layout.y(rx, ry), layout.y(rx, ry + 1));
            fill(level, x0, x1, y0, y1, Terrain::Grass);
        }
    }
    for rx in 0..layout.rooms_x {
        for ry in 0..layout.rooms_y {
            let inside = layout.is_inside(rx, ry);
            let (x0, x1) = (layout.x(rx, ry), layout.x(rx + 1, ry));
            let (y0, y1) = (layout.y(rx, ry), layout.y(rx, ry + 1));
            if rx == 0 || inside {
                fill(level, x0, x0, y0, y1, Terrain::Wall);
            }
            if rx == layout.rooms_x - 1 || inside {
                fill(level, x1, x1, y0, y1, Terrain::Wall);
            }
            if ry == 0 || inside {
                fill(level, x0, x1, y0, y0, Terrain::Wall);
            }
            if ry == layout.rooms_y - 1 || inside {
                fill(level, x0, x1, y1, y1, Terrain::Wall);
            }
        }
    }
}
