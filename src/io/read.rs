//! Reading text input that may be hostile: a bounded read and exact UTF-8 error positions.
//!
//! Every loader reads through [`read_text`] instead of trusting `metadata().len()`: the size a file
//! reports can lie (`/dev/zero` and FIFOs report 0, a file may grow while read), so the read itself stops
//! one byte past the limit. The path `-` is standard input, as for most command-line tools, read with the
//! same limit; [`input_name`] names it `standard input` in messages. A UTF-8 byte-order mark, which many
//! Windows editors write first, is dropped here, so neither parser ever sees it. What a parser then says
//! is made fit to show in [`super::parse_message`].

pub use crate::model::limits::quote;
use std::fs::File;
use std::io::{self, Read};
use std::path::Path;

use thiserror::Error;

/// Why a text file could not be read.
#[derive(Debug, Error)]
pub enum ReadError {
    /// The operating system refused the read (no such file, no permission, a directory, …).
    #[error("cannot read: {0}")]
    Io(#[from] io::Error),
    /// More than the limit was there to read (the file's reported size is not trusted).
    #[error("more than {limit} bytes, the limit for this kind of file")]
    TooLarge {
        /// The most bytes this kind of file may hold.
        limit: u64,
    },
    /// Not UTF-8: `offset` is the 0-based byte offset of the first bad byte, `line` and `column` its
    /// 1-based position (the column counts characters).
    #[error(
        "not UTF-8 text: byte {offset} (line {line}, column {column}) starts an invalid sequence"
    )]
    NotUtf8 {
        /// Byte offset of the first bad byte, from 0.
        offset: usize,
        /// Line of that byte, from 1.
        line: usize,
        /// Column of that byte in characters, from 1.
        column: usize,
    },
}

/// Whether `path` is `-`, which stands for standard input.
pub fn is_standard_input(path: &Path) -> bool {
    path.as_os_str() == "-"
}

/// How messages name the input `path`: `standard input` for `-`, else the path itself.
pub fn input_name(path: &Path) -> &Path {
    if is_standard_input(path) {
        Path::new("standard input")
    } else {
        path
    }
}

/// Reads the text file `path` (standard input for `-`), refusing it when it holds more than `limit` bytes
/// or is not UTF-8.
///
/// At most `limit + 1` bytes are ever read, whatever the file claims to be. A FIFO still waits for a
/// writer to open it, as any reader would; once open, it is bounded like a file.
pub fn read_text(path: &Path, limit: u64) -> Result<String, ReadError> {
    if is_standard_input(path) {
        return read_bounded(io::stdin().lock(), 0, limit);
    }
    let file = File::open(path)?;
    // The reported size is only a hint for the first allocation.
    let hint = file.metadata().map_or(0, |m| m.len()).min(limit);
    read_bounded(file, hint, limit)
}

/// Reads at most `limit + 1` bytes of `reader` as UTF-8 text; `hint` is the size to allocate first.
fn read_bounded(reader: impl Read, hint: u64, limit: u64) -> Result<String, ReadError> {
    let mut bytes = Vec::with_capacity(usize::try_from(hint).unwrap_or(0).saturating_add(1));
    reader
        .take(limit.saturating_add(1))
        .read_to_end(&mut bytes)?;
    if bytes.len() as u64 > limit {
        return Err(ReadError::TooLarge { limit });
    }
    let mut text = String::from_utf8(bytes).map_err(|e| {
        let offset = e.utf8_error().valid_up_to();
        // The bytes before `offset` are valid UTF-8, so the position can be counted in characters.
        let before = std::str::from_utf8(&e.as_bytes()[..offset]).unwrap_or_default();
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        ReadError::NotUtf8 {
            offset,
            line: 1 + before.matches('\n').count(),
            column: 1 + before[line_start..].chars().count(),
        }
    })?;
    let bom = text.len() - super::sniff::without_bom(&text).len();
    text.drain(..bom);
    Ok(text)
}

/// A size as a person reads it: "64 MB", "900 KB" (rounded up, so a size over a limit never reads as
/// the limit itself).
pub fn size_in_words(bytes: u64) -> String {
    const KB: u64 = 1 << 10;
    const MB: u64 = 1 << 20;
    if bytes >= MB {
        format!("{} MB", bytes.div_ceil(MB))
    } else if bytes >= KB {
        format!("{} KB", bytes.div_ceil(KB))
    } else {
        format!("{bytes} bytes")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::io::atomic::tests::scratch_dir;
    use std::time::{Duration, Instant};

    #[test]
    fn reads_a_file_up_to_the_limit_and_refuses_one_byte_more() {
        let dir = scratch_dir("read-limit");
        let path = dir.join("ten.txt");
        std::fs::write(&path, "0123456789").unwrap();
        assert_eq!(read_text(&path, 10).unwrap(), "0123456789");
        assert!(matches!(
            read_text(&path, 9),
            Err(ReadError::TooLarge { limit: 9 })
        ));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn dev_zero_is_refused_after_the_limit_not_read_forever() {
        let started = Instant::now();
        let err = read_text(Path::new("/dev/zero"), 1 << 20).unwrap_err();
        assert!(matches!(err, ReadError::TooLarge { limit } if limit == 1 << 20));
        assert!(err.to_string().contains("more than 1048576 bytes"), "{err}");
        // Reading one mebibyte takes milliseconds; the old read ran to 2 GB.
        assert!(started.elapsed() < Duration::from_secs(5));
    }

    #[test]
    fn invalid_utf8_names_its_byte_offset_line_and_column() {
        let dir = scratch_dir("read-utf8");
        let path = dir.join("bad.ron");
        // Byte 14 is the 0xFF: `(`, newline, two spaces, `name: "` (7), "é" (two bytes), `a`. On line 2
        // it follows 11 characters ("é" counts once), so its column is 12.
        std::fs::write(&path, b"(\n  name: \"\xc3\xa9a\xff\",\n)").unwrap();
        match read_text(&path, 1000) {
            Err(ReadError::NotUtf8 {
                offset,
                line,
                column,
            }) => {
                assert_eq!((offset, line, column), (14, 2, 12));
            }
            other => panic!("expected a UTF-8 error, got {other:?}"),
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn quotes_are_cut_and_escaped() {
        let long = "x".repeat(10_000);
        let quoted = quote(&long);
        assert_eq!(
            quoted.chars().count(),
            crate::model::limits::MAX_QUOTED_CHARS + 1
        );
        assert!(quoted.ends_with('…'));
        assert_eq!(quote("a\nb\u{1b}[31m"), "a\\nb\\u{1b}[31m");
        assert_eq!(quote("siheyuan"), "siheyuan");
    }

    #[test]
    fn a_byte_order_mark_is_dropped() {
        let dir = scratch_dir("read-bom");
        let path = dir.join("bom.ron");
        std::fs::write(&path, "\u{feff}(x: 1)").unwrap();
        assert_eq!(read_text(&path, 100).unwrap(), "(x: 1)");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
