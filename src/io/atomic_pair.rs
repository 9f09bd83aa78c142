//! Two files that must change together — `regenerate`'s new preset and the level it rebuilds to — saved
//! so that both land or neither does, even when the process is killed half-way.
//!
//! Each file alone is saved as [`super::atomic`] saves one (temp file, backup, rename), but two renames
//! are never one: a kill between them would leave the new preset beside the old level. So the pair is
//! decided by a journal before either rename, and a kill after that is finished by the next save:
//!
//! 1. Both new contents are written and synced to temp files beside their targets. A kill here leaves
//!    the old pair; the temps are removed by the next save of either file, as stale temps.
//! 2. The journal `.NAME.pair` (NAME: the first file's name, beside it) is written, synced and renamed
//!    into place. It lists both temps and targets and the writer's pid. From here on the new pair is
//!    decided, since both its files are whole on disk.
//! 3. Each temp is renamed over its target (with the backup of [`super::atomic::Staged::commit`]).
//! 4. The journal is removed.
//!
//! **Recovery rule.** A journal whose writer is gone (or older than [`STALE_AFTER`]) means a kill
//! between 2 and 4. Before anything else, the next save of the pair to the same first file rolls the
//! journal forward: each temp it lists that is still there is renamed over its target (a temp that is
//! gone was renamed already, or replaced by a later save of that file); then the journal is removed.
//! Rolling forward is always possible because nothing is renamed before both new files are synced.
//! Between the kill and that next save, the old and the new file may stand side by side, and the
//! journal beside the first file says so.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::atomic::{STALE_AFTER, Staged, follow_symlinks, parent_dir, process_running};

/// What the journal holds: who wrote it, and which temp file goes over which target.
#[derive(Debug, PartialEq, Serialize, Deserialize)]
struct Journal {
    pid: u32,
    files: Vec<JournalEntry>,
}

#[derive(Debug, PartialEq, Serialize, Deserialize)]
struct JournalEntry {
    temp: PathBuf,
    target: PathBuf,
}

/// Replaces `first.0` with `first.1` and `second.0` with `second.1` as one pair (see the module
/// documentation), finishing first a pair to the same first file that an earlier, killed save left.
pub fn save_pair(first: (&Path, &[u8]), second: (&Path, &[u8])) -> io::Result<()> {
    let journal = journal_path(first.0)?;
    recover(&journal)?;
    let staged_first = Staged::write(first.0, first.1)?;
    let staged_second = match Staged::write(second.0, second.1) {
        Ok(staged) => staged,
        Err(e) => {
            staged_first.abandon();
            return Err(e);
        }
    };
    if let Err(e) = write_journal(&journal, [&staged_first, &staged_second]) {
        staged_first.abandon();
        staged_second.abandon();
        return Err(e);
    }
    commit_both(&journal, staged_first, staged_second)
}

/// The journal of pairs whose first file is `first`: `.NAME.pair` beside the file it links to.
pub fn journal_path(first: &Path) -> io::Result<PathBuf> {
    let target = follow_symlinks(first)?;
    let name = target
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "the path names no file"))?;
    let mut journal = std::ffi::OsString::from(".");
    journal.push(name);
    journal.push(".pair");
    Ok(parent_dir(&target).join(journal))
}

/// Finishes the pair `journal` records, if there is one and its writer is gone; refuses while its
/// writer still runs.
pub fn recover(journal: &Path) -> io::Result<()> {
    let text = match fs::read_to_string(journal) {
        Ok(text) => text,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(()),
        Err(e) => return Err(e),
    };
    // A journal that cannot be read back was cut short before its rename: it never decided a pair.
    let Ok(found) = serde_json::from_str::<Journal>(&text) else {
        return fs::remove_file(journal);
    };
    let old = fs::metadata(journal)
        .and_then(|m| m.modified())
        .ok()
        .and_then(|t| t.elapsed().ok())
        .is_some_and(|age| age > STALE_AFTER);
    if found.pid != std::process::id() && process_running(found.pid) == Some(true) && !old {
        return Err(io::Error::new(
            io::ErrorKind::WouldBlock,
            format!(
                "another save of these files is under way (process {}); try again when it ends",
                found.pid
            ),
        ));
    }
    for entry in found.files {
        if fs::symlink_metadata(&entry.temp).is_ok_and(|m| m.is_file()) {
            Staged::adopt(entry.temp, entry.target).commit()?;
        }
    }
    remove_journal(journal)
}

/// Writes the journal of the two staged saves, synced, under a temp name renamed into place.
fn write_journal(journal: &Path, staged: [&Staged; 2]) -> io::Result<()> {
    let files = staged
        .iter()
        .map(|s| {
            Ok(JournalEntry {
                temp: std::path::absolute(s.temp_path())?,
                target: std::path::absolute(s.target_path())?,
            })
        })
        .collect::<io::Result<Vec<_>>>()?;
    let text = serde_json::to_string(&Journal {
        pid: std::process::id(),
        files,
    })
    .map_err(io::Error::other)?;
    Staged::write(journal, text.as_bytes())?.commit()
}

