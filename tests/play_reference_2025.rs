//! The 2025 turn loop (`play::rules2025`) against the original game, turn by turn: every play-through
//! of `tests/data/play2025/playthroughs.jsonl` (see its README) is set up straight from its recorded map,
//! its moves are played, and every turn's thief, health, loot, draws, light, view, spottings, items,
//! key and every guard's cell, facing, mode, timeout and anger must equal the game's.

use std::fmt::Write as _;

use mansion_forge::model::{Cell, SeedRandom};
use mansion_forge::play::parse_moves;
use mansion_forge::play::rules2025::{
    Game2025, GuardMode, GuardSetup, ItemType, LevelType, Setup, Snapshot, TerrainType,
    TreasureSetup,
};
use serde_json::Value;

const DATA: &str = "tests/data/play2025/playthroughs.jsonl";

/// The terrain alphabet of the records: a terrain's index is its character's place.
const TERRAIN_CHARS: &str = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

fn cell(v: &Value) -> Cell {
    Cell::new(v[0].as_i64().unwrap() as i32, v[1].as_i64().unwrap() as i32)
}

fn item_named(name: &str) -> ItemType {
    (0..35)
        .filter_map(ItemType::from_index)
        .find(|k| format!("{k:?}") == name)
        .unwrap_or_else(|| panic!("item {name}"))
}

fn mode_name(mode: GuardMode) -> String {
    format!("{mode:?}")
}

fn level_type(name: &str) -> LevelType {
    match name {
        "Manor" => LevelType::Manor,
        "ManorRed" => LevelType::ManorRed,
        "Mansion" => LevelType::Mansion,
        "Fortress" => LevelType::Fortress,
        _ => LevelType::Warrens,
    }
}

/// The record's map as a setup, in the game's own terms.
fn setup_of(map: &Value) -> Setup {
    let rows = map["terrain"].as_array().unwrap();
    let terrain = rows
        .iter()
        .flat_map(|row| row.as_str().unwrap().chars())
        .map(|c| TerrainType::from_index(TERRAIN_CHARS.find(c).unwrap() as u8).unwrap())
        .collect();
    let items = map["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|it| (cell(it), item_named(it[2].as_str().unwrap())))
        .collect();
    let guards = map["guards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| GuardSetup {
            route: g["path"].as_array().unwrap().iter().map(cell).collect(),
            route_index: g["index"].as_u64().unwrap() as usize,
            pos: cell(&g["pos"]),
            dir: (
                g["dir"][0].as_i64().unwrap() as i32,
                g["dir"][1].as_i64().unwrap() as i32,
            ),
            torch: g["torch"].as_bool().unwrap(),
            purse: g["purse"].as_bool().unwrap(),
            key: g["key"].as_bool().unwrap(),
        })
        .collect();
    let treasures = map["treasures"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| TreasureSetup {
            cell: cell(&t["posTreasure"]),
            switches: t["switches"].as_array().unwrap().iter().map(cell).collect(),
        })
        .collect();
    Setup {
        width: map["w"].as_i64().unwrap() as i32,
        height: map["h"].as_i64().unwrap() as i32,
        terrain,
        items,
        guards,
        treasures,
        player_start: cell(&map["start"]),
        level_index: map["run_level"].as_u64().unwrap() as u32,
        level_type: level_type(map["type"].as_str().unwrap()),
        final_level: map["last_level"].as_bool().unwrap(),
        daily: map["health_max"].as_i64() == Some(3),
        loot_available: map["loot_available"].as_u64().unwrap() as u32,
        backtracking: map["backtracking"].as_f64().unwrap(),
    }
}

/// FNV-1a 32 over 16-bit values, low byte first, as the records' hashes.
fn fnv(values: impl Iterator<Item = usize>) -> String {
    let mut h: u32 = 0x811c_9dc5;
    for v in values {
        for b in [v & 0xff, (v >> 8) & 0xff] {
            h ^= b as u32;
            h = h.wrapping_mul(0x0100_0193);
        }
    }
    format!("{h:08x}")
}

