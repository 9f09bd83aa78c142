//! The greedy thief: goes for the nearest loot it has not taken by the shortest path, and holds still
//! while the next cell is in a guard's sight. It models a player who knows the whole map and rushes,
//! leaping portcullises and windows; it does not model hiding places, torches or a plan to leave.

use std::collections::VecDeque;

use super::thief::Thief;
use crate::model::{Cell, Dir, Grid, ItemKind, Terrain};
use crate::play::{Move, Session, move_between};

/// The greedy thief and what it remembers between turns.
#[derive(Clone, Debug)]
pub struct Greedy {
    /// How many turns in a row it waits for a guard to look away before it goes anyway.
    pub patience: usize,
    waited: usize,
    /// Loot it tried to reach and could not: the step onto it was refused.
    given_up: Vec<Cell>,
    /// The cell it stood on and the coin it stepped toward last turn.
    last: Option<(Cell, Cell)>,
}

impl Default for Greedy {
    fn default() -> Self {
        Greedy {
            patience: 3,
            waited: 0,
            given_up: Vec::new(),
            last: None,
        }
    }
}

impl Thief for Greedy {
    fn next_move(&mut self, game: &dyn Session) -> Option<Move> {
        let now = game.snapshot();
        if let Some((from, goal)) = self.last.take()
            && from == now.thief
            && !now.taken.contains(&goal)
            && self.waited == 0
        {
            self.given_up.push(goal);
        }
        let level = game.level();
        let goals: Vec<Cell> = level
            .items
            .iter()
            .filter(|i| i.kind == ItemKind::Coin)
            .map(|i| i.cell)
            .filter(|c| !now.taken.contains(c) && !self.given_up.contains(c))
            .collect();
        let (next, goal) = first_step(game, now.thief, &goals)?;
        let watched = |c: Cell| (0..level.guards.len()).any(|g| game.guard_sees(g, c));
        if watched(next) && !watched(now.thief) && self.waited < self.patience {
            self.waited += 1;
            return Some(Move::Wait);
        }
        self.waited = 0;
        self.last = Some((now.thief, goal));
        move_between(now.thief, next)
    }
}

/// The first cell of a shortest walk from `from` to the nearest of `goals` over cells the thief may
/// stand on (a goal itself may be one it takes from beside), and that goal; `None` when none is reached.
fn first_step(game: &dyn Session, from: Cell, goals: &[Cell]) -> Option<(Cell, Cell)> {
    let level = game.level();
    let mut came_from: Grid<Option<Cell>> = Grid::new(level.shape(), None);
    *came_from.get_mut(from)? = Some(from);
    let mut queue = VecDeque::from([from]);
    while let Some(cell) = queue.pop_front() {
        if goals.contains(&cell) {
            let mut step = cell;
            while let Some(prev) = came_from.at(step).filter(|&p| p != from) {
                step = prev;
            }
            return Some((step, cell));
        }
        for dir in [Dir::N, Dir::E, Dir::S, Dir::W] {
            let (dx, dy) = dir.delta();
            let beside = cell.offset(dx, dy);
            // A portcullis or a window is leapt over, to the cell beyond (`stealth-rules.md` §4).
            let over = matches!(
                level.terrain(beside),
                Terrain::Portcullis(_) | Terrain::Window(_)
            );
            let next = if over { beside.offset(dx, dy) } else { beside };
            let open = game.may_stand(next) || goals.contains(&next);
            if let Some(slot) = came_from.get_mut(next).filter(|s| s.is_none() && open) {
                *slot = Some(cell);
                queue.push_back(next);
            }
        }
    }
    None
}