/// Renames both temps into place, then removes the journal. Should the second rename fail (not a
/// kill: an error), the first file is put back from its backup, so the old pair stands.
fn commit_both(journal: &Path, first: Staged, second: Staged) -> io::Result<()> {
    let first_target = first.target_path().to_path_buf();
    let backup = super::atomic::backup_path(&first_target);
    let had_first = fs::metadata(&first_target).is_ok();
    if let Err(e) = first.commit() {
        second.abandon();
        remove_journal(journal)?;
        return Err(e);
    }
    if let Err(e) = second.commit() {
        // Best effort: the second file's error is the one to report.
        let _ = if had_first {
            fs::rename(&backup, &first_target)
        } else {
            fs::remove_file(&first_target)
        };
        remove_journal(journal)?;
        return Err(e);
    }
    remove_journal(journal)
}

/// Removes the journal and its backup (a save of the journal over an older one leaves one).
fn remove_journal(journal: &Path) -> io::Result<()> {
    let _ = fs::remove_file(super::atomic::backup_path(journal));
    match fs::remove_file(journal) {
        Err(e) if e.kind() != io::ErrorKind::NotFound => Err(e),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::io::atomic::backup_path;
    use crate::io::atomic::tests::{names_in, scratch_dir};

    /// Two targets holding the old pair.
    fn old_pair(test: &str) -> (PathBuf, PathBuf, PathBuf) {
        let dir = scratch_dir(test);
        let (a, b) = (dir.join("a.ron"), dir.join("b.json"));
        fs::write(&a, "old a").unwrap();
        fs::write(&b, "old b").unwrap();
        (dir, a, b)
    }

    fn contents(a: &Path, b: &Path) -> (String, String) {
        (
            fs::read_to_string(a).unwrap(),
            fs::read_to_string(b).unwrap(),
        )
    }

    /// What a process killed at a step left, as a journal naming a process that is gone (no pid
    /// exceeds 2^22).
    fn killed_journal(journal: &Path, staged: [&Staged; 2]) {
        write_journal(journal, staged).unwrap();
        let text = fs::read_to_string(journal).unwrap();
        let dead = text.replacen(
            &format!("\"pid\":{}", std::process::id()),
            "\"pid\":4000000000",
            1,
        );
        fs::write(journal, dead).unwrap();
    }

    #[test]
    fn a_pair_replaces_both_and_leaves_backups_only() {
        let (dir, a, b) = old_pair("pair");
        save_pair((&a, b"new a"), (&b, b"new b")).unwrap();
        assert_eq!(contents(&a, &b), ("new a".into(), "new b".into()));
        assert_eq!(fs::read_to_string(backup_path(&b)).unwrap(), "old b");
        assert_eq!(
            names_in(&dir),
            ["a.ron", "a.ron.bak", "b.json", "b.json.bak"]
        );
        fs::remove_dir_all(&dir).unwrap();
    }

    /// Killed after the journal, with none, one or both renames done: the next save finishes the pair
    /// first, and its own pair then lands whole.
    #[test]
    fn a_pair_killed_after_its_journal_is_finished_by_the_next_save() {
        for renamed in 0..=2 {
            let (dir, a, b) = old_pair("pair-killed");
            let journal = journal_path(&a).unwrap();
            let first = Staged::write(&a, b"new a").unwrap();
            let second = Staged::write(&b, b"new b").unwrap();
            killed_journal(&journal, [&first, &second]);
            if renamed >= 1 {
                first.commit().unwrap();
            }
            if renamed == 2 {
                second.commit().unwrap();
            }
            recover(&journal).unwrap();
            assert_eq!(
                contents(&a, &b),
                ("new a".into(), "new b".into()),
                "{renamed}"
            );
            assert_eq!(
                names_in(&dir),
                ["a.ron", "a.ron.bak", "b.json", "b.json.bak"],
                "{renamed}"
            );
            save_pair((&a, b"newer a"), (&b, b"newer b")).unwrap();
            assert_eq!(contents(&a, &b), ("newer a".into(), "newer b".into()));
            fs::remove_dir_all(&dir).unwrap();
        }
    }

    #[test]
    fn a_pair_killed_before_its_journal_keeps_the_old_pair() {
        let (dir, a, b) = old_pair("pair-early");
        let journal = journal_path(&a).unwrap();
        // Both temps written, no journal: as if killed then (the temps are this live process's, so
        // they are dropped by hand here; a killed writer's are stale for the next save).
        let first = Staged::write(&a, b"new a").unwrap();
        let second = Staged::write(&b, b"new b").unwrap();
        recover(&journal).unwrap();
        assert_eq!(contents(&a, &b), ("old a".into(), "old b".into()));
        first.abandon();
        second.abandon();
        // A journal cut short (never renamed into place whole) decides nothing.
        fs::write(&journal, "{\"pid\":").unwrap();
        recover(&journal).unwrap();
        assert_eq!(contents(&a, &b), ("old a".into(), "old b".into()));
        assert_eq!(names_in(&dir), ["a.ron", "b.json"]);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_failed_second_rename_puts_the_first_file_back() {
        let (dir, a, _) = old_pair("pair-fail");
        // A non-empty folder cannot be replaced by a file, so the second rename fails.
        let occupied = dir.join("occupied");
        fs::create_dir(&occupied).unwrap();
        fs::write(occupied.join("keep"), "k").unwrap();
        assert!(save_pair((&a, b"new a"), (&occupied, b"new b")).is_err());
        assert_eq!(fs::read_to_string(&a).unwrap(), "old a");
        assert!(!journal_path(&a).unwrap().exists());
        assert_eq!(names_in(&dir), ["a.ron", "b.json", "occupied"]);
        fs::remove_dir_all(&dir).unwrap();
    }
}
