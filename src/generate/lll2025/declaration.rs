//! The 2025 generator as the registry knows it: a level type, a room-slot grid and the loot as its
//! parameters, and the project's 64-bit seed as the level's seed string.
//!
//! A game's level is a plain recipe here: its plan entry gives the parameters, and the fraction `u` of
//! its seed string `'lvl' + L + u` is kept as the seed's bits ([`PlanEntry::seed_bits`]), so the
//! recipe rebuilds exactly the game's level, and a new seed gives a new level of the same kind. Game
//! seed `G` of the campaign convention is the game's run `'game G'`, as in the reference vectors.

use serde::{Deserialize, Serialize};

use super::level::{GENERATOR, to_level};
use super::plan::{self, LevelType, PlanEntry, level_seed_string};
use super::{Build, Variation, figures, locks, model_map};
use crate::generate::declare::Declare;
use crate::generate::figures::GeneratorFigures;
use crate::generate::params::{Clamp, ParamSpec, Widget, choice, numeric};
use crate::generate::passes;
use crate::generate::recipe::{GeneratorParams, Recipe};
use crate::generate::{GenerateError, Generator, Request, Rerolls};
use crate::model::{Level, Level2025, OriginKind};

/// Generator id used in files and on the command line.
pub const ID: &str = GENERATOR;

/// The level types the picker offers, in the game's names.
const LEVEL_TYPES: &[&str] = &["Manor", "ManorRed", "Mansion", "Fortress"];

/// What one 2025 level is made from besides its level number and seed: the game's plan entry without
/// its seed string. Out-of-range values are clamped when generating, and reported.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Lll2025Params {
    /// The level type: the house's layout and which doors are locked.
    pub level_type: LevelType,
    /// Room slots west–east (3–9, odd; a Mansion's 5, 8 or 11).
    pub rooms_x: u32,
    /// Room slots south–north (2–9; a Mansion's 5, 8 or 11).
    pub rooms_y: u32,
    /// Coins plus guard purses.
    pub loot: u32,
    /// The seed whose walls, rooms, doors and room types the level keeps, when it was regenerated around
    /// locked rooms ([`super::locks`]); `None`: its own seed's.
    pub layout_seed: Option<u64>,
}

impl Default for Lll2025Params {
    fn default() -> Self {
        Lll2025Params {
            level_type: LevelType::Manor,
            rooms_x: 5,
            rooms_y: 4,
            loot: 10,
            layout_seed: None,
        }
    }
}

/// The largest loot a level takes: more than the campaign ever gives one level, and cheap to place.
const MAX_LOOT: u32 = 100;

impl Lll2025Params {
    /// The parameters of a game's plan entry.
    pub fn of_plan(entry: &PlanEntry) -> Self {
        Lll2025Params {
            level_type: entry.level_type,
            rooms_x: entry.rooms_x,
            rooms_y: entry.rooms_y,
            loot: entry.loot,
            layout_seed: None,
        }
    }

    /// The plan entry of level `level` with the project's `seed`, the sizes brought to what the game
    /// makes for the level type (every change noted).
    pub fn plan_entry(&self, level: u32, seed: u64, clamp: &mut Clamp) -> PlanEntry {
        let int = |v: u32| i32::try_from(v).unwrap_or(i32::MAX);
        let (rooms_x, rooms_y) = if self.level_type == LevelType::Mansion {
            (
                mansion_slots(clamp.int("rooms_x", int(self.rooms_x), 5, 11)),
                mansion_slots(clamp.int("rooms_y", int(self.rooms_y), 5, 11)),
            )
        } else {
            (
                clamp.odd("rooms_x", int(self.rooms_x), 3, 9),
                clamp.int("rooms_y", int(self.rooms_y), 2, 9),
            )
        };
        let loot = clamp.int("loot", int(self.loot), 0, MAX_LOOT as i32);
        PlanEntry {
            level,
            level_type: self.level_type,
            rooms_x: rooms_x.unsigned_abs(),
            rooms_y: rooms_y.unsigned_abs(),
            loot: loot.unsigned_abs(),
            seed: level_seed_string(level, seed),
        }
    }
}

/// A Mansion's slot count: 2×2 blocks with one-slot lanes, so 5, 8 or 11 (the nearest, as the game
/// rounds its drawn sizes).
fn mansion_slots(v: i32) -> i32 {
    3 * ((f64::from(v + 1) / 3.0 + 0.5).floor() as i32).clamp(2, 4) - 1
}

/// The generator of one set of parameters.
pub struct Lll2025 {
    /// Its parameters.
    pub params: Lll2025Params,
}

