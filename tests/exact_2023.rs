//! The exact 2023 mode against the original generator's own output: games 1–30 × levels 0–9 made by the
//! original (mcneja/7drl-2023 at 7d3f921) with `Math.random` replaced by mulberry32(game) for the whole
//! game (`tests/data/lll2023-exact/`, provenance in its `PROVENANCE.md`). Every map must come out equal
//! cell for cell, with its start, its guards and their routes, its coins and its hash; a level that does
//! not is reported by the first generation step whose draw count differs, which is where a port of the
//! original goes astray.

#[path = "common/legend2023.rs"]
mod legend2023;

use std::fmt::Write as _;

use mansion_forge::analysis::wall_glyph_bits;
use mansion_forge::generate::rng::Stream;
use mansion_forge::generate::siheyuan::exact::{self, ExactLevel};
use mansion_forge::model::{Axis, Cell, ItemKind, Level};
use serde_json::Value;

/// The vectors: one JSON line per game.
fn games() -> Vec<Value> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/lll2023-exact/games.jsonl"
    );
    std::fs::read_to_string(path)
        .expect("the vectors in tests/data/lll2023-exact")
        .lines()
        .map(|line| serde_json::from_str(line).expect("a JSON line"))
        .collect()
}

/// The original's terrain index (its `TerrainType` enum), walls with their glyph bits as the original's
/// wall fix-up sets them.
fn terrain_index(level: &Level, c: Cell) -> u16 {
    u16::from(level.terrain(c).original_index(wall_glyph_bits(level, c)))
}

/// The original's item index (its `ItemType` enum).
fn item_index(kind: ItemKind) -> u16 {
    match kind {
        ItemKind::Chair => 0,
        ItemKind::Table => 1,
        ItemKind::Bush => 2,
        ItemKind::Coin => 3,
        ItemKind::Door(Axis::NS) => 4,
        ItemKind::Door(Axis::EW) => 5,
        ItemKind::Portcullis(Axis::NS) => 6,
        ItemKind::Portcullis(Axis::EW) => 7,
        ItemKind::TorchUnlit => 8,
        ItemKind::TorchLit => 9,
        other => panic!("the 2023 game has no {other:?}"),
    }
}

/// The vectors' `fnv`: 32-bit FNV-1a over 16-bit values fed low byte first (the README's layout).
fn fnv(level: &Level) -> String {
    let mut values: Vec<u16> = vec![level.width as u16, level.height as u16];
    for y in 0..level.height {
        for x in 0..level.width {
            values.push(terrain_index(level, Cell::new(x, y)));
        }
    }
    for item in &level.items {
        values.extend([
            item.cell.x as u16,
            item.cell.y as u16,
            item_index(item.kind),
        ]);
    }
    for guard in &level.guards {
        let path = &level.patrols[guard.route].cells;
        values.extend([
            guard.start.x as u16,
            guard.start.y as u16,
            u16::from(guard.carries_torch),
            path.len() as u16,
        ]);
        values.extend(path.iter().flat_map(|c| [c.x as u16, c.y as u16]));
    }
    values.extend([level.player_start.x as u16, level.player_start.y as u16]);
    let mut hash: u32 = 0x811c_9dc5;
    for byte in values.iter().flat_map(|v| v.to_le_bytes()) {
        hash ^= u32::from(byte);
        hash = hash.wrapping_mul(0x0100_0193);
    }
    format!("{hash:08x}")
}

/// The ASCII map of the vectors: first row north, rows joined by newlines.
fn ascii(level: &Level) -> String {
    let rows = legend2023::render(level);
    let lines: Vec<String> = rows.iter().rev().map(|r| r.iter().collect()).collect();
    lines.join("\n")
}

/// The guard list as the vectors write it: kind, x, y, torch, the path flattened.
fn guard_list(level: &Level) -> Value {
    let guards: Vec<Value> = level
        .guards
        .iter()
        .map(|g| {
            let path: Vec<i32> = level.patrols[g.route]
                .cells
                .iter()
                .flat_map(|c| [c.x, c.y])
                .collect();
            serde_json::json!({
                "kind": if g.carries_torch { "F" } else { "G" },
                "x": g.start.x,
                "y": g.start.y,
                "torch": g.carries_torch,
                "path": path,
            })
        })
        .collect();
    Value::Array(guards)
}

