//! How a generator declares itself ([`Declare`], written once in its folder) and the values the rest of
//! the program handles without knowing which generator it holds: [`GeneratorKind`] (a declaration
//! without its types) and [`GeneratorParams`] (one generator's parameters).
//!
//! Nothing here names a generator; `registry` lists them.

use std::any::Any;
use std::fmt::{self, Debug};
use std::marker::PhantomData;

use serde::de::DeserializeOwned;
use serde::{Serialize, Serializer};
use serde_json::Value;

use super::figures::GeneratorFigures;
use super::params::ParamSpec;
use super::{Generator, campaign};
use crate::model::{Level, OriginKind};

/// One mansion of a game's exact stream ([`Declare::EXACT`]) with its draws step by step, each step's
/// name with the mansion's cumulative draws at its end (as the game's vectors count them).
#[derive(Clone, Debug)]
pub struct ExactMansion {
    /// The mansion.
    pub level: Level,
    /// Each generation step's name with this mansion's cumulative draws at its end.
    pub draws_by_step: Vec<(&'static str, u64)>,
}

/// A game's exact stream: the mansions of a game seed exactly as the game draws them from its one
/// stream, each after all the draws of the ones before it.
#[derive(Clone, Copy, Debug)]
pub struct ExactStream {
    /// Why a game seed has no exact run (a seed the stream's state cannot hold), checked without
    /// drawing.
    pub check_seed: fn(game_seed: u64) -> Result<(), String>,
    /// Mansions `0..=last` of a game seed that passes [`ExactStream::check_seed`].
    pub mansions: fn(game_seed: u64, last: u32) -> Result<Vec<ExactMansion>, String>,
}

/// A generator's declaration: everything the rest of the program needs to know about it, written once
/// in the generator's folder.
pub trait Declare: Send + Sync + 'static {
    /// The parameters, as presets store them (their serde form is the preset's `params`).
    type Params: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync + 'static;
    /// The id written to files and accepted on the command line (dashes may be typed for underscores).
    const ID: &'static str;
    /// The name a designer reads in the picker.
    const LABEL: &'static str;
    /// One line on what it makes, for the picker's tooltip.
    const ABOUT: &'static str;
    /// The parameters as the picker and the command line show them, one per field of [`Self::Params`].
    const PARAMS: &'static [ParamSpec];
    /// The kind of origin its rooms carry: a lock names its room by it, and a lock of another kind
    /// cannot be kept by this generator.
    const ROOMS: OriginKind;
    /// Whether the mansions of a game seed are the campaign's own (the survey then builds them as the
    /// campaign plans them, which is faster and gives the same levels).
    const CAMPAIGN: bool = false;
    /// The exact stream of the game this generator re-implements, where the game draws a whole run
    /// from one stream: an exact recipe ([`Recipe::exact`](super::recipe::Recipe::exact)) is built
    /// from it.
    const EXACT: Option<ExactStream> = None;

    /// The parameters a new document of this generator starts from.
    fn defaults() -> Self::Params;
    /// The parameters of mansion `level` of game `game_seed`, before any `--param`.
    fn params_for_game(_game_seed: u64, _level: u32) -> Self::Params {
        Self::defaults()
    }
    /// The level seed of mansion `level` of game `game_seed` (by default the campaign's, derived from
    /// the game seed; a generator with its own game streams gives the seed its level is made from).
    fn seed_for_game(game_seed: u64, level: u32) -> u64 {
        campaign::level_seed(game_seed, level)
    }
    /// The parameters a regeneration with a new seed starts from, given the seed it replaces and whether
    /// rooms are locked; by default the same. (The 2025 generator keeps its layout around locks.)
    fn params_for_regeneration(
        params: &Self::Params,
        _old_seed: u64,
        _locked: bool,
    ) -> Self::Params {
        params.clone()
    }
    /// The parameters a level made by this generator was most likely made with, as far as the level
    /// says (a level file opened in the editor keeps no recipe).
    fn params_of_level(_level: &Level) -> Self::Params {
        Self::defaults()
    }
    /// The generator these parameters configure.
    fn generator(params: &Self::Params) -> Box<dyn Generator>;
    /// Whether the parameters can be built in reasonable time and memory (files are untrusted); the
    /// message says what is out of range. Values the generator clamps need no check here.
    fn check(_params: &Self::Params) -> Result<(), String> {
        Ok(())
    }
    /// What a level file of this generator must hold beyond the shared checks (the siheyuan: its plan).
    fn check_level(_level: &Level) -> Result<(), String> {
        Ok(())
    }
    /// The generator's own figures of mansion `level` made with `seed`. `stats` prints them after the
    /// shared keys; a figure named as a shared key replaces it there (the generator's definition is the
    /// game's own).
    fn figures(_params: &Self::Params, _seed: u64, _level: u32) -> GeneratorFigures {
        GeneratorFigures::default()
    }
    /// The hash the game this generator re-implements gives the level, as the game prints it, where
    /// the game has one and the level holds what it reads (the 2025 game's spec-§14 `fnv`): it tells
    /// whether a level, or a file read back, is the game's own mansion.
    fn game_hash(_level: &Level) -> Option<String> {
        None
    }
}

