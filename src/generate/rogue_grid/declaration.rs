//! The Rogue-grid generator as the registry knows it.

use super::{PARAMS, RogueGrid, RogueGridParams};
use crate::generate::Generator;
use crate::generate::declare::Declare;
use crate::generate::params::ParamSpec;
use crate::model::OriginKind;

/// The Rogue grid's declaration.
pub struct Declaration;

impl Declare for Declaration {
    type Params = RogueGridParams;
    const ID: &'static str = super::ID;
    const LABEL: &'static str = "Rogue grid";
    const ABOUT: &'static str =
        "Rooms on a grid joined by corridors, as in Rogue, with an exit (other-generators §3).";
    const ROOMS: OriginKind = OriginKind::GridCell;
    const PARAMS: &'static [ParamSpec] = PARAMS;

    fn defaults() -> RogueGridParams {
        RogueGridParams::default()
    }

    fn generator(params: &RogueGridParams) -> Box<dyn Generator> {
        Box::new(RogueGrid {
            params: params.clone(),
        })
    }
}
