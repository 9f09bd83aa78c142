//! Torch light (`stealth-rules.md` §2): the original's portal walk from the centre of the source cell,
//! edge to edge through non-blocking cells, plus its diagonal spill. Ported step by step from the spec
//! (§2.2) in `walk`, because light and guard sight use different geometry and neither implies the
//! other; a carried torch's light is looked up (`table`).

mod table;
mod walk;

use super::cells::{CellRules, CellSet};
use super::patch::{self, Patch};
use crate::model::Cell;
use walk::Walk;
pub use walk::{CARRIED_RADIUS2, TORCH_RADIUS2};

/// The cells lit by a source at `source` with radius² `radius2` (at most [`TORCH_RADIUS2`], so that
/// the light and its spill stay within a patch). A carried torch's light is looked up (`table`),
/// every other light walked.
pub fn cast(rules: &CellRules, source: Cell, radius2: i32) -> Patch {
    lit_by(rules, source, radius2, radius2 == CARRIED_RADIUS2)
}

/// [`cast`] by the walk alone, never the table: what the table is checked against.
#[cfg(test)]
fn walked(rules: &CellRules, source: Cell, radius2: i32) -> Patch {
    lit_by(rules, source, radius2, false)
}

/// The light of a source: its own cell, then the walk through each edge of it, from the table when
/// `by_table` (a carried torch's light only) or else walked.
fn lit_by(rules: &CellRules, source: Cell, radius2: i32, by_table: bool) -> Patch {
    let mut lit = [0u32; patch::SIDE];
    if let Some(walk) = Walk::around(rules, source, radius2) {
        walk.light((0, 0), &mut lit);
        if by_table {
            table::light(&walk, &mut lit);
        } else {
            walk.through_every_edge(&mut lit);
        }
    }
    Patch::from_rows(source, lit)
}

/// The cells lit by the placed torches `torches`.
pub fn torch_light(rules: &CellRules, torches: &[Cell]) -> CellSet {
    let mut lit = CellSet::empty(rules.shape);
    for &t in torches {
        cast(rules, t, TORCH_RADIUS2).add_to(&mut lit);
    }
    lit
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Level, Terrain};
    use rand::{RngExt, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    fn open_room(w: i32, h: i32) -> Level {
        Level::blank("test", 1, 0, (w, h), Terrain::Marble)
    }

    #[test]
    fn an_open_floor_is_lit_within_the_radius_plus_the_diagonal_spill() {
        let level = open_room(21, 21);
        let rules = CellRules::new(&level);
        let lit = cast(&rules, Cell::new(10, 10), TORCH_RADIUS2);
        for c in level.all_cells() {
            let d2 = (c.x - 10).pow(2) + (c.y - 10).pow(2);
            if d2 <= TORCH_RADIUS2 {
                assert!(lit.contains(c), "{c:?} within r² is lit");
            }
            // The spill reaches at most one diagonal step beyond the radius.
            let near = (c.x - 10).abs().max((c.y - 10).abs()) <= 7;
            assert!(!lit.contains(c) || near, "{c:?} lit too far");
        }
        assert!(!lit.contains(Cell::new(18, 10)));
    }

    #[test]
    fn a_wall_is_lit_but_casts_a_shadow() {
        let mut level = open_room(15, 5);
        for y in 0..5 {
            level.set_terrain(Cell::new(5, y), Terrain::Wall);
        }
        let rules = CellRules::new(&level);
        let lit = cast(&rules, Cell::new(2, 2), TORCH_RADIUS2);
        assert!(lit.contains(Cell::new(5, 2)), "the wall itself is lit");
        assert!(!lit.contains(Cell::new(6, 2)), "nothing behind it");
        assert!(lit.contains(Cell::new(4, 4)));
    }

    #[test]
    fn the_table_lights_what_the_walk_lights_in_random_rooms() {
        let mut rng = ChaCha8Rng::seed_from_u64(24);
        for round in 0..300 {
            // Small maps, so that most sources lie near an edge (where cells off the map count as
            // blockers in the key) and some far from every edge.
            let size = [(13, 13), (9, 12), (3, 5)][round % 3];
            let mut level = Level::blank("test", 1, 0, size, Terrain::Marble);
            let density = [0.1, 0.25, 0.45][round / 3 % 3];
            let cells: Vec<Cell> = level.all_cells().collect();
            for &c in &cells {
                if rng.random_bool(density) {
                    level.set_terrain(c, Terrain::Wall);
                }
            }
            let rules = CellRules::new(&level);
            for &c in &cells {
                let expected = walked(&rules, c, CARRIED_RADIUS2);
                assert_eq!(
                    cast(&rules, c, CARRIED_RADIUS2),
                    expected,
                    "round {round}, {c:?}"
                );
            }
        }
    }
}
