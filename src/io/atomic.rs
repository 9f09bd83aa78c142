//! Atomic file replacement: a crash or a full disk mid-save must never leave a half-written level where a
//! good one was, so every save goes to a temporary file beside the target and is renamed over it.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// Distinguishes temp files of concurrent saves within one process (the pid separates processes).
static NEXT_TEMP: AtomicU64 = AtomicU64::new(0);

/// Writes `bytes` to `path` atomically, keeping the previous content as `<path>.bak`.
///
/// Three steps, each of which leaves a complete file at `path`: the new content goes to a temp file in the
/// same folder (so renames stay on one file system), written, flushed and synced ([`Staged::write`]); the
/// old file is preserved as the backup; and the temp file is renamed over the target ([`Staged::commit`]).
/// On failure the temp file is removed and the target is left as it was.
pub fn save_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    Staged::write(path, bytes)?.commit()
}

/// The backup kept beside `path` when a save replaces it: `<path>.bak`.
pub fn backup_path(path: &Path) -> PathBuf {
    let mut name = path.as_os_str().to_os_string();
    name.push(".bak");
    PathBuf::from(name)
}

/// A save whose new content is on disk in a temp file but not yet in place. Split from the commit so the
/// tests can stop a save between the two steps, as a crash would, and see the target untouched.
#[derive(Debug)]
pub struct Staged {
    target: PathBuf,
    temp: PathBuf,
    dir: PathBuf,
}

impl Staged {
    /// Writes and syncs the new content to a fresh temp file beside `path`.
    pub fn write(path: &Path, bytes: &[u8]) -> io::Result<Staged> {
        let file_name = path
            .file_name()
            .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "the path names no file"))?;
        let dir = match path.parent() {
            Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
            _ => PathBuf::from("."),
        };
        let mut temp_name = std::ffi::OsString::from(".");
        temp_name.push(file_name);
        temp_name.push(format!(
            ".tmp-{}-{}",
            std::process::id(),
            NEXT_TEMP.fetch_add(1, Ordering::Relaxed)
        ));
        let temp = dir.join(temp_name);
        if let Err(e) = write_synced(&temp, bytes) {
            // Best effort: the write error is the one worth reporting.
            let _ = fs::remove_file(&temp);
            return Err(e);
        }
        Ok(Staged {
            target: path.to_path_buf(),
            temp,
            dir,
        })
    }

    /// The temp file holding the new content.
    pub fn temp_path(&self) -> &Path {
        &self.temp
    }

    /// Backs the old file up, then renames the temp file over the target.
    ///
    /// The backup is a hard link (a copy where links are not supported) made under a temp name and renamed
    /// to `.bak`, so the target itself is never moved away: at every instant `path` holds either the old
    /// or the new content, and `.bak` either the previous backup or the old content.
    pub fn commit(self) -> io::Result<()> {
        let result = self
            .back_up()
            .and_then(|()| fs::rename(&self.temp, &self.target));
        if result.is_err() {
            let _ = fs::remove_file(&self.temp);
            return result;
        }
        sync_dir(&self.dir);
        Ok(())
    }

    /// Gives up: removes the temp file, leaving the target as it was.
    pub fn abandon(self) {
        let _ = fs::remove_file(&self.temp);
    }

    fn back_up(&self) -> io::Result<()> {
        if !fs::metadata(&self.target).is_ok_and(|m| m.is_file()) {
            return Ok(());
        }
        let mut staging = self.temp.clone().into_os_string();
        staging.push(".bak");
        let staging = PathBuf::from(staging);
        if fs::hard_link(&self.target, &staging).is_err()
            && let Err(e) = fs::copy(&self.target, &staging)
        {
            let _ = fs::remove_file(&staging);
            return Err(e);
        }
        let result = fs::rename(&staging, backup_path(&self.target));
        if result.is_err() {
            let _ = fs::remove_file(&staging);
        }
        result
    }
}

fn write_synced(temp: &Path, bytes: &[u8]) -> io::Result<()> {
    let mut file = OpenOptions::new().write(true).create_new(true).open(temp)?;
    file.write_all(bytes)?;
    file.flush()?;
    file.sync_all()
}

/// Makes the rename itself durable where the platform allows syncing a directory; a failure here cannot
/// lose the new content, so it is not reported.
fn sync_dir(dir: &Path) {
    if cfg!(unix)
        && let Ok(d) = File::open(dir)
    {
        let _ = d.sync_all();
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A fresh, empty folder under the system temp dir for one test.
    pub(crate) fn scratch_dir(test: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!(
            "mansion-forge-{test}-{}-{}",
            std::process::id(),
            NEXT_TEMP.fetch_add(1, Ordering::Relaxed)
        ));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).expect("create scratch dir");
        dir
    }

    #[test]
    fn replaces_content_and_leaves_no_temp_file() {
        let dir = scratch_dir("atomic");
        let target = dir.join("level.ron");
        fs::write(&target, b"old content that is longer").unwrap();
        save_atomic(&target, b"new").unwrap();
        assert_eq!(fs::read(&target).unwrap(), b"new");
        assert_eq!(
            fs::read(backup_path(&target)).unwrap(),
            b"old content that is longer"
        );
        save_atomic(&target, b"newer").unwrap();
        assert_eq!(fs::read(&target).unwrap(), b"newer");
        assert_eq!(fs::read(backup_path(&target)).unwrap(), b"new");
        let mut names: Vec<_> = fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        names.sort();
        assert_eq!(names, vec!["level.ron", "level.ron.bak"]);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn failed_rename_keeps_the_target_and_removes_the_temp_file() {
        let dir = scratch_dir("atomic-fail");
        // A non-empty folder cannot be replaced by a file, so the rename fails after the write.
        let target = dir.join("occupied");
        fs::create_dir(&target).unwrap();
        fs::write(target.join("keep"), b"k").unwrap();
        assert!(save_atomic(&target, b"x").is_err());
        let names: Vec<_> = fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, vec![std::ffi::OsString::from("occupied")]);
        assert_eq!(fs::read(target.join("keep")).unwrap(), b"k");
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_first_save_makes_no_backup() {
        let dir = scratch_dir("atomic-first");
        let target = dir.join("new.ron");
        save_atomic(&target, b"first").unwrap();
        assert_eq!(fs::read(&target).unwrap(), b"first");
        assert!(!backup_path(&target).exists());
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_save_interrupted_before_the_rename_leaves_the_old_file() {
        let dir = scratch_dir("atomic-interrupted");
        let target = dir.join("level.ron");
        fs::write(&target, b"old").unwrap();
        let staged = Staged::write(&target, b"new").unwrap();
        // A crash here: the new content is only in the temp file, the target and the (absent) backup are
        // as they were.
        assert_eq!(fs::read(staged.temp_path()).unwrap(), b"new");
        assert_eq!(fs::read(&target).unwrap(), b"old");
        assert!(!backup_path(&target).exists());
        staged.abandon();
        let names: Vec<_> = fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, vec!["level.ron"]);
        fs::remove_dir_all(&dir).unwrap();
    }
}
