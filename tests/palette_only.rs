//! Every colour lives in `src/paint/palette.rs` (issue 23): the map, its overlays, the legends, the
//! PNG export and the editor's panels take their colours from the palette by role, so one change
//! there changes every place a colour means the same thing, and no two places drift apart.
//!
//! The test reads the sources rather than the compiled crate: a colour literal is `Color32::` followed
//! by an upper-case constant (`WHITE`, `LIGHT_GREEN`) or a `from_` constructor, or an `Rgba` built from
//! numbers (`Rgba::`, `egui::Rgba`, `Rgba([`). Unit-test modules (from a `#[cfg(test)]` line to the
//! end of the file) are not scanned: their colours are fixtures for the rasterizer's arithmetic
//! (half-transparent red over black), not colours anything shows.

use std::path::{Path, PathBuf};

/// The one file colours may be written in.
const PALETTE: &str = "src/paint/palette.rs";

/// Whether `line` writes a colour literal.
fn has_colour_literal(line: &str) -> bool {
    let code = line.split("//").next().unwrap_or("");
    let after_color32 = code.match_indices("Color32::").any(|(i, m)| {
        let rest = &code[i + m.len()..];
        rest.starts_with("from_") || rest.starts_with(|c: char| c.is_ascii_uppercase())
    });
    after_color32 || code.contains("Rgba::") || code.contains("Rgba([")
}

/// Every `.rs` file under `dir`, in no particular order.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let entries = std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    for entry in entries {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// `file:line: text` for each colour literal outside the palette and outside unit-test modules.
fn colour_literals_outside_the_palette(root: &Path) -> Vec<String> {
    let mut files = Vec::new();
    rust_files(&root.join("src"), &mut files);
    // Sorted, so a failure lists the files in a stable order.
    files.sort();
    let mut found = Vec::new();
    for path in files {
        let relative = path.strip_prefix(root).expect("under the crate root");
        let name = relative.to_string_lossy().replace('\\', "/");
        if name == PALETTE {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{name}: {e}"));
        for (i, line) in text.lines().enumerate() {
            if line.trim() == "#[cfg(test)]" {
                break;
            }
            if has_colour_literal(line) {
                found.push(format!("{name}:{}: {}", i + 1, line.trim()));
            }
        }
    }
    found
}

#[test]
fn the_scanner_knows_a_colour_literal_when_it_sees_one() {
    for line in [
        "let c = Color32::WHITE;",
        "Stroke::new(1.0, Color32::from_black_alpha(170))",
        "egui::Color32::LIGHT_GREEN",
        "let p = image::Rgba([0, 0, 0, 255]);",
        "let r = egui::Rgba::from_gray(0.5);",
    ] {
        assert!(has_colour_literal(line), "{line}");
    }
    for line in [
        "let c = palette::GUARD;",
        "fn tint(c: Color32) -> Color32 {",
        "Rgba(palette::BACKGROUND.to_array())",
        "// Color32::WHITE in a comment",
    ] {
        assert!(!has_colour_literal(line), "{line}");
    }
}

#[test]
fn colours_live_in_the_palette() {
    let found = colour_literals_outside_the_palette(Path::new(env!("CARGO_MANIFEST_DIR")));
    assert!(
        found.is_empty(),
        "{} colour literals outside {PALETTE}; name each by its role in the palette:\n{}",
        found.len(),
        found.join("\n")
    );
}
