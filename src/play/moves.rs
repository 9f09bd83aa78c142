//! The thief's moves and the CLI's notation for them: `N E S W` steps, `w` wait, `L:E` a leap east,
//! separated by spaces (`"N N W L:E w"`).

use std::fmt;

use crate::analysis::stealth::Route;
use crate::model::{Cell, Dir};

/// One action of the thief (§5.1): the game has only four directions, a step, a leap and a wait. A torch
/// bump is not an action of its own: it is what a step or leap into a torch becomes (§5.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// Try to go one cell in a direction.
    Step(Dir),
    /// Try to go two cells in a straight line in one turn (Shift + direction in the game); how far it
    /// really goes is the rule set's to say.
    Leap(Dir),
    /// Stay in place while a turn passes.
    Wait,
}

/// A token of a move list that is not a move, and where it stands, so that a long list typed on the
/// command line can be fixed without counting by hand.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "move {position} `{}` is not a move: expected N, E, S, W, w (wait) or L:N, L:E, L:S, L:W (leap)",
    crate::model::limits::quote(.token)
)]
pub struct ParseMoveError {
    /// The token's place in the list, counting from 1.
    pub position: usize,
    /// The token as written.
    pub token: String,
}

fn dir_of(text: &str) -> Option<Dir> {
    match text {
        "N" => Some(Dir::N),
        "E" => Some(Dir::E),
        "S" => Some(Dir::S),
        "W" => Some(Dir::W),
        _ => None,
    }
}

/// One token as a move. The notation is case-sensitive because `w` (wait) and `W` (a step west) differ
/// only in case.
fn parse_one(token: &str) -> Option<Move> {
    if token == "w" {
        return Some(Move::Wait);
    }
    match token.strip_prefix("L:") {
        Some(dir) => dir_of(dir).map(Move::Leap),
        None => dir_of(token).map(Move::Step),
    }
}

/// Writes the notation [`parse_moves`] reads, so a replayed game can be printed and read back.
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let dir = |d: Dir| match d {
            Dir::N => "N",
            Dir::E => "E",
            Dir::S => "S",
            Dir::W => "W",
        };
        match self {
            Move::Step(d) => f.write_str(dir(*d)),
            Move::Leap(d) => write!(f, "L:{}", dir(*d)),
            Move::Wait => f.write_str("w"),
        }
    }
}

/// The moves of a space-separated list, in order; an empty list is no moves. The first bad token is
/// reported with its position rather than skipped, since playing on from a misread move would replay a
/// different game.
///
/// # Examples
///
/// The notation is case-sensitive (`w` waits, `W` steps west), reads back what [`Move`] prints, and
/// names the first bad token by its place:
///
/// ```
/// use mansion_forge::model::Dir;
/// use mansion_forge::play::{Move, parse_moves};
///
/// let moves = parse_moves("N  L:E w W").expect("four moves");
/// assert_eq!(moves, [Move::Step(Dir::N), Move::Leap(Dir::E), Move::Wait, Move::Step(Dir::W)]);
/// let printed: Vec<String> = moves.iter().map(Move::to_string).collect();
/// assert_eq!(printed.join(" "), "N L:E w W");
/// assert_eq!(parse_moves("").expect("no moves"), []);
///
/// let error = parse_moves("N N n E").expect_err("`n` is no move");
/// assert_eq!((error.position, error.token.as_str()), (3, "n"));
/// assert!(error.to_string().starts_with("move 3 `n` is not a move"));
/// assert_eq!(parse_moves("L:X").expect_err("no such leap").token, "L:X");
/// ```
pub fn parse_moves(text: &str) -> Result<Vec<Move>, ParseMoveError> {
    text.split_whitespace()
        .enumerate()
        .map(|(i, token)| {
            parse_one(token).ok_or_else(|| ParseMoveError {
                position: i + 1,
                token: token.to_string(),
            })
        })
        .collect()
}

/// The move that takes the thief from `from` to `to` in one turn: a wait, a step, or a leap two cells
/// in a straight line; `None` for anything else. A route's cells (one per turn, as the analysis's
/// [`Route`](crate::analysis::stealth::Route) has them) become the moves to play it.
///
/// # Examples
///
/// North is `y + 1`; a leap covers two cells in a straight line, and nothing covers a diagonal:
///
/// ```
/// use mansion_forge::model::{Cell, Dir};
/// use mansion_forge::play::{Move, move_between};
///
/// let here = Cell::new(5, 5);
/// assert_eq!(move_between(here, here), Some(Move::Wait));
/// assert_eq!(move_between(here, Cell::new(5, 6)), Some(Move::Step(Dir::N)));
/// assert_eq!(move_between(here, Cell::new(3, 5)), Some(Move::Leap(Dir::W)));
/// assert_eq!(move_between(here, Cell::new(6, 6)), None);
/// assert_eq!(move_between(here, Cell::new(5, 8)), None);
/// ```
pub fn move_between(from: Cell, to: Cell) -> Option<Move> {
    if from == to {
        return Some(Move::Wait);
    }
    let (dx, dy) = (to.x - from.x, to.y - from.y);
    [Dir::N, Dir::E, Dir::S, Dir::W].into_iter().find_map(|d| {
        let (ux, uy) = d.delta();
        if (dx, dy) == (ux, uy) {
            Some(Move::Step(d))
        } else if (dx, dy) == (2 * ux, 2 * uy) {
            Some(Move::Leap(d))
        } else {
            None
        }
    })
}

/// The moves that play `route` (one cell per turn), or `None` if two cells in a row are no move apart:
/// its turn spent bumping the loot (if any) is a step toward the loot, every other pair of cells the
/// move between them.
pub fn route_moves(route: &Route) -> Option<Vec<Move>> {
    (1..route.path.len())
        .map(|t| route_move(route, t))
        .collect()
}

/// The move of `route`'s turn `t ≥ 1`: from `path[t − 1]` to `path[t]`, or toward the loot it bumps.
pub fn route_move(route: &Route, t: usize) -> Option<Move> {
    let from = *route.path.get(t - 1)?;
    match route.bump {
        Some(bump) if bump.turn == t => move_between(from, bump.loot),
        _ => move_between(from, *route.path.get(t)?),
    }
}
