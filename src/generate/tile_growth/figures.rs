//! The tile-growth figures the spec measures (`other-generators.md` §1.6): how full the grid gets and
//! how often its closed-growth fix ran.

use serde::{Deserialize, Serialize};

use super::growth::Growth;

/// Tile-growth figures of one level.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct GrowthFigures {
    /// Modules built, locked ones included.
    pub modules: usize,
    /// Modules over the grid's capacity.
    pub fill: f64,
    /// Times the closed-growth fix reopened a module.
    pub reopens: usize,
}

/// The figures of a grown grid.
pub fn growth_figures(growth: &Growth) -> GrowthFigures {
    let modules = growth.modules.len();
    GrowthFigures {
        modules,
        fill: modules as f64 / growth.capacity().max(1) as f64,
        reopens: growth.reopens,
    }
}
