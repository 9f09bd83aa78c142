//! The packed-mansion generator as the registry knows it.

use super::figures::hole_fraction;
use super::{PARAMS, PackedMansion, PackedMansionParams};
use crate::generate::Generator;
use crate::generate::declare::Declare;
use crate::generate::figures::{Figure, GeneratorFigures};
use crate::generate::params::ParamSpec;
use crate::model::OriginKind;

/// The packed mansion's declaration.
pub struct Declaration;

impl Declare for Declaration {
    type Params = PackedMansionParams;
    const ID: &'static str = super::ID;
    const LABEL: &'static str = "Packed mansion";
    const ABOUT: &'static str = "Rooms and hallways packed tightly on a plan grid from an entrance hall (other-generators §2).";
    const ROOMS: OriginKind = OriginKind::Placement;
    const PARAMS: &'static [ParamSpec] = PARAMS;

    fn defaults() -> PackedMansionParams {
        PackedMansionParams::default()
    }

    fn generator(params: &PackedMansionParams) -> Box<dyn Generator> {
        Box::new(PackedMansion {
            params: params.clone(),
        })
    }

    /// Enclosed unused plan squares per used square.
    fn figures(params: &PackedMansionParams, seed: u64, _level: u32) -> GeneratorFigures {
        let generator = PackedMansion {
            params: params.clone(),
        };
        GeneratorFigures(
            generator
                .plan(seed, &[])
                .ok()
                .map(|p| ("hole_fraction", Figure::Real(hole_fraction(&p.plan))))
                .into_iter()
                .collect(),
        )
    }
}