/// A generator as the rest of the program sees it: a [`Declare`] without its types.
pub trait GeneratorKind: Send + Sync {
    /// [`Declare::ID`].
    fn id(&self) -> &'static str;
    /// [`Declare::LABEL`].
    fn label(&self) -> &'static str;
    /// [`Declare::ABOUT`].
    fn about(&self) -> &'static str;
    /// [`Declare::PARAMS`].
    fn params(&self) -> &'static [ParamSpec];
    /// [`Declare::CAMPAIGN`].
    fn follows_campaign(&self) -> bool;
    /// [`Declare::ROOMS`].
    fn rooms(&self) -> OriginKind;
    /// [`Declare::EXACT`].
    fn exact_stream(&self) -> Option<ExactStream>;
    /// See [`Declare::check_level`].
    fn check_level(&self, level: &Level) -> Result<(), String>;
    /// See [`Declare::game_hash`].
    fn game_hash(&self, level: &Level) -> Option<String>;
    /// The default parameters.
    fn defaults(&self) -> GeneratorParams;
    /// The parameters of mansion `level` of game `game_seed`.
    fn for_game(&self, game_seed: u64, level: u32) -> GeneratorParams;
    /// See [`Declare::seed_for_game`].
    fn seed_for_game(&self, game_seed: u64, level: u32) -> u64;
    /// See [`Declare::params_of_level`].
    fn of_level(&self, level: &Level) -> GeneratorParams;
    /// Parameters from their JSON form (the form [`GeneratorParams::to_json`] gives).
    fn params_from_json(&self, value: Value) -> Result<GeneratorParams, String>;
    /// The `params` field of a preset's RON text (its other fields are skipped), with the parser's
    /// position on error: presets are RON, and a mistake must be reported at its line and column.
    fn params_from_ron(
        &self,
        preset_text: &str,
    ) -> Result<GeneratorParams, ron::error::SpannedError>;
}

/// The [`GeneratorKind`] of a declaration.
pub struct Kind<D>(PhantomData<fn() -> D>);

impl<D: Declare> Kind<D> {
    /// The kind, as a value for the registry's list.
    pub const KIND: Kind<D> = Kind(PhantomData);
}

/// A preset's text, read for its parameters alone.
#[derive(serde::Deserialize)]
struct ParamsOnly<P> {
    params: P,
}

impl<D: Declare> GeneratorKind for Kind<D> {
    fn id(&self) -> &'static str {
        D::ID
    }
    fn label(&self) -> &'static str {
        D::LABEL
    }
    fn about(&self) -> &'static str {
        D::ABOUT
    }
    fn params(&self) -> &'static [ParamSpec] {
        D::PARAMS
    }
    fn follows_campaign(&self) -> bool {
        D::CAMPAIGN
    }
    fn rooms(&self) -> OriginKind {
        D::ROOMS
    }
    fn exact_stream(&self) -> Option<ExactStream> {
        D::EXACT
    }
    fn check_level(&self, level: &Level) -> Result<(), String> {
        D::check_level(level)
    }
    fn game_hash(&self, level: &Level) -> Option<String> {
        D::game_hash(level)
    }
    fn defaults(&self) -> GeneratorParams {
        GeneratorParams::of::<D>(D::defaults())
    }
    fn for_game(&self, game_seed: u64, level: u32) -> GeneratorParams {
        GeneratorParams::of::<D>(D::params_for_game(game_seed, level))
    }
    fn seed_for_game(&self, game_seed: u64, level: u32) -> u64 {
        D::seed_for_game(game_seed, level)
    }
    fn of_level(&self, level: &Level) -> GeneratorParams {
        GeneratorParams::of::<D>(D::params_of_level(level))
    }
    fn params_from_json(&self, value: Value) -> Result<GeneratorParams, String> {
        serde_json::from_value::<D::Params>(value)
            .map(GeneratorParams::of::<D>)
            .map_err(|e| e.to_string())
    }
    fn params_from_ron(
        &self,
        preset_text: &str,
    ) -> Result<GeneratorParams, ron::error::SpannedError> {
        ron::from_str::<ParamsOnly<D::Params>>(preset_text)
            .map(|p| GeneratorParams::of::<D>(p.params))
    }
}

