//! The stealth analysis against cases worked by hand (`stealth-rules.md` §3.3–§3.4) and against an
//! independent, deliberately simple re-implementation of the rules a ghost route must obey.

mod stealth_check;

use mansion_forge::analysis::stealth::undisturbed::{TorchRules, replay};
use mansion_forge::analysis::stealth::{self, Stealth};
use mansion_forge::generate::build::exterior_room;
use mansion_forge::generate::campaign;
use mansion_forge::model::{
    Cell, Dir, Entrance, Guard, Item, ItemKind, Level, PatrolRoute, Terrain,
};
use stealth_check::check_route;

/// An open marble floor of 24 × 12 cells with the outside (the exits) as its westmost two columns,
/// the thief starting at (0, 6), and one guard standing at `guard` (a route of one cell, facing east).
fn open_floor(guard: Cell) -> Level {
    let mut level = Level::blank("test", 1, 0, (24, 12), Terrain::Marble);
    for x in 0..2 {
        for y in 0..12 {
            level.set_terrain(Cell::new(x, y), Terrain::Ground);
        }
    }
    let exterior = exterior_room(&level);
    level.rooms.push(exterior);
    level.entrance = Entrance {
        room: 0,
        cell: Cell::new(1, 6),
        exterior: Some(0),
        depth_seeds: Vec::new(),
        exit_cell: None,
    };
    level.player_start = Cell::new(0, 6);
    level.patrols.push(PatrolRoute {
        cells: vec![guard],
        visits: Vec::new(),
        stations: Vec::new(),
        outside: false,
    });
    level.guards.push(Guard {
        start: guard,
        route: 0,
        carries_torch: false,
    });
    level
}

fn item(level: &mut Level, kind: ItemKind, x: i32, y: i32) {
    level.items.push(Item {
        kind,
        cell: Cell::new(x, y),
    });
}

/// Whether the analysis says the only guard watches `c` (at turn 1; the guard never moves).
fn watched(s: &Stealth, c: Cell) -> bool {
    s.view_at(1)[0].watched.contains(c)
}

const GUARD: Cell = Cell::new(8, 6);

#[test]
fn a_guard_facing_a_lit_thief_in_an_open_room_sees_six_cells_ahead_and_to_its_sides() {
    let mut level = open_floor(GUARD);
    item(&mut level, ItemKind::TorchLit, 11, 9);
    let s = stealth::analyze(&level);
    assert_eq!(s.view_at(1)[0].facing, Dir::E);
    // Within d² = 45 of the torch, so lit: (14, 6) is d² = 36 from the guard, (15, 6) is 49.
    assert!(s.lit_at(1).contains(Cell::new(14, 6)));
    assert!(watched(&s, Cell::new(14, 6)), "d² = 36 < 40 on a lit cell");
    assert!(
        !watched(&s, Cell::new(15, 6)),
        "d² = 49 is beyond the lit cut-off"
    );
    assert!(
        watched(&s, Cell::new(8, 10)),
        "straight to its left (d² = 16) is in the half-plane"
    );
    assert!(!watched(&s, Cell::new(7, 6)), "behind it is not");
    assert!(watched(&s, Cell::new(12, 10)), "(4, 4) away: d² = 32");
}

#[test]
fn the_same_thief_behind_a_table_or_a_bush_is_hidden_even_next_to_the_guard() {
    let mut level = open_floor(GUARD);
    item(&mut level, ItemKind::TorchLit, 11, 9);
    item(&mut level, ItemKind::Table, 9, 6);
    item(&mut level, ItemKind::Table, 12, 6);
    let s = stealth::analyze(&level);
    assert!(s.lit_at(1).contains(Cell::new(12, 6)));
    assert!(!watched(&s, Cell::new(9, 6)), "hidden at d² = 1");
    assert!(!watched(&s, Cell::new(12, 6)), "hidden in the light");
    assert!(
        watched(&s, Cell::new(13, 6)),
        "a table does not block sight: the cell beyond it is seen"
    );
}

