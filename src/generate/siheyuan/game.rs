//! The 2023 game, *Lurk Leap Loot* as released for the 7DRL: its runs are ten siheyuan mansions of a
//! numeric game seed, either as the campaign draws them (one stream per step, so locks and re-rolls
//! work) or exactly as the original draws them from one stream (`generate::siheyuan::exact`).

use crate::generate::campaign::{self, LEVELS};
use crate::generate::game::{Game, Mansion, Run};
use crate::generate::recipe::Recipe;
use crate::generate::rng::Stream;
use crate::model::Plan;
use crate::model::limits::quote;

/// The 2023 game.
pub struct Lll2023Game;

/// A game seed as typed: a whole number, decimal or `0x` hexadecimal.
fn game_seed(text: &str) -> Result<u64, String> {
    let text = text.trim();
    let parsed = match text.strip_prefix("0x").or_else(|| text.strip_prefix("0X")) {
        Some(hex) => u64::from_str_radix(hex, 16),
        None => text.parse(),
    };
    parsed.map_err(|_| {
        format!(
            "“{}” is not a seed: enter a whole number 0–{}",
            quote(text),
            u64::MAX
        )
    })
}

/// The run's list: one line per plan, each with its recipe.
fn mansions(plans: &[Plan], recipe: impl Fn(u32) -> Recipe) -> Vec<Mansion> {
    (0..LEVELS as u32)
        .zip(plans)
        .map(|(n, plan)| Mansion {
            label: format!("Mansion {n}: {}×{} grid", plan.rooms_x, plan.rooms_y),
            grid: (plan.rooms_x.unsigned_abs(), plan.rooms_y.unsigned_abs()),
            recipe: recipe(n),
        })
        .collect()
}

impl Game for Lll2023Game {
    fn id(&self) -> &'static str {
        "lll2023"
    }
    fn label(&self) -> &'static str {
        "Lurk Leap Loot (2023)"
    }
    fn generator(&self) -> &'static str {
        super::ID
    }
    fn rules(&self) -> &'static str {
        "2023"
    }
    fn seed_hint(&self) -> &'static str {
        "7"
    }
    fn run(&self, seed: &str) -> Result<Run, String> {
        let seed = game_seed(seed)?;
        Ok(Run {
            title: format!("Mansions of game {seed}"),
            seed: seed.to_string(),
            mansions: mansions(&campaign::plan(seed).plans, |n| {
                Recipe::campaign_level(seed, n)
            }),
        })
    }
    fn has_exact(&self) -> bool {
        true
    }
    fn exact(&self, seed: &str) -> Option<Result<Run, String>> {
        let run = game_seed(seed).and_then(|seed| {
            let exact = u32::try_from(seed).map_err(|_| {
                format!(
                    "game {seed} has no exact 2023 mansions: its seeds are 0–{}",
                    u32::MAX
                )
            })?;
            let plans = campaign::draw_plans(&mut Stream::mulberry32(exact));
            Ok(Run {
                title: format!("Exact mansions of game {seed}"),
                seed: seed.to_string(),
                mansions: mansions(&plans, |n| Recipe::exact_level(exact, n)),
            })
        });
        Some(run)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::siheyuan::exact;

    /// The exact run lists the plans its own stream draws, which are what its mansions are built from.
    #[test]
    fn the_exact_run_lists_the_plans_it_builds() {
        let run = Lll2023Game
            .exact("5")
            .expect("an exact stream")
            .expect("a seed");
        let levels = exact::game_levels(5, 9);
        for (mansion, built) in run.mansions.iter().zip(&levels) {
            let plan = built.plan;
            let words = format!("{}×{} grid", plan.rooms_x, plan.rooms_y);
            assert!(mansion.label.ends_with(&words), "{}", mansion.label);
            assert!(mansion.recipe.exact);
        }
        assert!(
            Lll2023Game
                .exact(&(1u64 << 40).to_string())
                .expect("a stream")
                .is_err()
        );
        assert_eq!(Lll2023Game.run("0x10").expect("hex").seed, "16");
    }
}
