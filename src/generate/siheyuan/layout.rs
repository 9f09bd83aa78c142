//! Steps 5.1–5.3: the courtyard mask, the jittered wall lines with corner straightening and mirroring, and
//! the walls plotted over a grass underlay.

use crate::generate::rng::Stream;
use crate::model::{Cell, Level, Terrain};

/// Slot pitch: nominal distance between consecutive wall lines.
pub const SLOT_PITCH: i32 = 5;
/// Free ground between each outer wall and the map edge.
pub const OUTER_BORDER: i32 = 3;

/// The room grid and its wall lines in absolute cell coordinates.
#[derive(Clone, Debug)]
pub struct Layout {
    pub rooms_x: i32,
    pub rooms_y: i32,
    /// `true` for an indoor slot, `false` for a courtyard; index `rx * rooms_y + ry`.
    pub inside: Vec<bool>,
    /// x of vertical line `i` in slot row `ry`; index `i * rooms_y + ry`, `i = 0 … rooms_x`.
    line_x: Vec<i32>,
    /// y of horizontal line `j` in slot column `rx`; index `rx * (rooms_y + 1) + j`, `j = 0 … rooms_y`.
    line_y: Vec<i32>,
    pub width: i32,
    pub height: i32,
}

impl Layout {
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
pub fn offset_walls(rooms_x: i32, rooms_y: i32, inside: Vec<bool>, rng: &mut Stream) -> Layout {
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
    for rx in 0..rx_n {
        h[hi(rx, 0)] = south;
    }
    let north = jitter(rng);
    for rx in 0..rx_n {
        h[hi(rx, ry_n)] = north;
    }
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
    Layout {
        rooms_x,
        rooms_y,
        inside,
        line_x,
        line_y,
        width,
        height,
    }
}

/// 5.3: grass under every slot (interior plus bounding lines), then each room's four sides and each
/// courtyard's sides on the outer boundary as walls.
pub fn plot_walls(layout: &Layout, level: &mut Level) {
    let fill = |level: &mut Level, x0: i32, x1: i32, y0: i32, y1: i32, t: Terrain| {
        for x in x0..=x1 {
            for y in y0..=y1 {
                level.set_terrain(Cell::new(x, y), t);
            }
        }
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
