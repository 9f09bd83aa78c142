//! Where a simulated thief can go, worked out once per level ([`Walk`]), and the distance fields it
//! plans with ([`Field`]). A thief plans every few turns, so a plan must cost microseconds: the moves
//! out of each cell are listed once, and a plan is one breadth-first search from the goals.

use std::collections::VecDeque;

use crate::model::{Cell, Dir, Shape, Terrain};
use crate::play::{Move, Session};

/// No cell: an index past every map.
const NONE: u32 = u32::MAX;

/// The four ways a thief moves, in the order plans break ties.
pub(crate) const DIRS: [Dir; 4] = [Dir::N, Dir::E, Dir::S, Dir::W];

/// The cells a thief may stand on and the moves between them: a step to a neighbour, or a leap two
/// cells on over a standable cell, a portcullis or a window that opens that way (`stealth-rules.md`
/// §5.2). Stepping off the map (leaving) is not a link: [`Walk::exit_dir`] says which way leaves from a
/// border cell. Moves the rules refuse all the same (a guard in the way, a rule of a later game) are
/// the planner's to notice.
#[derive(Clone, Debug)]
pub(crate) struct Walk {
    shape: Shape,
    standable: Vec<bool>,
    /// Per cell, per move of [`MOVES`]: where the move lands, or [`NONE`].
    links: Vec<[u32; 8]>,
    /// Per cell, per move of [`MOVES`]: the cell that move comes from to land here, or [`NONE`].
    back: Vec<[u32; 8]>,
}

/// The moves a thief plans with: each direction's step, then its leap.
const MOVES: [Move; 8] = [
    Move::Step(Dir::N),
    Move::Leap(Dir::N),
    Move::Step(Dir::E),
    Move::Leap(Dir::E),
    Move::Step(Dir::S),
    Move::Leap(Dir::S),
    Move::Step(Dir::W),
    Move::Leap(Dir::W),
];

impl Walk {
    /// The moves of `game`'s level, from where the game says the thief may stand.
    pub fn new(game: &dyn Session) -> Walk {
        let level = game.level();
        let shape = level.shape();
        let standable: Vec<bool> = (0..shape.len())
            .map(|i| game.may_stand(shape.cell(i)))
            .collect();
        let index = |c: Cell| shape.index(c).filter(|&i| standable[i]);
        let passes = |c: Cell, dir: Dir| {
            index(c).is_some()
                || match level.terrain(c) {
                    Terrain::Window(way) => way == dir,
                    Terrain::Portcullis(_) => true,
                    _ => false,
                }
        };
        let mut links = vec![[NONE; 8]; shape.len()];
        let mut back = vec![[NONE; 8]; shape.len()];
        for i in (0..shape.len()).filter(|&i| standable[i]) {
            let from = shape.cell(i);
            for (m, mv) in MOVES.into_iter().enumerate() {
                let (dir, far) = match mv {
                    Move::Step(dir) => (dir, false),
                    Move::Leap(dir) => (dir, true),
                    Move::Wait => continue,
                };
                let (dx, dy) = dir.delta();
                let beside = from.offset(dx, dy);
                let landing = match far {
                    false => index(beside),
                    true if passes(beside, dir) => index(beside.offset(dx, dy)),
                    true => None,
                };
                if let Some(j) = landing {
                    links[i][m] = j as u32;
                    back[j][m] = i as u32;
                }
            }
        }
        Walk {
            shape,
            standable,
            links,
            back,
        }
    }

    /// The map's shape.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// Whether the thief may stand on `cell`.
    pub fn standable(&self, cell: Cell) -> bool {
        self.shape.index(cell).is_some_and(|i| self.standable[i])
    }

