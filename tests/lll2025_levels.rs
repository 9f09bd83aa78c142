//! The 2025 generator's levels against the game's own (`tests/data/lll2025-exact/`, see its README):
//! the cumulative number of random draws after each step (`draws_by_step`), the map size, the room count
//! after merging, the start, the ASCII map cell for cell, the coins, the guards and the §14 hash (which
//! covers every guard's flags and route), for all 340 vector levels (200 of 'game 1'…'game 20', 120 of
//! the daily runs, 20 of the two games with exponent-form level seeds).

use mansion_forge::generate::lll2025::declaration::recipe_of;
use mansion_forge::generate::lll2025::map::ItemKind;
use mansion_forge::generate::lll2025::model_map::level_hash;
use mansion_forge::generate::lll2025::plan::game_plan;
use mansion_forge::generate::lll2025::{Build, ascii};
use mansion_forge::io::level_file::{self, Format};
use mansion_forge::model::Level;

#[path = "common/lll2025_vectors.rs"]
mod vectors;

use vectors::vector_levels;

#[test]
fn every_step_draws_as_often_as_the_games() {
    let levels = vector_levels();
    assert_eq!(levels.len(), 340);
    let mut differing = Vec::new();
    for (name, plan, level) in &levels {
        let build = Build::new(plan);
        let theirs: Vec<(String, u64)> = level["draws_by_step"]
            .as_array()
            .expect("draws_by_step")
            .iter()
            .map(|s| {
                (
                    s[0].as_str().expect("a step").to_string(),
                    s[1].as_u64().expect("a count"),
                )
            })
            .collect();
        let ours: Vec<(String, u64)> = build
            .draws_by_step
            .iter()
            .map(|&(s, n)| (s.to_string(), n))
            .collect();
        if ours != theirs {
            differing.push(format!("{name}: ours {ours:?}, the game's {theirs:?}"));
        }
        assert_eq!(
            build.rng.draws(),
            level["draws"].as_u64().unwrap(),
            "{name}: total draws"
        );
    }
    assert!(
        differing.is_empty(),
        "{} of 340 levels differ:\n{}",
        differing.len(),
        differing.join("\n")
    );
}

#[test]
fn map_sizes_and_merged_room_counts_equal_the_games() {
    for (name, plan, level) in &vector_levels() {
        let build = Build::new(plan);
        let (w, h) = build.size();
        assert_eq!(
            (i64::from(w), i64::from(h)),
            (level["w"].as_i64().unwrap(), level["h"].as_i64().unwrap()),
            "{name}: size"
        );
        assert_eq!(
            build.indoor_rooms().count() as u64,
            level["rooms"].as_u64().unwrap(),
            "{name}: rooms"
        );
    }
}

#[test]
fn levels_equal_the_games_cell_for_cell_and_hash_for_hash() {
    for (name, plan, level) in &vector_levels() {
        let build = Build::new(plan);
        let start = level["start"].as_array().expect("a start");
        let theirs_start = (
            start[0].as_i64().unwrap() as i32,
            start[1].as_i64().unwrap() as i32,
        );
        assert_eq!(build.start, theirs_start, "{name}: player start");
        assert_eq!(
            build.ascii(),
            level["ascii"].as_str().unwrap(),
            "{name}: map"
        );
        let coins = build
            .map
            .items
            .iter()
            .filter(|i| i.kind == ItemKind::Coin)
            .count() as u64;
        assert_eq!(coins, level["coins"].as_u64().unwrap(), "{name}: coins");
        assert_eq!(
            build.guards.len() as u64,
            level["guards"].as_u64().unwrap(),
            "{name}: guards"
        );
        let hash = format!("{:08x}", ascii::fnv(&build.map, &build.guards, build.start));
        assert_eq!(hash, level["fnv"].as_str().unwrap(), "{name}: fnv");
    }
}

/// Beyond the vectors: games 'game 21'…'game 120' (1,000 levels) build without a panic and keep spec
/// §11's loot and patrol invariants 12, 14 and 17.
#[test]
fn further_games_keep_the_specs_loot_and_patrol_invariants() {
    for g in 21..=120 {
        for plan in game_plan(&format!("game {g}")) {
            let name = format!("game {g} L{}", plan.level);
            let build = Build::new(&plan);
            let coins = build
                .map
                .items
                .iter()
                .filter(|i| i.kind == ItemKind::Coin)
                .count() as u32;
            let purses = build
                .guards
                .iter()
                .filter(|guard| guard.flags & 2 != 0)
                .count() as u32;
            assert_eq!(
                coins + purses,
                plan.loot,
                "{name}: coins and purses make the plan's loot"
            );
            assert_eq!(purses, plan.level / 3, "{name}: purses");
            match plan.level {
                0 => assert!(build.guards.is_empty(), "{name}: no guard at level 0"),
                1 => assert_eq!(build.guards.len(), 1, "{name}: one guard at level 1"),
                _ => {}
            }
            for guard in &build.guards {
                let path = &guard.path;
                for (i, &(x, y)) in path.iter().enumerate() {
                    let (nx, ny) = path[(i + 1) % path.len()];
                    assert!(
                        (nx - x).abs() <= 1 && (ny - y).abs() <= 1,
                        "{name}: a route steps from ({x}, {y}) to ({nx}, {ny})"
                    );
                }
            }
        }
    }
}

/// The model's level keeps every item of the game's in order and the game's own guards (level 1's
/// posted inside the gate, off its route), so the §14 hash read off it — straight from the generator,
/// and from its level file read back as JSON and as RON — is the game's, on every vector level.
#[test]
fn the_models_levels_and_their_files_hash_as_the_games() {
    for (name, plan, theirs) in &vector_levels() {
        let level = recipe_of(plan)
            .expect("the game's seed")
            .build()
            .expect("builds");
        let want = theirs["fnv"].as_str().expect("a hash");
        let hash = |level: &Level| level_hash(level).map(|h| format!("{h:08x}"));
        assert_eq!(
            hash(&level).as_deref(),
            Some(want),
            "{name}: the model's level"
        );
        for format in [Format::Json, Format::Ron] {
            let text = level_file::to_string(&level, format).expect("writes");
            let back = level_file::parse(&text, format).expect("reads back");
            assert_eq!(
                hash(&back).as_deref(),
                Some(want),
                "{name}: {format:?} file"
            );
        }
    }
}
