//! The rule sets (game versions) a level can be played under, each declared once ([`RuleSet`]) and
//! listed here, one line each, as the generators are in `generate::registry`.
//!
//! A level's rules come with its generator (a generator's declaration names its rule set, or takes the
//! first one listed here), and a designer may choose others (`--rules`, the Play panel). The command
//! line, the editor and play-through files find a rule set here by its id and play it through
//! [`Session`]; none of them names a game version.

use std::sync::RwLock;

use crate::generate::registry;
use crate::model::limits::quote;
use crate::model::{Cell, Level};

use super::lll2023::Lll2023;
use super::session::Session;

/// A game version's rules, as the program chooses among them.
pub trait RuleSet: Send + Sync {
    /// The id written in files and typed on the command line (`2023`).
    fn id(&self) -> &'static str;
    /// The name a designer reads (`Lurk Leap Loot 2023`).
    fn label(&self) -> &'static str;
    /// One line on what the rules are and where they come from.
    fn about(&self) -> &'static str;
    /// Whether the stealth analysis (light, sight, ghost routes) models these rules; when it does not, a
    /// level analysed under them says so.
    fn analysed(&self) -> bool;
    /// A game of `level` under these rules, the thief on `cell` after the guards have walked `turn`
    /// turns undisturbed, the guards drawing from `seed`.
    fn start(&self, level: Level, seed: u32, cell: Cell, turn: usize) -> Box<dyn Session>;
}

/// The rule sets this build comes with; the first is the one a level takes when its generator names
/// none.
pub static BUILT_IN: [&(dyn RuleSet + 'static); 1] = [&Lll2023];

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

/// Every id, for messages and the command line's help.
pub fn ids() -> String {
    all()
        .iter()
        .map(|rules| rules.id())
        .collect::<Vec<_>>()
        .join(", ")
}

/// The rules a level is played under unless a designer chooses others: its generator's, or the first
/// built-in set for a generator that names none (or names a set this build lacks).
pub fn of_level(level: &Level) -> &'static dyn RuleSet {
    registry::find_in_file(&level.generator)
        .and_then(crate::generate::registry::GeneratorKind::rules)
        .and_then(find)
        .unwrap_or(BUILT_IN[0])
}

/// The rule set `id` names, or the level's own when `id` is `None`; a message listing the ids when
/// there is none of that name.
pub fn chosen(id: Option<&str>, level: &Level) -> Result<&'static dyn RuleSet, String> {
    match id {
        None => Ok(of_level(level)),
        Some(id) => {
            find(id).ok_or_else(|| format!("no rules `{}`: the rules are {}", quote(id), ids()))
        }
    }
}
