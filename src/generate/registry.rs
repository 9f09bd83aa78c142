//! Generators by id, with their parameters set from `NAME=VALUE` strings: the API the command line
//! (`--generator … --param NAME=VALUE`) and the editor's parameter panel use.
//!
//! A value is read as JSON when it parses (numbers, `true`, `null`, `{"Cell":{"i":1,"j":2}}`), as a comma
//! list for list parameters (`chamber_types=cross,dead_end`, `hall_widths=2,3`), and otherwise as a plain
//! word, which names an enum variant (`root_column=Random`). Out-of-range numbers are accepted here and
//! clamped by the generator, which reports them in the level's diagnostics.

use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;
use thiserror::Error;

use super::Generator;
use super::packed_mansion::{self, PackedMansion};
use super::params::{ParamSpec, numeric};
use super::rogue_grid::{self, RogueGrid};
use super::siheyuan::{self, Siheyuan};
use super::tile_growth::{self, TileGrowth};
use crate::model::Plan;
use crate::model::limits::{fit_message, quote};

/// Every generator id, in menu order.
pub const IDS: &[&str] = &[
    siheyuan::ID,
    tile_growth::ID,
    packed_mansion::ID,
    rogue_grid::ID,
];

/// Why a generator could not be set up.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum ParamError {
    #[error(
        "unknown generator `{}` (known: siheyuan, tile_growth, packed_mansion, rogue_grid)",
        quote(.0)
    )]
    UnknownGenerator(String),
    #[error(
        "generator `{}` has no parameter `{}` (its parameters: {})",
        quote(.generator),
        quote(.name),
        .known
    )]
    UnknownParam {
        generator: String,
        name: String,
        known: String,
    },
    #[error("parameter `{}` cannot be `{}`: {}", quote(.name), quote(.value), fit_message(.reason))]
    Invalid {
        name: String,
        value: String,
        reason: String,
    },
}

/// The siheyuan's plan as parameters (room grid and loot); the campaign normally draws these.
pub const SIHEYUAN_PARAMS: &[ParamSpec] = &[
    numeric(
        "rooms_x",
        "5",
        1.0,
        9.0,
        "Room-grid columns (the campaign uses odd 3–9).",
    )
    .shown("Room columns", "rooms"),
    numeric("rooms_y", "3", 1.0, 7.0, "Room-grid rows.").shown("Room rows", "rooms"),
    numeric("loot", "10", 0.0, 100.0, "Coins in the mansion.").shown("Loot", "coins"),
];

const DEFAULT_SIHEYUAN_PLAN: Plan = Plan {
    rooms_x: 5,
    rooms_y: 3,
    loot: 10,
};

/// The parameter list of a generator, for tooltips and sliders.
pub fn param_specs(id: &str) -> Option<&'static [ParamSpec]> {
    match id {
        siheyuan::ID => Some(SIHEYUAN_PARAMS),
        tile_growth::ID => Some(tile_growth::PARAMS),
        packed_mansion::ID => Some(packed_mansion::PARAMS),
        rogue_grid::ID => Some(rogue_grid::PARAMS),
        _ => None,
    }
}

/// Reads one command-line value into the JSON shape of the parameter it replaces.
fn parse_value(raw: &str, current: &Value) -> Value {
    if let Ok(v) = serde_json::from_str::<Value>(raw) {
        // A list parameter given one item (`hall_widths=1`) is a list of that item.
        return match v {
            Value::Array(_) => v,
            v if current.is_array() => Value::Array(vec![v]),
            v => v,
        };
    }
    if current.is_array() {
        let items = raw
            .split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(|s| serde_json::from_str(s).unwrap_or_else(|_| Value::String(s.to_string())))
            .collect();
        return Value::Array(items);
    }
    Value::String(raw.to_string())
}

/// `defaults` with each `NAME=VALUE` applied, checked one by one so that an error names its parameter.
pub fn apply<P: Serialize + DeserializeOwned>(
    generator: &str,
    defaults: P,
    params: &[(String, String)],
) -> Result<P, ParamError> {
    let mut value = serde_json::to_value(&defaults).map_err(|e| ParamError::Invalid {
        name: String::new(),
        value: String::new(),
        reason: e.to_string(),
    })?;
    for (name, raw) in params {
        let known = value
            .as_object()
            .map(|m| m.keys().cloned().collect::<Vec<_>>().join(", "))
            .unwrap_or_default();
        let unknown = || ParamError::UnknownParam {
            generator: generator.to_string(),
            name: name.clone(),
            known,
        };
        let slot = value
            .as_object_mut()
            .and_then(|m| m.get_mut(name))
            .ok_or_else(unknown)?;
        *slot = parse_value(raw, slot);
        serde_json::from_value::<P>(value.clone()).map_err(|e| ParamError::Invalid {
            name: name.clone(),
            value: raw.clone(),
            reason: e.to_string(),
        })?;
    }
    serde_json::from_value(value).map_err(|e| ParamError::Invalid {
        name: String::new(),
        value: String::new(),
        reason: e.to_string(),
    })
}

/// The generator `id` with its defaults overridden by `params` (`(NAME, VALUE)` pairs).
pub fn by_id(id: &str, params: &[(String, String)]) -> Result<Box<dyn Generator>, ParamError> {
    Ok(match id {
        siheyuan::ID => Box::new(Siheyuan {
            plan: apply(id, DEFAULT_SIHEYUAN_PLAN, params)?,
        }),
        tile_growth::ID => Box::new(TileGrowth {
            params: apply(id, Default::default(), params)?,
        }),
        packed_mansion::ID => Box::new(PackedMansion {
            params: apply(id, Default::default(), params)?,
        }),
        rogue_grid::ID => Box::new(RogueGrid {
            params: apply(id, Default::default(), params)?,
        }),
        other => return Err(ParamError::UnknownGenerator(other.to_string())),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
        list.iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect()
    }

    #[test]
    fn values_of_every_shape_are_read() {
        let p: tile_growth::TileGrowthParams = apply(
            "tile_growth",
            Default::default(),
            &pairs(&[
                ("modules_x", "20"),
                ("chamber_types", "cross,branch"),
                ("root_column", "Random"),
                ("min_fill", "0.25"),
            ]),
        )
        .expect("valid");
        assert_eq!(p.modules_x, 20);
        assert_eq!(
            p.chamber_types,
            vec![
                tile_growth::ModuleType::Cross,
                tile_growth::ModuleType::Branch
            ]
        );
        assert_eq!(p.root_column, tile_growth::RootColumn::Random);
        let r: rogue_grid::RogueGridParams = apply(
            "rogue_grid",
            Default::default(),
            &pairs(&[("start", r#"{"Cell":{"i":1,"j":2}}"#), ("extra_max", "3")]),
        )
        .expect("valid");
        assert_eq!(r.start, rogue_grid::Start::Cell { i: 1, j: 2 });
        assert_eq!(r.extra_max, Some(3));
    }

    #[test]
    fn errors_name_the_parameter() {
        assert!(matches!(
            by_id("tile_growth", &pairs(&[("nope", "1")])),
            Err(ParamError::UnknownParam { .. })
        ));
        assert!(matches!(
            by_id("tile_growth", &pairs(&[("root_column", "Sideways")])),
            Err(ParamError::Invalid { name, .. }) if name == "root_column"
        ));
        assert!(matches!(
            by_id("maze", &[]),
            Err(ParamError::UnknownGenerator(_))
        ));
        for id in IDS {
            let specs = param_specs(id).expect("specs");
            assert!(by_id(id, &[]).is_ok());
            assert!(!specs.is_empty());
        }
    }
}
