//! Atomic file replacement: a crash or a full disk mid-save must never leave a half-written level where a
//! good one was, so every save goes to a temporary file beside the target and is renamed over it.
//!
//! Temp files are named `.NAME.tmp-PID-N` (the saving process and a counter), so a later save can tell
//! which leftovers are its own target's and whether their writer is gone; see `stale_temps`.
//! Saving onto a symbolic link writes the file it points to: the link stays a link, and the backup
//! and the temp file sit beside the real file (a rename over the link would replace the link itself).

use std::ffi::{OsStr, OsString};
use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

/// Distinguishes temp files of concurrent saves within one process (the pid separates processes).
static NEXT_TEMP: AtomicU64 = AtomicU64::new(0);

/// Writes `bytes` to `path` atomically, keeping the previous content as `<path>.bak`.
///
/// Three steps, each of which leaves a complete file at `path`: the new content goes to a temp file in the
/// same folder (so renames stay on one file system), written, flushed and synced ([`Staged::write`]); the
/// old file is preserved as the backup; and the temp file is renamed over the target ([`Staged::commit`]).
/// On failure the temp file is removed and the target is left as it was.
///
/// A character device at `path` (`/dev/null`, a terminal) is written through, never replaced; a FIFO,
/// a socket, a block device or a folder is refused ([`Existing::of`]).
pub fn save_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    if write_through(path, bytes)? {
        return Ok(());
    }
    Staged::write(path, bytes)?.commit()
}

/// Writes `bytes` to `path` atomically like [`save_atomic`], but keeps no backup: for exports, which are
/// made again from the document at will and go into a game's asset folder, where a `.bak` beside each
/// file would be clutter an engine may even import.
pub fn save_atomic_without_backup(path: &Path, bytes: &[u8]) -> io::Result<()> {
    if write_through(path, bytes)? {
        return Ok(());
    }
    Staged::write(path, bytes)?.replace()
}

/// What is at a path a save would replace, as far as replacing it goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Existing {
    /// Nothing: the save creates the file.
    Nothing,
    /// A regular file, which a rename replaces.
    File,
    /// A character device (`/dev/null`, a terminal), which is written through: renaming over it would
    /// put a regular file where a device was (as root, over the system's `/dev/null`).
    CharDevice,
}

impl Existing {
    /// What is at `path` (symbolic links followed); an error naming what it is when a save must not
    /// touch it: a FIFO (its reader would never see the content), a socket, a block device or a
    /// folder.
    pub fn of(path: &Path) -> io::Result<Existing> {
        let meta = match fs::metadata(path) {
            Ok(meta) => meta,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Existing::Nothing),
            Err(e) => return Err(e),
        };
        let kind = meta.file_type();
        if kind.is_file() {
            return Ok(Existing::File);
        }
        if kind.is_dir() {
            return Err(refused("a folder"));
        }
        #[cfg(unix)]
        {
            use std::os::unix::fs::FileTypeExt;
            if kind.is_char_device() {
                return Ok(Existing::CharDevice);
            }
            if kind.is_fifo() {
                return Err(refused("a FIFO (named pipe)"));
            }
            if kind.is_socket() {
                return Err(refused("a socket"));
            }
            if kind.is_block_device() {
                return Err(refused("a block device"));
            }
        }
        Err(refused("not a regular file"))
    }
}

/// The error of a save refused because of what is at its path.
fn refused(what: &str) -> io::Error {
    io::Error::new(
        io::ErrorKind::InvalidInput,
        format!("{what}, which is not replaced: name a regular file (or - for standard output)"),
    )
}

