//! The stealth analysis on the game's real timeline (issue 24, item 2): timelines from the replay with
//! relighting, the two lit maps, the watched shares over the combined period in each guard's exact
//! light, and the regressions the issue measured against the original game.

use mansion_forge::analysis::stealth::timeline::{self, guard_timelines};
use mansion_forge::analysis::stealth::{self, CellRules, CellSet, relit};
use mansion_forge::generate::recipe::Recipe;
use mansion_forge::model::{Cell, ItemKind};

/// Game 8, level 6, the doorway (9, 23): the issue quoted 39.4 % as shown and 13.8 % as the game's.
/// The original's own code (7d3f921, run under node on this level, its guard timelines equal to this
/// replay turn for turn) gives 39.42 %: guard 2 spots the unlit torch at (11, 27) at the end of turn 1
/// (in 2023 any guard relights, not only torch carriers), lights it at turn 9, and that torch lights the
/// doorway (d² 20; `castLight` marks a door cell lit before it blocks). Once settled the joint cycle of
/// 624 turns watches the doorway in 246: guard 2 in 4 turns of its 13, guard 4 in 78 of 624. The
/// issue's 13.8 % (86 of 624) is what the same walks give with that torch left dark, as in the light as
/// generated or under the later rule where only torch carriers relight.
#[test]
fn game_8_level_6_doorway_is_watched_as_the_2023_game_watches_it() {
    let level = Recipe::campaign_level(8, 6).build().expect("generates");
    let s = stealth::analyze(&level);
    assert!(
        s.relit
            .iter()
            .any(|r| r.cell == Cell::new(11, 27) && r.turn == 9 && r.guard == 2),
        "guard 2 relights (11, 27) at turn 9: {:?}",
        s.relit
    );
    let share = f64::from(s.watched_share.at(Cell::new(9, 23)));
    assert!(
        (share - 246.0 / 624.0).abs() < 1e-5,
        "watched share of (9, 23): {:.3} %",
        share * 100.0
    );
}

/// Where no torch is unlit nothing is relit, and the relit timelines are the closed form's turn by turn.
#[test]
fn with_every_torch_lit_the_relit_timelines_are_the_closed_form() {
    for level_no in 1..=9 {
        let mut level = Recipe::campaign_level(3, level_no)
            .build()
            .expect("generates");
        for item in &mut level.items {
            if item.kind == ItemKind::TorchUnlit {
                item.kind = ItemKind::TorchLit;
            }
        }
        let replayed = relit::relit_timelines(&level, &CellRules::new(&level), 1000);
        let closed = guard_timelines(&level, 1000);
        assert!(replayed.relit.is_empty());
        assert_eq!(replayed.timelines.len(), closed.len());
        for (a, b) in replayed.timelines.iter().zip(&closed) {
            assert_eq!((a.guard, a.period), (b.guard, b.period));
            for t in 0..3 * a.period + 5 {
                assert_eq!(
                    a.at(t),
                    b.at(t),
                    "level {level_no}, guard {}, turn {t}",
                    a.guard
                );
            }
        }
    }
}

/// §4.9, checked on a generated campaign: every relit timeline repeats with its period from its lead-in
/// on, against a long plain replay, and no guard's lap starts before the last torch it relit.
#[test]
fn relit_timelines_repeat_from_their_lead_in_as_the_replay_does() {
    use mansion_forge::analysis::stealth::undisturbed::{TorchRules, replay};
    for level_no in [3, 6, 9] {
        let level = Recipe::campaign_level(1, level_no)
            .build()
            .expect("generates");
        let r = relit::relit_timelines(&level, &CellRules::new(&level), 20_000);
        let turns = r.settle + 3 * r.timelines.iter().map(|t| t.period).max().unwrap_or(1);
        let long = replay(&TorchRules::GAME_2023, &level, turns);
        assert_eq!(long.relit, r.relit, "level {level_no}");
        for (tl, record) in r.timelines.iter().zip(&long.guards) {
            for t in 0..=turns {
                assert_eq!(
                    tl.at(t),
                    record.steps[t],
                    "level {level_no}, guard {}, turn {t}",
                    tl.guard
                );
            }
        }
    }
}

/// §7 (a): the settled lit map holds the one as generated, and every relit torch's cell.
#[test]
fn the_settled_lit_map_holds_the_generated_one_and_the_relit_torches() {
    let level = Recipe::campaign_level(1, 9).build().expect("generates");
    let s = stealth::analyze(&level);
    assert!(!s.relit.is_empty(), "level 9 has torches to relight");
    let (generated, settled) = (s.torch_lit_as_generated(), s.torch_lit_settled());
    assert!(generated.cells().all(|c| settled.contains(c)));
    for r in &s.relit {
        assert!(settled.contains(r.cell) && !generated.contains(r.cell));
    }
    assert!(s.summary.lit_floor_share_settled > s.summary.lit_floor_share);
}

