//! The generators, each declared once in its own folder and listed here, one line each.
//!
//! A generator declares itself with [`Declare`] (in `declare.rs`): its id, a designer's name, a one-line description, its
//! parameter specs, its default parameters, how a game seed and level choose its parameters, and what it
//! measures. From that one declaration come the picker's widgets, the command line's `--generator` and
//! `--param`, preset reading and writing, the seed browser and `search`:
//! none of them names a generator. Adding a generator is one folder plus one line in [`BUILT_IN`]; a
//! plug-in (or a test's toy generator) can also be added while running with [`register`].
//!
//! `NAME=VALUE` values (the command line's `--param`, the picker's fields) are read as JSON when they
//! parse (numbers, `true`, `null`, `{"Cell":{"i":1,"j":2}}`), as a comma list for list parameters
//! (`chamber_types=cross,dead_end`, `hall_widths=2,3`), and otherwise as a plain word, which names an
//! enum variant (`root_column=Random`). Out-of-range numbers are accepted here and clamped by the
//! generator, which reports them in the level's diagnostics.
//!
//! # Examples
//!
//! Listing the generators and finding one by the id a file or the command line names it with:
//!
//! ```
//! use mansion_forge::generate::registry;
//!
//! let ids: Vec<&str> = registry::all().iter().map(|kind| kind.id()).collect();
//! assert_eq!(ids, ["siheyuan", "tile_growth", "packed_mansion", "rogue_grid", "lll2025"]);
//! assert_eq!(registry::CAMPAIGN_ID, "siheyuan");
//!
//! // The command line may type dashes; a file names the generator exactly.
//! let kind = registry::find("tile-growth").expect("a built-in generator");
//! assert_eq!(kind.id(), "tile_growth");
//! assert!(registry::find_in_file("tile-growth").is_none());
//! assert!(registry::find("maze").is_none());
//!
//! // Each declaration lists its parameters, and its defaults are its own kind's.
//! assert!(kind.params().iter().any(|spec| spec.name == "modules_x"));
//! assert_eq!(kind.defaults().id(), "tile_growth");
//! ```

use std::sync::RwLock;

use serde_json::Value;
use thiserror::Error;

pub use super::declare::{Declare, GeneratorKind, GeneratorParams, Kind};
use super::{lll2025, packed_mansion, rogue_grid, siheyuan, tile_growth};
use crate::model::Level;
use crate::model::limits::{fit_message, quote};

/// The generators this build comes with, in menu order: one line per generator.
pub static BUILT_IN: [&(dyn GeneratorKind + 'static); 5] = [
    &Kind::<siheyuan::declaration::Declaration>::KIND,
    &Kind::<tile_growth::declaration::Declaration>::KIND,
    &Kind::<packed_mansion::declaration::Declaration>::KIND,
    &Kind::<rogue_grid::declaration::Declaration>::KIND,
    &Kind::<lll2025::declaration::Declaration>::KIND,
];

/// The generator of the campaign's mansions, used when none is named.
pub const CAMPAIGN_ID: &str = siheyuan::ID;

/// Generators added while running (plug-ins, a test's toy generator), after the built-in ones.
static REGISTERED: RwLock<Vec<&'static dyn GeneratorKind>> = RwLock::new(Vec::new());

/// Adds a generator to [`all`] for the rest of the run (a second one with a known id is ignored).
pub fn register(kind: &'static dyn GeneratorKind) {
    if find(kind.id()).is_some() {
        return;
    }
    if let Ok(mut list) = REGISTERED.write() {
        list.push(kind);
    }
}

/// Every generator, in menu order.
pub fn all() -> Vec<&'static dyn GeneratorKind> {
    let mut list: Vec<&'static dyn GeneratorKind> = BUILT_IN.to_vec();
    if let Ok(registered) = REGISTERED.read() {
        list.extend(registered.iter().copied());
    }
    list
}

/// The generator with this id (dashes read as underscores).
pub fn find(id: &str) -> Option<&'static dyn GeneratorKind> {
    let id = id.replace('-', "_");
    all().into_iter().find(|kind| kind.id() == id)
}