/// Writes `bytes` into the character device at `path` and says so; false when `path` is no device
/// (then the caller saves as usual); an error when nothing may be written there.
fn write_through(path: &Path, bytes: &[u8]) -> io::Result<bool> {
    if Existing::of(path)? != Existing::CharDevice {
        return Ok(false);
    }
    let mut device = OpenOptions::new().write(true).open(path)?;
    device.write_all(bytes)?;
    device.flush()?;
    Ok(true)
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
    ///
    /// A symbolic link at `path` is followed to the file it names (which need not exist yet), and
    /// temp files that an earlier, killed save of that same file left behind are removed first.
    ///
    /// Only a regular file (or nothing) is replaced: anything else at `path` is refused before a byte
    /// is written ([`Existing::of`]; a device too, which a caller writes through instead).
    pub fn write(path: &Path, bytes: &[u8]) -> io::Result<Staged> {
        let path = follow_symlinks(path)?;
        if Existing::of(&path)? == Existing::CharDevice {
            return Err(refused("a character device"));
        }
        let file_name = path
            .file_name()
            .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "the path names no file"))?;
        let dir = parent_dir(&path);
        for stale in stale_temps(&dir, file_name) {
            if fs::symlink_metadata(&stale).is_ok_and(|m| m.is_file()) {
                // Best effort: a leftover that cannot be removed does not stop the save.
                let _ = fs::remove_file(&stale);
            }
        }
        let temp = dir.join(temp_name(file_name));
        if let Err(e) = write_synced(&temp, bytes) {
            // Best effort: the write error is the one worth reporting.
            let _ = fs::remove_file(&temp);
            return Err(e);
        }
        Ok(Staged {
            target: path,
            temp,
            dir,
        })
    }

    /// The temp file holding the new content.
    pub fn temp_path(&self) -> &Path {
        &self.temp
    }

    /// The file the content will replace (symbolic links followed).
    pub fn target_path(&self) -> &Path {
        &self.target
    }

    /// A save whose temp file `temp`, beside `target`, was written and synced by an earlier process
    /// that was stopped before committing it (see [`super::atomic_pair`]).
    pub(crate) fn adopt(temp: PathBuf, target: PathBuf) -> Staged {
        let dir = parent_dir(&target);
        Staged { target, temp, dir }
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

    /// Renames the temp file over the target without backing the old file up.
    pub fn replace(self) -> io::Result<()> {
        if let Err(e) = fs::rename(&self.temp, &self.target) {
            let _ = fs::remove_file(&self.temp);
            return Err(e);
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
        // Removed whatever the rename did: when `.bak` already is a hard link to the target (a save
        // killed after this step leaves that), the rename of one link of a file onto another is a
        // no-op that leaves the staging name in place — and `.bak` already holds the old content.
        // After a real rename the name is gone and this fails harmlessly.
        let _ = fs::remove_file(&staging);
        result
    }
}

/// The folder holding `path` (`.` for a bare file name).
pub(crate) fn parent_dir(path: &Path) -> PathBuf {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// A fresh temp name for something to be renamed to `target_name`: `.NAME.tmp-PID-N`.
pub(crate) fn temp_name(target_name: &OsStr) -> OsString {
    let mut name = OsString::from(".");
    name.push(target_name);
    name.push(format!(
        ".tmp-{}-{}",
        std::process::id(),
        NEXT_TEMP.fetch_add(1, Ordering::Relaxed)
    ));
    name
}

/// Follows a chain of symbolic links from `path` to the path they end at (relative links are read
/// from the link's own folder), so a save replaces the file a link points to, not the link.
pub(crate) fn follow_symlinks(path: &Path) -> io::Result<PathBuf> {
    // Linux gives up after 40 links (ELOOP); so does this.
    const MAX_LINKS: usize = 40;
    let mut current = path.to_path_buf();
    for _ in 0..MAX_LINKS {
        match fs::symlink_metadata(&current) {
            Ok(meta) if meta.file_type().is_symlink() => {
                let target = fs::read_link(&current)?;
                current = parent_dir(&current).join(target);
            }
            _ => return Ok(current),
        }
    }
    Err(io::Error::other(format!(
        "{}: more than {MAX_LINKS} symbolic links in a chain",
        path.display()
    )))
}

/// How old a leftover temp must be to be removed even though a process with its pid runs (pids are
/// reused, and no save takes minutes).
pub const STALE_AFTER: Duration = Duration::from_mins(10);

/// The leftovers in `dir` of earlier saves of `target_name` whose writer is gone, for the next save to
/// remove: entries named exactly `.NAME.tmp-PID-N` or `.NAME.tmp-PID-N.bak` (the backup's staging name)
/// for that one target, where no process `PID` is running (known where `/proc` is mounted) or the entry
/// is older than [`STALE_AFTER`]. Anything else — other targets' temps, a live save's temp, files the
/// user named — is never listed. Unreadable folders list nothing.
pub(crate) fn stale_temps(dir: &Path, target_name: &OsStr) -> Vec<PathBuf> {
    let Ok(entries) = fs::read_dir(dir) else {
        return Vec::new();
    };
    entries
        .flatten()
        .filter(|entry| {
            let Some(pid) = temp_owner(&entry.file_name(), target_name) else {
                return false;
            };
            let old = entry
                .metadata()
                .and_then(|m| m.modified())
                .ok()
                .and_then(|t| t.elapsed().ok())
                .is_some_and(|age| age > STALE_AFTER);
            old || process_running(pid) == Some(false)
        })
        .map(|entry| entry.path())
        .collect()
}

/// The pid in a temp name of `target_name` (`.NAME.tmp-PID-N`, optionally `.bak`), if it is one.
pub(crate) fn temp_owner(name: &OsStr, target_name: &OsStr) -> Option<u32> {
    let name = name.to_str()?;
    let rest = name
        .strip_prefix('.')?
        .strip_prefix(target_name.to_str()?)?
        .strip_prefix(".tmp-")?;
    let rest = rest.strip_suffix(".bak").unwrap_or(rest);
    let (pid, n) = rest.split_once('-')?;
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if !digits(pid) || !digits(n) {
        return None;
    }
    pid.parse().ok()
}

/// Whether a process `pid` runs, where the system can tell without unsafe code (`/proc`); `None`
/// elsewhere, and then only age makes a leftover stale.
pub(crate) fn process_running(pid: u32) -> Option<bool> {
    let proc = Path::new("/proc");
    if !proc.join("self").exists() {
        return None;
    }
    Some(proc.join(pid.to_string()).exists())
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

    /// The names in a test folder, sorted: what a write left behind.
    pub(crate) fn names_in(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn a_save_removes_its_targets_stale_temp_files_and_nothing_else() {
        let dir = scratch_dir("atomic-stale");
        let target = dir.join("level.ron");
        fs::write(&target, b"old").unwrap();
        // No process has a pid above Linux's pid_max (2^22), so these writers are gone.
        let dead = 4_000_000_000u32;
        let me = std::process::id();
        let stale = [
            format!(".level.ron.tmp-{dead}-0"),
            format!(".level.ron.tmp-{dead}-1.bak"),
        ];
        let kept = [
            // A live writer's fresh temp (this process).
            format!(".level.ron.tmp-{me}-999999"),
            // Another target's temp, and names that only look alike.
            format!(".other.ron.tmp-{dead}-0"),
            format!(".level.ron.tmp-{dead}-x"),
            ".level.ron.tmp-notes".to_string(),
        ];
        for name in stale.iter().chain(&kept) {
            fs::write(dir.join(name), b"leftover").unwrap();
        }
        // A live pid's temp that is older than STALE_AFTER is stale too (pids are reused).
        let old = format!(".level.ron.tmp-{me}-888888");
        let file = File::create(dir.join(&old)).unwrap();
        file.set_modified(std::time::SystemTime::now() - STALE_AFTER * 2)
            .unwrap();
        drop(file);
        save_atomic(&target, b"new").unwrap();
        let mut expected: Vec<String> = kept.to_vec();
        expected.extend(["level.ron".to_string(), "level.ron.bak".to_string()]);
        expected.sort();
        assert_eq!(names_in(&dir), expected);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn saving_onto_a_symlink_writes_the_file_it_points_to() {
        let dir = scratch_dir("atomic-symlink");
        fs::create_dir(dir.join("real")).unwrap();
        let real = dir.join("real").join("level.ron");
        fs::write(&real, b"old").unwrap();
        let link = dir.join("link.ron");
        // A relative link, read from the link's folder; and a link to that link.
        std::os::unix::fs::symlink("real/level.ron", &link).unwrap();
        let link2 = dir.join("link2.ron");
        std::os::unix::fs::symlink(&link, &link2).unwrap();
        save_atomic(&link2, b"new").unwrap();
        assert_eq!(fs::read(&real).unwrap(), b"new");
        assert_eq!(fs::read(backup_path(&real)).unwrap(), b"old");
        for l in [&link, &link2] {
            assert!(fs::symlink_metadata(l).unwrap().file_type().is_symlink());
        }
        assert_eq!(names_in(&dir), ["link.ron", "link2.ron", "real"]);
        assert_eq!(names_in(&dir.join("real")), ["level.ron", "level.ron.bak"]);
        // A dangling link creates the file it names.
        let dangling = dir.join("new-link.ron");
        std::os::unix::fs::symlink("real/fresh.ron", &dangling).unwrap();
        save_atomic(&dangling, b"fresh").unwrap();
        assert_eq!(fs::read(dir.join("real/fresh.ron")).unwrap(), b"fresh");
        fs::remove_dir_all(&dir).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn a_symlink_loop_is_an_error_not_a_hang() {
        let dir = scratch_dir("atomic-loop");
        let a = dir.join("a");
        let b = dir.join("b");
        std::os::unix::fs::symlink(&b, &a).unwrap();
        std::os::unix::fs::symlink(&a, &b).unwrap();
        let err = save_atomic(&a, b"x").unwrap_err();
        assert!(err.to_string().contains("symbolic links"), "{err}");
        fs::remove_dir_all(&dir).unwrap();
    }

    /// A save killed after its backup step leaves `.bak` a hard link to the target; the next save's
    /// rename of its staging link onto `.bak` is then a no-op, which used to leave the staging file.
    #[test]
    fn a_backup_already_linked_to_the_target_leaves_no_staging_file() {
        let dir = scratch_dir("atomic-bak-link");
        let target = dir.join("level.ron");
        fs::write(&target, b"old content").unwrap();
        fs::hard_link(&target, backup_path(&target)).unwrap();
        save_atomic(&target, b"new").unwrap();
        assert_eq!(fs::read(&target).unwrap(), b"new");
        assert_eq!(fs::read(backup_path(&target)).unwrap(), b"old content");
        assert_eq!(names_in(&dir), ["level.ron", "level.ron.bak"]);
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
