//! Sight and light: the cutoffs of each mode, two cells ahead, graded light, tall furniture, beds.

use mansion_forge::model::Cell;
use mansion_forge::play::rules2025::{GuardMode as M, Setup, sketch_mark};

use super::start;

/// A wide room lit by one torch at (14,4). Guard 0 at (2,4) faces east, fenced by short drawers, which
/// block neither sight nor light (`create-map.ts:7038-7050`) but keep it from moving
/// (`game-map.ts:352`), so every mode is tested from the same cell.
const RANGE_ROOM: [&str; 9] = [
    "#####################",
    "#...................#",
    "#...................#",
    "#ddd................#",
    "#d0d..........!.....#",
    "#ddd................#",
    "#........@..........#",
    "#...................#",
    "#####################",
];

/// Sight cutoffs by mode, with the light's grade, from one guard cell.
///
/// A cell is in range when `d² < cutoff`, the cutoff chosen by `lit > 0` (`guard.ts:665-670`,
/// `699-707`): relaxed 40 lit / 3 dark, alert 75 / 15, chasing 75 / 33; a cell exactly two straight
/// ahead is always in range (`guard.ts:668`); only a chaser sees behind (`guard.ts:660-663`). Light is
/// `1/(0.5·d² + 1)` from the torch, cast only within its radius² 45 (`game-map.ts:876-889`), the
/// torch's own cell 1 (`game-map.ts:835`).
///
/// Cells (d from the guard; light from the torch):
/// - A (3,4) d² 1 dark; B (4,4) d² 4 dark, two ahead; C (2,6) d² 4 dark, beside; D (5,4) d² 9 dark;
///   E (6,4) d² 16 dark (torch d² 64); F (8,4) d² 36, light 1/19 (torch d² 36); G (8,6) d² 40, light
///   1/21 (torch d² 40); H (10,4) d² 64, light 1/9; I (11,4) d² 81, light 2/11; J (7,6) d² 29 dark;
///   K (1,4) d² 1 behind; L (7,7) d² 34 dark; M (6,7) d² 25 dark.
/// - Relaxed: A, B (two ahead), F (lit, 36 < 40) seen; C, D (dark, ≥ 3), G (40 is not < 40), K (behind)
///   not.
/// - The thief walks (9,2) → (8,2), d² 40 lit, unseen, then to (8,3), d² 37 lit: Look
///   (`guard.ts:471-474`). Alert: A–D, F, G, H seen; E (16 ≥ 15 dark), I (81), J (29 dark), K, L, M not.
/// - `w`: Look sees the thief again and chases (`guard.ts:206-212`), fenced in place. Chasing: K behind
///   now seen, E, J, M (dark < 33) seen, L (34 dark) not, H (64 lit) seen, I (81) not.
#[test]
fn sight_cutoffs_by_mode_with_graded_light() {
    let mut p = start("sight cutoffs", Setup::sketch(&RANGE_ROOM));
    let c = |x, y| Cell::new(x, y);
    let (a, b, cc, d, e, f, g) = (
        c(3, 4),
        c(4, 4),
        c(2, 6),
        c(5, 4),
        c(6, 4),
        c(8, 4),
        c(8, 6),
    );
    let (h, i, j, k, l, m) = (c(10, 4), c(11, 4), c(7, 6), c(1, 4), c(7, 7), c(6, 7));
    let cells = [a, b, cc, d, e, f, g, h, i, j, k, l, m];
    let see = |p: &super::Play| {
        cells
            .iter()
            .map(|&x| p.game.guard_would_see(0, x))
            .collect::<Vec<_>>()
    };

    let close = |x: f64, y: f64| (x - y).abs() < 1e-12;
    assert!(close(p.lit(c(14, 4)), 1.0));
    assert!(close(p.lit(c(16, 4)), 1.0 / 3.0));
    assert!(close(p.lit(f), 1.0 / 19.0));
    assert!(close(p.lit(g), 1.0 / 21.0));
    assert!(close(p.lit(h), 1.0 / 9.0));
    assert!(close(p.lit(i), 2.0 / 11.0));
    for x in [a, b, cc, d, e, j, k, l, m, c(7, 4)] {
        assert!(p.lit(x) <= 0.0, "{x:?} is beyond the torch's radius² 45");
    }

    p.go("W");
    assert_eq!(p.mode(0), M::Patrol, "d² 40 is not under 40");
    //                      A     B     C      D      E      F     G      H      I      J      K      L      M
    assert_eq!(
        see(&p),
        [
            true, true, false, false, false, true, false, false, false, false, false, false, false
        ]
    );

    p.go("N");
    assert_eq!(p.mode(0), M::Look);
    assert_eq!(
        see(&p),
        [
            true, true, true, true, false, true, true, true, false, false, false, false, false
        ]
    );

    p.go("w");
    assert_eq!(p.mode(0), M::ChaseVisibleTarget);
    assert_eq!(p.guard(0).cell, c(2, 4));
    assert_eq!(
        see(&p),
        [
            true, true, true, true, true, true, true, true, false, true, true, false, true
        ]
    );
}

