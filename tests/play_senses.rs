//! The guards' senses (`src/play/senses.rs`) against `stealth-rules.md` §3.3–§3.6 on small hand-made
//! levels, every expected outcome worked out by hand from the cited section, and against the
//! analysis's own relaxed watch sets on a generated mansion.

use mansion_forge::analysis::stealth::{CellRules, analyze_within};
use mansion_forge::generate::recipe::Recipe;
use mansion_forge::model::{Cell, Dir, Item, ItemKind, Level, Terrain};
use mansion_forge::play::{Noise, Rules2023, Thief, Watcher, hears, hidden, sees, within_earshot};

/// An open 15 × 15 marble floor.
fn floor() -> Level {
    Level::blank("test", 1, 0, (15, 15), Terrain::Marble)
}

/// Whether a guard at `g` facing `facing` sees a thief at `p` that is not hidden.
fn sees_at(
    level: &Level,
    lit: bool,
    g: (i32, i32),
    facing: Dir,
    alert: bool,
    p: (i32, i32),
) -> bool {
    let guard = Watcher {
        cell: Cell::new(g.0, g.1),
        facing,
        alert,
    };
    let cells = CellRules::new(level);
    let rules = Rules2023::new(level);
    sees(&rules, &cells, lit, guard, Cell::new(p.0, p.1), false)
}

/// §3.3 step 2, relaxed and lit: `d² < 40`. From (2, 7) facing E: (8, 7) is d² 36, (8, 8) 37, (6, 3)
/// 32 (4, 4 diagonal) and (7, 4) 34 are seen; (9, 7) 49 and (7, 3) 41 are not.
#[test]
fn a_relaxed_guard_sees_a_lit_thief_in_front_within_d2_40() {
    let level = floor();
    for p in [(8, 7), (8, 8), (6, 3), (7, 4)] {
        assert!(sees_at(&level, true, (2, 7), Dir::E, false, p), "{p:?}");
    }
    for p in [(9, 7), (7, 3)] {
        assert!(!sees_at(&level, true, (2, 7), Dir::E, false, p), "{p:?}");
    }
}

/// §3.3 step 1: the closed half-plane `dir · d ≥ 0`. Facing E from (7, 7): (6, 7) and (6, 6) are
/// behind, unseen even by an alert guard (step 4 keeps step 1); (7, 8) and (7, 3), exactly beside,
/// are in front.
#[test]
fn nobody_sees_behind_but_the_cells_beside_are_in_front() {
    let level = floor();
    for alert in [false, true] {
        for p in [(6, 7), (6, 6)] {
            assert!(
                !sees_at(&level, true, (7, 7), Dir::E, alert, p),
                "{p:?} {alert}"
            );
        }
        for p in [(7, 8), (7, 3)] {
            assert!(
                sees_at(&level, true, (7, 7), Dir::E, alert, p),
                "{p:?} {alert}"
            );
        }
    }
}

/// §3.3 step 2, relaxed and dark: `d² < 3`, only the 8 neighbours. From (2, 7) facing E: (3, 8) (d² 2)
/// is seen in the dark; (4, 7) (d² 4) only when lit.
#[test]
fn a_relaxed_guard_sees_only_its_neighbours_in_the_dark() {
    let level = floor();
    assert!(sees_at(&level, false, (2, 7), Dir::E, false, (3, 8)));
    assert!(!sees_at(&level, false, (2, 7), Dir::E, false, (4, 7)));
    assert!(sees_at(&level, true, (2, 7), Dir::E, false, (4, 7)));
}

/// §3.3 step 2, alert: `d² < 75` lit, `d² < 33` dark. From (2, 7) facing E: lit, (10, 7) 64 and
/// (10, 10) 73 are seen but (11, 7) 81 is not; dark, (7, 7) 25 and (7, 9) 29 are seen but (8, 7) 36 is
/// not. A relaxed guard sees none of these but (7, 7) and (7, 9) when lit.
#[test]
fn an_alert_guard_sees_farther_lit_and_dark() {
    let level = floor();
    for p in [(10, 7), (10, 10)] {
        assert!(sees_at(&level, true, (2, 7), Dir::E, true, p), "{p:?}");
        assert!(!sees_at(&level, true, (2, 7), Dir::E, false, p), "{p:?}");
    }
    assert!(!sees_at(&level, true, (2, 7), Dir::E, true, (11, 7)));
    for p in [(7, 7), (7, 9)] {
        assert!(sees_at(&level, false, (2, 7), Dir::E, true, p), "{p:?}");
        assert!(!sees_at(&level, false, (2, 7), Dir::E, false, p), "{p:?}");
    }
    assert!(!sees_at(&level, false, (2, 7), Dir::E, true, (8, 7)));
}