/// One turn as the records write it.
fn record_of(s: &Snapshot, width: i32, skip: u64) -> Value {
    let index = |c: Cell| (c.y * width + c.x) as usize;
    let lit = fnv(s
        .lit
        .iter()
        .enumerate()
        .filter(|(_, l)| **l > 0.0)
        .map(|(i, _)| i));
    let mut items: Vec<(usize, usize)> = s
        .items
        .iter()
        .map(|&(c, k)| (index(c), usize::from(k.index())))
        .collect();
    items.sort_unstable();
    let items = fnv(items.iter().flat_map(|&(i, t)| [i, t]));
    let guards: Vec<Value> = s
        .guards
        .iter()
        .map(|g| {
            serde_json::json!([
                g.cell.x,
                g.cell.y,
                g.dir.0,
                g.dir.1,
                mode_name(g.mode),
                g.timeout,
                i32::from(g.angry)
            ])
        })
        .collect();
    serde_json::json!({
        "player": [s.player.x, s.player.y],
        "health": s.health,
        "loot": s.loot,
        "draws": s.draws - skip,
        "lit": lit,
        "seen": s.seen.iter().filter(|&&v| v).count(),
        "spottings": s.spottings,
        "guards": guards,
        "items": items,
    })
}

/// What was found equal, over all play-throughs, up to each one's first difference (draws: those of the
/// play-throughs that were equal to the end).
#[derive(Default)]
struct Tally {
    turns: usize,
    guard_turns: usize,
    draws: u64,
    failures: Vec<String>,
}

const FIELDS: [&str; 9] = [
    "player",
    "health",
    "loot",
    "draws",
    "lit",
    "seen",
    "spottings",
    "guards",
    "items",
];

fn play_through(record: &Value, tally: &mut Tally) {
    play_through_setup(record, &setup_of(&record["map"]), tally);
}

/// Plays a record's moves on `setup` and compares every turn with the record's.
fn play_through_setup(record: &Value, setup: &Setup, tally: &mut Tally) {
    let name = record["name"].as_str().unwrap();
    let map = &record["map"];
    let seed = record["rng"]["seed"].as_str().unwrap();
    let skip = record["rng"]["skip"].as_u64().unwrap();
    let mut rng = SeedRandom::new(seed);
    for _ in 0..skip {
        rng.random();
    }
    let mut game = Game2025::new(setup, rng);
    if game.par_turns() != map["par"].as_u64().unwrap() as u32 {
        tally.failures.push(format!(
            "{name}: par {} against the game's {}",
            game.par_turns(),
            map["par"]
        ));
        return;
    }
    let words: Vec<&str> = record["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    let moves = parse_moves(&words.join(" ")).unwrap();
    let turns = record["turns"].as_array().unwrap();
    for (t, theirs) in turns.iter().enumerate() {
        let mut passed = None;
        if t > 0 {
            passed = Some(game.play(moves[t - 1]).turn_passed);
        }
        let s = game.snapshot();
        let ours = record_of(&s, setup.width, skip);
        let mut diff = String::new();
        for field in FIELDS {
            if ours[field] != theirs[field] {
                let _ = write!(
                    diff,
                    " {field}: ours {} theirs {};",
                    ours[field], theirs[field]
                );
            }
        }
        if let Some(p) = passed
            && Some(p) != theirs["passed"].as_bool()
        {
            let _ = write!(diff, " passed: ours {p};");
        }
        if s.has_key != theirs.get("key").is_some() {
            let _ = write!(diff, " key: ours {};", s.has_key);
        }
        if game.left_level() != theirs.get("exit").is_some() && t > 0 {
            let _ = write!(diff, " exit: ours {};", game.left_level());
        }
        if !diff.is_empty() {
            let mv = theirs.get("move").and_then(Value::as_str).unwrap_or("-");
            tally
                .failures
                .push(format!("{name}: turn {t} ({mv}):{diff}"));
            return;
        }
        tally.turns += 1;
        tally.guard_turns += s.guards.len();
        if t + 1 == turns.len() {
            tally.draws += s.draws - skip;
        }
    }
}

#[test]
fn every_turn_of_every_play_through_equals_the_games() {
    let text = std::fs::read_to_string(DATA).expect("the reference play-throughs");
    let mut tally = Tally::default();
    let mut records = 0;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let record: Value = serde_json::from_str(line).unwrap();
        play_through(&record, &mut tally);
        records += 1;
    }
    println!(
        "{records} play-throughs: {} turns, {} guard-turns, {} draws equal; {} differ",
        tally.turns,
        tally.guard_turns,
        tally.draws,
        tally.failures.len()
    );
    assert!(
        tally.failures.is_empty(),
        "{} of {records} play-throughs differ (first difference of each):\n{}",
        tally.failures.len(),
        tally.failures.join("\n")
    );
}

