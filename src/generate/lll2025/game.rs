//! The 2025 game, *Lurk Leap Loot* as players play it today: a run is the ten mansions a text seed
//! plans (`game 7`, `my run`), and every day has its daily run of three, picked from the plan of
//! `Daily YYYY/MM/DD`. Each mansion is a recipe of the 2025 generator, cell for cell the game's.

use super::declaration::{Declaration, Lll2025Params, recipe_of};
use super::plan::{PlanEntry, daily_run_of, game_plan, level_seed_entry, level_seed_string};
use crate::generate::date::Date;
use crate::generate::declare::GeneratorParams;
use crate::generate::game::{Game, LevelSeeds, Mansion, Run};
use crate::generate::recipe::Recipe;
use crate::model::limits::quote;

/// The 2025 game.
pub struct Lll2025Game;

/// The run's list: one line per plan entry, each with its recipe.
fn mansions<'a>(entries: impl IntoIterator<Item = &'a PlanEntry>) -> Result<Vec<Mansion>, String> {
    entries
        .into_iter()
        .enumerate()
        .map(|(pick, entry)| {
            let recipe = recipe_of(entry)
                .ok_or_else(|| format!("the level seed {} is not the game's form", entry.seed))?;
            let label = format!(
                "Mansion {}: level {}, {}, {}×{} grid",
                pick + 1,
                entry.level,
                entry.level_type.name(),
                entry.rooms_x,
                entry.rooms_y
            );
            Ok(Mansion {
                label,
                grid: (entry.rooms_x, entry.rooms_y),
                recipe,
            })
        })
        .collect()
}

impl Game for Lll2025Game {
    fn id(&self) -> &'static str {
        "lll2025"
    }
    fn label(&self) -> &'static str {
        "Lurk Leap Loot (2025)"
    }
    fn generator(&self) -> &'static str {
        super::declaration::ID
    }
    fn rules(&self) -> &'static str {
        "2025"
    }
    fn seed_hint(&self) -> &'static str {
        "game 7"
    }
    fn run(&self, seed: &str) -> Result<Run, String> {
        Ok(Run {
            title: format!("Run '{}'", quote(seed)),
            seed: seed.to_string(),
            mansions: mansions(&game_plan(seed))?,
        })
    }
    fn has_daily(&self) -> bool {
        true
    }
    fn daily(&self, date: Date) -> Option<Run> {
        let run = daily_run_of(date);
        Some(Run {
            title: format!("Daily run of {date}"),
            mansions: mansions(run.levels()).ok()?,
            seed: run.seed,
        })
    }
    fn level_seeds(&self) -> Option<LevelSeeds> {
        Some(LevelSeeds {
            about: "one mansion by the seed string the game gives its level; the level type and \
                    loot, which the string does not hold, come from the game's plan.",
            hint: "lvl10.3206486422043705",
            params: &["level_type", "loot"],
        })
    }
    fn level_seed(
        &self,
        text: &str,
        params: &[(String, String)],
    ) -> Option<Result<Mansion, String>> {
        Some(level_seed_recipe(text, params).map(|recipe| {
            let params = recipe
                .generator
                .get::<Declaration>()
                .cloned()
                .unwrap_or_default();
            Mansion {
                label: format!(
                    "Level {}: {}, {}×{} grid, {} loot planned",
                    recipe.level,
                    params.level_type.name(),
                    params.rooms_x,
                    params.rooms_y,
                    params.loot
                ),
                grid: (params.rooms_x, params.rooms_y),
                recipe,
            }
        }))
    }
    fn level_seed_of(&self, recipe: &Recipe) -> Option<String> {
        recipe
            .generator
            .get::<Declaration>()
            .filter(|params| params.layout_seed.is_none())
            .map(|_| level_seed_string(recipe.level, recipe.seed))
    }
}

/// The mansion of a level seed string (`'lvl' + L + u`): the plan's level type and loot are not in the
/// string, so they come from `params` (default Manor, 10), and the room grid is the one the game draws
/// from the level's stream for that type, unless `params` give the grid too.
fn level_seed_recipe(text: &str, params: &[(String, String)]) -> Result<Recipe, String> {
    let defaults = Lll2025Params::default();
    let entry = level_seed_entry(text, defaults.level_type, defaults.loot)?;
    let recipe =
        recipe_of(&entry).ok_or_else(|| format!("the level seed {text} is not the game's form"))?;
    let mut generator = recipe.generator.with(params).map_err(|e| e.to_string())?;
    let gives_grid = params
        .iter()
        .any(|(name, _)| name == "rooms_x" || name == "rooms_y");
    if !gives_grid && let Some(typed) = generator.get::<Declaration>() {
        let sized = level_seed_entry(text, typed.level_type, typed.loot)?;
        generator = GeneratorParams::of::<Declaration>(Lll2025Params {
            rooms_x: sized.rooms_x,
            rooms_y: sized.rooms_y,
            ..typed.clone()
        });
    }
    Ok(Recipe {
        generator,
        ..recipe
    })
}