/// The hash the game behind `level`'s generator gives it ([`GeneratorKind::game_hash`]); `None` for a
/// generator that re-implements no game with a hash.
///
/// # Examples
///
/// The 2025 game hashes its mansions; a level of the 2025 generator gets the game's hash, which stays
/// the same through a level file, while the siheyuan re-implements no game with a hash:
///
/// ```
/// use std::path::Path;
///
/// use mansion_forge::generate::recipe::Recipe;
/// use mansion_forge::generate::registry;
/// use mansion_forge::io::level_file::{self, Format};
///
/// let lll2025 = registry::find("lll2025").expect("a built-in generator");
/// let level = Recipe::for_game(&lll2025.defaults(), 1, 2).build().expect("builds");
/// let hash = registry::game_hash(&level).expect("a 2025 level has the game's hash");
/// assert_eq!(hash.len(), 8);
/// assert!(hash.chars().all(|c| c.is_ascii_hexdigit() && !c.is_ascii_uppercase()));
///
/// let text = level_file::to_string(&level, Format::Json).expect("serialises");
/// let back = level_file::from_text(Path::new("level.json"), &text).expect("reads back");
/// assert_eq!(registry::game_hash(&back).as_deref(), Some(hash.as_str()));
///
/// let siheyuan = Recipe::campaign_level(1, 2).build().expect("builds");
/// assert_eq!(registry::game_hash(&siheyuan), None);
/// ```
pub fn game_hash(level: &Level) -> Option<String> {
    find_in_file(&level.generator)?.game_hash(level)
}

/// Every generator id, as the command line accepts them (dashes for underscores), for messages.
pub fn ids_for_people() -> String {
    let ids: Vec<String> = all().iter().map(|k| k.id().replace('_', "-")).collect();
    ids.join(", ")
}

/// Every generator id as files write them, for messages.
pub fn ids_in_files() -> String {
    let ids: Vec<&str> = all().iter().map(|k| k.id()).collect();
    ids.join(", ")
}

/// The generator with exactly this id, as a file names it.
pub fn find_in_file(id: &str) -> Option<&'static dyn GeneratorKind> {
    all().into_iter().find(|kind| kind.id() == id)
}

/// Why a generator could not be set up.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum ParamError {
    /// No generator has this id (dashes and underscores read alike).
    #[error("unknown generator `{}` (known: {})", quote(.0), ids_for_people())]
    UnknownGenerator(String),
    /// The generator has no parameter of this name.
    #[error(
        "generator `{}` has no parameter `{}` (its parameters: {})",
        quote(.generator),
        quote(.name),
        .known
    )]
    UnknownParam {
        /// The generator's id.
        generator: String,
        /// The name as it was given.
        name: String,
        /// The generator's parameter names, listed for the message.
        known: String,
    },
    /// The value cannot be read as the parameter's type (a word for a number, an unknown variant).
    #[error("parameter `{}` cannot be `{}`: {}", quote(.name), quote(.value), fit_message(.reason))]
    Invalid {
        /// The parameter's name.
        name: String,
        /// The value as it was typed.
        value: String,
        /// Why it does not fit, in the parser's words.
        reason: String,
    },
}

