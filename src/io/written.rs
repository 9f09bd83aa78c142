//! Which files of a folder this program wrote and has not seen changed since: a manifest beside them
//! (`.mansion-forge-written`, one hidden file per folder, JSON: file name → FNV-1a of the bytes written).
//!
//! Exports go into a game's asset folder, where a `.bak` beside every file on every re-export would be
//! clutter an engine may even import, so an export replaces a file without a backup — but only a file
//! the manifest vouches for: one this program wrote there, unchanged since. Anything else at the path (a
//! preset, a hand-edited level, a file of another program) is kept as `<name>.bak` before it is
//! replaced. A manifest that is missing, unreadable or lost to a race only ever costs an extra backup.

use std::collections::BTreeMap;
use std::fs;
use std::io;
use std::path::Path;

use super::atomic::{
    Existing, follow_symlinks, parent_dir, save_atomic, save_atomic_without_backup,
};
use crate::generate::rng::{FNV1A_START, fnv1a, fnv1a_more};

/// The manifest's file name in each folder.
pub const MANIFEST: &str = ".mansion-forge-written";

/// The largest manifest read (a folder of a few thousand exports); a larger one is ignored.
const MAX_MANIFEST_BYTES: u64 = 1 << 20;

/// File name → fingerprint of what was written.
type Manifest = BTreeMap<String, String>;

/// The fingerprint of `bytes`.
fn fingerprint(bytes: &[u8]) -> String {
    format!("{:016x}", fnv1a(bytes))
}

/// The manifest of `dir` (empty when there is none or it cannot be read).
fn read_manifest(dir: &Path) -> Manifest {
    let path = dir.join(MANIFEST);
    let small = fs::metadata(&path).is_ok_and(|m| m.is_file() && m.len() <= MAX_MANIFEST_BYTES);
    if !small {
        return Manifest::new();
    }
    fs::read(&path)
        .ok()
        .and_then(|bytes| serde_json::from_slice(&bytes).ok())
        .unwrap_or_default()
}

/// Whether the file at `path` is one this program wrote and nobody changed since (so replacing it
/// loses nothing).
pub fn is_ours(path: &Path) -> bool {
    let Ok(path) = follow_symlinks(path) else {
        return false;
    };
    let Some(name) = path.file_name().and_then(|n| n.to_str()) else {
        return false;
    };
    let Some(recorded) = read_manifest(&parent_dir(&path)).remove(name) else {
        return false;
    };
    file_fingerprint(&path).is_ok_and(|found| found == recorded)
}

/// The fingerprint of the file at `path`, read piece by piece (an export may be hundreds of MB).
fn file_fingerprint(path: &Path) -> io::Result<String> {
    let mut file = fs::File::open(path)?;
    let mut buffer = vec![0u8; 1 << 16];
    let mut hash = FNV1A_START;
    loop {
        let n = io::Read::read(&mut file, &mut buffer)?;
        if n == 0 {
            return Ok(format!("{hash:016x}"));
        }
        hash = fnv1a_more(hash, &buffer[..n]);
    }
}

/// Notes in the manifest beside `path` that `bytes` are what this program just wrote there. Best
/// effort: a manifest that cannot be written only means a backup next time.
pub fn record(path: &Path, bytes: &[u8]) {
    let Ok(path) = follow_symlinks(path) else {
        return;
    };
    let Some(name) = path.file_name().and_then(|n| n.to_str()) else {
        return;
    };
    let dir = parent_dir(&path);
    let mut manifest = read_manifest(&dir);
    manifest.insert(name.to_string(), fingerprint(bytes));
    if let Ok(text) = serde_json::to_string_pretty(&manifest) {
        let _ = save_atomic_without_backup(&dir.join(MANIFEST), text.as_bytes());
    }
}

/// Writes an export: replaces `path` atomically, keeping the file it replaces as `<name>.bak` unless
/// this program wrote it and nobody changed it since ([`is_ours`]); then records what it wrote. A
/// device is written through and a FIFO or folder refused, as every save does.
pub fn save_export(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let existing = Existing::of(&follow_symlinks(path)?)?;
    match existing {
        Existing::CharDevice => return save_atomic_without_backup(path, bytes),
        Existing::File if !is_ours(path) => save_atomic(path, bytes)?,
        Existing::File | Existing::Nothing => save_atomic_without_backup(path, bytes)?,
    }
    record(path, bytes);
    Ok(())
}
