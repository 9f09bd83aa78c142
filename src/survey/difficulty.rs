//! A run's difficulty curve: every mansion of a campaign or a daily run built and playtested
//! ([`crate::playtest`]), its difficulty in play order. The editor's Playtest section plots it; it lives
//! here because building the mansions is generation, which the editor never does itself.

use crate::analysis::stealth::Cancel;
use crate::generate::recipe::Recipe;
use crate::play::rule_sets;
use crate::playtest::{Course, Plan, playtest};

/// The difficulty of each mansion `recipes` make, in order, by `plan`, under the rules `rules` names
/// (`None`: each level's own); `None` for a mansion that does not build (or a rules id that names no
/// rules). `done` is told the mansions finished so far. `None` when `cancel` is set meanwhile.
pub fn difficulty_curve(
    recipes: &[Recipe],
    rules: Option<&'static str>,
    plan: &Plan,
    cancel: &Cancel,
    done: &(dyn Fn(usize) + Sync),
) -> Option<Vec<Option<f64>>> {
    let mut curve = Vec::with_capacity(recipes.len());
    for (k, recipe) in recipes.iter().enumerate() {
        let point = match recipe.build() {
            Ok(level) => match rule_sets::chosen(rules, &level) {
                Ok(rules) => {
                    let course = Course::new(level, rules);
                    playtest(&course, plan, cancel, &|_| {})?.difficulty()
                }
                Err(_) => None,
            },
            Err(_) => None,
        };
        if cancel.is_cancelled() {
            return None;
        }
        curve.push(point);
        done(k + 1);
    }
    Some(curve)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::playtest::Bot;

    #[test]
    fn a_campaign_curve_has_a_point_per_mansion_and_starts_easy() {
        let recipes: Vec<Recipe> = (0..3).map(|l| Recipe::campaign_level(4, l)).collect();
        let plan = Plan {
            bots: vec![Bot::Greedy.spec()],
            ..Plan::every_bot(4)
        };
        let curve = difficulty_curve(&recipes, None, &plan, &Cancel::new(), &|_| {})
            .expect("not cancelled");
        assert_eq!(curve.len(), 3);
        assert_eq!(curve[0], Some(0.0), "the first mansion has no guard");
        assert!(curve.iter().all(Option::is_some));
        let cancel = Cancel::new();
        cancel.cancel();
        assert!(difficulty_curve(&recipes, None, &plan, &cancel, &|_| {}).is_none());
    }
}
