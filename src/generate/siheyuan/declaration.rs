//! The siheyuan generator as the registry knows it: its plan as parameters, drawn by the campaign for
//! each mansion of a game.

use super::Siheyuan;
use crate::generate::Generator;
use crate::generate::campaign;
use crate::generate::declare::{Declare, ExactStream};
use crate::generate::params::{ParamSpec, numeric};
use crate::model::{Level, OriginKind, Plan};

/// The siheyuan's declaration.
pub struct Declaration;

impl Declare for Declaration {
    type Params = Plan;
    const ID: &'static str = super::ID;
    const LABEL: &'static str = "Siheyuan";
    const ABOUT: &'static str =
        "Lurk Leap Loot's walled courtyard mansions (7DRL 2023): a mirrored grid of rooms.";
    const ROOMS: OriginKind = OriginKind::Slot;
    const PARAMS: &'static [ParamSpec] = &[
        numeric(
            "rooms_x",
            1.0,
            9.0,
            "Room-grid columns (the campaign uses odd 3–9).",
        )
        .shown("Room columns", "rooms"),
        numeric("rooms_y", 1.0, 7.0, "Room-grid rows.").shown("Room rows", "rooms"),
        numeric("loot", 0.0, 100.0, "Coins in the mansion.").shown("Loot", "coins"),
    ];
    const CAMPAIGN: bool = true;
    const EXACT: Option<ExactStream> = Some(ExactStream {
        check_seed: super::exact::check_seed,
        mansions: super::exact::mansions,
    });

    fn defaults() -> Plan {
        Plan {
            rooms_x: 5,
            rooms_y: 3,
            loot: 10,
        }
    }

    /// The campaign's plan of that mansion.
    fn params_for_game(game_seed: u64, level: u32) -> Plan {
        let level = (level as usize).min(campaign::LEVELS - 1);
        campaign::plan(game_seed).plans[level]
    }

    /// The plan the level records.
    fn params_of_level(level: &Level) -> Plan {
        level.plan.unwrap_or_else(Self::defaults)
    }

    fn generator(plan: &Plan) -> Box<dyn Generator> {
        Box::new(Siheyuan { plan: *plan })
    }

    /// A siheyuan level file must hold its plan (the validator checks the level against it).
    fn check_level(level: &Level) -> Result<(), String> {
        match level.plan {
            Some(_) => Ok(()),
            None => Err("a siheyuan level needs its plan (rooms_x, rooms_y, loot)".to_string()),
        }
    }

    fn check(plan: &Plan) -> Result<(), String> {
        plan.check()
    }
}
