//! The 2025 generator's levels against the game's own (`tests/data/lll2025-exact/`, see its README):
//! step by step, the cumulative number of random draws after each ported step (`draws_by_step`), the map
//! size, the room count after merging, the start and every map cell the ported steps decide, for all 340
//! vector levels (200 of 'game 1'…'game 20', 120 of
//! the daily runs, 20 of the two games with exponent-form level seeds).

use mansion_forge::generate::lll2025::map::ItemKind;
use mansion_forge::generate::lll2025::plan::{PlanEntry, daily_run, game_plan};
use mansion_forge::generate::lll2025::{Build, ascii};
use serde_json::Value;

/// The lines of one vector file, parsed.
fn records(file: &str) -> Vec<Value> {
    let path = format!(
        "{}/tests/data/lll2025-exact/{file}",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{path}: {e}"))
        .lines()
        .map(|line| serde_json::from_str(line).expect("a JSON line"))
        .collect()
}

/// Every vector level with a name and our plan entry for it.
fn vector_levels() -> Vec<(String, PlanEntry, Value)> {
    let mut out = Vec::new();
    for file in ["games.jsonl", "games-exponent-seeds.jsonl"] {
        for game in records(file) {
            let seed = game["seed"].as_str().expect("a seed").to_string();
            let plan = game_plan(&seed);
            for level in game["levels"].as_array().expect("levels") {
                let i = level["index"].as_u64().expect("an index") as usize;
                out.push((format!("{seed} L{i}"), plan[i].clone(), level.clone()));
            }
        }
    }
    for day in records("dailies.jsonl") {
        let date = day["date"].as_str().expect("a date");
        let parts: Vec<u32> = date
            .split('-')
            .map(|p| p.parse().expect("a number"))
            .collect();
        let run = daily_run(parts[0], parts[1], parts[2]);
        for level in day["levels"].as_array().expect("levels") {
            let i = level["index"].as_u64().expect("an index") as usize;
            out.push((format!("{date} L{i}"), run.plan[i].clone(), level.clone()));
        }
    }
    out
}

/// The steps whose draw counts must equal the game's on every vector level; the ported steps after
/// them are reported (how many levels match through each) but not yet required.
const REQUIRED: &[&str] = &[
    "room_grid",
    "wall_offsets",
    "adjacencies",
    "doors",
    "merges",
    "fortress_vault_and_doors",
    "room_types",
    "furniture",
    "exterior",
    "patrols",
    "stationary_guard",
    "loot",
    "book_titles",
    "treasures",
    "health",
    "guards",
];

#[test]
fn every_ported_step_draws_as_often_as_the_games() {
    let levels = vector_levels();
    assert_eq!(levels.len(), 340);
    let mut through: Vec<(&str, usize)> = Vec::new();
    let mut failures = Vec::new();
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
        for (i, &(step, ours)) in build.draws_by_step.iter().enumerate() {
            assert_eq!(theirs[i].0, step, "{name}: step names");
            if theirs[i].1 != ours {
                if REQUIRED.contains(&step) {
                    failures.push(format!(
                        "{name}: {step} draws {ours}, the game's {}",
                        theirs[i].1
                    ));
                }
                break;
            }
            match through.iter_mut().find(|(s, _)| *s == step) {
                Some((_, n)) => *n += 1,
                None => through.push((step, 1)),
            }
        }
    }
    eprintln!("levels whose draws equal the game's through each step: {through:?}");
    assert!(
        failures.is_empty(),
        "{} of 340 levels differ:\n{}",
        failures.len(),
        failures.join("\n")
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

/// Characters of the game's finished map that later steps (loot, notes, treasures, health, guards)
/// put on a cell: those cells are not compared until the steps are ported.
const LATER: &str = "$%&Xn@GFKWCYO";

#[test]
fn maps_equal_the_games_on_every_cell_the_ported_steps_decide() {
    let mut differing = Vec::new();
    for (name, plan, level) in &vector_levels() {
        let build = Build::new(plan);
        let start = level["start"].as_array().expect("a start");
        let theirs_start = (
            start[0].as_i64().unwrap() as i32,
            start[1].as_i64().unwrap() as i32,
        );
        assert_eq!(build.start, theirs_start, "{name}: player start");
        let ours = ascii::render(&build.map, build.start, &[]);
        let theirs = level["ascii"].as_str().expect("an ascii map");
        let cells = ours
            .chars()
            .zip(theirs.chars())
            .filter(|&(a, b)| a != b && !LATER.contains(b))
            .count();
        assert_eq!(ours.len(), theirs.len(), "{name}: map size");
        if cells > 0 {
            differing.push(format!(
                "{name}: {cells} cells\nours:\n{ours}\ntheirs:\n{theirs}"
            ));
        }
    }
    assert!(
        differing.is_empty(),
        "{} of 340 maps differ:\n{}",
        differing.len(),
        differing.join("\n")
    );
}

#[test]
fn complete_levels_equal_the_games_cell_for_cell_and_hash_for_hash() {
    let mut complete = 0;
    for (name, plan, level) in &vector_levels() {
        let build = Build::new(plan);
        if !build.complete {
            continue;
        }
        complete += 1;
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
    // Levels 0 and 1 of the 20 normal games and the 2 exponent-seed games (dailies play levels 3–9).
    assert_eq!(complete, 44);
}