/// Game 2, level 6, (12, 27): no longer "never watched": guard 0 sees it by guard 1's torch, counted
/// over their joint cycle of lcm(56, 34) = 952 turns. The issue quoted 12 turns in 952; the original's
/// code (7d3f921, run under node) gives 10, turns 206, 207, 374–377, 543–545 and 713 of each window:
/// guard 0 acts first and carries no torch, so its sight test uses the light of the end of the previous
/// turn (the game recomputes light at the end of every turn and inside a turn only after a carrier
/// moves or a torch is relit). The 12 is the union of the light of turns t − 1 and t, which the
/// game's turn loop never uses.
#[test]
fn game_2_level_6_cell_12_27_is_watched_over_the_joint_cycle() {
    let level = Recipe::campaign_level(2, 6).build().expect("generates");
    let s = stealth::analyze(&level);
    let share = f64::from(s.watched_share.at(Cell::new(12, 27)));
    assert!(
        (share - 10.0 / 952.0).abs() < 1e-5,
        "{:.4} %",
        share * 100.0
    );
}

/// Every floor cell's watched share equals its joint cycle walked turn by turn (§7 (b)): from the turn
/// after the settle turn, over the least common multiple of all guards' periods, a cell counts in a turn
/// when some guard's relaxed sight test (§3.3, [`sight::sees`]) passes under the light that guard's test
/// uses ([`light_of_sight_test`]). The oracle knows nothing of the heat map's patterns, lone counts,
/// carrier coverage or joint shares; it walks the mansions whose whole joint cycle is short enough to
/// walk.
#[test]
fn every_floor_cells_share_is_its_joint_cycle_walked_turn_by_turn() {
    const LONGEST_WALK: usize = 20_000;
    let (mut walked, mut carriers, mut watched_cells) = (0, 0, 0);
    for game in 0..20 {
        for level_no in 4..=9 {
            let level = Recipe::campaign_level(game, level_no)
                .build()
                .expect("generates");
            let s = stealth::analyze(&level);
            let cycle = s.timelines.iter().try_fold(1usize, |cycle, tl| {
                let p = tl.period.max(1);
                Some(cycle / gcd(cycle, p) * p).filter(|&c| c <= LONGEST_WALK)
            });
            let Some(cycle) = cycle else { continue };
            let turns = watched_turns(&s, cycle);
            let rules = &s.rules;
            for p in rules.standable.cells() {
                let turns = turns[rules.shape.index(p).expect("on the map")];
                let share = f64::from(s.watched_share.at(p));
                assert!(
                    (share - f64::from(turns) / cycle as f64).abs() < 1e-6,
                    "game {game} level {level_no}, {p:?}: {share} against {turns} of {cycle} turns"
                );
                watched_cells += usize::from(turns > 0);
            }
            walked += 1;
            carriers += s.timelines.iter().filter(|tl| tl.carries_torch).count();
        }
    }
    println!("walked {walked} mansions, {carriers} carriers, {watched_cells} watched cells");
    assert!(
        walked >= 10 && carriers >= 5 && watched_cells >= 1000,
        "walked {walked} mansions, {carriers} carriers, {watched_cells} watched cells"
    );
}

/// Per cell of the map (row-major), the turns of `cycle` from the turn after the settle turn in which
/// some guard's sight test sees a thief standing there.
fn watched_turns(s: &stealth::Stealth, cycle: usize) -> Vec<u32> {
    watched_turns_of(s, s.settle + 1..s.settle + 1 + cycle, |g, t| {
        s.timelines[g].at(t)
    })
}

/// Per cell of the map (row-major), the turns of `turns` in which some guard's sight test sees a thief
/// standing there, each guard timeline `g` at `at(g, t)` at turn `t`.
fn watched_turns_of(
    s: &stealth::Stealth,
    turns: std::ops::Range<usize>,
    at: impl Fn(usize, usize) -> (Cell, mansion_forge::model::Dir),
) -> Vec<u32> {
    use mansion_forge::analysis::stealth::sight;
    let rules = &s.rules;
    // The farthest a guard sees along a row or column: the largest d with d² below the lit cutoff.
    let reach = (0..sight::LIT_CUTOFF)
        .take_while(|d| d * d < sight::LIT_CUTOFF)
        .last()
        .unwrap_or(0);
    let mut count = vec![0u32; rules.shape.len()];
    for t in turns {
        let mut seen = CellSet::empty(rules.shape);
        for g in 0..s.timelines.len() {
            let lit = light_of_sight_test(s, g, t, &at);
            let (cell, facing) = at(g, t);
            let near = (-reach..=reach).flat_map(|dy| (-reach..=reach).map(move |dx| (dx, dy)));
            for p in near.map(|(dx, dy)| cell.offset(dx, dy)) {
                let hidden = rules.hides.contains(p);
                if rules.standable.contains(p)
                    && sight::sees(rules, cell, facing, p, lit.contains(p), hidden)
                {
                    seen.insert(p);
                }
            }
        }
        for p in seen.cells() {
            count[rules.shape.index(p).expect("on the map")] += 1;
        }
    }
    count
}

