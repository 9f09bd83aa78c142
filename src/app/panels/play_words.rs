//! A play-test's turns in words: the endings and the events of the Play panel's log.

use super::describe;
use crate::model::{Cell, Level};
use crate::play::Event;

/// An ending in words.
pub(crate) fn ending_text(ending: crate::play::Ending) -> &'static str {
    match ending {
        crate::play::Ending::Caught => "caught",
        crate::play::Ending::LeftLevel => "left the level",
    }
}

/// A cell in words.
fn at(c: Cell) -> String {
    format!("({},{})", c.x, c.y)
}

/// One event of turn `turn` in words, as the event log shows it; guards go by their numbers in
/// `level`.
pub fn event_text(level: &Level, turn: usize, event: &Event) -> String {
    let guard_name = |guard: &usize| describe::guard_name(level, *guard);
    let what = match event {
        Event::Seen { guard, from, .. } => {
            format!("{} saw you from {}", guard_name(guard), at(*from))
        }
        Event::Heard { guard, at: c } => {
            format!("{} heard you creak at {}", guard_name(guard), at(*c))
        }
        Event::Shout { guard, .. } => format!("{} shouted", guard_name(guard)),
        Event::HeardShout { guard, from } => {
            format!("{} heard the shout from {}", guard_name(guard), at(*from))
        }
        Event::Hit { guard, health } => format!("{} hit you: health {health}", guard_name(guard)),
        Event::Caught => "you were caught".to_string(),
        Event::Loot { total, .. } => format!("{total} loot"),
        Event::TorchToggled { cell, lit: true } => format!("you lit the torch at {}", at(*cell)),
        Event::TorchToggled { cell, lit: false } => {
            format!("you put out the torch at {}", at(*cell))
        }
        Event::Relit { guard, cell } => {
            format!("{} relit the torch at {}", guard_name(guard), at(*cell))
        }
        Event::Mode { guard, from, to } => {
            return format!(
                "turn {turn}: {}: {} -> {}",
                guard_name(guard),
                from.label(),
                to.label()
            );
        }
        Event::LeftLevel => "you left the level".to_string(),
        Event::Bumped { guard } => format!("{} bumped into you", guard_name(guard)),
        Event::KnockedOut { guard } => format!("you knocked {} out", guard_name(guard)),
        Event::Pickpocketed { guard, purse, key } => {
            let what = match (purse, key) {
                (true, true) => "purse and key",
                (false, true) => "key",
                _ => "purse",
            };
            format!("you took {}'s {what}", guard_name(guard))
        }
        Event::Noise { noise, heard_by: 0 } => format!("a {noise}; nobody heard it"),
        Event::Noise { noise, heard_by } => format!("a {noise}: {heard_by} guard(s) heard it"),
        Event::Unlocked { cell } => format!("the treasure at {} is unlocked", at(*cell)),
    };
    format!("turn {turn}: {what}")
}
