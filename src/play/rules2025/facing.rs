//! Which way a guard faces after turning toward something (`updateDir`): a pure rule that walking,
//! looking and the setup all use, kept apart so that sight and the guards do not import each other.

use crate::model::{Cell, Dir};

/// `updateDir` (`guard.ts:1044-1067`): the facing after turning toward `target` from `pos`. A target
/// in the front quarter, diagonals included, keeps the facing; the rear quarter, diagonals excluded,
/// reverses it; otherwise the guard turns a quarter left (ties to the left) or right.
pub(super) fn update_dir(dir: (i32, i32), pos: Cell, target: Cell) -> (i32, i32) {
    let to = (target.x - pos.x, target.y - pos.y);
    let left = (-dir.1, dir.0);
    let forward = dir.0 * to.0 + dir.1 * to.1;
    let sideways = left.0 * to.0 + left.1 * to.1;
    if forward >= sideways.abs() {
        dir
    } else if -forward > sideways.abs() {
        (-dir.0, -dir.1)
    } else if sideways >= 0 {
        left
    } else {
        (-left.0, -left.1)
    }
}

/// A guard's facing step as a direction of the model: the game's guards face along an axis.
pub fn facing_dir((dx, dy): (i32, i32)) -> Dir {
    match (dx.signum(), dy.signum()) {
        (1, _) => Dir::E,
        (-1, _) => Dir::W,
        (_, -1) => Dir::S,
        _ => Dir::N,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn update_dir_keeps_front_diagonals_and_reverses_only_straight_back() {
        let o = Cell::new(0, 0);
        let east = (1, 0);
        assert_eq!(update_dir(east, o, Cell::new(3, 3)), east);
        assert_eq!(update_dir(east, o, Cell::new(3, -3)), east);
        assert_eq!(update_dir(east, o, Cell::new(-3, 0)), (-1, 0));
        assert_eq!(update_dir(east, o, Cell::new(-3, 2)), (-1, 0));
        // A rear diagonal is not the rear quarter: it turns to the side, left on the tie.
        assert_eq!(update_dir(east, o, Cell::new(-2, 2)), (0, 1));
        assert_eq!(update_dir(east, o, Cell::new(-2, -2)), (0, -1));
        assert_eq!(update_dir(east, o, Cell::new(0, 0)), east);
        assert_eq!(update_dir(east, o, Cell::new(1, 2)), (0, 1));
    }
}
