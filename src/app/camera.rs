//! The two coordinate spaces of the map and the camera between them.
//!
//! * **Cell space** is the model's: `x` grows east, `y` grows **north**, cell `(x, y)` covers the continuous
//!   square `[x, x+1) × [y, y+1)`, and row 0 is the front of the mansion.
//! * **Screen space** is egui's: points, `y` grows **down**.
//!
//! [`CellToScreen`] is the only place that converts between them (it flips y), so nothing else has to
//! remember the flip. The [`Camera`] holds pan and zoom between frames; requests that need the viewport
//! size (fit, centre on a finding, keyboard zoom) are stored and resolved when the map is next drawn.

use egui::{Pos2, Rect, Vec2, pos2, vec2};

use crate::model::Cell;

/// Smallest and largest cell size in points.
const MIN_CELL: f32 = 2.0;
const MAX_CELL: f32 = 160.0;

/// The cell → screen transform of one frame.
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

/// A request that needs the viewport to resolve.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Pending {
    Fit,
    Centre(f32, f32),
    Zoom(f32),
}

/// Pan and zoom, kept between frames.
#[derive(Clone, Debug, PartialEq)]
pub struct Camera {
    /// Points per cell.
    pub cell: f32,
    /// Screen offset of the map's north-west corner from the viewport's top-left corner.
    pub offset: Vec2,
    pending: Vec<Pending>,
}

impl Default for Camera {
    fn default() -> Self {
        Camera {
            cell: 16.0,
            offset: Vec2::ZERO,
            pending: vec![Pending::Fit],
        }
    }
}

impl Camera {
    pub fn request_fit(&mut self) {
        self.pending.push(Pending::Fit);
    }

    /// Centre on a continuous cell-space point at the next draw.
    pub fn request_centre(&mut self, centre: (f32, f32)) {
        self.pending.push(Pending::Centre(centre.0, centre.1));
    }

    /// Zoom around the viewport centre at the next draw.
    pub fn request_zoom(&mut self, factor: f32) {
        self.pending.push(Pending::Zoom(factor));
    }

    /// Resolves pending requests now that the viewport and map size (in cells) are known.
    pub fn resolve(&mut self, viewport: Rect, width: i32, height: i32) {
        for pending in std::mem::take(&mut self.pending) {
            match pending {
                Pending::Fit => self.fit(viewport, width, height),
                Pending::Centre(x, y) => self.centre_on(viewport, height, x, y),
                Pending::Zoom(f) => self.zoom_around(viewport, viewport.center(), f),
            }
        }
    }

    /// Zoom and pan so that the whole map fits the viewport with a small margin, centred.
    pub fn fit(&mut self, viewport: Rect, width: i32, height: i32) {
        let (w, h) = (width.max(1) as f32, height.max(1) as f32);
        let margin = 8.0;
        let avail = (viewport.size() - Vec2::splat(2.0 * margin)).max(Vec2::splat(1.0));
        self.cell = (avail.x / w).min(avail.y / h).clamp(MIN_CELL, MAX_CELL);
        self.offset = (viewport.size() - vec2(w, h) * self.cell) / 2.0;
    }

    /// Pan so that the continuous cell point `(x, y)` is at the viewport centre.
    pub fn centre_on(&mut self, viewport: Rect, height: i32, x: f32, y: f32) {
        let local = vec2(x * self.cell, (height as f32 - y) * self.cell);
        self.offset = viewport.size() / 2.0 - local;
    }

    /// Multiply the zoom by `factor`, keeping the map point under `anchor` (screen) fixed.
    pub fn zoom_around(&mut self, viewport: Rect, anchor: Pos2, factor: f32) {
        let new_cell = (self.cell * factor).clamp(MIN_CELL, MAX_CELL);
        let anchor_local = anchor - viewport.min;
        let ratio = new_cell / self.cell;
        self.offset = anchor_local - (anchor_local - self.offset) * ratio;
        self.cell = new_cell;
    }

    pub fn pan(&mut self, delta: Vec2) {
        self.offset += delta;
    }

    pub fn transform(&self, viewport: Rect, height: i32) -> CellToScreen {
        CellToScreen {
            origin: viewport.min + self.offset,
            cell: self.cell,
            height,
            viewport,
        }
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
    fn zoom_keeps_the_anchor_fixed() {
        let viewport = Rect::from_min_size(pos2(100.0, 50.0), vec2(400.0, 300.0));
        let mut cam = Camera::default();
        cam.fit(viewport, 40, 30);
        let anchor = pos2(250.0, 180.0);
        let before = cam.transform(viewport, 30).to_cell_space(anchor);
        cam.zoom_around(viewport, anchor, 2.0);
        let after = cam.transform(viewport, 30).to_cell_space(anchor);
        assert!((before.0 - after.0).abs() < 1e-3 && (before.1 - after.1).abs() < 1e-3);
    }
}
