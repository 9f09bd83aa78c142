//! The 2025 generator's levels in the project's model (`generate::lll2025::level::to_level`): for every
//! plan of the vector games and dailies (`tests/data/lll2025-exact/`), the converted level drawn in the
//! vectors' legend is the build's own drawing cell for cell, so the conversion loses nothing the game
//! shows, and the validator finds no playability error in it.

use mansion_forge::analysis::validate::{Violation, playability_errors};
use mansion_forge::generate::lll2025::Build;
use mansion_forge::generate::lll2025::level::to_level;
use mansion_forge::model::{Level, Post2025, RoomType2025};

#[path = "common/legend2023.rs"]
mod legend;
#[path = "common/lll2025_vectors.rs"]
mod vectors;

use vectors::vector_plans;

/// The vectors' guard letter, from what the model keeps of a guard (`guards::place_guards`' rule).
fn letter(level: &Level, g: usize) -> char {
    let extra = level.lll2025.as_ref().expect("the 2025 part").guards[g];
    let has_vault = level
        .lll2025
        .as_ref()
        .is_some_and(|l| l.room_types.contains(&RoomType2025::Vault));
    if extra.key {
        'K'
    } else if extra.post != Post2025::Patrolling {
        if level.level >= 8 && has_vault {
            'Y'
        } else if extra.post == Post2025::Seated {
            'C'
        } else {
            'W'
        }
    } else if level.patrols[level.guards[g].route].outside {
        'O'
    } else if level.guards[g].carries_torch {
        'F'
    } else {
        'G'
    }
}

/// The converted level in the vectors' legend, north first, as `Build::ascii` draws it.
fn ascii(level: &Level) -> String {
    let mut rows = legend::render(level);
    for (g, guard) in level.guards.iter().enumerate() {
        rows[guard.start.y as usize][guard.start.x as usize] = letter(level, g);
    }
    let lines: Vec<String> = rows.iter().rev().map(|r| r.iter().collect()).collect();
    lines.join("\n")
}

#[test]
fn converted_levels_draw_as_the_builds() {
    let plans = vector_plans();
    assert_eq!(plans.len(), 340);
    let mut differing = Vec::new();
    for (name, plan) in &plans {
        let build = Build::new(plan);
        let level = to_level(&build, 0);
        if ascii(&level) != build.ascii() {
            differing.push(name.clone());
        }
    }
    assert!(
        differing.is_empty(),
        "{} differ: {differing:?}",
        differing.len()
    );
}

/// The one genuine 2025 difference from the model's rules: level 1's tutorial guard starts just inside
/// the front gate, off its route, and walks onto it (spec §7 guards, step 4), which the validator reads
/// as its route jumping from the start to where it joins.
fn is_tutorial_guard_start(level: &Level, v: &Violation) -> bool {
    level.level == 1 && v.invariant == 23 && v.cell == level.guards.first().map(|g| g.start)
}

#[test]
fn converted_levels_have_no_playability_errors() {
    let mut found = Vec::new();
    let mut tutorial = 0;
    for (name, plan) in &vector_plans() {
        let level = to_level(&Build::new(plan), 0);
        for v in playability_errors(&level) {
            if is_tutorial_guard_start(&level, &v) {
                tutorial += 1;
            } else {
                found.push(format!("{name}: {v:?}"));
            }
        }
    }
    assert!(found.is_empty(), "{} errors: {found:#?}", found.len());
    assert!(
        tutorial > 0,
        "the tutorial guard's start is no longer off its route"
    );
}

#[test]
fn converted_levels_survive_both_file_formats() {
    use mansion_forge::io::level_file::{Format, parse, to_string};
    for (name, plan) in vector_plans().iter().step_by(17) {
        let level = to_level(&Build::new(plan), 7);
        for format in [Format::Ron, Format::Json] {
            let text = to_string(&level, format).expect("a level writes");
            let back = parse(&text, format).unwrap_or_else(|e| panic!("{name} {format}: {e:?}"));
            assert_eq!(back, level, "{name} {format}");
        }
    }
}
