//! The tile-growth generator (`other-generators.md` §1, seed 001): equal square modules grow from a root on
//! the front row; chambers and corridors emerge from the module types that end up linked.
//!
//! Passes mirror the spec: [`growth::grow`] (§1.3 steps 1–5), [`growth::add_loops`] (step 6),
//! [`render`] (§1.4), locks (§1.7) in [`locks`], then the shared finishing pipeline.
//!
//! # Examples
//!
//! Building a small tile-growth mansion through the registry: the map is the module grid (5-cell
//! modules sharing their walls, so 4 cells a module) inside a 3-cell border of outside ground, and a
//! value out of range is clamped and reported rather than refused:
//!
//! ```
//! use mansion_forge::analysis::validate::playability_errors;
//! use mansion_forge::generate::recipe::Recipe;
//! use mansion_forge::generate::registry;
//! use mansion_forge::model::{Diagnostic, RoomKind};
//!
//! let pairs = |list: &[(&str, &str)]| -> Vec<(String, String)> {
//!     list.iter().map(|(name, value)| (name.to_string(), value.to_string())).collect()
//! };
//! let params = registry::by_id("tile_growth", &pairs(&[("modules_x", "8"), ("modules_y", "6")]))
//!     .expect("valid parameters");
//! let level = Recipe::for_game(&params, 3, 4).build().expect("builds");
//! assert_eq!((level.generator.as_str(), level.level), ("tile_growth", 4));
//! assert_eq!((level.width, level.height), (8 * 4 + 1 + 2 * 3, 6 * 4 + 1 + 2 * 3));
//! assert!(level.exterior().is_some());
//! assert!(level.rooms.iter().any(|room| room.kind == RoomKind::Room));
//! assert!(playability_errors(&level).is_empty());
//! assert!(level.diagnostics.iter().all(|d| !matches!(d, Diagnostic::Clamped { .. })));
//!
//! let wide = registry::by_id("tile_growth", &pairs(&[("modules_x", "99")])).expect("accepted");
//! let level = Recipe::for_game(&wide, 3, 4).build().expect("builds, clamped");
//! assert_eq!(level.width, 32 * 4 + 1 + 2 * 3);
//! let clamped = |d: &Diagnostic| matches!(d, Diagnostic::Clamped { name, .. } if name == "modules_x");
//! assert!(level.diagnostics.iter().any(clamped));
//! ```

pub mod declaration;
pub mod figures;
pub mod growth;
pub mod locks;
mod params;
pub mod render;

use crate::generate::passes::finish;
use crate::generate::rng::Stream;
use crate::generate::trace;
use crate::generate::{GenerateError, Generator, Request};
use crate::model::{Diagnostic, Level, Placed};
use growth::Growth;
pub use params::{ID, ModuleType, PARAMS, RootColumn, Settings, TileGrowthParams};

/// The tile-growth generator with its parameters.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TileGrowth {
    /// The parameters as given; [`TileGrowthParams::settings`] clamps them for each generation.
    pub params: TileGrowthParams,
}

impl TileGrowth {
    /// §1.3 on its own: the grown module grid for `seed` (with locked modules pre-placed), for the
    /// analysis figures (fill, reopenings) and the tests.
    pub fn grow(
        &self,
        seed: u64,
        locks: &[crate::model::LockedRoom],
    ) -> Result<Growth, GenerateError> {
        let (settings, _) = self.params.settings();
        plan(&settings, seed, locks)
    }
}

fn plan(
    settings: &Settings,
    seed: u64,
    locks: &[crate::model::LockedRoom],
) -> Result<Growth, GenerateError> {
    let mut growth = Growth::empty(settings.modules_x, settings.modules_y);
    let locked = locks::preplace(&mut growth, settings, locks)?;
    let mut rng = Stream::new(seed, "growth");
    if !growth::grow(&mut growth, settings, &mut rng) {
        return Err(GenerateError::LocksUnsatisfiable(
            "every front-row module is locked: no place for the root".to_string(),
        ));
    }
    if settings.extra_link_chance > 0.0 {
        growth::add_loops(
            &mut growth,
            settings.extra_link_chance,
            &mut Stream::new(seed, "loops"),
        );
    }
    locks::attach(&mut growth, &locked, &mut Stream::new(seed, "locks"))?;
    Ok(growth)
}

impl Generator for TileGrowth {
    fn id(&self) -> &'static str {
        ID
    }

    /// The output version (see [`Generator::version`]).
    fn version(&self) -> u32 {
        1
    }

    fn generate(&self, request: &Request) -> Result<Level, GenerateError> {
        let (settings, notes) = self.params.settings();
        let growth = plan(&settings, request.seed, request.locks)?;
        trace::mark("growth");
        let mut level = render::render(&growth, &settings, request);
        level.diagnostics.extend(notes);
        report(&growth, &settings, &mut level);
        trace::mark("render");
        finish::finish(
            &mut level,
            Some(settings.outer_border),
            request.locks,
            request.rerolls,
        );
        Ok(level)
    }
}

/// Diagnostics of §0.1: fix-up runs and shortfalls.
fn report(growth: &Growth, settings: &Settings, level: &mut Level) {
    if growth.reopens > 0 {
        level.diagnostics.push(Diagnostic::GrowthReopened {
            times: growth.reopens,
        });
    }
    let built = growth.modules.len();
    let wanted = settings.min_modules.min(growth.capacity());
    if built < wanted {
        level.diagnostics.push(Diagnostic::Shortfall {
            what: Placed::Modules,
            wanted,
            placed: built,
        });
    }
    if built <= 1 {
        level.diagnostics.push(Diagnostic::SingleModule {
            built,
            min_modules: settings.min_modules,
        });
    }
}
