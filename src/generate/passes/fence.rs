//! Keeping new guards out of locked rooms (issue 44). A designer who locks a room expects its guards to
//! stay as they are: a regeneration must not start a new guard there, give a new route a station or a
//! turn in it, or post a stationary guard in it. A new route may still walk through such a room, door to
//! door, where the rooms beyond it cannot be reached otherwise — barring it outright would leave those
//! rooms unpatrolled. A lock that [allows patrols](crate::model::LockedRoom::allow_patrols) fences
//! nothing.
//!
//! The fence is a property of the room graph alone, so every generator asks the same question through
//! [`Fence::new`], whichever graph it plans on (the shared model's adjacencies, or the 2025 game's own
//! walls). Without fenced rooms the fence is empty and every question answers as if there were no
//! locks, so unlocked levels stay byte-identical.

/// Which rooms new patrols keep out of, and which of those they may still cross.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Fence {
    /// Per room: a lock keeps new guards out of it. Empty when no room is fenced.
    fenced: Vec<bool>,
    /// Per room: a fenced room a new route may walk through, because its group of adjacent fenced
    /// rooms is the only way between two parts of the rest.
    crossable: Vec<bool>,
}

impl Fence {
    /// The fence over `fenced` rooms (per room; empty for none) of a graph of `rooms` rooms joined by
    /// `doors`. Only rooms marked in `patrolled` count as ways through: a route never enters the others
    /// (the outside, a vault).
    ///
    /// A fenced room is crossable when its group — it and the fenced, patrolled rooms joined to it by
    /// doors — has doors into at least two parts of the unfenced patrolled rooms that no door path
    /// through unfenced rooms joins: then some room is reached from another only through the group.
    pub fn new(
        rooms: usize,
        doors: impl IntoIterator<Item = (usize, usize)>,
        fenced: Vec<bool>,
        patrolled: &[bool],
    ) -> Self {
        if !fenced.iter().any(|&f| f) {
            return Fence::default();
        }
        let is = |r: usize, want: bool| {
            patrolled.get(r).copied().unwrap_or(false) && fenced.get(r).copied() == Some(want)
        };
        let doors: Vec<(usize, usize)> = doors
            .into_iter()
            .filter(|&(a, b)| a < rooms && b < rooms && a != b)
            .collect();
        // Parts of the open rooms, and groups of the fenced ones.
        let mut parts = Parts::new(rooms);
        for &(a, b) in &doors {
            if (is(a, false) && is(b, false)) || (is(a, true) && is(b, true)) {
                parts.join(a, b);
            }
        }
        // For each group: the open parts it has doors into.
        let mut touches: Vec<Vec<usize>> = vec![Vec::new(); rooms];
        for &(a, b) in &doors {
            for (f, o) in [(a, b), (b, a)] {
                if is(f, true) && is(o, false) {
                    let (group, part) = (parts.root(f), parts.root(o));
                    if !touches[group].contains(&part) {
                        touches[group].push(part);
                    }
                }
            }
        }
        let crossable = (0..rooms)
            .map(|r| is(r, true) && touches[parts.root(r)].len() >= 2)
            .collect();
        Fence { fenced, crossable }
    }

    /// Whether no room is fenced: every question below then answers as if there were no locks.
    pub fn is_empty(&self) -> bool {
        self.fenced.is_empty()
    }

    /// Whether a lock keeps new guards out of room `r`: no new guard may start, stand or turn in it.
    pub fn fenced(&self, r: usize) -> bool {
        self.fenced.get(r).copied().unwrap_or(false)
    }

    /// Whether a new route may enter room `r` at all: it is not fenced, or it is a fenced room the route
    /// may walk through, door to door.
    pub fn enterable(&self, r: usize) -> bool {
        !self.fenced(r) || self.crossable.get(r).copied().unwrap_or(false)
    }
}

/// Union–find over room ids, joined by doors.
struct Parts(Vec<usize>);

impl Parts {
    fn new(rooms: usize) -> Self {
        Parts((0..rooms).collect())
    }

    fn root(&mut self, mut r: usize) -> usize {
        while self.0[r] != r {
            self.0[r] = self.0[self.0[r]];
            r = self.0[r];
        }
        r
    }

    fn join(&mut self, a: usize, b: usize) {
        let (a, b) = (self.root(a), self.root(b));
        self.0[a.max(b)] = a.min(b);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A row of rooms 0–1–2–3–4, each joined to the next.
    fn row() -> Vec<(usize, usize)> {
        vec![(0, 1), (1, 2), (2, 3), (3, 4)]
    }

    #[test]
    fn a_fenced_room_between_two_parts_can_be_crossed() {
        let fence = Fence::new(5, row(), vec![false, false, true, false, false], &[true; 5]);
        assert!(fence.fenced(2) && fence.enterable(2));
        assert!(!fence.fenced(1) && fence.enterable(1));
    }

    #[test]
    fn a_fenced_room_with_a_way_around_it_cannot() {
        let mut doors = row();
        doors.push((1, 3));
        let fence = Fence::new(5, doors, vec![false, false, true, false, false], &[true; 5]);
        assert!(fence.fenced(2) && !fence.enterable(2));
    }

    #[test]
    fn a_fenced_dead_end_cannot_be_entered() {
        let fence = Fence::new(5, row(), vec![false, false, false, false, true], &[true; 5]);
        assert!(!fence.enterable(4));
    }

    #[test]
    fn fenced_rooms_in_a_row_are_crossed_together() {
        let fence = Fence::new(5, row(), vec![false, true, true, true, false], &[true; 5]);
        assert!((1..4).all(|r| fence.enterable(r)));
    }

    #[test]
    fn unpatrolled_rooms_are_no_way_around() {
        let mut doors = row();
        doors.extend([(1, 5), (5, 3)]);
        let fenced = vec![false, false, true, false, false, false];
        let patrolled = [true, true, true, true, true, false];
        let fence = Fence::new(6, doors, fenced, &patrolled);
        assert!(
            fence.enterable(2),
            "room 5 (the outside, say) is no patrol's way"
        );
    }

    #[test]
    fn no_fenced_room_is_no_fence() {
        let fence = Fence::new(5, row(), vec![false; 5], &[true; 5]);
        assert!(fence.is_empty() && (0..5).all(|r| fence.enterable(r) && !fence.fenced(r)));
    }
}
