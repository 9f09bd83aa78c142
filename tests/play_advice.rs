//! What a refused move says (`play::advice`), on small floors built by hand: what is in the way, and
//! the move that works when there is one. The thief stands at (1, 1) of a 7 × 3 marble floor and moves
//! east.

use mansion_forge::model::{Axis, Cell, Dir, Level, Terrain};
use mansion_forge::play::advice::{open_moves, refusal_words};
use mansion_forge::play::{Move, Session, rule_sets};

fn floor() -> Level {
    Level::blank("test", 1, 0, (7, 3), Terrain::Marble)
}

fn session(level: Level) -> Box<dyn Session> {
    let rules = rule_sets::all()
        .iter()
        .copied()
        .find(|r| r.id() == "2023")
        .expect("the 2023 rules");
    rules.start(level, 0, Cell::new(1, 1), 0)
}

/// The words for `mv`, which must be refused.
fn refused(level: Level, mv: Move) -> String {
    let mut game = session(level);
    let refusal = game.play(mv).expect_err("the move is refused");
    refusal_words(game.as_ref(), mv, &refusal)
}

/// A floor with a portcullis east of the thief that a leap east passes over.
fn portcullis_floor() -> Level {
    [Axis::NS, Axis::EW]
        .into_iter()
        .map(|axis| {
            let mut level = floor();
            level.set_terrain(Cell::new(2, 1), Terrain::Portcullis(axis));
            level
        })
        .find(|level| open_moves(session(level.clone()).as_ref()).contains(&Move::Leap(Dir::E)))
        .expect("a portcullis a leap passes")
}

#[test]
fn a_step_into_a_portcullis_says_to_leap_and_the_leap_is_open() {
    let level = portcullis_floor();
    let open = open_moves(session(level.clone()).as_ref());
    assert!(!open.contains(&Move::Step(Dir::E)), "{open:?}");
    assert_eq!(
        refused(level, Move::Step(Dir::E)),
        "a portcullis: leap over it with Shift+Right (L:E)"
    );
}

#[test]
fn a_leap_names_what_stops_it_or_what_stands_on_its_landing() {
    let mut walled = floor();
    walled.set_terrain(Cell::new(2, 1), Terrain::Wall);
    assert_eq!(
        refused(walled.clone(), Move::Leap(Dir::E)),
        "a wall in the way"
    );
    assert_eq!(refused(walled, Move::Step(Dir::E)), "a wall that way");
    // Over the portcullis onto a wall: the portcullis is leapt over, the landing is what stops it,
    // and a step is told no leap gets past.
    let mut landing = portcullis_floor();
    landing.set_terrain(Cell::new(3, 1), Terrain::Wall);
    assert_eq!(
        refused(landing.clone(), Move::Leap(Dir::E)),
        "a wall where the leap would land"
    );
    assert_eq!(
        refused(landing, Move::Step(Dir::E)),
        "a portcullis, and no leap gets past it from here"
    );
}
