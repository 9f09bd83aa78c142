//! Atomic folder replacement, for outputs made of several files that must agree (a campaign's levels and
//! its `summary.json`): the files are written into a temp folder beside the destination, which is renamed
//! into place only when complete, so a killed run leaves the previous folder as it was.
//!
//! Replacing a folder that exists takes two renames — the old folder away under a temp name, the new one
//! into place — and then removes the old one. A run killed between the two renames (a few microseconds)
//! leaves no folder at the destination and the previous one under `.NAME.tmp-PID-N`; the next run removes
//! it like any stale temp.
//!
//! This module deletes files, so it refuses rather than guesses: a destination is replaced only when it
//! is absent, an empty folder, or a folder holding nothing but files the caller's `owned` test accepts
//! (and their temp files). Anything else — a plain file, a subfolder, one foreign file — is an error and
//! nothing is touched. Old and stale folders are emptied file by file and then removed with `remove_dir`,
//! never recursively, so a file that appears meanwhile stops the removal.

use std::ffi::OsStr;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use super::atomic::{follow_symlinks, parent_dir, stale_temps, temp_name, temp_owner};

/// Which file names an output folder is made of; everything else in a folder is the user's.
pub type Owned = fn(&str) -> bool;

/// An output folder being filled beside its destination. Dropped without [`StagedDir::commit`], it
/// removes itself (the files it holds are all the caller's own).
#[derive(Debug)]
pub struct StagedDir {
    dest: PathBuf,
    temp: PathBuf,
    owned: Owned,
    committed: bool,
}

impl StagedDir {
    /// Checks that `dest` may be replaced, removes stale temp folders an earlier killed run left beside
    /// it, and creates a fresh temp folder for the new content. A symbolic link at `dest` is followed:
    /// the folder it points to is replaced and the link stays.
    pub fn create(dest: &Path, owned: Owned) -> io::Result<StagedDir> {
        let dest = real_destination(dest)?;
        let name = dest.file_name().unwrap_or_default().to_os_string();
        let parent = parent_dir(&dest);
        check_replaceable(&dest, owned)?;
        for stale in stale_temps(&parent, &name) {
            if fs::symlink_metadata(&stale).is_ok_and(|m| m.is_dir()) {
                // Best effort: a stale folder holding anything foreign is left alone.
                let _ = remove_owned_dir(&stale, owned);
            }
        }
        let temp = parent.join(temp_name(&name));
        fs::create_dir(&temp)?;
        Ok(StagedDir {
            dest,
            temp,
            owned,
            committed: false,
        })
    }

    /// The temp folder to write the files into.
    pub fn path(&self) -> &Path {
        &self.temp
    }

    /// The folder the content will replace (after following symbolic links).
    pub fn destination(&self) -> &Path {
        &self.dest
    }

    /// Puts the new folder in place of the destination and removes the old one.
    pub fn commit(mut self) -> io::Result<()> {
        // Checked again: the folder may have changed while the content was made.
        check_replaceable(&self.dest, self.owned)?;
        let parent = parent_dir(&self.dest);
        let old = match fs::symlink_metadata(&self.dest) {
            Ok(_) => {
                let old = parent.join(temp_name(self.dest.file_name().unwrap_or_default()));
                fs::rename(&self.dest, &old)?;
                Some(old)
            }
            Err(e) if e.kind() == io::ErrorKind::NotFound => None,
            Err(e) => return Err(e),
        };
        if let Err(e) = fs::rename(&self.temp, &self.dest) {
            if let Some(old) = &old {
                // Best effort: put the previous folder back; the rename error is the one to report.
                let _ = fs::rename(old, &self.dest);
            }
            return Err(e);
        }
        self.committed = true;
        if let Some(old) = old {
            // Best effort: a leftover is removed by the next run as a stale temp.
            let _ = remove_owned_dir(&old, self.owned);
        }
        if let Ok(dir) = fs::File::open(&parent) {
            // Makes the renames durable where folders can be synced; failing cannot lose content.
            let _ = dir.sync_all();
        }
        Ok(())
    }
}