#[test]
fn a_wall_or_a_bush_between_them_blocks_the_line_of_sight() {
    let mut level = open_floor(GUARD);
    item(&mut level, ItemKind::TorchLit, 11, 9);
    level.set_terrain(Cell::new(10, 6), Terrain::Wall);
    item(&mut level, ItemKind::Bush, 10, 8);
    let s = stealth::analyze(&level);
    assert!(s.lit_at(1).contains(Cell::new(12, 6)));
    assert!(
        !watched(&s, Cell::new(12, 6)),
        "the line (9,6) (10,6) (11,6) meets the wall"
    );
    assert!(
        watched(&s, Cell::new(12, 8)),
        "the line (9,6) (9,7) (10,7) (11,7) (11,8) passes the wall"
    );
    // From (8, 6) to (12, 10) the staircase steps x first on the exact corners:
    // (9,6) (9,7) (10,7) (10,8) … and (10, 8) holds the bush.
    assert!(s.lit_at(1).contains(Cell::new(12, 10)));
    assert!(!watched(&s, Cell::new(12, 10)));
}

#[test]
fn in_the_dark_a_relaxed_guard_sees_only_its_eight_neighbours_in_front() {
    let level = open_floor(GUARD);
    let s = stealth::analyze(&level);
    assert!(s.lit_at(1).is_empty(), "no torch, no light");
    assert!(watched(&s, Cell::new(9, 6)), "d² = 1");
    assert!(watched(&s, Cell::new(9, 7)), "d² = 2, diagonal in front");
    assert!(watched(&s, Cell::new(8, 7)), "d² = 1, straight to its side");
    assert!(
        !watched(&s, Cell::new(10, 6)),
        "d² = 4 is past the dark cut-off of 3"
    );
    assert!(!watched(&s, Cell::new(7, 7)), "diagonal behind");
}

#[test]
fn loot_in_a_permanently_watched_spot_has_no_ghost_route_but_a_seen_one() {
    // The coin lies right in front of a guard who never moves: d² = 1, watched lit or dark, and the
    // cells beside it are watched too (d² = 2), so no leap over it lands unseen either.
    let mut level = open_floor(GUARD);
    item(&mut level, ItemKind::Coin, 9, 6);
    item(&mut level, ItemKind::Coin, 20, 3);
    let s = stealth::analyze(&level);
    let watched_coin = &s.routes[0];
    assert!(!watched_coin.ghost);
    let seen = watched_coin.route.as_ref().expect("a route that is seen");
    assert!(seen.watched_steps >= 1);
    check_route(&level, &s, seen, Cell::new(9, 6)).expect("the seen route is legal");
    let free_coin = &s.routes[1];
    assert!(free_coin.ghost, "the far coin is dark and unwatched");
    assert_eq!(s.summary.loot_ghost, 1);
}

#[test]
fn every_reported_route_is_legal_and_ghost_routes_are_never_noticed() {
    let mut checked = 0;
    let mut levels: Vec<Level> = (0..12u64)
        .map(|g| {
            campaign::plan(g)
                .generate(1 + (g as u32 % 9))
                .expect("mansion")
        })
        .collect();
    // Entered only over a creaky board a guard hears: every route is a noticed fallback.
    levels.push(campaign::plan(22).generate(9).expect("mansion"));
    for name in [
        "tile-growth-chambers",
        "packed-mansion-manor",
        "rogue-grid-warren",
        "late-mansion",
    ] {
        let path = format!("{}/presets/{name}.ron", env!("CARGO_MANIFEST_DIR"));
        let loaded = mansion_forge::io::preset::load(std::path::Path::new(&path)).expect("preset");
        levels.push(loaded.document.level);
    }
    for level in &levels {
        let s = stealth::analyze(level);
        for r in &s.routes {
            let Some(route) = &r.route else { continue };
            let watched = check_route(level, &s, route, r.cell)
                .unwrap_or_else(|e| panic!("{} seed {}: {e}", level.generator, level.seed));
            assert_eq!(watched, route.watched_steps);
            assert_eq!(r.ghost, watched == 0);
            checked += 1;
        }
        let replayed = replay(&TorchRules::GAME_2023, level, 333);
        for (tl, record) in s.timelines.iter().zip(&replayed.guards) {
            for t in [0, 1, 2, 7, 50, 333] {
                assert_eq!(tl.at(t), record.steps[t], "guard {} turn {t}", tl.guard);
            }
        }
    }
    assert!(checked > 150, "{checked} routes checked");
}