/// The light of guard timeline `g`'s sight test at turn `t` in the settled regime (§2.3): the settled
/// torches, the torch carriers listed up to it at their cells of the turn (its own torch included) and
/// the carriers listed after it still at their cells of the turn before.
fn light_of_sight_test(
    s: &stealth::Stealth,
    g: usize,
    t: usize,
    at: impl Fn(usize, usize) -> (Cell, mansion_forge::model::Dir),
) -> CellSet {
    use mansion_forge::analysis::stealth::light::{CARRIED_RADIUS2, cast};
    let mut lit = s.torch_lit_settled().clone();
    for (k, carrier) in s.timelines.iter().enumerate() {
        if carrier.carries_torch {
            let turn = if k <= g { t } else { t - 1 };
            cast(&s.rules, at(k, turn).0, CARRIED_RADIUS2).add_to(&mut lit);
        }
    }
    lit
}

fn gcd(a: usize, b: usize) -> usize {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// Issue 39, item 4 (a): where two guards' laps would put them on one cell some day, the later one is
/// held up or pushed aside (§4.3), and the timeline follows the joint replay from then on instead of
/// each guard's own lap: on tile-growth mansions and on 2025 mansions played by the 2023 rules, every
/// guard's cell and facing equal a plain joint replay turn by turn for 3,000 turns past the settle turn.
#[test]
fn timelines_follow_the_joint_replay_where_guards_meet() {
    use mansion_forge::analysis::stealth::undisturbed::{TorchRules, replay};
    // Per generator: mansions seen, and those with a guard pushed off its own lap.
    let mut pushed: Vec<(String, usize, usize)> = Vec::new();
    for (name, level) in meeting_mansions() {
        let s = stealth::analyze(&level);
        let turns = s.settle + 3_000;
        let long = replay(&TorchRules::GAME_2023, &level, turns);
        for (tl, record) in s.timelines.iter().zip(&long.guards) {
            for t in 0..=turns {
                assert_eq!(
                    tl.at(t),
                    record.steps[t],
                    "{name}, guard {}, turn {t}",
                    tl.guard
                );
            }
        }
        let any_pushed = s.timelines.iter().any(|tl| {
            let route = &level.patrols[level.guards[tl.guard].route];
            tl.period != timeline::route_period(route.cells.len(), route.loops())
        });
        let id = name.split(' ').next().unwrap_or_default().to_string();
        match pushed.iter_mut().find(|(g, ..)| *g == id) {
            Some((_, seen, count)) => {
                *seen += 1;
                *count += usize::from(any_pushed);
            }
            None => pushed.push((id, 1, usize::from(any_pushed))),
        }
    }
    // The figures `docs/stealth.md` gives (`cargo test --test relit_analysis -- --nocapture` prints them).
    for (id, seen, count) in &pushed {
        println!("{id}: a guard pushed off its own lap on {count} of {seen} mansions");
    }
    let total: usize = pushed.iter().map(|(.., count)| count).sum();
    assert!(total >= 10, "{total} mansions with pushed guards");
}

/// The mansion (`--generator lll2025 --seed 103 --level 7`, the 2023 rules) and the others
/// whose guards meet: no cell a guard watches in the joint replay's 3,000 turns past the settle turn
/// is shown as never watched (the issue found 9 such cells there, watched 2–5 % of the time).
#[test]
fn no_cell_the_joint_replay_watches_is_shown_never_watched() {
    use mansion_forge::analysis::stealth::undisturbed::{TorchRules, replay};
    for (name, level) in meeting_mansions() {
        let s = stealth::analyze(&level);
        let from = s.settle + 1;
        let long = replay(&TorchRules::GAME_2023, &level, from + 3_000);
        let walked = watched_turns_of(&s, from..from + 3_000, |g, t| long.guards[g].steps[t]);
        for p in s.rules.standable.cells() {
            let turns = walked[s.rules.shape.index(p).expect("on the map")];
            assert!(
                turns == 0 || s.watched_share.at(p) > 0.0,
                "{name}: {p:?} is watched in {turns} of 3,000 turns but shown never watched"
            );
        }
    }
}

/// Mansions on which some guards' laps meet: the tile-growth seeds the issue measured among others and
/// 2025 mansions (their looping patrols share corridors), analysed by the 2023 rules.
fn meeting_mansions() -> Vec<(String, mansion_forge::model::Level)> {
    use mansion_forge::generate::{Request, Rerolls, registry};
    let mut out = Vec::new();
    for (id, seeds, levels) in [
        ("tile-growth", 1..=20, None),
        ("lll2025", 101..=103, Some(2..=9)),
    ] {
        let generator = registry::by_id(id, &[]).expect("a generator").generator();
        for seed in seeds {
            for level in levels.clone().unwrap_or((seed * 7 % 10)..=(seed * 7 % 10)) {
                let request = Request {
                    level,
                    seed: u64::from(seed),
                    locks: &[],
                    rerolls: Rerolls::default(),
                };
                let made = generator.generate(&request).expect("generates");
                out.push((format!("{id} seed {seed} level {level}"), made));
            }
        }
    }
    out
}