impl Drop for StagedDir {
    fn drop(&mut self) {
        if !self.committed {
            // Best effort: an abandoned temp folder is otherwise removed by the next run.
            let _ = remove_owned_dir(&self.temp, self.owned);
        }
    }
}

/// `dest` with symbolic links followed and spelt as folder + name (`out/.` is `out`, `.` the current
/// folder's real path), so it can be renamed.
fn real_destination(dest: &Path) -> io::Result<PathBuf> {
    let dest = follow_symlinks(dest)?;
    let dest = match dest.file_name() {
        Some(_) => dest,
        None => dest.canonicalize()?,
    };
    let name = dest.file_name().ok_or_else(|| {
        io::Error::new(
            io::ErrorKind::InvalidInput,
            "the root folder cannot be replaced; name a folder inside it",
        )
    })?;
    Ok(parent_dir(&dest).join(name))
}

/// Whether `name` is one of the output's files, or a temp file of one (a killed save inside it).
fn is_owned(name: &OsStr, owned: Owned) -> bool {
    let Some(name) = name.to_str() else {
        return false;
    };
    if owned(name) {
        return true;
    }
    // `.FILE.tmp-PID-N`: the file it was for is what lies between the dot and the last `.tmp-`.
    name.strip_prefix('.')
        .and_then(|rest| rest.rfind(".tmp-").map(|i| &rest[..i]))
        .is_some_and(|file| owned(file) && temp_owner(OsStr::new(name), OsStr::new(file)).is_some())
}

/// Refuses a destination that is not absent, an empty folder, or a folder of the output's files only.
fn check_replaceable(dest: &Path, owned: Owned) -> io::Result<()> {
    let meta = match fs::symlink_metadata(dest) {
        Ok(meta) => meta,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(()),
        Err(e) => return Err(e),
    };
    if !meta.is_dir() {
        return Err(io::Error::new(
            io::ErrorKind::AlreadyExists,
            "exists and is not a folder; name a folder",
        ));
    }
    for entry in fs::read_dir(dest)? {
        let entry = entry?;
        let is_file = entry.file_type().is_ok_and(|t| t.is_file());
        if !is_file || !is_owned(&entry.file_name(), owned) {
            return Err(io::Error::new(
                io::ErrorKind::AlreadyExists,
                format!(
                    "not replaced: the folder holds {}, which this command did not write \
                     (name another folder, or move it away)",
                    super::read::quote(&entry.file_name().to_string_lossy())
                ),
            ));
        }
    }
    Ok(())
}

