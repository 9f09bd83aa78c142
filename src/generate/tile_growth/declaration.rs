//! The tile-growth generator as the registry knows it.

use super::figures::growth_figures;
use super::{PARAMS, TileGrowth, TileGrowthParams};
use crate::generate::Generator;
use crate::generate::declare::Declare;
use crate::generate::figures::{Figure, GeneratorFigures};
use crate::generate::params::ParamSpec;
use crate::model::OriginKind;

/// The tile growth's declaration.
pub struct Declaration;

impl Declare for Declaration {
    type Params = TileGrowthParams;
    const ID: &'static str = super::ID;
    const LABEL: &'static str = "Tile growth";
    const ABOUT: &'static str =
        "Corridors and chambers grown module by module from the front door (other-generators §1).";
    const ROOMS: OriginKind = OriginKind::Modules;
    const PARAMS: &'static [ParamSpec] = PARAMS;

    fn defaults() -> TileGrowthParams {
        TileGrowthParams::default()
    }

    fn generator(params: &TileGrowthParams) -> Box<dyn Generator> {
        Box::new(TileGrowth {
            params: params.clone(),
        })
    }

    fn check(p: &TileGrowthParams) -> Result<(), String> {
        if p.max_fill < p.min_fill {
            return Err(format!(
                "max_fill ({}) is below min_fill ({}): a mansion cannot fill less than its minimum",
                p.max_fill, p.min_fill
            ));
        }
        Ok(())
    }

    /// Modules placed, their share of the grid, and closed-growth reopenings.
    fn figures(params: &TileGrowthParams, seed: u64, _level: u32) -> GeneratorFigures {
        let generator = TileGrowth {
            params: params.clone(),
        };
        generator
            .grow(seed, &[])
            .map(|growth| {
                let f = growth_figures(&growth);
                GeneratorFigures(vec![
                    ("modules", Figure::Count(f.modules)),
                    ("fill", Figure::Real(f.fill)),
                    ("reopens", Figure::Count(f.reopens)),
                ])
            })
            .unwrap_or_default()
    }
}
