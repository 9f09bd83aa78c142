//! The level model: plain data shared by every generator, the analysis, the editor and the file formats.
//!
//! Coordinates are *cell* coordinates: `x` grows east, `y` grows **north**, and row `y = 0` is the front
//! of the mansion (the spec's convention). Screen space only exists in the `app` module.
//!
//! The model follows the shared level contract of `other-generators.md` §0: a terrain grid, rooms with a
//! stable id, adjacencies (shared wall runs or corridors) with door flags, items, patrol routes and guards,
//! and the entrance. The siheyuan generator additionally keeps its plan, slots and mirror partners so that the
//! editor can re-run later steps alone (`siheyuan-mansion.md` §11).

mod cell;
mod diagnostic;
mod extension;
pub mod grid;
mod level;
pub mod limits;
mod lll2025;
pub mod lock;
pub mod mulberry32;
mod numbering;
mod numbers;
mod parts;
mod rect;
mod seedrandom;
mod terrain;
pub mod topology;
pub mod valid;

pub use cell::{Axis, Cell, Dir};
pub use diagnostic::{Diagnostic, DiagnosticKind, KeptName, NotKept, Number, Placed};
pub use extension::{Extension, Part};
pub use grid::{Grid, Shape};
pub use level::Level;
pub use lll2025::{GuardExtras2025, Level2025, LevelType2025, Post2025, RoomType2025};
pub use lock::{KeptGuard, KeptPatrol, KeptStation, LockOrigin, LockedRoom};
pub use mulberry32::Mulberry32;
pub use numbers::{NumberedCoin, Numbers};
pub use parts::{
    Adjacency, AdjacencyId, Entrance, Guard, OriginKind, PatrolRoute, Plan, Room, RoomId, RoomKind,
    RoomOrigin, Segment, SplitPoint, Station, StationKind, StationRole,
};
pub use rect::{Rect, RectCells};
pub use seedrandom::{SeedRandom, js_number};
pub use terrain::{Item, ItemKind, Terrain};
pub use valid::{ShapeError, ValidLevel};
