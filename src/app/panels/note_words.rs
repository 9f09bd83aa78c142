//! A generator's notes in a designer's words. A note's own words ([`Diagnostic`]'s `Display`) are what
//! level files store and the command line prints, so they stay as they are; the editor says the notes
//! whose stored words speak of the generator's insides ("locks honoured on attempt 3", "closed growth
//! reopened 2 time(s)") as what happened to the mansion, and keeps the stored words for the tooltip.

use crate::model::Diagnostic;

/// `n` and the noun, singular or plural.
fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// What the note says, in the editor: the designer's words where the stored ones are the
/// generator's, else the stored words.
pub fn note_words(note: &Diagnostic) -> String {
    match note {
        Diagnostic::LocksHonoured { attempt } => format!(
            "Your locked rooms are kept: the rest of the mansion fitted around them on try {attempt}"
        ),
        Diagnostic::GrowthReopened { times } => {
            let again = match times {
                1 => "once more".to_string(),
                n => format!("{n} more times"),
            };
            format!(
                "The house came out too small, so it was grown further ({again}) to reach its \
                 minimum size"
            )
        }
        Diagnostic::FixDoors { added } => format!(
            "{} added so that every room can be reached",
            count(*added, "door was", "doors were")
        ),
        Diagnostic::EntranceStandIn { placement } => format!(
            "Your locked rooms take the front row, so locked room {placement} serves as the entrance"
        ),
        Diagnostic::PastTarget { placed, target } => format!(
            "{placed} rooms instead of {target}: more were packed in to reach your locked rooms"
        ),
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_generators_insides_are_said_as_what_happened_to_the_mansion() {
        let words = note_words(&Diagnostic::LocksHonoured { attempt: 3 });
        assert!(
            !words.contains("honoured") && words.contains("try 3"),
            "{words}"
        );
        let words = note_words(&Diagnostic::FixDoors { added: 1 });
        assert_eq!(words, "1 door was added so that every room can be reached");
        let words = note_words(&Diagnostic::GrowthReopened { times: 2 });
        assert!(
            !words.contains("(s)") && !words.contains("reopened"),
            "{words}"
        );
        // Notes already in a designer's words keep them.
        let stairs = Diagnostic::StairsShareRoom;
        assert_eq!(note_words(&stairs), stairs.to_string());
    }
}
