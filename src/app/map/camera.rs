//! The camera: pan and zoom between frames, and the [`CellToScreen`] transform it gives each frame (the
//! coordinate spaces are described in [`crate::paint::CellToScreen`], which the map painter shares with
//! the PNG export). Requests that need the viewport size (fit, centre on a finding, keyboard zoom) are
//! stored and resolved when the map is next drawn.
//!
//! The view stays sensible by itself: a map of another size (a history jump, another document) is fitted;
//! a resized viewport (window, panels) is fitted again if the designer had not moved the view since the
//! last fit, else keeps the point at its centre; and the map never leaves the viewport entirely.

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
    /// The viewport size and map size (cells) of the last resolved frame.
    last: Option<(Vec2, (i32, i32))>,
    /// The view is as the last fit left it: a resize fits again.
    fitted: bool,
}

/// How much of the map, in points, always stays in the viewport however far it is panned.
const KEEP_VISIBLE: f32 = 48.0;

/// The cell size shown as 100 % zoom.
const CELL_AT_FULL_ZOOM: f32 = 16.0;

impl Camera {
    /// The zoom as a percentage: 100 % is `CELL_AT_FULL_ZOOM` points per cell.
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
            last: None,
            fitted: false,
        }
    }
}

impl Camera {
    /// Fit the whole map into the viewport at the next draw (see [`Camera::fit`]), as Fit to window
    /// asks.
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

    /// Resolves pending requests now that the viewport and map size (in cells) are known, and keeps the
    /// view sensible through a change of either.
    pub fn resolve(&mut self, viewport: Rect, width: i32, height: i32) {
        let size = viewport.size();
        match self.last {
            Some((_, map)) if map != (width, height) => self.fit(viewport, width, height),
            Some((old, _)) if old != size => {
                if self.fitted {
                    self.fit(viewport, width, height);
                } else {
                    self.offset += (size - old) / 2.0;
                }
            }
            _ => {}
        }
        self.last = Some((size, (width, height)));
        for pending in std::mem::take(&mut self.pending) {
            match pending {
                Pending::Fit => self.fit(viewport, width, height),
                Pending::Centre(x, y) => self.centre_on(viewport, height, x, y),
                Pending::Zoom(f) => self.zoom_around(viewport, viewport.center(), f),
            }
        }
        self.keep_in_view(size, width, height);
    }

    /// Pans back just enough that at least a corner of the map (up to [`KEEP_VISIBLE`] points of it)
    /// stays in the viewport, so the map can never be lost off-screen.
    fn keep_in_view(&mut self, viewport: Vec2, width: i32, height: i32) {
        let map = vec2(width.max(1) as f32, height.max(1) as f32) * self.cell;
        let keep = map.min(Vec2::splat(KEEP_VISIBLE));
        let low = keep - map;
        let high = viewport - keep;
        self.offset.x = self.offset.x.clamp(low.x, high.x.max(low.x));
        self.offset.y = self.offset.y.clamp(low.y, high.y.max(low.y));
    }

    /// Zoom and pan so that the whole map fits the viewport with a small margin, centred.
    pub fn fit(&mut self, viewport: Rect, width: i32, height: i32) {
        let (w, h) = (width.max(1) as f32, height.max(1) as f32);
        let margin = 8.0;
        let avail = (viewport.size() - Vec2::splat(2.0 * margin)).max(Vec2::splat(1.0));
        self.cell = (avail.x / w).min(avail.y / h).clamp(MIN_CELL, MAX_CELL);
        self.offset = (viewport.size() - vec2(w, h) * self.cell) / 2.0;
        self.fitted = true;
    }

    /// Pan so that the continuous cell point `(x, y)` is at the viewport centre.
    pub fn centre_on(&mut self, viewport: Rect, height: i32, x: f32, y: f32) {
        let local = vec2(x * self.cell, (height as f32 - y) * self.cell);
        self.offset = viewport.size() / 2.0 - local;
        self.fitted = false;
    }