fn run(args: &[&str]) -> (bool, String, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_mansion-forge"))
        .args(args)
        .output()
        .expect("the binary runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

const SUMMARY_KEYS: [&str; 8] = [
    "lit_floor_share",
    "lit_floor_share_settled",
    "watched_share",
    "never_watched_share",
    "hiding_cells",
    "loot",
    "loot_ghost",
    "ghost_route_turns",
];

/// The `analyze` object of one source: summary keys, a route per coin from the start at turn 0, and
/// each guard's steps over exactly one cycle.
fn check_analyze_output(source: &str, json: &str) {
    let v: serde_json::Value =
        serde_json::from_str(json).unwrap_or_else(|e| panic!("{source}: {e}"));
    for key in SUMMARY_KEYS {
        assert!(v.get(key).is_some(), "{source}: no {key}");
    }
    let routes = v["routes"].as_array().expect("routes");
    assert_eq!(
        routes.len() as u64,
        v["loot"].as_u64().expect("loot"),
        "{source}"
    );
    let ghosts = routes.iter().filter(|r| r["ghost"] == true).count() as u64;
    assert_eq!(
        ghosts,
        v["loot_ghost"].as_u64().expect("loot_ghost"),
        "{source}"
    );
    for r in routes {
        let path = r["path"].as_array().expect("path");
        if let Some(turns) = r["turns"].as_u64() {
            assert_eq!(path.len() as u64, turns + 1, "{source}");
            for (t, step) in path.iter().enumerate() {
                assert_eq!(step[2].as_u64(), Some(t as u64), "{source}");
            }
        } else {
            assert!(path.is_empty(), "{source}");
        }
    }
    for g in v["guards"].as_array().expect("guards") {
        let lap = g["lap"].as_array().expect("lap");
        let lead_in = g["lead_in"].as_array().expect("lead_in");
        assert_eq!(
            lap.len() as u64,
            g["cycle"].as_u64().expect("cycle"),
            "{source}"
        );
        assert_eq!(
            lead_in.len() as u64,
            g["lap_starts"].as_u64().expect("lap_starts"),
            "{source}"
        );
        for step in lead_in.iter().chain(lap) {
            let (fx, fy) = (step[2].as_i64().unwrap_or(9), step[3].as_i64().unwrap_or(9));
            assert_eq!(
                fx.abs() + fy.abs(),
                1,
                "{source}: facing is a unit compass vector"
            );
        }
    }
}

#[test]
fn analyze_reports_every_preset_and_every_generator() {
    let presets =
        std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/presets")).expect("presets");
    let mut seen = 0;
    for entry in presets {
        let path = entry.expect("entry").path();
        let (ok, out, err) = run(&["analyze", path.to_str().expect("UTF-8")]);
        assert!(ok, "{}: {err}", path.display());
        check_analyze_output(&path.display().to_string(), &out);
        seen += 1;
    }
    assert!(seen >= 12);
    for generator in ["siheyuan", "tile-growth", "packed-mansion", "rogue-grid"] {
        let (ok, out, err) = run(&["analyze", "--seed", "4", "--level", "7", generator]);
        assert!(ok, "{generator}: {err}");
        check_analyze_output(generator, &out);
    }
    let (ok, _, err) = run(&["analyze", "--seed", "4", "--level", "7", "nonsense"]);
    assert!(!ok && err.contains("unknown generator"), "{err}");
}

#[test]
fn stats_with_stealth_appends_the_summary_to_each_line_and_changes_nothing_else() {
    let (ok, plain, _) = run(&["stats", "--games", "1"]);
    assert!(ok);
    let (ok, with, err) = run(&["stats", "--games", "1", "--stealth"]);
    assert!(ok, "{err}");
    for (a, b) in plain.lines().zip(with.lines()) {
        let a: serde_json::Value = serde_json::from_str(a).expect("json");
        let b: serde_json::Value = serde_json::from_str(b).expect("json");
        for (key, value) in a.as_object().expect("object") {
            assert_eq!(&b[key], value, "{key}");
        }
        for key in SUMMARY_KEYS {
            assert!(b.get(key).is_some(), "no {key}");
        }
        assert!(b["loot_ghost"].as_u64() <= b["loot"].as_u64());
    }
    assert_eq!(with.lines().count(), 10);
}

#[test]
fn a_route_is_noticed_at_least_wherever_it_ends_a_turn_in_view() {
    // Game 22's level 9 can only be entered over a creaky board a guard hears: every route there
    // is noticed at least once, which the painter shows as the fallback's watched turns.
    let level = campaign::plan(22).generate(9).expect("mansion 9");
    let stealth = stealth::analyze(&level);
    let mut fallbacks = 0;
    for r in &stealth.routes {
        let Some(route) = &r.route else { continue };
        assert_eq!(route.noticed_turns.len(), route.watched_steps);
        assert_eq!(r.ghost, route.watched_steps == 0);
        for (t, &c) in route.path.iter().enumerate().skip(1) {
            let seen = stealth.view_at(t).iter().any(|v| v.watched.contains(c));
            assert!(!seen || route.noticed_turns.contains(&t), "turn {t}");
        }
        fallbacks += usize::from(!r.ghost);
    }
    assert!(fallbacks > 0);
}

#[test]
fn a_rooms_mean_share_lies_between_its_cells_shares() {
    let level = campaign::plan(1).generate(9).expect("mansion 9");
    let stealth = stealth::analyze(&level);
    for room in &level.rooms {
        let Some(mean) = stealth.mean_watched_share(&room.cells) else {
            continue;
        };
        let shares: Vec<f64> = room
            .cells
            .iter()
            .filter(|&&c| stealth.rules.standable.contains(c))
            .map(|&c| f64::from(stealth.watched_share.at(c)))
            .collect();
        let lo = shares.iter().copied().fold(f64::INFINITY, f64::min);
        let hi = shares.iter().copied().fold(0.0, f64::max);
        assert!(
            lo - 1e-9 <= mean && mean <= hi + 1e-9,
            "{lo} ≤ {mean} ≤ {hi}"
        );
    }
    assert_eq!(stealth.mean_watched_share(&[]), None);
}

/// Issue 24: `guards[].steps` began at turn 0 and ran one cycle, which is wrong for a guard whose first
/// facings differ from its lap's. Rogue grid, game 4, level 9: guard 1 faces east at turns 0–2 and
/// north at turns 62–64.
#[test]
fn analyze_splits_each_guards_lead_in_from_its_lap() {
    let (ok, out, err) = run(&["analyze", "--seed", "4", "--level", "9", "rogue-grid"]);
    assert!(ok, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("json");
    let guard = v["guards"]
        .as_array()
        .expect("guards")
        .iter()
        .find(|g| g["guard"] == 1)
        .expect("guard 1");
    let (lead_in, lap) = (
        guard["lead_in"].as_array().expect("lead_in"),
        guard["lap"].as_array().expect("lap"),
    );
    let starts = guard["lap_starts"].as_u64().expect("lap_starts") as usize;
    let cycle = guard["cycle"].as_u64().expect("cycle") as usize;
    let facing = |t: usize| {
        let step = if t < starts {
            &lead_in[t]
        } else {
            &lap[(t - starts) % cycle]
        };
        (step[2].as_i64().expect("x"), step[3].as_i64().expect("y"))
    };
    for t in 0..=2 {
        assert_eq!(facing(t), (1, 0), "turn {t}: east");
    }
    for t in 62..=64 {
        assert_eq!(facing(t), (0, 1), "turn {t}: north");
    }
    for light in ["as-generated", "settled"] {
        let (ok, out, err) = run(&[
            "analyze",
            "--seed",
            "4",
            "--level",
            "9",
            "--light",
            light,
            "rogue-grid",
        ]);
        assert!(ok, "{err}");
        let v: serde_json::Value = serde_json::from_str(&out).expect("json");
        assert_eq!(v["light"], light);
        let key = if light == "settled" {
            "lit_floor_share_settled"
        } else {
            "lit_floor_share"
        };
        assert_eq!(v["lit_share"], v[key]);
    }
}
