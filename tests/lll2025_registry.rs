//! The 2025 generator through the registry: a game's level named by game seed and level is the game's
//! level, any parameters and seed build a level without panicking, and re-rolls keep what came before.

use mansion_forge::generate::lll2025::Build;
use mansion_forge::generate::lll2025::declaration::{Declaration, Lll2025Params};
use mansion_forge::generate::lll2025::level::to_level;
use mansion_forge::generate::lll2025::plan::{LevelType, game_plan};
use mansion_forge::generate::recipe::{GeneratorParams, Recipe};
use mansion_forge::generate::registry;
use mansion_forge::generate::{Request, Rerolls, Step};

fn lll2025() -> GeneratorParams {
    registry::find("lll2025")
        .expect("the 2025 generator is registered")
        .defaults()
}

#[test]
fn game_seed_g_is_the_games_run_game_g() {
    for game in 1..=20u64 {
        let plan = game_plan(&format!("game {game}"));
        for entry in &plan {
            let recipe = Recipe::for_game(&lll2025(), game, entry.level);
            let got = recipe.build().expect("a game level builds");
            let want = to_level(&Build::new(entry), recipe.seed);
            assert_eq!(got, want, "game {game} level {}", entry.level);
            assert_eq!(
                recipe.generator.get::<Declaration>(),
                Some(&Lll2025Params::of_plan(entry))
            );
        }
    }
}

#[test]
fn any_parameters_build_a_level() {
    let types = [
        LevelType::Manor,
        LevelType::ManorRed,
        LevelType::Mansion,
        LevelType::Fortress,
    ];
    for level_type in types {
        for rooms_x in [0, 1, 2, 3, 4, 5, 7, 8, 9, 11, 12, u32::MAX] {
            for rooms_y in [0, 1, 2, 3, 5, 6, 8, 9, 11, 12, u32::MAX] {
                for (level, seed) in [(0, 1), (3, 2), (6, 3), (9, u64::MAX)] {
                    let params = Lll2025Params {
                        level_type,
                        rooms_x,
                        rooms_y,
                        loot: [0, 7, 100, u32::MAX][(rooms_x % 4) as usize],
                        layout_seed: [None, Some(u64::MAX)][(rooms_y % 2) as usize],
                    };
                    let generator = GeneratorParams::of::<Declaration>(params).generator();
                    let request = Request {
                        level,
                        seed,
                        locks: &[],
                        rerolls: Rerolls::default(),
                    };
                    let made = generator.generate(&request);
                    assert!(
                        made.is_ok(),
                        "{level_type:?} {rooms_x}×{rooms_y} level {level}"
                    );
                }
            }
        }
    }
}

#[test]
fn a_rerolled_step_keeps_the_layout() {
    let recipe = Recipe::for_game(&lll2025(), 3, 7);
    let plain = recipe.build().expect("builds");
    for &step in Step::ALL {
        let rerolled = Recipe {
            rerolls: Rerolls::default().bump(step),
            ..recipe.clone()
        }
        .build()
        .expect("builds");
        assert_ne!(rerolled, plain, "{step:?} changed nothing");
        assert_eq!(rerolled.rooms, plain.rooms, "{step:?} moved rooms");
        assert_eq!(
            rerolled.adjacencies, plain.adjacencies,
            "{step:?} moved doors"
        );
    }
    let loot_only = Recipe {
        rerolls: Rerolls::default().bump(Step::Loot),
        ..recipe
    }
    .build()
    .expect("builds");
    assert_eq!(
        loot_only.patrols, plain.patrols,
        "re-rolling loot keeps patrols"
    );
}

#[test]
fn the_campaigns_recipe_builds_the_campaigns_mansion() {
    use mansion_forge::generate::campaign;
    for seed in [0, 5, 77] {
        let game = campaign::plan(seed);
        for n in 0..10 {
            assert_eq!(
                Recipe::campaign_level(seed, n).build().ok(),
                game.generate(n),
                "seed {seed} level {n}"
            );
        }
    }
}

#[test]
fn the_games_levels_keep_the_validators_2025_notes() {
    use mansion_forge::analysis::validate::validate;
    for game in 1..=40u64 {
        for n in 0..10 {
            let level = Recipe::for_game(&lll2025(), game, n)
                .build()
                .expect("builds");
            let found: Vec<String> = validate(&level).iter().map(ToString::to_string).collect();
            assert!(found.is_empty(), "game {game} level {n}: {found:#?}");
            assert!(
                level.patrols.iter().all(|r| !r.visits.is_empty()),
                "every route names the rooms it visits"
            );
        }
    }
}