/// One generator's parameters: what a recipe and a preset hold. Its generator is [`Self::kind`].
pub struct GeneratorParams(Box<dyn Setup>);

/// The typed parameters behind a [`GeneratorParams`].
trait Setup: Send + Sync {
    fn kind(&self) -> &'static dyn GeneratorKind;
    fn clone_box(&self) -> Box<dyn Setup>;
    fn same(&self, other: &dyn Setup) -> bool;
    fn as_any(&self) -> &dyn Any;
    fn erased(&self) -> &dyn erased_serde::Serialize;
    fn debug(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result;
    fn generator(&self) -> Box<dyn Generator>;
    fn check(&self) -> Result<(), String>;
    fn figures(&self, seed: u64, level: u32) -> GeneratorFigures;
    fn regenerated(&self, old_seed: u64, locked: bool) -> Box<dyn Setup>;
}

struct Set<D: Declare>(D::Params);

impl<D: Declare> Setup for Set<D> {
    fn kind(&self) -> &'static dyn GeneratorKind {
        const { &Kind::<D>::KIND }
    }
    fn clone_box(&self) -> Box<dyn Setup> {
        Box::new(Set::<D>(self.0.clone()))
    }
    fn same(&self, other: &dyn Setup) -> bool {
        other
            .as_any()
            .downcast_ref::<Set<D>>()
            .is_some_and(|o| o.0 == self.0)
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
    fn erased(&self) -> &dyn erased_serde::Serialize {
        &self.0
    }
    fn debug(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple(D::ID).field(&self.0).finish()
    }
    fn generator(&self) -> Box<dyn Generator> {
        D::generator(&self.0)
    }
    fn check(&self) -> Result<(), String> {
        D::check(&self.0)
    }
    fn figures(&self, seed: u64, level: u32) -> GeneratorFigures {
        D::figures(&self.0, seed, level)
    }
    fn regenerated(&self, old_seed: u64, locked: bool) -> Box<dyn Setup> {
        Box::new(Set::<D>(D::params_for_regeneration(
            &self.0, old_seed, locked,
        )))
    }
}

impl GeneratorParams {
    /// Parameters of declaration `D`.
    pub fn of<D: Declare>(params: D::Params) -> Self {
        GeneratorParams(Box::new(Set::<D>(params)))
    }

    /// The generator's declaration.
    pub fn kind(&self) -> &'static dyn GeneratorKind {
        self.0.kind()
    }

    /// The generator's id, as in files and on the command line.
    pub fn id(&self) -> &'static str {
        self.kind().id()
    }

    /// The typed parameters, when they are declaration `D`'s.
    pub fn get<D: Declare>(&self) -> Option<&D::Params> {
        self.0.as_any().downcast_ref::<Set<D>>().map(|s| &s.0)
    }

    /// The generator these parameters configure.
    pub fn generator(&self) -> Box<dyn Generator> {
        self.0.generator()
    }

    /// See [`Declare::check`].
    pub fn check(&self) -> Result<(), String> {
        self.0.check()
    }

    /// See [`Declare::figures`].
    pub fn figures(&self, seed: u64, level: u32) -> GeneratorFigures {
        self.0.figures(seed, level)
    }

    /// See [`Declare::params_for_regeneration`].
    #[must_use]
    pub fn regenerated(&self, old_seed: u64, locked: bool) -> Self {
        GeneratorParams(self.0.regenerated(old_seed, locked))
    }

    /// The parameters as a JSON object (field order as declared).
    pub fn to_json(&self) -> Value {
        serde_json::to_value(self).unwrap_or(Value::Null)
    }
}

/// The parameters alone, as a preset's `params` holds them.
impl Serialize for GeneratorParams {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        erased_serde::serialize(self.0.erased(), serializer)
    }
}

impl Clone for GeneratorParams {
    fn clone(&self) -> Self {
        GeneratorParams(self.0.clone_box())
    }
}

impl PartialEq for GeneratorParams {
    fn eq(&self, other: &Self) -> bool {
        self.0.same(other.0.as_ref())
    }
}

impl Debug for GeneratorParams {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.debug(f)
    }
}
