//! The 2025 generator's levels in the project's model (`generate::lll2025::level::to_level`): for every
//! plan of the vector games and dailies (`tests/data/lll2025-exact/`), the converted level drawn in the
//! vectors' legend is the build's own drawing cell for cell, so the conversion loses nothing the game
//! shows, and the validator finds no playability error in it.

use mansion_forge::analysis::validate::playability_errors;
use mansion_forge::generate::lll2025::Build;
use mansion_forge::generate::lll2025::level::to_level;
use mansion_forge::model::topology::{move_costs, starts_onto_route};
use mansion_forge::model::{Axis, ItemKind, Level, Level2025, Post2025, RoomType2025};

#[path = "common/legend2023.rs"]
mod legend;
#[path = "common/lll2025_vectors.rs"]
mod vectors;

use vectors::vector_plans;

/// The vectors' guard letter, from what the model keeps of a guard (`guards::place_guards`' rule).
fn letter(level: &Level, g: usize) -> char {
    let extra = level.part::<Level2025>().expect("the 2025 part").guards[g];
    let has_vault = level
        .part::<Level2025>()
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

#[test]
fn converted_levels_have_no_playability_errors() {
    let mut found = Vec::new();
    let mut tutorials = 0;
    for (name, plan) in &vector_plans() {
        let level = to_level(&Build::new(plan), 0);
        found.extend(
            playability_errors(&level)
                .iter()
                .map(|v| format!("{name}: {v:?}")),
        );
        // Level 1's tutorial guard waits just inside the front gate (the southmost east-west
        // portcullis; spec §7.23 step 4) with the game's own patrol path, onto which it can walk.
        if let Some(guard) = level.guards.first().filter(|_| level.level == 1) {
            let gate = level
                .items
                .iter()
                .filter(|it| it.kind == ItemKind::Portcullis(Axis::EW))
                .map(|it| it.cell)
                .min_by_key(|c| c.y);
            assert_eq!(gate.map(|g| g.offset(0, 1)), Some(guard.start), "{name}");
            let route = &level.patrols[guard.route];
            assert!(
                starts_onto_route(guard.start, &route.cells, &move_costs(&level)),
                "{name}: the tutorial guard can walk onto its route"
            );
            tutorials += 1;
        }
    }
    assert!(found.is_empty(), "{} errors: {found:#?}", found.len());
    assert!(tutorials > 0, "the vectors hold level-1 mansions");
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
