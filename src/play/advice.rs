//! What a newcomer to a play-test needs to hear: when a move is refused, what is in the way and which
//! move would work instead ("a portcullis: leap over it with Shift+Up"), and which moves go from here.
//! Every answer comes from playing the move on a copy of the game, so it holds under any rule set;
//! nothing here knows a game version. The Play panel and `play`'s JSON lines say the same words.

use super::game::Refusal;
use super::moves::Move;
use super::rules::Rejection;
use super::session::Session;
use crate::model::{Cell, Dir, ItemKind, Level, Terrain};

/// Every move there is, in the order they are listed: the four steps, the four leaps, the wait.
pub const ALL_MOVES: [Move; 9] = [
    Move::Step(Dir::N),
    Move::Step(Dir::E),
    Move::Step(Dir::S),
    Move::Step(Dir::W),
    Move::Leap(Dir::N),
    Move::Leap(Dir::E),
    Move::Leap(Dir::S),
    Move::Leap(Dir::W),
    Move::Wait,
];

/// Whether `mv` would be played (a turn would pass, or the thief would leave) in `session` as it is.
pub fn would_play(session: &dyn Session, mv: Move) -> bool {
    session.over().is_none() && session.boxed_clone().play(mv).is_ok()
}

/// The moves that would be played from where the thief stands, in [`ALL_MOVES`] order.
pub fn open_moves(session: &dyn Session) -> Vec<Move> {
    ALL_MOVES
        .into_iter()
        .filter(|&mv| would_play(session, mv))
        .collect()
}

/// The editor's keys for a move, with the command line's spelling beside them: `Up (N)`,
/// `Shift+Up (L:N)`, `Space (w)`.
pub fn keys(mv: Move) -> String {
    // Named, not drawn as arrows: the editor's fonts have no arrow glyphs.
    let arrow = |d: Dir| match d {
        Dir::N => "Up",
        Dir::E => "Right",
        Dir::S => "Down",
        Dir::W => "Left",
    };
    match mv {
        Move::Step(d) => format!("{} ({mv})", arrow(d)),
        Move::Leap(d) => format!("Shift+{} ({mv})", arrow(d)),
        Move::Wait => format!("Space ({mv})"),
    }
}

/// What stands on `cell` in the thief's way, in a few words, if anything does.
fn obstacle(level: &Level, cell: Cell) -> Option<String> {
    if !level.in_bounds(cell) {
        return Some(
            "the map's edge (the thief leaves only once the whole mansion is mapped)".into(),
        );
    }
    let in_the_way = |kind: ItemKind| {
        kind.is_torch()
            || kind.blocks_movement()
            || matches!(kind, ItemKind::LockedDoor(_) | ItemKind::Portcullis(_))
    };
    if let Some(item) = level
        .items
        .iter()
        .find(|i| i.cell == cell && in_the_way(i.kind))
    {
        return Some(format!("a {}", item.kind.name()));
    }
    match level.terrain(cell) {
        Terrain::Wall => Some("a wall".into()),
        Terrain::Window(_) => Some("a window".into()),
        Terrain::Portcullis(_) => Some("a portcullis".into()),
        Terrain::Void => Some("nothing to stand on".into()),
        _ => None,
    }
}

/// Why `mv` was refused, and what would work instead, for `session` as it stands after the refusal
/// (a refused move changes nothing the thief can see). A step into a window, a portcullis or a torch
/// says to leap over it when a leap that way would be played; a leap says what stands on its landing.
pub fn refusal_words(session: &dyn Session, mv: Move, refusal: &Refusal) -> String {
    let Refusal::Rejected(Rejection::Blocked) = refusal else {
        return refusal.to_string();
    };
    let (Move::Step(dir) | Move::Leap(dir)) = mv else {
        return refusal.to_string();
    };
    let level = session.level();
    let from = session.snapshot().thief;
    let (dx, dy) = dir.delta();
    let next = from.offset(dx, dy);
    let landing = from.offset(2 * dx, 2 * dy);
    match mv {
        Move::Step(_) => {
            let what = obstacle(level, next).unwrap_or_else(|| "nothing to stand on".into());
            let leap = Move::Leap(dir);
            if would_play(session, leap) {
                format!("{what}: leap over it with {}", keys(leap))
            } else if level.in_bounds(next) && level.terrain(next) == Terrain::Wall {
                "a wall that way".to_string()
            } else {
                format!("{what}, and no leap gets past it from here")
            }
        }
        _ => match (obstacle(level, next), obstacle(level, landing)) {
            // A leap goes over a window, a portcullis or a torch; anything else stops it short.
            (Some(what), _) if !leapt_over(level, next) => format!("{what} in the way"),
            (_, Some(what)) => format!("{what} where the leap would land"),
            _ => refusal.to_string(),
        },
    }
}

/// Whether a leap passes over what stands on `cell` (a window, a portcullis, a torch) rather than
/// being stopped by it.
fn leapt_over(level: &Level, cell: Cell) -> bool {
    level.in_bounds(cell)
        && (matches!(
            level.terrain(cell),
            Terrain::Window(_) | Terrain::Portcullis(_)
        ) || level
            .items
            .iter()
            .any(|i| i.cell == cell && i.kind.is_torch()))
}
