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
