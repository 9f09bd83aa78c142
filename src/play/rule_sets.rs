//! The rule sets (game versions) a level can be played under, each declared once ([`RuleSet`]) and
//! listed here, one line each, as the generators are in `generate::registry`.
//!
//! A level's rules come with its generator: a rule set names the generators whose levels are its
//! game's (the 2025 rules claim the 2025 generator's levels), and a level of any other generator takes
//! the first set listed here. A designer may choose others (`--rules`, the Play panel). The command
//! line, the editor and play-through files find a rule set here by its id and play it through
//! `Session`; none of them names a game version. (The rule set names its generators, not the other
//! way round, because `play` stands on the model and the analysis only.)
//!
//! # Examples
//!
//! A level of the 2025 generator is played by the 2025 rules. A step into a wall is refused and passes
//! no turn; a wait passes one:
//!
//! ```
//! use mansion_forge::generate::recipe::Recipe;
//! use mansion_forge::generate::registry;
//! use mansion_forge::model::{Dir, Terrain};
//! use mansion_forge::play::{Move, Refusal, Rejection, rule_sets};
//!
//! let ids: Vec<&str> = rule_sets::all().iter().map(|rules| rules.id()).collect();
//! assert_eq!(ids, ["2023", "2025"]);
//! assert!(rule_sets::find("1999").is_none());
//!
//! let lll2025 = registry::find("lll2025").expect("a built-in generator");
//! let level = Recipe::for_game(&lll2025.defaults(), 1, 0).build().expect("builds");
//! let rules = rule_sets::of_level(&level);
//! assert_eq!(rules.id(), "2025");
//!
//! // The thief starts on a floor cell with a wall to its north.
//! let probe = rules.start(level.clone(), 1, level.player_start, 0);
//! let below_wall = |c: &_| probe.may_stand(*c) && level.terrain(c.offset(0, 1)) == Terrain::Wall;
//! let cell = level.all_cells().find(below_wall).expect("a floor cell under a wall");
//! let mut game = rules.start(level.clone(), 1, cell, 0);
//! let refused = game.play(Move::Step(Dir::N));
//! assert!(matches!(refused, Err(Refusal::Rejected(Rejection::Blocked))), "{refused:?}");
//! assert_eq!(game.snapshot().turn, 0, "a refused move passes no turn");
//!
//! let report = game.play(Move::Wait).expect("a wait is played");
//! assert_eq!((report.turn, report.thief), (1, cell));
//! assert_eq!(game.snapshot().turn, 1);
//! ```

use std::sync::RwLock;

use crate::analysis::stealth::{Cancel, Stealth};
use crate::model::Level;
use crate::model::limits::quote;

use super::lll2023::Lll2023;
use super::lll2025::Lll2025;
use super::session::RuleSet;

/// The rule sets this build comes with; the first is the one a level takes when its generator names
/// none.
pub static BUILT_IN: [&(dyn RuleSet + 'static); 2] = [&Lll2023, &Lll2025];

/// Rule sets added while running (a test's toy game), after the built-in ones.
static REGISTERED: RwLock<Vec<&'static dyn RuleSet>> = RwLock::new(Vec::new());

/// Adds a rule set to [`all`] for the rest of the run (a second one with a known id is ignored).
pub fn register(rules: &'static dyn RuleSet) {
    if find(rules.id()).is_some() {
        return;
    }
    if let Ok(mut list) = REGISTERED.write() {
        list.push(rules);
    }
}

/// Every rule set, built-in ones first.
pub fn all() -> Vec<&'static dyn RuleSet> {
    let mut list: Vec<&'static dyn RuleSet> = BUILT_IN.to_vec();
    if let Ok(registered) = REGISTERED.read() {
        list.extend(registered.iter().copied());
    }
    list
}

/// The rule set with this id.
pub fn find(id: &str) -> Option<&'static dyn RuleSet> {
    all().into_iter().find(|rules| rules.id() == id)
}

/// The rule set `id` names; a message listing the ids when there is none of that name.
pub fn named(id: &str) -> Result<&'static dyn RuleSet, String> {
    find(id).ok_or_else(|| format!("no rules `{}`: the rules are {}", quote(id), ids()))
}

/// Every id, for messages and the command line's help.
pub fn ids() -> String {
    all()
        .into_iter()
        .map(RuleSet::id)
        .collect::<Vec<_>>()
        .join(", ")
}

/// The rules a level is played under unless a designer chooses others: the set that claims its
/// generator, or the first built-in set when none does.
pub fn of_level(level: &Level) -> &'static dyn RuleSet {
    all()
        .into_iter()
        .find(|rules| rules.generators().contains(&level.generator.as_str()))
        .unwrap_or(BUILT_IN[0])
}

/// The rule set `id` names, or the level's own when `id` is `None`; a message listing the ids when
/// there is none of that name.
pub fn chosen(id: Option<&str>, level: &Level) -> Result<&'static dyn RuleSet, String> {
    match id {
        None => Ok(of_level(level)),
        Some(id) => named(id),
    }
}

/// The rules the stealth analysis follows for `level`: the chosen ones (`id`) or else the level's own,
/// when the analysis models them. The level's own rules that the analysis does not model yet give way
/// to the first set it does, with a note saying so; chosen ones it does not model are refused.
pub fn for_analysis(
    id: Option<&str>,
    level: &Level,
) -> Result<(&'static dyn RuleSet, Option<String>), String> {
    if let Some(id) = id {
        return Ok((modelled(id)?, None));
    }
    let wanted = of_level(level);
    if wanted.analysed() {
        return Ok((wanted, None));
    }
    let fallback = all()
        .into_iter()
        .find(|rules| rules.analysed())
        .ok_or_else(|| "no rule set is modelled by the stealth analysis".to_string())?;
    Ok((
        fallback,
        Some(format!(
            "the level's own rules are {}, which the stealth analysis does not model yet: it is \
             analysed under the {} rules",
            wanted.id(),
            fallback.id()
        )),
    ))
}

/// The stealth analysis the editor draws: under the rules `chosen` (an id), or else the level's own,
/// or the first set the analysis models when it models neither; `None` when `cancel` is set meanwhile.
pub fn analyse_level(
    level: &Level,
    chosen: Option<&str>,
    horizon: usize,
    cancel: &Cancel,
) -> Option<Stealth> {
    let rules = for_analysis(chosen, level)
        .or_else(|_| for_analysis(None, level))
        .map_or(BUILT_IN[0], |(rules, _)| rules);
    rules.analyse(level, horizon, cancel)
}

/// The rule set `id` names, when the stealth analysis models it; otherwise why not, naming the sets
/// it does model.
pub fn modelled(id: &str) -> Result<&'static dyn RuleSet, String> {
    let rules = named(id)?;
    if rules.analysed() {
        return Ok(rules);
    }
    let ids: Vec<&str> = all()
        .into_iter()
        .filter(|r| r.analysed())
        .map(RuleSet::id)
        .collect();
    Err(format!(
        "the stealth analysis models the rules {} so far, not {id}; `play --rules {id}` plays by them",
        ids.join(", ")
    ))
}