/// The first way our level differs from the vector's, or `None` when it is equal.
fn first_difference(ours: &ExactLevel, want: &Value) -> Option<String> {
    let int = |key: &str| want[key].as_u64().expect("a number");
    if ours.draws_before != int("draws_before") {
        return Some(format!(
            "draws before: ours {}, original {}",
            ours.draws_before,
            int("draws_before")
        ));
    }
    let steps = want["draws_by_step"].as_array().expect("draws_by_step");
    for (i, step) in steps.iter().enumerate() {
        let name = step[0].as_str().expect("a step name");
        let draws = step[1].as_u64().expect("a count");
        let got = ours.draws_by_step.get(i).copied();
        if got != Some((name, draws)) {
            return Some(format!(
                "first diverging step {name}: original {draws} draws by its end, ours {got:?}"
            ));
        }
    }
    let level = &ours.level;
    let map = ascii(level);
    if map != want["ascii"].as_str().expect("ascii") {
        return Some(format!(
            "map differs:\nours\n{map}\noriginal\n{}",
            want["ascii"].as_str().unwrap_or_default()
        ));
    }
    let start = serde_json::json!([level.player_start.x, level.player_start.y]);
    if start != want["start"] {
        return Some(format!("start {start}, original {}", want["start"]));
    }
    let coins = level
        .items
        .iter()
        .filter(|i| i.kind == ItemKind::Coin)
        .count() as u64;
    if coins != int("coins") || level.guards.len() as u64 != int("guards") {
        return Some(format!(
            "{coins} coins and {} guards, original {} and {}",
            level.guards.len(),
            int("coins"),
            int("guards")
        ));
    }
    let guards = guard_list(level);
    if guards != want["guard_list"] {
        return Some(format!("guards {guards}, original {}", want["guard_list"]));
    }
    let hash = fnv(level);
    if hash != want["fnv"].as_str().expect("fnv") {
        return Some(format!("fnv {hash}, original {}", want["fnv"]));
    }
    None
}

#[test]
fn all_300_vector_maps_are_equal() {
    let mut equal = 0;
    let mut report = String::new();
    for game in games() {
        let g = u32::try_from(game["game"].as_u64().expect("a game")).expect("a u32 seed");
        let ours = exact::game_levels(g, 9);
        let levels = game["levels"].as_array().expect("levels");
        assert_eq!(ours.len(), levels.len());
        for (mine, want) in ours.iter().zip(levels) {
            match first_difference(mine, want) {
                None => equal += 1,
                Some(why) => {
                    let _ = writeln!(report, "game {g} level {}: {why}", mine.level.level);
                }
            }
        }
    }
    assert_eq!(equal, 300, "{equal} of 300 equal\n{report}");
}

/// The plan drawn first from the game's stream is the vectors' plan, level by level.
#[test]
fn the_plans_are_the_vectors_plans() {
    for game in games().iter().take(5) {
        let g = game["game"].as_u64().expect("a game") as u32;
        for (mine, want) in exact::game_levels(g, 9)
            .iter()
            .zip(game["levels"].as_array().expect("levels"))
        {
            let plan = [mine.plan.rooms_x, mine.plan.rooms_y, mine.plan.loot as i32];
            let theirs = ["rooms_x", "rooms_y", "plan_loot"]
                .map(|k| want[k].as_i64().expect("a number") as i32);
            assert_eq!(plan, theirs, "game {g} level {}", mine.level.level);
        }
    }
}

/// One level asked for alone is the same level as in the whole game's pass.
#[test]
fn one_level_alone_equals_the_same_level_of_the_whole_game() {
    let whole = exact::game(3);
    assert_eq!(whole.len(), 10);
    for l in [0, 4, 9] {
        assert_eq!(exact::level(3, l).as_ref(), Some(&whole[l as usize]));
    }
    assert_eq!(exact::level(3, 10), None);
}

/// The game stream's first draws for game 1 are mulberry32(1)'s, as the vectors' README lists them.
#[test]
fn the_game_stream_of_game_1_starts_with_the_reference_draws() {
    let mut stream = Stream::mulberry32(1);
    let got: Vec<f64> = (0..4).map(|_| stream.uniform()).collect();
    assert_eq!(
        got,
        [
            0.627_073_940_588_161_3,
            0.002_735_721_180_215_478,
            0.527_447_039_959_952_2,
            0.981_050_967_471_674_1,
        ]
    );
    assert_eq!(stream.draws(), 4);
}