/// The model's level of a record's source, made by our 2025 generator from the same plan entry.
fn generated_level(source: &Value) -> mansion_forge::model::Level {
    use mansion_forge::generate::lll2025::Build;
    use mansion_forge::generate::lll2025::level::to_level;
    use mansion_forge::generate::lll2025::plan::{daily_run, game_plan};
    let index = source["index"].as_u64().unwrap() as usize;
    let entry = if let Some(date) = source["daily"].as_str() {
        let parts: Vec<u32> = date.split('-').map(|p| p.parse().unwrap()).collect();
        daily_run(parts[0], parts[1], parts[2]).plan[index].clone()
    } else {
        game_plan(source["game_seed"].as_str().unwrap())[index].clone()
    };
    to_level(&Build::new(&entry), entry.seed_bits().unwrap_or(0))
}

/// Counts of what `Setup::from_level` got right and what the model cannot carry, per level.
#[derive(Default)]
struct Reproduced {
    levels: usize,
    exact: usize,
    stacked_items_lost: usize,
    item_order_only: usize,
    switches_lost: usize,
    level_one_route: usize,
    run_position: usize,
    backtracking: usize,
}

/// Compares a generated level's setup with the game's, field by field: what the model keeps must be
/// equal; what it drops is counted by kind.
fn compare_setups(name: &str, ours: &Setup, theirs: &Setup, tally: &mut Reproduced) -> Vec<String> {
    let mut wrong = Vec::new();
    let mut exact = true;
    let mut check = |what: &str, equal: bool| {
        if !equal {
            wrong.push(format!("{name}: {what}"));
        }
    };
    check(
        "size",
        (ours.width, ours.height) == (theirs.width, theirs.height),
    );
    check("terrain", ours.terrain == theirs.terrain);
    check("start", ours.player_start == theirs.player_start);
    check("level type", ours.level_type == theirs.level_type);
    check("loot", ours.loot_available == theirs.loot_available);
    check("guard count", ours.guards.len() == theirs.guards.len());
    // Every item the model keeps is the game's; the game's others lie under them (stacks).
    let mut left: Vec<(Cell, ItemType)> = theirs.items.clone();
    for it in &ours.items {
        match left.iter().position(|x| x == it) {
            Some(k) => {
                left.remove(k);
            }
            None => check(&format!("item {it:?} not the game's"), false),
        }
    }
    if left
        .iter()
        .any(|(c, _)| !ours.items.iter().any(|(o, _)| o == c))
    {
        check("an item alone on its cell lost", false);
    }
    if !left.is_empty() {
        tally.stacked_items_lost += 1;
        exact = false;
    } else if ours.items != theirs.items {
        tally.item_order_only += 1;
        exact = false;
    }
    for (k, (o, t)) in ours.treasures.iter().zip(&theirs.treasures).enumerate() {
        check(&format!("treasure {k} cell"), o.cell == t.cell);
        if o.switches != t.switches {
            tally.switches_lost += 1;
            exact = false;
        }
    }
    for (k, (o, t)) in ours.guards.iter().zip(&theirs.guards).enumerate() {
        let loads = |g: &GuardSetup| (g.torch, g.purse, g.key);
        check(
            &format!("guard {k} place, facing and loads"),
            (o.pos, o.dir, loads(o)) == (t.pos, t.dir, loads(t)),
        );
        if (&o.route, o.route_index) != (&t.route, t.route_index) {
            if k == 0 && ours.level_index == 1 {
                tally.level_one_route += 1;
                exact = false;
            } else {
                check(&format!("guard {k} route"), false);
            }
        }
    }
    if ours.level_index != theirs.level_index || ours.daily != theirs.daily {
        tally.run_position += 1;
        exact = false;
    }
    if ours.backtracking.to_bits() != theirs.backtracking.to_bits() {
        tally.backtracking += 1;
        exact = false;
    }
    tally.levels += 1;
    tally.exact += usize::from(exact && ours.final_level == theirs.final_level);
    wrong
}

