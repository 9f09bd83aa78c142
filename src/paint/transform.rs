//! The two coordinate spaces of the map and the one transform between them.
//!
//! * **Cell space** is the model's: `x` grows east, `y` grows **north**, cell `(x, y)` covers the continuous
//!   square `[x, x+1) × [y, y+1)`, and row 0 is the front of the mansion.
//! * **Screen space** is egui's: points (pixels in a picture), `y` grows **down**.
//!
//! [`CellToScreen`] is the only place that converts between them (it flips y), so nothing else has to
//! remember the flip. The editor's camera makes one per frame; the PNG export makes one that fits the
//! whole map into its picture.

use egui::{Pos2, Rect, pos2, vec2};

use crate::model::{Cell, Level};

/// The cell → screen transform of one frame or picture.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CellToScreen {
    /// Screen position of the map's north-west corner (continuous cell point `(0, height)`).
    pub origin: Pos2,
    /// Points per cell.
    pub cell: f32,
    /// Map height in cells, for the y flip.
    pub height: i32,
    /// The screen rectangle the map is drawn into; labels are kept inside it.
    pub viewport: Rect,
}

impl CellToScreen {
    /// The whole map at `cell` pixels per cell, its north-west corner at (0, 0): a picture's transform.
    pub fn whole_map(width: i32, height: i32, cell: f32) -> Self {
        CellToScreen {
            origin: Pos2::ZERO,
            cell,
            height,
            viewport: Rect::from_min_size(
                Pos2::ZERO,
                vec2(width.max(0) as f32 * cell, height.max(0) as f32 * cell),
            ),
        }
    }

    /// A continuous cell-space point to screen space.
    pub fn point(&self, x: f32, y: f32) -> Pos2 {
        pos2(
            self.origin.x + x * self.cell,
            self.origin.y + (self.height as f32 - y) * self.cell,
        )
    }

    /// The screen rectangle a cell covers.
    pub fn cell_rect(&self, c: Cell) -> Rect {
        Rect::from_min_max(
            self.point(c.x as f32, (c.y + 1) as f32),
            self.point((c.x + 1) as f32, c.y as f32),
        )
    }

    /// The screen point at the middle of a cell: where markers, nodes and route lines go.
    pub fn cell_centre(&self, c: Cell) -> Pos2 {
        self.point(c.x as f32 + 0.5, c.y as f32 + 0.5)
    }

    /// The screen rectangle of the half-open cell-space rectangle `[x0, x1) × [y0, y1)`.
    pub fn rect(&self, r: &crate::model::Rect) -> Rect {
        Rect::from_min_max(
            self.point(r.x0 as f32, r.y1 as f32),
            self.point(r.x1 as f32, r.y0 as f32),
        )
    }

    /// The continuous cell-space point under a screen position.
    pub fn to_cell_space(&self, p: Pos2) -> (f32, f32) {
        (
            (p.x - self.origin.x) / self.cell,
            self.height as f32 - (p.y - self.origin.y) / self.cell,
        )
    }

    /// The cell under a screen position (possibly outside the map).
    pub fn cell_at(&self, p: Pos2) -> Cell {
        let (x, y) = self.to_cell_space(p);
        Cell::new(x.floor() as i32, y.floor() as i32)
    }
}

/// The inclusive range of cells that intersect the viewport, clamped to the map: only these are drawn.
#[derive(Clone, Copy, Debug)]
pub struct Visible {
    pub x0: i32,
    pub x1: i32,
    pub y0: i32,
    pub y1: i32,
}

impl Visible {
    pub fn new(t: &CellToScreen, level: &Level) -> Self {
        let (ax, ay) = t.to_cell_space(t.viewport.left_bottom());
        let (bx, by) = t.to_cell_space(t.viewport.right_top());
        Visible {
            x0: (ax.floor() as i32).max(0),
            y0: (ay.floor() as i32).max(0),
            x1: (bx.ceil() as i32).min(level.width - 1),
            y1: (by.ceil() as i32).min(level.height - 1),
        }
    }

    pub fn cells(self) -> impl Iterator<Item = Cell> {
        (self.y0..=self.y1).flat_map(move |y| (self.x0..=self.x1).map(move |x| Cell::new(x, y)))
    }

    pub fn contains(&self, c: Cell) -> bool {
        c.x >= self.x0 && c.x <= self.x1 && c.y >= self.y0 && c.y <= self.y1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn y_is_flipped_and_round_trips() {
        let t = CellToScreen {
            origin: pos2(10.0, 20.0),
            cell: 4.0,
            height: 5,
            viewport: Rect::from_min_size(pos2(0.0, 0.0), vec2(100.0, 100.0)),
        };
        // Row 0 (the front) is at the bottom of the screen.
        let front = t.cell_rect(Cell::new(0, 0));
        let back = t.cell_rect(Cell::new(0, 4));
        assert!(front.min.y > back.min.y);
        assert_eq!(back.min, pos2(10.0, 20.0));
        assert_eq!(t.cell_at(t.cell_centre(Cell::new(3, 2))), Cell::new(3, 2));
    }

    #[test]
    fn a_whole_map_transform_puts_the_north_west_cell_at_the_origin() {
        let t = CellToScreen::whole_map(7, 5, 10.0);
        assert_eq!(t.cell_rect(Cell::new(0, 4)).min, Pos2::ZERO);
        assert_eq!(t.cell_rect(Cell::new(6, 0)).max, pos2(70.0, 50.0));
        assert_eq!(t.viewport.size(), vec2(70.0, 50.0));
    }
}