/// Removes the output's files from `dir`, then `dir` itself if that left it empty.
fn remove_owned_dir(dir: &Path, owned: Owned) -> io::Result<()> {
    for entry in fs::read_dir(dir)? {
        let entry = entry?;
        if entry.file_type().is_ok_and(|t| t.is_file()) && is_owned(&entry.file_name(), owned) {
            fs::remove_file(entry.path())?;
        }
    }
    fs::remove_dir(dir)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::io::atomic::tests::{names_in, scratch_dir};

    fn numbered(name: &str) -> bool {
        name.strip_prefix("part-")
            .is_some_and(|n| n.parse::<u32>().is_ok())
    }

    fn fill(staged: &StagedDir, parts: &[(&str, &str)]) {
        for (name, text) in parts {
            fs::write(staged.path().join(name), text).unwrap();
        }
    }

    #[test]
    fn a_new_folder_appears_only_at_commit() {
        let root = scratch_dir("dir-new");
        let dest = root.join("out");
        let staged = StagedDir::create(&dest, numbered).unwrap();
        fill(&staged, &[("part-1", "a")]);
        assert!(!dest.exists());
        staged.commit().unwrap();
        assert_eq!(names_in(&dest), ["part-1"]);
        assert_eq!(names_in(&root), ["out"]);
        fs::remove_dir_all(&root).unwrap();
    }

    #[test]
    fn an_output_folder_is_replaced_whole() {
        let root = scratch_dir("dir-replace");
        let dest = root.join("out");
        fs::create_dir(&dest).unwrap();
        for name in ["part-1", "part-2", ".part-2.tmp-4000000000-3"] {
            fs::write(dest.join(name), "old").unwrap();
        }
        let staged = StagedDir::create(&dest, numbered).unwrap();
        fill(&staged, &[("part-1", "new")]);
        assert_eq!(fs::read_to_string(dest.join("part-2")).unwrap(), "old");
        staged.commit().unwrap();
        assert_eq!(names_in(&dest), ["part-1"]);
        assert_eq!(fs::read_to_string(dest.join("part-1")).unwrap(), "new");
        assert_eq!(names_in(&root), ["out"]);
        fs::remove_dir_all(&root).unwrap();
    }

    #[test]
    fn a_folder_with_foreign_files_is_refused_and_untouched() {
        let root = scratch_dir("dir-foreign");
        let dest = root.join("out");
        fs::create_dir_all(dest.join("sub")).unwrap();
        fs::write(dest.join("part-1"), "old").unwrap();
        let err = StagedDir::create(&dest, numbered).unwrap_err();
        assert!(err.to_string().contains("holds sub"), "{err}");
        fs::remove_dir(dest.join("sub")).unwrap();
        fs::write(dest.join("notes.txt"), "mine").unwrap();
        let err = StagedDir::create(&dest, numbered).unwrap_err();
        assert!(err.to_string().contains("notes.txt"), "{err}");
        // A foreign file that appears while the content is made stops the commit too.
        fs::remove_file(dest.join("notes.txt")).unwrap();
        let staged = StagedDir::create(&dest, numbered).unwrap();
        fill(&staged, &[("part-1", "new")]);
        fs::write(dest.join("notes.txt"), "mine").unwrap();
        assert!(staged.commit().is_err());
        assert_eq!(names_in(&dest), ["notes.txt", "part-1"]);
        assert_eq!(fs::read_to_string(dest.join("part-1")).unwrap(), "old");
        assert_eq!(names_in(&root), ["out"], "the temp folder is gone");
        let file = root.join("file");
        fs::write(&file, "x").unwrap();
        assert!(StagedDir::create(&file, numbered).is_err());
        fs::remove_dir_all(&root).unwrap();
    }

    #[test]
    fn a_killed_runs_temp_folder_is_removed_by_the_next_run() {
        let root = scratch_dir("dir-stale");
        let dest = root.join("out");
        // Writers that no longer run (no pid exceeds 2^22): one left only output files, one holds a
        // file of the user's and is kept.
        let stale = root.join(".out.tmp-4000000000-0");
        let kept = root.join(".out.tmp-4000000001-0");
        for dir in [&stale, &kept] {
            fs::create_dir(dir).unwrap();
            fs::write(dir.join("part-1"), "half").unwrap();
        }
        fs::write(kept.join("mine.txt"), "mine").unwrap();
        let staged = StagedDir::create(&dest, numbered).unwrap();
        let temp = staged.path().to_path_buf();
        drop(staged);
        assert!(!temp.exists(), "an abandoned temp folder removes itself");
        assert_eq!(names_in(&root), [".out.tmp-4000000001-0"]);
        fs::remove_dir_all(&root).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn a_symlinked_destination_keeps_its_link() {
        let root = scratch_dir("dir-link");
        fs::create_dir(root.join("real")).unwrap();
        let link = root.join("link");
        std::os::unix::fs::symlink("real", &link).unwrap();
        let staged = StagedDir::create(&link, numbered).unwrap();
        fill(&staged, &[("part-7", "x")]);
        staged.commit().unwrap();
        assert!(
            fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert_eq!(names_in(&root.join("real")), ["part-7"]);
        fs::remove_dir_all(&root).unwrap();
    }
}
