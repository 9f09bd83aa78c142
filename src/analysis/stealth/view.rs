//! Read-only questions the editor and the map painter ask of a finished analysis (a room's mean watched
//! share), kept apart from the search so that showing results can never change them.

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
}

#[cfg(test)]
mod tests {
    use crate::analysis::stealth::analyze;
    use crate::generate::campaign;

    #[test]
    fn a_route_is_noticed_at_least_wherever_it_ends_a_turn_in_view() {
        // Game 22's level 9 can only be entered over a creaky board a guard hears: every route there
        // is noticed at least once, which the painter shows as the fallback's watched turns.
        let level = campaign::plan(22).generate(9).expect("mansion 9");
        let stealth = analyze(&level);
        let mut fallbacks = 0;
        for r in &stealth.routes {
            let Some(route) = &r.route else { continue };
            assert_eq!(route.noticed_turns.len(), route.watched_steps);
            assert_eq!(r.ghost, route.watched_steps == 0);
            for (t, &c) in route.path.iter().enumerate().skip(1) {
                let seen = stealth.view_at(t).iter().any(|v| v.watched.contains(c));
                assert!(!seen || route.noticed_turns.contains(&t), "turn {t}");
            }
            fallbacks += usize::from(!r.ghost);
        }
        assert!(fallbacks > 0);
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
