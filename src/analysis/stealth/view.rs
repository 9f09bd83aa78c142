//! Read-only questions the editor and the map painter ask of a finished analysis: a room's mean watched
//! share and the turns at which a route is watched. Kept apart from the search so that showing results
//! can never change them.

use super::Stealth;
use crate::model::Cell;

impl Stealth {
    /// The mean watched share over the cells among `cells` the thief can stand on, or `None` when there
    /// are none (a room of walls, say): the inspector's per-room figure, on the summary's scale.
    pub fn mean_watched_share(&self, cells: &[Cell]) -> Option<f64> {
        let floor: Vec<Cell> = cells
            .iter()
            .copied()
            .filter(|&c| self.rules.standable.contains(c))
            .collect();
        if floor.is_empty() {
            return None;
        }
        let sum: f64 = floor
            .iter()
            .map(|&c| f64::from(self.watched_share.at(c)))
            .sum();
        Some(sum / floor.len() as f64)
    }

    /// The turns `t ≥ 1` at which `path[t]` (the thief's cell at turn `t`) is watched, by the same test
    /// the route search charges a watched step for, so their count is the route's `watched_steps`.
    pub fn watched_turns(&self, path: &[Cell]) -> Vec<usize> {
        path.iter()
            .enumerate()
            .skip(1)
            .filter(|&(t, &c)| {
                let lit = self.lit_at(t);
                self.watch.watched_at(&self.timelines, t, &lit).contains(c)
            })
            .map(|(t, _)| t)
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use crate::analysis::stealth::analyze;
    use crate::generate::campaign;

    #[test]
    fn watched_turns_count_the_fallback_routes_watched_steps() {
        let level = campaign::plan(1).generate(9).expect("mansion 9");
        let stealth = analyze(&level);
        let mut checked = 0;
        for r in &stealth.routes {
            if let Some(route) = &r.route {
                let turns = stealth.watched_turns(&route.path);
                assert_eq!(turns.len(), route.watched_steps, "loot {}", r.item);
                assert_eq!(r.ghost, turns.is_empty());
                checked += 1;
            }
        }
        assert!(checked > 0);
    }

    #[test]
    fn a_rooms_mean_share_lies_between_its_cells_shares() {
        let level = campaign::plan(1).generate(9).expect("mansion 9");
        let stealth = analyze(&level);
        for room in &level.rooms {
            let Some(mean) = stealth.mean_watched_share(&room.cells) else {
                continue;
            };
            let shares: Vec<f64> = room
                .cells
                .iter()
                .filter(|&&c| stealth.rules.standable.contains(c))
                .map(|&c| f64::from(stealth.watched_share.at(c)))
                .collect();
            let lo = shares.iter().copied().fold(f64::INFINITY, f64::min);
            let hi = shares.iter().copied().fold(0.0, f64::max);
            assert!(
                lo - 1e-9 <= mean && mean <= hi + 1e-9,
                "{lo} ≤ {mean} ≤ {hi}"
            );
        }
        assert_eq!(stealth.mean_watched_share(&[]), None);
    }
}