    /// The cells one move from `cell` (steps and leaps), with the move.
    pub fn moves_from(&self, cell: Cell) -> impl Iterator<Item = (Move, Cell)> + '_ {
        let links = self.shape.index(cell).map_or([NONE; 8], |i| self.links[i]);
        MOVES
            .into_iter()
            .zip(links)
            .filter(|&(_, j)| j != NONE)
            .map(|(mv, j)| (mv, self.shape.cell(j as usize)))
    }

    /// The way off the map from `cell`, if it is a standable border cell.
    pub fn exit_dir(&self, cell: Cell) -> Option<Dir> {
        if !self.standable(cell) {
            return None;
        }
        DIRS.into_iter().find(|d| {
            let (dx, dy) = d.delta();
            !self.shape.contains(cell.offset(dx, dy))
        })
    }

    /// The standable cells on the map's border, from which a step leaves.
    pub fn exits(&self) -> Vec<Cell> {
        (0..self.shape.len())
            .map(|i| self.shape.cell(i))
            .filter(|&c| self.exit_dir(c).is_some())
            .collect()
    }

    /// Distances (in moves) to the nearest of `goals`, over the cells `known` allows. A goal the
    /// thief cannot stand on (loot on furniture) is reached by bumping it from a standable neighbour.
    pub fn field(&self, goals: &[Cell], known: impl Fn(usize) -> bool) -> Field {
        let mut distance = vec![NONE; self.shape.len()];
        let mut queue = VecDeque::new();
        for &goal in goals {
            if let Some(i) = self.shape.index(goal)
                && distance[i] == NONE
            {
                distance[i] = 0;
                queue.push_back(i);
            }
        }
        while let Some(i) = queue.pop_front() {
            let next = distance[i] + 1;
            let cell = self.shape.cell(i);
            // A goal off the standable cells is bumped from beside.
            let from: [u32; 8] = if self.standable[i] {
                self.back[i]
            } else {
                let mut beside = [NONE; 8];
                for (slot, d) in beside.iter_mut().zip(DIRS) {
                    let (dx, dy) = d.delta();
                    *slot = self
                        .shape
                        .index(cell.offset(dx, dy))
                        .filter(|&j| self.standable[j])
                        .map_or(NONE, |j| j as u32);
                }
                beside
            };
            for j in from.into_iter().filter(|&j| j != NONE) {
                let j = j as usize;
                if distance[j] == NONE && known(j) {
                    distance[j] = next;
                    queue.push_back(j);
                }
            }
        }
        Field { distance }
    }

    /// The move from `from` that goes down `field` fastest, and where it lands (the goal itself when it
    /// is bumped); `None` at a goal or where no goal is reached.
    pub fn toward(&self, field: &Field, from: Cell) -> Option<(Move, Cell)> {
        let here = field.at(self.shape, from)?;
        if here == 0 {
            return None;
        }
        let bumps = DIRS.into_iter().filter_map(|d| {
            let (dx, dy) = d.delta();
            let goal = from.offset(dx, dy);
            (field.at(self.shape, goal) == Some(0) && !self.standable(goal))
                .then_some((Move::Step(d), goal))
        });
        self.moves_from(from)
            .chain(bumps)
            .filter_map(|(mv, to)| Some((field.at(self.shape, to)?, mv, to)))
            .filter(|&(d, _, _)| d < here)
            .min_by_key(|&(d, _, _)| d)
            .map(|(_, mv, to)| (mv, to))
    }
}

/// Moves to the nearest goal from every cell that reaches one: the plan of one moment.
#[derive(Clone, Debug)]
pub(crate) struct Field {
    distance: Vec<u32>,
}

impl Field {
    /// The distance from `cell`, `None` where no goal is reached.
    pub fn at(&self, shape: Shape, cell: Cell) -> Option<u32> {
        shape
            .index(cell)
            .map(|i| self.distance[i])
            .filter(|&d| d != NONE)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::recipe::Recipe;
    use crate::play::rule_sets;

    #[test]
    fn the_field_leads_from_the_start_to_every_coin() {
        let level = Recipe::campaign_level(1, 3).build().expect("builds");
        let game = rule_sets::of_level(&level).start(level.clone(), 1, level.player_start, 0);
        let walk = Walk::new(game.as_ref());
        for coin in level
            .items
            .iter()
            .filter(|i| i.kind == crate::model::ItemKind::Coin)
        {
            let field = walk.field(&[coin.cell], |_| true);
            let mut at = level.player_start;
            let mut moves = 0;
            while let Some((_, next)) = walk.toward(&field, at) {
                at = next;
                moves += 1;
                assert!(moves < 10_000, "the walk ends");
            }
            assert_eq!(at, coin.cell, "the walk reaches the coin");
            let start = field.at(walk.shape(), level.player_start);
            assert_eq!(start, Some(moves), "one move per step of the field");
        }
    }
}
