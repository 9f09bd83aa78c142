//! The module layers of the README hold: `generate` and `analysis` never import each other, and the level
//! core (`model`) imports no other module of the crate. Read off the sources, so a new `use` that crosses
//! a layer fails here rather than in review.

use std::path::Path;

/// Every `.rs` file under `src/<module>`, with its text.
fn sources(module: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut stack = vec![
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("src")
            .join(module),
    ];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).expect("a source folder") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).expect("readable");
                out.push((path.display().to_string(), text));
            }
        }
    }
    assert!(!out.is_empty(), "no sources under src/{module}");
    out
}

/// Files of `module` that name `crate::<other>` for any of `others`.
fn crossings(module: &str, others: &[&str]) -> Vec<String> {
    sources(module)
        .into_iter()
        .flat_map(|(file, text)| {
            others
                .iter()
                .filter(|other| {
                    text.contains(&format!("crate::{other}::"))
                        || text.contains(&format!("crate::{other};"))
                        || text.contains(&format!("crate::{{{other}"))
                })
                .map(|other| format!("{file} uses crate::{other}"))
                .collect::<Vec<_>>()
        })
        .collect()
}

#[test]
fn generate_and_analysis_never_import_each_other() {
    assert_eq!(crossings("generate", &["analysis"]), Vec::<String>::new());
    assert_eq!(crossings("analysis", &["generate"]), Vec::<String>::new());
}

#[test]
fn the_level_core_stands_on_nothing_else() {
    let above = ["generate", "analysis", "edit", "io", "app", "cli"];
    assert_eq!(crossings("model", &above), Vec::<String>::new());
    // And the analysis and generators use nothing above them either.
    for module in ["generate", "analysis"] {
        assert_eq!(
            crossings(module, &["edit", "io", "app", "cli"]),
            Vec::<String>::new()
        );
    }
}
