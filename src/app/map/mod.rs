//! The map view and what acts on it: pan and zoom, the rulers and minimap, the hand-fix tools with their strokes and previews, the clipboard, the compare view's marks and the side-by-side view.

pub(super) mod camera;
pub(super) mod clipboard;
pub(super) mod compare;
pub(super) mod comparison;
pub(super) mod map_view;
pub(super) mod minimap;
pub(super) mod previews;
pub(super) mod rulers;
pub(super) mod side_by_side;
pub(super) mod strokes;
pub(super) mod tool;
pub(super) mod tools;
