//! Atomic file replacement: a crash or a full disk mid-save must never leave a half-written level where a
//! good one was, so every save goes to a temporary file beside the target and is renamed over it.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// Distinguishes temp files of concurrent saves within one process (the pid separates processes).
static NEXT_TEMP: AtomicU64 = AtomicU64::new(0);

/// Writes `bytes` to `path` atomically: a temp file in the same folder (so the rename stays on one file
/// system), written, flushed and synced, then renamed over the target. On failure the temp file is removed
/// and the target is left as it was.
pub fn save_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
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
    let result = write_synced(&temp, bytes).and_then(|()| fs::rename(&temp, path));
    if result.is_err() {
        // Best effort: the write error is the one worth reporting.
        let _ = fs::remove_file(&temp);
        return result;
    }
    sync_dir(&dir);
    Ok(())
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
        let names: Vec<_> = fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, vec![std::ffi::OsString::from("level.ron")]);
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
}
