//! The level's one slot for what a generator keeps beyond the shared contract (§0): each generator
//! that keeps anything owns one variant of [`Extension`], and nothing else in the level is named after
//! a generator.
//!
//! The shared code never needs to know which variant a level holds: an edit that adds or removes a
//! guard tells the slot ([`Extension::guard_added`], [`Extension::guard_removed`]), the shape check asks
//! it what does not fit ([`Extension::mismatch`]), and the files save it under its own key
//! ([`Extension::key`]), so a level without one is saved byte for byte as before the slot existed.
//! Code that does need a generator's own data asks for its type: `level.part::<Level2025>()`
//! ([`Part`]).

use super::lll2025::{GuardExtras2025, Level2025};

/// What one generator keeps with its levels beyond the shared contract.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Extension {
    /// The 2025 generator's level type, room types and guards' loads.
    Lll2025(Level2025),
}

impl Extension {
    /// The key the slot is saved under in level files, beside the shared fields.
    pub fn key(&self) -> &'static str {
        match self {
            Extension::Lll2025(_) => "lll2025",
        }
    }

    /// What guard `guard` carries (a purse, the key), where the slot keeps guards' loads.
    pub fn guard_loads(&self, guard: usize) -> Option<&GuardExtras2025> {
        match self {
            Extension::Lll2025(part) => part.guards.get(guard),
        }
    }

    /// Keeps per-guard data in step with a guard an edit appended: it patrols, empty-handed.
    pub fn guard_added(&mut self) {
        match self {
            Extension::Lll2025(part) => part.guards.push(GuardExtras2025::default()),
        }
    }

    /// Keeps per-guard data in step with guard `guard`, which an edit removed (later ones move down).
    pub fn guard_removed(&mut self, guard: usize) {
        match self {
            Extension::Lll2025(part) => {
                if guard < part.guards.len() {
                    part.guards.remove(guard);
                }
            }
        }
    }

    /// Why the slot does not fit a level of `guards` guards, if it does not (the shape check of
    /// untrusted files, which must hold before any per-guard entry is followed).
    pub fn mismatch(&self, guards: usize) -> Option<String> {
        match self {
            Extension::Lll2025(part) => (part.guards.len() != guards).then(|| {
                format!(
                    "the 2025 part lists the loads of {} guards, but the level has {guards} guards",
                    part.guards.len()
                )
            }),
        }
    }
}

/// A generator's own data, found in the slot by its type ([`Level::part`](super::Level::part)).
pub trait Part: Sized {
    /// This part, when `slot` holds it.
    fn of(slot: &Extension) -> Option<&Self>;
    /// This part to edit, when `slot` holds it.
    fn of_mut(slot: &mut Extension) -> Option<&mut Self>;
}

impl Part for Level2025 {
    fn of(slot: &Extension) -> Option<&Self> {
        match slot {
            Extension::Lll2025(part) => Some(part),
        }
    }
    fn of_mut(slot: &mut Extension) -> Option<&mut Self> {
        match slot {
            Extension::Lll2025(part) => Some(part),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::model::{
        Extension, GuardExtras2025, Level, Level2025, LevelType2025, Post2025, RoomType2025,
        Terrain,
    };

    fn with_part() -> Level {
        let mut level = Level::blank("lll2025", 3, 7, (4, 3), Terrain::Ground);
        level.extension = Some(Box::new(Extension::Lll2025(Level2025 {
            level_type: LevelType2025::Fortress,
            room_types: vec![RoomType2025::Exterior, RoomType2025::Vault],
            guards: vec![GuardExtras2025 {
                purse: true,
                key: false,
                post: Post2025::Seated,
            }],
        })));
        level
    }

    /// The slot is saved under its variant's key, last, and only when filled; both forms read back
    /// the same level.
    #[test]
    fn the_slot_is_saved_under_its_key_and_only_when_filled() {
        let plain = Level::blank("siheyuan", 3, 7, (4, 3), Terrain::Ground);
        let json = serde_json::to_string(&plain).expect("writes");
        assert!(json.ends_with(r#""diagnostics":[]}"#), "{json}");
        let level = with_part();
        let json = serde_json::to_string(&level).expect("writes");
        assert!(
            json.ends_with(
                r#""diagnostics":[],"lll2025":{"level_type":"Fortress","room_types":["Exterior","Vault"],"guards":[{"purse":true,"key":false,"post":"Seated"}]}}"#
            ),
            "{json}"
        );
        for text in [json, ron::to_string(&level).expect("writes")] {
            let back: Level = if text.starts_with('{') {
                serde_json::from_str(&text).expect("reads")
            } else {
                ron::from_str(&text).expect("reads")
            };
            assert_eq!(back, level);
            assert_eq!(back.part::<Level2025>().map(|p| p.guards.len()), Some(1));
        }
    }

    /// Guard edits keep the per-guard loads in step, and a count that does not match is named.
    #[test]
    fn guard_edits_keep_the_loads_in_step() {
        let mut level = with_part();
        let slot = level.extension.as_deref_mut().expect("filled");
        assert_eq!(slot.mismatch(1), None);
        slot.guard_added();
        assert_eq!(slot.guard_loads(1), Some(&GuardExtras2025::default()));
        slot.guard_removed(0);
        slot.guard_removed(5);
        assert_eq!(slot.guard_loads(0), Some(&GuardExtras2025::default()));
        assert!(slot.mismatch(2).is_some_and(|m| m.contains("1 guards")));
        assert_eq!(slot.key(), "lll2025");
    }
}