impl Generator for Lll2025 {
    fn id(&self) -> &'static str {
        ID
    }

    /// The output version (see [`Generator::version`]): 2 keeps every item the game places, in its
    /// order (stacks, plinths), and level 1's guard at its post with the game's own path.
    fn version(&self) -> u32 {
        2
    }

    fn generate(&self, request: &Request) -> Result<Level, GenerateError> {
        let (build, clamp) = self.build(request);
        level_of(&build, clamp, request)
    }

    /// The figures are read off the build (its graph, mirrors and plan), so the one build gives both.
    fn generate_with_figures(
        &self,
        request: &Request,
    ) -> Option<Result<(Level, GeneratorFigures), GenerateError>> {
        let (build, clamp) = self.build(request);
        Some(
            level_of(&build, clamp, request)
                .map(|level| (level, figures::generator_figures(&build))),
        )
    }

    /// The game's draws step by step, as `draws_by_step` of the reference vectors lists them.
    fn draw_trace(&self, request: &Request) -> Option<Vec<(&'static str, u64)>> {
        Some(self.build(request).0.draws_by_step)
    }
}

/// The model's level of `build` with the request's locked rooms put back, and what was clamped noted.
fn level_of(build: &Build, clamp: Clamp, request: &Request) -> Result<Level, GenerateError> {
    locks::check_fit(&build.graph, request.locks).map_err(GenerateError::LocksUnsatisfiable)?;
    let mut level = to_level(build, request.seed);
    passes::locks::restore(&mut level, request.locks);
    level.diagnostics.extend(clamp.notes);
    Ok(level)
}

impl Lll2025 {
    /// The game's build of the level `request` asks for, and what was clamped on the way.
    fn build(&self, request: &Request) -> (Build, Clamp) {
        let mut clamp = Clamp::default();
        let entry = self
            .params
            .plan_entry(request.level, request.seed, &mut clamp);
        let variation = Variation {
            rerolls: request.rerolls,
            layout: self
                .params
                .layout_seed
                .map(|seed| level_seed_string(request.level, seed)),
            kept: locks::kept_cells(request.locks),
            fenced: locks::fenced_corners(request.locks),
        };
        (Build::with(&entry, &variation), clamp)
    }
}

/// The 2025 generator's declaration.
pub struct Declaration;

impl Declare for Declaration {
    type Params = Lll2025Params;
    const ID: &'static str = ID;
    const LABEL: &'static str = "Lurk Leap Loot 2025";
    const ABOUT: &'static str = "The game's current generator: manors, mansions and fortresses with \
                                 vaults, keys and locked doors, bit-exact with the game's seeds.";
    const ROOMS: OriginKind = OriginKind::Corner2025;
    const PARAMS: &'static [ParamSpec] = &[
        choice(
            "level_type",
            "Manor (two tile colours), Mansion or Fortress.",
        )
        .edited(Widget::Pick(LEVEL_TYPES))
        .shown("Level type", ""),
        numeric(
            "rooms_x",
            3.0,
            11.0,
            "Room slots west–east (odd 3–9; a Mansion's 5, 8 or 11).",
        )
        .shown("Room columns", "slots"),
        numeric(
            "rooms_y",
            2.0,
            11.0,
            "Room slots south–north (2–9; a Mansion's 5, 8 or 11).",
        )
        .shown("Room rows", "slots"),
        numeric("loot", 0.0, 100.0, "Coins plus guard purses.").shown("Loot", "coins"),
        choice(
            "layout_seed",
            "The seed whose walls, rooms and doors the level keeps: set when it is regenerated \
             around locked rooms (the game draws its layout and its furnishing from one stream); \
             none (`null` on the command line) for the level's own.",
        )
        .shown("Layout seed", ""),
    ];
    const CAMPAIGN: bool = true;

    fn defaults() -> Lll2025Params {
        Lll2025Params::default()
    }

    /// Level `level` of the game's run `'game G'`.
    fn params_for_game(game_seed: u64, level: u32) -> Lll2025Params {
        Lll2025Params::of_plan(&game_entry(game_seed, level))
    }

    /// The seed whose bits are the fraction of that level's seed string.
    fn seed_for_game(game_seed: u64, level: u32) -> u64 {
        game_entry(game_seed, level)
            .seed_bits()
            .unwrap_or(game_seed)
    }

    /// Around locked rooms the layout stays (the seed it was drawn from is kept); without locks a new
    /// seed draws a new layout.
    fn params_for_regeneration(
        params: &Lll2025Params,
        old_seed: u64,
        locked: bool,
    ) -> Lll2025Params {
        Lll2025Params {
            layout_seed: locked.then(|| params.layout_seed.unwrap_or(old_seed)),
            ..params.clone()
        }
    }

    /// The level type the level records; its sizes and loot as the plan of its rooms and coins say.
    fn params_of_level(level: &Level) -> Lll2025Params {
        level
            .part::<Level2025>()
            .map_or_else(Lll2025Params::default, |extra| Lll2025Params {
                level_type: extra.level_type,
                ..Lll2025Params::default()
            })
    }

    fn generator(params: &Lll2025Params) -> Box<dyn Generator> {
        Box::new(Lll2025 {
            params: params.clone(),
        })
    }

    /// A 2025 level file must carry its 2025 part (level type, room types, what guards carry).
    /// Every figure of the reference statistics (`lll2025-stats.json`), by its names and definitions.
    fn figures(params: &Lll2025Params, seed: u64, level: u32) -> GeneratorFigures {
        let generator = Lll2025 {
            params: params.clone(),
        };
        let request = Request {
            level,
            seed,
            locks: &[],
            rerolls: Rerolls::default(),
        };
        figures::generator_figures(&generator.build(&request).0)
    }

    /// The spec-§14 `fnv`, 8 lower-case hex digits ([`model_map::level_hash`]).
    fn game_hash(level: &Level) -> Option<String> {
        model_map::level_hash(level).map(|h| format!("{h:08x}"))
    }

    fn check_level(level: &Level) -> Result<(), String> {
        match level.part::<Level2025>() {
            Some(extra) if extra.room_types.len() == level.rooms.len() => Ok(()),
            Some(extra) => Err(format!(
                "its 2025 part names {} room types for {} rooms",
                extra.room_types.len(),
                level.rooms.len()
            )),
            None => Err("a level of the 2025 generator must carry its `lll2025` part".into()),
        }
    }
}

