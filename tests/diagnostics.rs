//! Typed diagnostics in level files: every note is written as its words, the words read back into the
//! same note, and words this version does not say survive a load and save unchanged.

use mansion_forge::io::level_file::{self, Format};
use mansion_forge::model::{
    Cell, Diagnostic, DiagnosticKind, KeptName, Level, NotKept, Number, Placed, Terrain,
};

/// How many variants [`variant`] tells apart.
const VARIANTS: usize = 16;

/// The index of `note`'s variant. No wildcard: a new variant fails to compile here until it is given an
/// index (and [`VARIANTS`] counts it), so [`every_variant`] cannot silently leave it out.
fn variant(note: &Diagnostic) -> usize {
    match note {
        Diagnostic::Clamped { .. } => 0,
        Diagnostic::MadeOdd { .. } => 1,
        Diagnostic::DefaultWeights => 2,
        Diagnostic::HallWidthsDropped { .. } => 3,
        Diagnostic::Shortfall { .. } => 4,
        Diagnostic::SingleModule { .. } => 5,
        Diagnostic::GrowthReopened { .. } => 6,
        Diagnostic::FixDoors { .. } => 7,
        Diagnostic::EntranceStandIn { .. } => 8,
        Diagnostic::PastTarget { .. } => 9,
        Diagnostic::LocksHonoured { .. } => 10,
        Diagnostic::PatrolNotKept { .. } => 11,
        Diagnostic::NoOutsideRing => 12,
        Diagnostic::StairsShareRoom => 13,
        Diagnostic::GenerationFailed { .. } => 14,
        Diagnostic::Note(_) => 15,
    }
}

fn clamped(name: &str, asked: Number, used: Number, (lo, hi): (Number, Number)) -> Diagnostic {
    Diagnostic::Clamped {
        name: name.to_string(),
        asked,
        used,
        lo,
        hi,
    }
}

/// Every variant, with the values that are easy to get wrong in words: negative numbers, real numbers
/// with and without fractions, NaN, and every kept-patrol name and reason.
fn every_variant() -> Vec<Diagnostic> {
    use Number::{Real, Whole};
    let cell = Cell::new(12, -3);
    let mut notes = vec![
        clamped("modules_x", Whole(9999), Whole(32), (Whole(3), Whole(32))),
        clamped("start.i", Whole(-4), Whole(0), (Whole(0), Whole(2))),
        clamped("min_fill", Real(1.5), Real(1.0), (Real(0.0), Real(1.0))),
        clamped(
            "hall_chance",
            Real(-0.125),
            Real(0.0),
            (Real(0.0), Real(0.75)),
        ),
        clamped(
            "door_cell_chance",
            Real(f64::NAN),
            Real(0.0),
            (Real(0.0), Real(1.0)),
        ),
        clamped(
            "max_fill",
            Real(f64::INFINITY),
            Real(1.0),
            (Real(0.3), Real(1.0)),
        ),
        Diagnostic::MadeOdd {
            name: "module_size".to_string(),
            asked: 8,
            used: 7,
        },
        Diagnostic::DefaultWeights,
        Diagnostic::HallWidthsDropped { hall_max_length: 6 },
        Diagnostic::SingleModule {
            built: 1,
            min_modules: 1,
        },
        Diagnostic::GrowthReopened { times: 2 },
        Diagnostic::FixDoors { added: 3 },
        Diagnostic::EntranceStandIn { placement: 4 },
        Diagnostic::PastTarget {
            placed: 14,
            target: 12,
        },
        Diagnostic::LocksHonoured { attempt: 2 },
        Diagnostic::NoOutsideRing,
        Diagnostic::StairsShareRoom,
        Diagnostic::GenerationFailed {
            reason: "no room: here, or there".to_string(),
        },
        Diagnostic::Note("a note from another version".to_string()),
    ];
    for &what in Placed::ALL {
        notes.push(Diagnostic::Shortfall {
            what,
            wanted: 10,
            placed: 7,
        });
    }
    let reasons = [
        NotKept::NoRoute,
        NotKept::LeavesLocks(cell),
        NotKept::RoomGone,
        NotKept::NotWalkable(Cell::new(0, 0)),
        NotKept::CannotStep {
            from: cell,
            to: Cell::new(-1, 40),
        },
        NotKept::GuardOffStart,
    ];
    for patrol in [
        KeptName::Guard(cell),
        KeptName::Patrol(cell),
        KeptName::Empty,
    ] {
        for why in reasons {
            notes.push(Diagnostic::PatrolNotKept { patrol, why });
        }
    }
    notes
}

