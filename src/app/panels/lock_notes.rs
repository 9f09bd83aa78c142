//! Locks, said: what a lock keeps (tooltips, legend), and after a command which rooms it locked and which
//! guards the locks cannot keep — so a designer never learns from a regeneration that a room was locked
//! behind their back, or that a guard they counted on was planned anew.

use super::describe;
use crate::app::state::{EditorState, MessageKind};
use crate::edit;
use crate::model::{Level, LockOrigin, RoomId};

/// What any lock keeps through a regeneration.
const KEEPS: &str = "a regeneration keeps its walls, floor and items, and every guard whose patrol \
                     stays within locked rooms; doors to unlocked rooms may move";

/// The tooltip of a locked room: who locked it and what the lock keeps.
pub fn lock_tooltip(origin: LockOrigin) -> String {
    match origin {
        LockOrigin::Designer => format!("Locked by you: {KEEPS}."),
        LockOrigin::Edit => format!(
            "Locked by a hand edit, to keep your fix: {KEEPS}. Lock it yourself (L) to make the \
             lock yours, or unlock it to let regenerations change the room."
        ),
    }
}

/// What a locked room's lock does with patrols — new guards keep out of it, or may enter as anywhere
/// (`allow`) — and which routes of `level` cross the room now, named as the Inspector names them
/// ("Routes crossing it: guard 2, guard 5"), or that none does.
pub fn lock_patrols_note(level: &Level, room: RoomId, allow: bool) -> String {
    let rule = if allow {
        "New patrols may enter it as any room."
    } else {
        "New guards keep out: a regeneration starts, posts and turns none here, and a new route \
         crosses it only to reach rooms no other way leads to."
    };
    let floor = level.rooms.get(room).map_or(&[][..], |r| &r.cells[..]);
    let crossing: Vec<String> = (0..level.patrols.len())
        .filter(|&p| {
            let cells = &level.patrols[p].cells;
            cells.iter().any(|c| floor.binary_search(c).is_ok())
        })
        .map(|p| describe::route_name(level, p))
        .collect();
    if crossing.is_empty() {
        format!("{rule} No route crosses it.")
    } else {
        format!("{rule} Routes crossing it: {}.", crossing.join(", "))
    }
}

/// "guard 3", "guards 2 and 5", "guards 1, 4 and 6", from the numbers the guards go by.
fn guards_in_words(guards: &[usize]) -> String {
    let names: Vec<String> = guards.iter().map(usize::to_string).collect();
    match names.as_slice() {
        [one] => format!("guard {one}"),
        [rest @ .., last] => format!("guards {} and {last}", rest.join(", ")),
        [] => "no guard".to_string(),
    }
}

/// "room 12", "rooms 4 and 9".
fn rooms_in_words(rooms: &[usize]) -> String {
    let names: Vec<String> = rooms.iter().map(usize::to_string).collect();
    match names.as_slice() {
        [one] => format!("room {one}"),
        [rest @ .., last] => format!("rooms {} and {last}", rest.join(", ")),
        [] => "no room".to_string(),
    }
}

impl EditorState {
    /// After `command` ran: says which rooms it locked, and which guards the locks cannot keep.
    /// `unkept_before` are the numbers of the guards the locks could not keep before a regeneration.
    pub(crate) fn note_locks(&mut self, command: &edit::Command, unkept_before: &[usize]) {
        match command {
            edit::Command::Edit(edit::Edit::Lock { room }) => {
                let level = &self.doc.level;
                let unkept: Vec<usize> = (self.doc.unkept_guards().into_iter())
                    .map(|g| level.guard_number(g))
                    .collect();
                if unkept.is_empty() {
                    let text = format!("Locked room {room}: {KEEPS}");
                    self.say(MessageKind::Success, text);
                } else {
                    let (them, it) = if unkept.len() == 1 {
                        ("its patrol leaves", "it")
                    } else {
                        ("their patrols leave", "them")
                    };
                    let text = format!(
                        "Locked room {room}; {} cannot be kept: {them} the locked rooms, so a \
                         regeneration plans {it} anew (lock the rooms on the way to keep {it})",
                        guards_in_words(&unkept)
                    );
                    self.say(MessageKind::Warning, text);
                }
            }
            edit::Command::Edit(edit::Edit::AllowPatrols { room, allow }) => {
                let text = if *allow {
                    format!("Room {room}: the next regeneration may plan new patrols into it")
                } else {
                    format!("Room {room}: the next regeneration keeps new guards out of it")
                };
                self.say(MessageKind::Info, text);
            }
            edit::Command::Edit(_) => {
                let locked = self.history.newly_locked().to_vec();
                if !locked.is_empty() {
                    let text = format!(
                        "Locked {} to keep your edit (teal padlock): regenerations leave it as it is",
                        rooms_in_words(&locked)
                    );
                    self.say(MessageKind::Info, text);
                }
            }
            edit::Command::Regenerate { .. } | edit::Command::Reroll(_) => {
                let lost = self
                    .doc
                    .level
                    .diagnostics
                    .iter()
                    .find(|n| n.kind() == crate::model::DiagnosticKind::KeptPatrol)
                    .map(ToString::to_string);
                let mut said = Vec::new();
                if !unkept_before.is_empty() {
                    said.push(format!(
                        "{} patrolled beyond the locked rooms and got new patrols",
                        guards_in_words(unkept_before)
                    ));
                }
                if let Some(lost) = lost {
                    said.push(lost);
                }
                if !said.is_empty() {
                    let text = format!("{}: {}", command.label(), said.join("; "));
                    self.say(MessageKind::Warning, text);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_read_as_words() {
        assert_eq!(guards_in_words(&[3]), "guard 3");
        assert_eq!(guards_in_words(&[2, 5]), "guards 2 and 5");
        assert_eq!(rooms_in_words(&[1, 4, 6]), "rooms 1, 4 and 6");
    }
}