/// Reads one command-line value into the JSON shape of the parameter it replaces.
fn parse_value(raw: &str, current: &Value) -> Value {
    // An emptied box of a value that is not text (the picker's unset layout seed) is no value.
    if raw.trim().is_empty() && !current.is_string() && !current.is_array() {
        return Value::Null;
    }
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

impl GeneratorParams {
    /// These parameters with each `NAME=VALUE` applied, checked one by one so that an error names its
    /// parameter.
    pub fn with(&self, params: &[(String, String)]) -> Result<GeneratorParams, ParamError> {
        let kind = self.kind();
        let mut value = self.to_json();
        for (name, raw) in params {
            let known = value
                .as_object()
                .map(|m| m.keys().cloned().collect::<Vec<_>>().join(", "))
                .unwrap_or_default();
            let slot = value
                .as_object_mut()
                .and_then(|m| m.get_mut(name))
                .ok_or_else(|| ParamError::UnknownParam {
                    generator: kind.id().to_string(),
                    name: name.clone(),
                    known,
                })?;
            *slot = parse_value(raw, slot);
            kind.params_from_json(value.clone())
                .map_err(|reason| ParamError::Invalid {
                    name: name.clone(),
                    value: raw.clone(),
                    reason,
                })?;
        }
        kind.params_from_json(value)
            .map_err(|reason| ParamError::Invalid {
                name: String::new(),
                value: String::new(),
                reason,
            })
    }
}

/// The generator `id` with its defaults overridden by `params` (`(NAME, VALUE)` pairs).
///
/// # Examples
///
/// Overriding two parameters by name, as `--param NAME=VALUE` does, and the errors that name what is
/// wrong:
///
/// ```
/// use mansion_forge::generate::registry::{self, ParamError};
/// use mansion_forge::generate::rogue_grid::declaration::Declaration as RogueGrid;
///
/// let pairs = |list: &[(&str, &str)]| -> Vec<(String, String)> {
///     list.iter().map(|(name, value)| (name.to_string(), value.to_string())).collect()
/// };
/// let params = registry::by_id("rogue-grid", &pairs(&[("cells_x", "3"), ("cells_y", "2")]))
///     .expect("valid parameters");
/// assert_eq!(params.id(), "rogue_grid");
/// let rogue = params.get::<RogueGrid>().expect("rogue-grid parameters");
/// assert_eq!((rogue.cells_x, rogue.cells_y), (3, 2));
///
/// let typo = registry::by_id("rogue_grid", &pairs(&[("cell_sise", "9")]));
/// assert!(matches!(typo, Err(ParamError::UnknownParam { name, .. }) if name == "cell_sise"));
/// let word = registry::by_id("rogue_grid", &pairs(&[("cells_x", "many")]));
/// assert!(matches!(word, Err(ParamError::Invalid { name, .. }) if name == "cells_x"));
/// assert!(matches!(registry::by_id("maze", &[]), Err(ParamError::UnknownGenerator(_))));
/// ```
pub fn by_id(id: &str, params: &[(String, String)]) -> Result<GeneratorParams, ParamError> {
    let kind = find(id).ok_or_else(|| ParamError::UnknownGenerator(id.to_string()))?;
    kind.defaults().with(params)
}

/// A parameter's default value as the command line takes it (`24`, `2,3`, `Random`, `null`).
pub fn default_text(kind: &dyn GeneratorKind, name: &str) -> String {
    match kind.defaults().to_json().get(name) {
        Some(Value::String(s)) => s.clone(),
        Some(Value::Array(items)) => items
            .iter()
            .map(|v| match v {
                Value::String(s) => s.clone(),
                v => v.to_string(),
            })
            .collect::<Vec<_>>()
            .join(","),
        Some(v) => v.to_string(),
        None => String::new(),
    }
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
        let p = by_id(
            "tile_growth",
            &pairs(&[
                ("modules_x", "20"),
                ("chamber_types", "cross,branch"),
                ("root_column", "Random"),
                ("min_fill", "0.25"),
            ]),
        )
        .expect("valid");
        let p = p
            .get::<tile_growth::declaration::Declaration>()
            .expect("tile growth");
        assert_eq!(p.modules_x, 20);
        assert_eq!(
            p.chamber_types,
            vec![
                tile_growth::ModuleType::Cross,
                tile_growth::ModuleType::Branch
            ]
        );
        assert_eq!(p.root_column, tile_growth::RootColumn::Random);
        let r = by_id(
            "rogue-grid",
            &pairs(&[("start", r#"{"Cell":{"i":1,"j":2}}"#), ("extra_max", "3")]),
        )
        .expect("valid");
        let r = r
            .get::<rogue_grid::declaration::Declaration>()
            .expect("rogue grid");
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
    }

    /// One spec per parameter and one parameter per spec: the picker, the command line and presets
    /// show every parameter a generator has, and nothing it does not.
    #[test]
    fn every_parameter_has_exactly_one_spec() {
        for kind in all() {
            let json = kind.defaults().to_json();
            let mut fields: Vec<&str> = json
                .as_object()
                .expect("parameters are a struct")
                .keys()
                .map(String::as_str)
                .collect();
            let mut specs: Vec<&str> = kind.params().iter().map(|s| s.name).collect();
            fields.sort_unstable();
            specs.sort_unstable();
            assert_eq!(fields, specs, "{}", kind.id());
        }
    }

    #[test]
    fn ids_are_unique_and_found_with_dashes() {
        let kinds = all();
        for (i, kind) in kinds.iter().enumerate() {
            assert!(kinds[..i].iter().all(|k| k.id() != kind.id()));
            let dashed = kind.id().replace('_', "-");
            assert_eq!(find(&dashed).map(GeneratorKind::id), Some(kind.id()));
            assert_eq!(kind.defaults().id(), kind.id());
        }
    }
}