    /// Multiply the zoom by `factor`, keeping the map point under `anchor` (screen) fixed.
    pub fn zoom_around(&mut self, viewport: Rect, anchor: Pos2, factor: f32) {
        let new_cell = (self.cell * factor).clamp(MIN_CELL, MAX_CELL);
        let anchor_local = anchor - viewport.min;
        let ratio = new_cell / self.cell;
        self.offset = anchor_local - (anchor_local - self.offset) * ratio;
        self.cell = new_cell;
        self.fitted = false;
    }

    /// Moves the map by `delta` screen points (a drag). The view stops counting as fitted, so a
    /// resize then keeps its centre instead of fitting again.
    pub fn pan(&mut self, delta: Vec2) {
        self.offset += delta;
        self.fitted = false;
    }

    /// This frame's mapping between cells and screen points, for a map `height` cells tall drawn in
    /// `viewport` (the height is needed because cell rows count up from the south, screen rows down).
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

    fn viewport(w: f32, h: f32) -> Rect {
        Rect::from_min_size(pos2(0.0, 0.0), vec2(w, h))
    }

    #[test]
    #[expect(
        clippy::float_cmp,
        reason = "both cameras run the same `fit` on the same sizes, so their zooms are the same value"
    )]
    fn a_fitted_view_fits_again_when_the_window_is_resized() {
        let mut cam = Camera::default();
        cam.resolve(viewport(800.0, 600.0), 40, 30);
        let small = cam.cell;
        cam.resolve(viewport(1600.0, 1200.0), 40, 30);
        let mut fresh = Camera::default();
        fresh.fit(viewport(1600.0, 1200.0), 40, 30);
        assert!(
            cam.cell > small && cam.cell == fresh.cell,
            "{} vs {}",
            cam.cell,
            fresh.cell
        );
        let t = cam.transform(viewport(1600.0, 1200.0), 30);
        let centre = t.to_cell_space(pos2(800.0, 600.0));
        assert!((centre.0 - 20.0).abs() < 0.1 && (centre.1 - 15.0).abs() < 0.1);
    }

    #[test]
    #[expect(
        clippy::float_cmp,
        reason = "a resize of a moved view only shifts the offset; the zoom must be untouched, not close"
    )]
    fn a_moved_view_keeps_its_centre_through_a_resize() {
        let mut cam = Camera::default();
        cam.resolve(viewport(800.0, 600.0), 40, 30);
        cam.zoom_around(viewport(800.0, 600.0), pos2(400.0, 300.0), 3.0);
        cam.pan(vec2(50.0, -20.0));
        let before = cam
            .transform(viewport(800.0, 600.0), 30)
            .to_cell_space(pos2(400.0, 300.0));
        let cell = cam.cell;
        cam.resolve(viewport(1000.0, 500.0), 40, 30);
        let after = cam
            .transform(viewport(1000.0, 500.0), 30)
            .to_cell_space(pos2(500.0, 250.0));
        assert_eq!(cam.cell, cell, "the zoom stays");
        assert!((before.0 - after.0).abs() < 1e-3 && (before.1 - after.1).abs() < 1e-3);
    }

    #[test]
    fn a_map_of_another_size_is_fitted_and_the_map_cannot_be_panned_away() {
        let mut cam = Camera::default();
        cam.resolve(viewport(800.0, 600.0), 40, 30);
        cam.zoom_around(viewport(800.0, 600.0), pos2(400.0, 300.0), 4.0);
        cam.resolve(viewport(800.0, 600.0), 80, 20);
        let t = cam.transform(viewport(800.0, 600.0), 20);
        let map = t.cell_rect(crate::model::Cell::new(0, 19)).min;
        assert!(map.x >= 0.0 && map.y >= 0.0, "fitted: {map:?}");
        cam.pan(vec2(-1e6, 1e6));
        cam.resolve(viewport(800.0, 600.0), 80, 20);
        let t = cam.transform(viewport(800.0, 600.0), 20);
        let east = t.cell_rect(crate::model::Cell::new(79, 0)).max.x;
        let south_top = t.cell_rect(crate::model::Cell::new(0, 19)).min.y;
        assert!(east >= KEEP_VISIBLE - 0.01, "some of the map stays: {east}");
        assert!(south_top <= 600.0 - KEEP_VISIBLE + 0.01, "{south_top}");
    }
}
