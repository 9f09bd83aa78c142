//! The camera: pan and zoom between frames, and the [`CellToScreen`] transform it gives each frame (the
//! coordinate spaces are described in [`crate::paint::CellToScreen`], which the map painter shares with
//! the PNG export). Requests that need the viewport size (fit, centre on a finding, keyboard zoom) are
//! stored and resolved when the map is next drawn.

use egui::{Pos2, Rect, Vec2, vec2};

use crate::paint::CellToScreen;

/// Smallest and largest cell size in points.
const MIN_CELL: f32 = 2.0;
const MAX_CELL: f32 = 160.0;

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

/// The cell size shown as 100 % zoom.
const CELL_AT_FULL_ZOOM: f32 = 16.0;

impl Camera {
    /// The zoom as a percentage: 100 % is [`CELL_AT_FULL_ZOOM`] points per cell.
    pub fn zoom_percent(&self) -> f32 {
        self.cell / CELL_AT_FULL_ZOOM * 100.0
    }
}

impl Default for Camera {
    fn default() -> Self {
        Camera {
            cell: CELL_AT_FULL_ZOOM,
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
    use egui::pos2;

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
