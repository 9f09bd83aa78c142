//! A level's fingerprint: a short, stable name for exactly this level, which a preset keeps to warn
//! when it no longer rebuilds to the level it was saved with, a play-through keeps to refuse another
//! level, and the LDtk export names its ids by.

use crate::generate::rng::{FNV1A_START, fnv1a_more};
use crate::model::Level;

/// A stable fingerprint of a level: FNV-1a of its JSON (without the numbers its guards and coins go
/// by, [`Level::content`]), as 16 hex digits. The JSON is hashed as it is
/// written, never held: a level of the largest size writes tens of megabytes.
pub fn fingerprint(level: &Level) -> String {
    format!("{:016x}", fingerprint_number(level))
}

/// [`fingerprint`] as a number.
pub fn fingerprint_number(level: &Level) -> u64 {
    /// Hashes what is written to it.
    struct Fnv(u64);
    impl std::io::Write for Fnv {
        fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
            self.0 = fnv1a_more(self.0, bytes);
            Ok(bytes.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let mut hash = Fnv(FNV1A_START);
    // A level always serialises (plain data, string keys); were it ever to fail, the fingerprint of
    // what was written so far still names this level in a warning.
    let _ = serde_json::to_writer(std::io::BufWriter::new(&mut hash), &level.content());
    hash.0
}