/// Two torches: their light adds up and is capped at 1 (`game-map.ts:884-889`), in the order of the
/// item list.
/// - (1,1): 1/(0.5+1) + 1/(4.5+1) = 2/3 + 2/11.
/// - (3,1): 2/3 + 2/3 = 4/3, capped at 1.
/// - (6,1): 1/(8+1) + 1/(2+1) = 1/9 + 1/3.
/// - (3,2): 1/(1+1) twice = 1.
#[test]
fn light_adds_up_and_is_capped_at_one() {
    let rows = ["#########", "#@......#", "#.!.!...#", "#########"];
    let p = start("light sum", Setup::sketch(&rows));
    let close = |x: f64, y: f64| (x - y).abs() < 1e-12;
    assert!(close(p.lit(Cell::new(1, 1)), 2.0 / 3.0 + 2.0 / 11.0));
    assert!(close(p.lit(Cell::new(3, 1)), 1.0));
    assert!(close(p.lit(Cell::new(6, 1)), 1.0 / 9.0 + 1.0 / 3.0));
    assert!(close(p.lit(Cell::new(3, 2)), 1.0));
}

/// Tall drawers block sight and light; short drawers block neither (`create-map.ts:7038-7050`).
///
/// Guard 0 at (1,2) faces east; the drawers stand at (3,2), the torch at (7,2).
/// - (5,2), d² 16 lit: the line passes the drawers' cell (`guard.ts:1135-1138`): unseen behind tall
///   drawers, seen past short ones.
/// - (3,3), d² 5 lit: the line runs (2,2), (2,3) (`guard.ts:1096-1147`), clear: seen either way.
/// - (2,2), five cells straight behind the drawers from the torch: in their shadow, so dark behind tall
///   drawers (`game-map.ts:892-895`), lit 1/(12.5+1) past short ones.
#[test]
fn tall_furniture_blocks_sight_and_light() {
    for (furniture, blocks) in [('h', true), ('d', false)] {
        let rows = [
            "##########",
            "#........#",
            format!("#0.{furniture}...!@#").leak(),
            "#........#",
            "##########",
        ];
        let p = start(&format!("drawers {furniture}"), Setup::sketch(&rows));
        assert_eq!(p.game.guard_would_see(0, Cell::new(5, 2)), !blocks);
        assert!(p.game.guard_would_see(0, Cell::new(3, 3)));
        let behind = p.lit(Cell::new(2, 2));
        if blocks {
            assert!(behind <= 0.0);
        } else {
            assert!((behind - 1.0 / 13.5).abs() < 1e-12);
        }
    }
}

/// Beds hide (`create-map.ts:7051-7056`): a relaxed guard does not see a hidden thief, not even an
/// adjacent one (`guard.ts:672-676`; the adjacency exception is for alert or angry guards only).
///
/// Guard 0 at (1,2) faces east in a lit room. The thief starts on the bed's west half at (5,2), d² 16:
/// unseen; steps onto the east half (6,2): unseen; steps off it to (6,3), d² 26 lit: Look. A second
/// level puts the thief on a bed right in front of the guard: unseen.
#[test]
fn beds_hide_the_thief() {
    let rows = [
        "##########",
        "#........#",
        "#0...[]!.#",
        "#........#",
        "##########",
    ];
    let mut s = Setup::sketch(&rows);
    s.player_start = sketch_mark(&rows, '[');
    let mut p = start("bed", s);
    p.go("w");
    assert_eq!(p.mode(0), M::Patrol);
    p.go("E");
    assert_eq!(p.mode(0), M::Patrol);
    assert!(!p.game.noticed());
    p.go("N");
    assert_eq!(p.mode(0), M::Look);

    let rows = ["#######", "#0[]!.#", "#######"];
    let mut s = Setup::sketch(&rows);
    s.player_start = sketch_mark(&rows, '[');
    let mut p = start("bed beside a relaxed guard", s);
    p.go("w");
    assert_eq!(p.mode(0), M::Patrol);
    assert!(!p.game.noticed());
}
