//! The headless map picture: one flat colour block per cell, marks for items, guards and the start, and
//! the editor's overlays drawn simply. The editor renders real-UI screenshots with a GPU (`screenshot`);
//! this is the CPU-only raster for batch exports and machines without one.

use std::io::Cursor;

use image::{ImageFormat, Rgb, RgbImage};

use super::Overlay;
use super::tiled::terrain_colour;
use crate::analysis::{LootClass, loot_classes};
use crate::model::{Cell, ItemKind, Level, RoomKind};

/// Pixels per cell at most; large maps get fewer so the picture stays below [`MAX_SIDE_PX`].
pub const CELL_PX: u32 = 8;
/// The longest side of a picture: a 1024-cell map still makes a 4096-pixel image.
pub const MAX_SIDE_PX: u32 = 4096;

pub const GUARD: [u8; 3] = [220, 30, 30];
pub const START: [u8; 3] = [40, 220, 60];

/// Pixels per cell for a map of `width × height` cells.
pub fn cell_px(width: i32, height: i32) -> u32 {
    let side = width.max(height).max(1) as u32;
    (MAX_SIDE_PX / side).clamp(1, CELL_PX)
}

fn item_colour(kind: ItemKind) -> [u8; 3] {
    match kind {
        ItemKind::Coin => [255, 215, 0],
        ItemKind::Chair | ItemKind::Table => [100, 60, 30],
        ItemKind::Bush => [30, 90, 30],
        ItemKind::Door(_) | ItemKind::Portcullis(_) => [230, 180, 90],
        ItemKind::TorchLit => [255, 140, 0],
        ItemKind::TorchUnlit => [120, 80, 40],
    }
}

fn blend(a: [u8; 3], b: [u8; 3], t: f32) -> [u8; 3] {
    let mix = |x: u8, y: u8| (f32::from(x) * (1.0 - t) + f32::from(y) * t).round() as u8;
    [mix(a[0], b[0]), mix(a[1], b[1]), mix(a[2], b[2])]
}

/// A canvas in cell space: y north, as the model.
struct Canvas<'a> {
    img: RgbImage,
    s: u32,
    level: &'a Level,
}

impl Canvas<'_> {
    /// Pixel centre of a cell, or `None` off the map.
    fn centre(&self, c: Cell) -> Option<(i64, i64)> {
        self.level.in_bounds(c).then(|| {
            let row = (self.level.height - 1 - c.y) as i64;
            (
                c.x as i64 * i64::from(self.s) + i64::from(self.s / 2),
                row * i64::from(self.s) + i64::from(self.s / 2),
            )
        })
    }

    fn put(&mut self, x: i64, y: i64, colour: [u8; 3]) {
        if x >= 0 && y >= 0 && x < i64::from(self.img.width()) && y < i64::from(self.img.height()) {
            self.img.put_pixel(x as u32, y as u32, Rgb(colour));
        }
    }

    /// Fills a square of `size` pixels centred on the cell.
    fn mark(&mut self, c: Cell, size: u32, colour: [u8; 3]) {
        let Some((cx, cy)) = self.centre(c) else {
            return;
        };
        let size = i64::from(size.max(1));
        let x0 = cx - size / 2;
        let y0 = cy - size / 2;
        for y in y0..y0 + size {
            for x in x0..x0 + size {
                self.put(x, y, colour);
            }
        }
    }

    fn cell(&mut self, c: Cell, colour: [u8; 3]) {
        self.mark(c, self.s, colour);
    }

    /// A one-pixel line between two pixel points (Bresenham).
    fn line(&mut self, (mut x, mut y): (i64, i64), (x1, y1): (i64, i64), colour: [u8; 3]) {
        let (dx, dy) = ((x1 - x).abs(), -(y1 - y).abs());
        let (sx, sy) = (if x < x1 { 1 } else { -1 }, if y < y1 { 1 } else { -1 });
        let mut err = dx + dy;
        loop {
            self.put(x, y, colour);
            if x == x1 && y == y1 {
                break;
            }
            let e2 = 2 * err;
            if e2 >= dy {
                err += dy;
                x += sx;
            }
            if e2 <= dx {
                err += dx;
                y += sy;
            }
        }
    }
}

/// Renders the picture.
pub fn render(level: &Level, overlays: &[Overlay]) -> RgbImage {
    let s = cell_px(level.width, level.height);
    let (w, h) = (level.width.max(1) as u32, level.height.max(1) as u32);
    let mut canvas = Canvas {
        img: RgbImage::new(w * s, h * s),
        s,
        level,
    };
    let show = |o: Overlay| overlays.contains(&o);
    for c in level.all_cells() {
        canvas.cell(c, terrain_colour(level.terrain(c)));
    }
    if show(Overlay::Distances) {
        let max = level
            .rooms
            .iter()
            .map(|r| r.depth)
            .max()
            .unwrap_or(0)
            .max(1);
        for room in level.rooms.iter().filter(|r| r.kind != RoomKind::Exterior) {
            let t = room.depth as f32 / max as f32;
            let tint = blend([60, 120, 255], [255, 60, 60], t);
            for &c in &room.cells {
                let base = terrain_colour(level.terrain(c));
                canvas.cell(c, blend(base, tint, 0.55));
            }
        }
    }
    if show(Overlay::Loot) {
        for (room, class) in level.rooms.iter().zip(loot_classes(level)) {
            let tint = match class {
                Some(LootClass::DeadEnd) => [255, 200, 0],
                Some(LootClass::Private) => [170, 60, 200],
                Some(LootClass::Anywhere) => [60, 200, 120],
                None => continue,
            };
            for &c in &room.cells {
                let base = terrain_colour(level.terrain(c));
                canvas.cell(c, blend(base, tint, 0.5));
            }
        }
    }
    for item in &level.items {
        canvas.mark(item.cell, (s / 2).max(1), item_colour(item.kind));
    }
    if show(Overlay::Patrols) {
        const ROUTE: [[u8; 3]; 4] = [
            [255, 80, 200],
            [80, 220, 255],
            [255, 255, 80],
            [255, 140, 60],
        ];
        for (i, route) in level.patrols.iter().enumerate() {
            let colour = ROUTE[i % ROUTE.len()];
            let points: Vec<_> = route
                .cells
                .iter()
                .filter_map(|&c| canvas.centre(c))
                .collect();
            for pair in points.windows(2) {
                canvas.line(pair[0], pair[1], colour);
            }
        }
    }
    if show(Overlay::RoomGraph) {
        let centre = |r: usize| {
            level.rooms.get(r).and_then(|room| {
                let (x, y) = room.interior.centre();
                canvas.centre(Cell::new(x as i32, y as i32))
            })
        };
        let edges: Vec<_> = level
            .adjacencies
            .iter()
            .filter(|a| a.door)
            .filter_map(|a| Some((centre(a.left)?, centre(a.right)?)))
            .collect();
        for (a, b) in edges {
            canvas.line(a, b, [255, 255, 255]);
        }
    }
    for guard in &level.guards {
        canvas.mark(guard.start, (s * 3 / 4).max(1), GUARD);
    }
    canvas.mark(level.player_start, (s * 3 / 4).max(1), START);
    canvas.img
}

/// The picture as PNG bytes.
pub fn to_bytes(level: &Level, overlays: &[Overlay]) -> Result<Vec<u8>, image::ImageError> {
    let mut bytes = Vec::new();
    render(level, overlays).write_to(&mut Cursor::new(&mut bytes), ImageFormat::Png)?;
    Ok(bytes)
}