/// §3.4: from (2, 7) to (7, 7) the line tests (3..=6, 7); a wall at (5, 7) blocks it, lit or not,
/// relaxed or alert. A window does not (§3.4 "Windows do not block"): the same line over a window
/// cell is clear.
#[test]
fn a_wall_blocks_the_line_of_sight_and_a_window_does_not() {
    let mut level = floor();
    assert!(sees_at(&level, true, (2, 7), Dir::E, false, (7, 7)));
    level.set_terrain(Cell::new(5, 7), Terrain::Window(Dir::E));
    assert!(sees_at(&level, true, (2, 7), Dir::E, false, (7, 7)));
    level.set_terrain(Cell::new(5, 7), Terrain::Wall);
    for alert in [false, true] {
        assert!(
            !sees_at(&level, true, (2, 7), Dir::E, alert, (7, 7)),
            "{alert}"
        );
    }
}

/// §3.3 step 4: an alert guard sees an adjacent thief in front of it even if hidden or behind a
/// blocked line. From (2, 7) to the diagonal neighbour (3, 8) the line tests (3, 7) (x first on the
/// exact corner, §3.4); with a wall there a relaxed guard does not see the lit thief, an alert one
/// does; and a hidden thief there is seen by the alert guard only.
#[test]
fn an_alert_guard_sees_an_adjacent_thief_whatever_the_line_and_hiding() {
    let mut level = floor();
    level.set_terrain(Cell::new(3, 7), Terrain::Wall);
    assert!(!sees_at(&level, true, (2, 7), Dir::E, false, (3, 8)));
    assert!(sees_at(&level, true, (2, 7), Dir::E, true, (3, 8)));
    let (cells, rules, lit) = (CellRules::new(&level), Rules2023::new(&level), true);
    let guard = |alert| Watcher {
        cell: Cell::new(2, 7),
        facing: Dir::E,
        alert,
    };
    let thief = Cell::new(2, 8);
    assert!(!sees(&rules, &cells, lit, guard(false), thief, true));
    assert!(sees(&rules, &cells, lit, guard(true), thief, true));
    assert!(
        !sees(&rules, &cells, lit, guard(true), Cell::new(4, 7), true),
        "two away is not adjacent"
    );
}

/// §3.5: on a table or a bush, or on water with the submersion counter above 0, the thief is hidden,
/// unless a guard chases it; on water with the counter at 0, or on bare floor, it is not. Against a
/// relaxed guard hiding is absolute: a lit thief right beside it goes unseen.
#[test]
fn the_thief_hides_on_tables_bushes_and_under_water_unless_chased() {
    let mut level = floor();
    level.set_terrain(Cell::new(9, 9), Terrain::Water);
    for (kind, x) in [(ItemKind::Table, 3), (ItemKind::Bush, 5)] {
        level.items.push(Item {
            kind,
            cell: Cell::new(x, 3),
        });
    }
    let cells = CellRules::new(&level);
    let thief = |x, y, breath| Thief {
        cell: Cell::new(x, y),
        loot: Vec::new(),
        breath,
    };
    for t in [
        thief(3, 3, 7),
        thief(5, 3, 7),
        thief(9, 9, 6),
        thief(9, 9, 1),
    ] {
        assert!(hidden(&cells, &level, &t, false), "{t:?}");
        assert!(!hidden(&cells, &level, &t, true), "{t:?} chased");
    }
    for t in [thief(9, 9, 0), thief(4, 3, 7)] {
        assert!(!hidden(&cells, &level, &t, false), "{t:?}");
    }
    let rules = Rules2023::new(&level);
    let guard = Watcher {
        cell: Cell::new(3, 4),
        facing: Dir::N,
        alert: false,
    };
    let on_table = hidden(&cells, &level, &thief(3, 3, 7), false);
    assert!(!sees(
        &rules,
        &cells,
        true,
        guard,
        Cell::new(3, 3),
        on_table
    ));
}

/// §3.6: a creak is heard within path cost 17 (2 orthogonal, 3 diagonal); in open space at offset
/// `(a, b)`, `a ≥ b`, when `2a + b ≤ 17`. From (15, 15) on a 31 × 31 floor: (23, 16) is 17, heard;
/// (23, 17) is 18 and (24, 15) is 16 + 2 = 18, not. A wall line at x = 10 across the map stops the
/// sound: a creak at (9, 5) is not heard at (11, 5), though it is 4 away in the open.
#[test]
fn a_creak_is_heard_within_cost_17_and_not_through_walls() {
    let mut level = Level::blank("test", 1, 0, (31, 31), Terrain::Wood);
    let rules = Rules2023::new(&level);
    let cells = CellRules::new(&level);
    let noise = Noise {
        at: Cell::new(15, 15),
    };
    assert!(hears(&rules, &cells, noise, Cell::new(23, 16)));
    assert!(hears(&rules, &cells, noise, Cell::new(15, 15)));
    assert!(!hears(&rules, &cells, noise, Cell::new(23, 17)));
    assert!(!hears(&rules, &cells, noise, Cell::new(24, 15)));
    let creak = Noise {
        at: Cell::new(9, 5),
    };
    assert!(hears(&rules, &cells, creak, Cell::new(11, 5)));
    for y in 0..31 {
        level.set_terrain(Cell::new(10, y), Terrain::Wall);
    }
    let cells = CellRules::new(&level);
    assert!(!hears(&rules, &cells, creak, Cell::new(11, 5)));
}