fn level_with(notes: Vec<Diagnostic>) -> Level {
    let mut level = Level::blank("siheyuan", 3, 7, (3, 2), Terrain::Floor);
    level.diagnostics = notes;
    level
}

#[test]
fn every_variant_is_listed() {
    let mut seen = vec![false; VARIANTS];
    for note in every_variant() {
        seen[variant(&note)] = true;
    }
    assert!(seen.iter().all(|&s| s), "{seen:?}");
}

/// Each note reads back from its own words as itself (a NaN compares by its words).
#[test]
fn every_variant_reads_back_from_its_words() {
    for note in every_variant() {
        let words = note.to_string();
        assert_eq!(Diagnostic::from(words.clone()), note, "{words}");
    }
}

/// Save, load, save: the same notes and the same bytes, in both formats; and the file holds each note as
/// the plain string of its words, as files did before notes were typed.
#[test]
fn every_variant_round_trips_through_a_level_file() {
    let level = level_with(every_variant());
    for format in [Format::Ron, Format::Json] {
        let text = level_file::to_string(&level, format).expect("serialises");
        let loaded = level_file::parse(&text, format).expect("parses");
        assert_eq!(loaded.diagnostics, level.diagnostics, "{format}");
        assert_eq!(loaded, level, "{format}");
        let again = level_file::to_string(&loaded, format).expect("serialises");
        assert_eq!(again, text, "{format}");
    }
    let json = serde_json::to_value(&level).expect("serialises");
    let words: Vec<String> = level.diagnostics.iter().map(ToString::to_string).collect();
    assert_eq!(json["diagnostics"], serde_json::json!(words));
}

/// A real parameter clamped to whole numbers reads back as whole ones, which are the same words.
#[test]
fn a_real_clamped_to_whole_numbers_reads_back_equal() {
    let note = clamped(
        "min_fill",
        Number::Real(5.0),
        Number::Real(1.0),
        (Number::Real(0.0), Number::Real(1.0)),
    );
    assert_eq!(
        note.to_string(),
        "parameter min_fill = 5 clamped to 1 (range 0–1)"
    );
    let read = Diagnostic::from(note.to_string());
    assert!(matches!(
        read,
        Diagnostic::Clamped {
            asked: Number::Whole(5),
            ..
        }
    ));
    assert_eq!(read, note);
}

/// Words no variant says, or says differently (a leading zero, a sign, a changed ending), are kept
/// exactly as notes, and save back as they were.
#[test]
fn unknown_words_survive_as_notes() {
    let unknown = [
        "a note from a newer version",
        "",
        "parameter modules_x = 0999 clamped to 32 (range 3–32)",
        "parameter modules_x = +5 clamped to 3 (range 3–32)",
        "10 rooms wanted, 7 placed: no space left!",
        "10 coins wanted, 7 placed: no free floor left",
        "locks honoured on attempt two",
        "the kept guard at (1, 2) flew away: regeneration plans it anew",
        "the kept guard at (1,2) has no route: regeneration plans it anew",
        "no clear ring around the building: no outside patrols.",
    ];
    let notes: Vec<Diagnostic> = unknown
        .iter()
        .map(|w| Diagnostic::from((*w).to_string()))
        .collect();
    for (note, words) in notes.iter().zip(unknown) {
        assert_eq!(note, &Diagnostic::Note(words.to_string()));
        assert_eq!(note.kind(), DiagnosticKind::Note);
        assert_eq!(note.to_string(), words);
    }
    let level = level_with(notes);
    for format in [Format::Ron, Format::Json] {
        let text = level_file::to_string(&level, format).expect("serialises");
        let loaded = level_file::parse(&text, format).expect("parses");
        assert_eq!(loaded, level, "{format}");
        assert_eq!(
            level_file::to_string(&loaded, format).expect("serialises"),
            text
        );
    }
}

/// The kinds the editor picks notes by: the clamps it repeats in full, the kept patrols it reports
/// after a regeneration.
#[test]
fn kinds_group_the_notes() {
    for note in every_variant() {
        let kind = note.kind();
        let parameter = note.to_string().starts_with("parameter ")
            || matches!(
                note,
                Diagnostic::DefaultWeights | Diagnostic::HallWidthsDropped { .. }
            );
        assert_eq!(kind == DiagnosticKind::Parameter, parameter, "{note}");
        let kept = note.to_string().contains("kept");
        assert_eq!(kind == DiagnosticKind::KeptPatrol, kept, "{note}");
    }
}