/// `Setup::from_level` on our generator's level of each record's plan entry, against the game's map:
/// what the model keeps is equal, and what it cannot keep (items under others, treasure switches, level
/// 1's route, the run's facts, the outdoor rooms behind the backtracking estimate) is counted; then each
/// record is played on that setup to count the play-throughs it still reproduces turn by turn.
#[test]
fn from_level_keeps_what_the_model_holds() {
    let text = std::fs::read_to_string(DATA).expect("the reference play-throughs");
    let mut tally = Reproduced::default();
    let mut wrong = Vec::new();
    // How many play-throughs each setup reproduces to the end: from_level's own, then with the game's
    // stacked items put back, then its treasure switches, level 1's guard, and the run's facts.
    let mut equal = [0; 5];
    let mut played = 0;
    let mut seen = std::collections::HashSet::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let record: Value = serde_json::from_str(line).unwrap();
        let mut ours = Setup::from_level(&generated_level(&record["source"]));
        let theirs = setup_of(&record["map"]);
        if seen.insert(record["source"].to_string()) {
            wrong.extend(compare_setups(
                record["name"].as_str().unwrap(),
                &ours,
                &theirs,
                &mut tally,
            ));
        }
        played += 1;
        for (step, count) in equal.iter_mut().enumerate() {
            match step {
                1 => ours.items.clone_from(&theirs.items),
                2 => ours.treasures.clone_from(&theirs.treasures),
                3 => ours.guards.clone_from(&theirs.guards),
                4 => {
                    ours.level_index = theirs.level_index;
                    ours.daily = theirs.daily;
                    ours.final_level = theirs.final_level;
                    ours.backtracking = theirs.backtracking;
                }
                _ => {}
            }
            let mut mine = Tally::default();
            play_through_setup(&record, &ours, &mut mine);
            *count += usize::from(mine.failures.is_empty());
        }
    }
    println!(
        "from_level: {} levels, {} exact; {} lose items stacked under others, {} only the item order, \
         {} the treasure switches, {} level 1's route, {} the run position, {} the backtracking",
        tally.levels,
        tally.exact,
        tally.stacked_items_lost,
        tally.item_order_only,
        tally.switches_lost,
        tally.level_one_route,
        tally.run_position,
        tally.backtracking
    );
    println!(
        "play-throughs equal to the end, of {played}: {} on from_level's setup, {} with the game's items, \
         {} and switches, {} and level 1's guard, {} and the run's facts",
        equal[0], equal[1], equal[2], equal[3], equal[4]
    );
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    // Every item of the game's, in its order, and level 1's guard are the model's now (issue 40).
    assert_eq!(
        (
            tally.stacked_items_lost,
            tally.item_order_only,
            tally.level_one_route
        ),
        (0, 0, 0),
        "items and level 1's guard as the game's"
    );
    assert_eq!(
        equal[4], played,
        "with everything the model drops put back, every play-through"
    );
}