/// §3.6 "no corner rule": sound passes diagonally between two walls that touch at a corner. A 9 × 9
/// map walled everywhere but (3, 3), (4, 4) and (5, 5): the open cells touch only at corners, between
/// walls (3, 4)/(4, 3) and (4, 5)/(5, 4). A creak at (3, 3) is heard at (4, 4) (cost 3) and (5, 5)
/// (cost 6).
#[test]
fn a_creak_passes_diagonally_between_two_walls_touching_at_a_corner() {
    let mut level = Level::blank("test", 1, 0, (9, 9), Terrain::Wall);
    for i in 3..=5 {
        level.set_terrain(Cell::new(i, i), Terrain::Wood);
    }
    let (rules, cells) = (Rules2023::new(&level), CellRules::new(&level));
    let creak = Noise {
        at: Cell::new(3, 3),
    };
    assert!(hears(&rules, &cells, creak, Cell::new(4, 4)));
    assert!(hears(&rules, &cells, creak, Cell::new(5, 5)));
    assert!(
        !hears(&rules, &cells, creak, Cell::new(4, 3)),
        "a wall cell is never reached"
    );
}

/// The relaxed test here is the analysis's watch (§7 (b)): on campaign game 1 level 9, at a few turns,
/// every guard of the analysis's view sees with [`sees`] exactly the cells the analysis says it
/// watches, in the analysis's light of that turn, a table or bush hiding the thief.
#[test]
fn relaxed_sight_agrees_with_the_analysis_watch_on_game_1_level_9() {
    let level = Recipe::campaign_level(1, 9).build().expect("generates");
    let stealth = analyze_within(&level, 40);
    let rules = Rules2023::new(&level);
    let cells = &stealth.rules;
    for t in [0, 1, 7, 23, 39] {
        let lit = stealth.lit_at(t);
        for view in stealth.view_at(t) {
            let guard = Watcher {
                cell: view.cell,
                facing: view.facing,
                alert: false,
            };
            let mut seen = 0;
            for c in level.all_cells() {
                let sighted = sees(
                    &rules,
                    cells,
                    lit.contains(c),
                    guard,
                    c,
                    cells.hides.contains(c),
                );
                assert_eq!(
                    sighted,
                    view.watched.contains(c),
                    "turn {t}, guard {}, {c:?}",
                    view.guard
                );
                seen += usize::from(sighted);
            }
            assert!(
                seen > 0,
                "turn {t}, guard {}: sees at least its neighbours",
                view.guard
            );
        }
    }
}

/// The earshot by the plainest Dijkstra over the whole map (steps of 2, diagonals of 3, never into a
/// wall), to hold the bucketed one to.
fn plain_earshot(cells: &CellRules, from: Cell, reach: u32) -> Vec<Cell> {
    const STEPS: [(i32, i32, u32); 8] = [
        (1, 0, 2),
        (-1, 0, 2),
        (0, 1, 2),
        (0, -1, 2),
        (1, 1, 3),
        (1, -1, 3),
        (-1, 1, 3),
        (-1, -1, 3),
    ];
    let mut best: std::collections::BTreeMap<(i32, i32), u32> = std::collections::BTreeMap::new();
    let mut open = vec![(0u32, from)];
    while let Some(k) = (0..open.len()).min_by_key(|&k| open[k].0) {
        let (cost, c) = open.swap_remove(k);
        if best.contains_key(&(c.y, c.x)) {
            continue;
        }
        best.insert((c.y, c.x), cost);
        for (dx, dy, step) in STEPS {
            let n = c.offset(dx, dy);
            if cost + step <= reach && cells.shape.contains(n) && !cells.wall.contains(n) {
                open.push((cost + step, n));
            }
        }
    }
    best.into_keys().map(|(y, x)| Cell::new(x, y)).collect()
}

#[test]
fn the_earshot_of_a_shout_is_the_plain_dijkstra_one() {
    for level_number in [2, 9] {
        let level = Recipe::campaign_level(3, level_number)
            .build()
            .expect("builds");
        let cells = CellRules::new(&level);
        let shape = level.shape();
        for i in (0..shape.len()).step_by(37) {
            let from = shape.cell(i);
            if cells.wall.contains(from) {
                continue;
            }
            for reach in [0, 1, 5, 12, 25, 60] {
                assert_eq!(
                    within_earshot(&cells, from, reach),
                    plain_earshot(&cells, from, reach),
                    "from {from:?}, reach {reach}"
                );
            }
        }
    }
}