/// The recipe of a level of a game's plan (a normal run's or a daily's): the game's level, cell for cell.
/// `None` only if the entry's seed string is not the game's `'lvl' + L + u`.
///
/// # Examples
///
/// The recipe of level 3 of the run `'game 1'` is the one [`Recipe::for_game`] makes of game seed 1,
/// and its level is the game's own: the hash the game computes from its map is the hash the registry
/// reads off the converted level:
///
/// ```
/// use mansion_forge::generate::lll2025::Build;
/// use mansion_forge::generate::lll2025::ascii::fnv;
/// use mansion_forge::generate::lll2025::declaration::recipe_of;
/// use mansion_forge::generate::lll2025::plan::game_plan;
/// use mansion_forge::generate::recipe::Recipe;
/// use mansion_forge::generate::registry;
///
/// let entry = &game_plan("game 1")[3];
/// let recipe = recipe_of(entry).expect("a game's level seed");
/// let lll2025 = registry::find("lll2025").expect("built in");
/// assert_eq!(recipe, Recipe::for_game(&lll2025.defaults(), 1, 3));
///
/// let level = recipe.build().expect("builds");
/// let build = Build::new(entry);
/// let game_hash = format!("{:08x}", fnv(&build.map, &build.guards, build.start));
/// assert_eq!(registry::game_hash(&level), Some(game_hash));
/// assert_eq!((level.width, level.height), build.size());
/// ```
pub fn recipe_of(entry: &PlanEntry) -> Option<Recipe> {
    Some(Recipe {
        generator: GeneratorParams::of::<Declaration>(Lll2025Params::of_plan(entry)),
        level: entry.level,
        seed: entry.seed_bits()?,
        rerolls: Rerolls::default(),
        exact: false,
    })
}

/// Level `level` (0–9) of the game's run `'game G'`.
///
/// A recipe asks for a level's parameters and its seed apart, and `stats` asks for all ten levels of a
/// game in turn: the plan (eleven seeded streams, each a key schedule) is kept for the last game asked
/// on each thread, so a game's plan is drawn once rather than twenty times. It is a pure function of
/// the game seed, so the memo changes no output.
fn game_entry(game_seed: u64, level: u32) -> PlanEntry {
    thread_local! {
        static LAST_PLAN: std::cell::RefCell<Option<(u64, Vec<PlanEntry>)>> =
            const { std::cell::RefCell::new(None) };
    }
    LAST_PLAN.with_borrow_mut(|last| {
        let entries = match last {
            Some((seed, entries)) if *seed == game_seed => entries,
            _ => {
                let entries = plan::game_plan(&format!("game {game_seed}"));
                &mut last.insert((game_seed, entries)).1
            }
        };
        entries[(level as usize).min(plan::LEVELS - 1)].clone()
    })
}
