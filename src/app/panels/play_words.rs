//! A play-test's turns in words: the endings and the events of the Play panel's log.

use crate::model::Cell;
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

/// One event of turn `turn` in words, as the event log shows it.
pub fn event_text(turn: usize, event: &Event) -> String {
    let what = match event {
        Event::Seen { guard, from, .. } => format!("guard {guard} saw you from {}", at(*from)),
        Event::Heard { guard, at: c } => format!("guard {guard} heard you creak at {}", at(*c)),
        Event::Shout { guard, .. } => format!("guard {guard} shouted"),
        Event::HeardShout { guard, from } => {
            format!("guard {guard} heard the shout from {}", at(*from))
        }
        Event::Hit { guard, health } => format!("guard {guard} hit you: health {health}"),
        Event::Caught => "you were caught".to_string(),
        Event::Loot { total, .. } => format!("{total} loot"),
        Event::TorchToggled { cell, lit: true } => format!("you lit the torch at {}", at(*cell)),
        Event::TorchToggled { cell, lit: false } => {
            format!("you put out the torch at {}", at(*cell))
        }
        Event::Relit { guard, cell } => format!("guard {guard} relit the torch at {}", at(*cell)),
        Event::Mode { guard, from, to } => {
            return format!(
                "turn {turn}: guard {guard}: {} -> {}",
                from.label(),
                to.label()
            );
        }
        Event::LeftLevel => "you left the level".to_string(),
        Event::Bumped { guard } => format!("guard {guard} bumped into you"),
        Event::KnockedOut { guard } => format!("you knocked guard {guard} out"),
        Event::Pickpocketed { guard, purse, key } => {
            let what = match (purse, key) {
                (true, true) => "purse and key",
                (false, true) => "key",
                _ => "purse",
            };
            format!("you took guard {guard}'s {what}")
        }
        Event::Noise { noise, heard_by: 0 } => format!("a {noise}; nobody heard it"),
        Event::Noise { noise, heard_by } => format!("a {noise}: {heard_by} guard(s) heard it"),
        Event::Unlocked { cell } => format!("the treasure at {} is unlocked", at(*cell)),
    };
    format!("turn {turn}: {what}")
}
