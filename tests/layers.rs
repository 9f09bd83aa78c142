//! The module layers of the README hold, read off the sources so that a new `use` crossing a layer, or a
//! new module the README's table does not place, fails here rather than in review.
//!
//! The rules are read from the README's own table (its "## Layout" section): each row is a layer, top to
//! bottom, named by its `src/<module>/` folders; a module may use the modules of the rows below its own and
//! those of its own row, except where the table says a row's modules "never import each other". Every
//! module under `src/` must stand in the table. The references are every path written out from `crate::`,
//! `super::`, `self::` or a child module, in `use` trees and in code alike (comments and strings are
//! skipped); `#[cfg(test)]` code counts too, as it is compiled into the same module.
//!
//! The same references between the source files (a `mod.rs` is the module of its folder), leaving out
//! `#[cfg(test)]` modules (their imports are the unit tests' needs, compiled only into the test build),
//! give the graph in which `file_modules_form_no_import_cycle` looks for cycles. A `mod` declaration is
//! not a reference; a parent's `pub use child::…` is. A name brought in by a glob (`use super::*`) and
//! then used as a path prefix is seen as a reference to the glob's module only.

use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::fmt::Write as _;
use std::path::Path;

#[path = "layers/scan.rs"]
mod scan;

/// One source file: its path for messages, its module path (`src/a/mod.rs` and `src/a.rs` are `a`,
/// `src/lib.rs` the crate root) and its text.
struct Source {
    file: String,
    module: Vec<String>,
    text: String,
}

/// Every `.rs` file of the library under `src/` (not `main.rs`, the binary, a crate of its own).
fn library_sources() -> Vec<Source> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut out = Vec::new();
    let mut stack = vec![src.clone()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).expect("a source folder") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") && path != src.join("main.rs") {
                let relative = path.strip_prefix(&src).expect("under src");
                out.push(Source {
                    file: format!("src/{}", relative.display()),
                    module: module_of(relative),
                    text: std::fs::read_to_string(&path).expect("readable"),
                });
            }
        }
    }
    out.sort_by(|a, b| a.file.cmp(&b.file));
    out
}

/// The module path of a file relative to `src/`.
fn module_of(relative: &Path) -> Vec<String> {
    let mut parts: Vec<String> = relative
        .with_extension("")
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    if matches!(parts.last().map(String::as_str), Some("mod" | "lib")) {
        parts.pop();
    }
    parts
}

/// One reference from a file module to another: where it is written and the path as written.
#[derive(Clone, Debug)]
struct Edge {
    from: Vec<String>,
    to: Vec<String>,
    at: String,
    written: String,
    /// Written inside a `#[cfg(test)]` module: compiled only into the unit tests.
    test: bool,
}

/// The references between the file modules of `sources`: each path resolved (`crate::`, `super::`,
/// `self::`, or a child file module of the scope it is written in) and mapped to the longest file module
/// it starts with; paths of other crates, and references of a module to itself, are left out, and a line
/// naming one module twice counts once.
fn edges(sources: &[Source]) -> Vec<Edge> {
    let modules: BTreeSet<Vec<String>> = sources.iter().map(|s| s.module.clone()).collect();
    let mut out = Vec::new();
    let mut seen = BTreeSet::new();
    for source in sources {
        for r in scan::references(&scan::tokens(&source.text), &source.module) {
            let mut segments = r.path.iter().map(String::as_str).peekable();
            let mut absolute = match segments.peek().copied() {
                Some("crate") => {
                    segments.next();
                    Vec::new()
                }
                Some("self") => {
                    segments.next();
                    r.scope.clone()
                }
                Some("super") => {
                    let mut base = r.scope.clone();
                    while segments.next_if_eq(&"super").is_some() {
                        base.pop();
                    }
                    base
                }
                Some(first) => {
                    let mut child = r.scope.clone();
                    child.push(first.to_string());
                    if !modules.contains(&child) {
                        continue;
                    }
                    r.scope.clone()
                }
                None => continue,
            };
            absolute.extend(segments.map(str::to_string));
            let to = (0..=absolute.len())
                .rev()
                .map(|n| absolute[..n].to_vec())
                .find(|prefix| modules.contains(prefix))
                .expect("the crate root is a module");
            let at = format!("{}:{}", source.file, r.line);
            if to != source.module && seen.insert((to.clone(), at.clone())) {
                out.push(Edge {
                    from: source.module.clone(),
                    to,
                    at,
                    written: r.path.join("::"),
                    test: r.test,
                });
            }
        }
    }
    out
}

fn name(module: &[String]) -> String {
    if module.is_empty() {
        "crate".to_string()
    } else {
        module.join("::")
    }
}

/// The layer table: rows top to bottom, each the modules of one row and whether the row says its modules
/// never import each other.
type Table = Vec<(Vec<String>, bool)>;

/// The README's layer table: the indented rows after "The layers" in "## Layout" up to the first blank
/// line; a row is a line naming `src/<module>/` folders, and a line saying "never import each other"
/// marks the row above.
fn readme_table(readme: &str) -> Table {
    let layout = readme
        .split("\n## Layout")
        .nth(1)
        .expect("a ## Layout section");
    let mut lines = layout
        .lines()
        .skip_while(|l| !l.starts_with("One crate"))
        .skip(1);
    assert!(lines.next().is_some_and(str::is_empty), "the table follows");
    let mut table: Table = Vec::new();
    for line in lines.take_while(|l| !l.trim().is_empty()) {
        let row: Vec<String> = line
            .split_whitespace()
            .filter_map(|w| w.trim_end_matches(',').strip_prefix("src/"))
            .filter_map(|w| w.strip_suffix('/'))
            .map(str::to_string)
            .collect();
        if !row.is_empty() {
            table.push((row, false));
        } else if line.contains("never import each other") {
            table.last_mut().expect("a row above").1 = true;
        }
    }
    table
}

/// The references of `edges` between top-level modules that `table` forbids, and the top-level modules
/// of `sources` the table does not place.
fn layer_violations(sources: &[Source], edges: &[Edge], table: &Table) -> Vec<String> {
    let row_of: BTreeMap<&str, usize> = table
        .iter()
        .enumerate()
        .flat_map(|(row, (modules, _))| modules.iter().map(move |m| (m.as_str(), row)))
        .collect();
    let mut out: Vec<String> = sources
        .iter()
        .filter_map(|s| s.module.first())
        .collect::<BTreeSet<_>>()
        .into_iter()
        .filter(|m| !row_of.contains_key(m.as_str()))
        .map(|m| format!("src/{m} is not in the README's layer table"))
        .collect();
    for edge in edges {
        let (Some(from), Some(to)) = (edge.from.first(), edge.to.first()) else {
            continue;
        };
        let (Some(&a), Some(&b)) = (row_of.get(from.as_str()), row_of.get(to.as_str())) else {
            continue;
        };
        let allowed = b > a || (a == b && (from == to || !table[a].1));
        if !allowed {
            let why = if a == b {
                format!("{from} and {to} never import each other")
            } else {
                format!("{to} is on a row above {from}")
            };
            out.push(format!("{} uses {} ({why})", edge.at, edge.written));
        }
    }
    out
}

/// The import cycles among the file modules: for each knot of modules that all reach each other, its
/// members and, for every reference inside it, the shortest cycle through that reference (each cycle
/// listed once), with where each step is written.
fn import_cycles(edges: &[Edge]) -> Vec<String> {
    let mut next: BTreeMap<&[String], BTreeMap<&[String], &Edge>> = BTreeMap::new();
    for edge in edges {
        next.entry(edge.from.as_slice())
            .or_default()
            .entry(edge.to.as_slice())
            .or_insert(edge);
    }
    let reach = |from: &[String]| -> BTreeSet<Vec<String>> {
        let mut seen = BTreeSet::new();
        let mut queue = VecDeque::from([from.to_vec()]);
        while let Some(m) = queue.pop_front() {
            for &to in next.get(m.as_slice()).into_iter().flat_map(|n| n.keys()) {
                if seen.insert(to.to_vec()) {
                    queue.push_back(to.to_vec());
                }
            }
        }
        seen
    };
    // Shortest path from `from` to `to` (breadth first), as the edges walked.
    let path = |from: &[String], to: &[String]| -> Vec<&Edge> {
        let mut came: BTreeMap<&[String], &Edge> = BTreeMap::new();
        let mut queue = VecDeque::from([from]);
        while let Some(m) = queue.pop_front() {
            if m == to {
                break;
            }
            for (&n, &edge) in next.get(m).into_iter().flatten() {
                if n != from && !came.contains_key(n) {
                    came.insert(n, edge);
                    queue.push_back(n);
                }
            }
        }
        let mut steps = Vec::new();
        let mut at = to;
        while at != from {
            let edge = came[at];
            steps.push(edge);
            at = &edge.from;
        }
        steps.reverse();
        steps
    };
    let reaches: BTreeMap<&[String], BTreeSet<Vec<String>>> =
        next.keys().map(|&m| (m, reach(m))).collect();
    let mut knots: Vec<BTreeSet<Vec<String>>> = Vec::new();
    for (&m, reached) in &reaches {
        if !reached.contains(m) || knots.iter().any(|k| k.contains(m)) {
            continue;
        }
        let knot: BTreeSet<Vec<String>> = reached
            .iter()
            .filter(|other| reaches.get(other.as_slice()).is_some_and(|r| r.contains(m)))
            .cloned()
            .collect();
        knots.push(knot);
    }
    let mut out = Vec::new();
    for knot in knots {
        let members: Vec<String> = knot.iter().map(|m| name(m)).collect();
        let mut text = format!(
            "{} modules reach each other: {}\n",
            knot.len(),
            members.join(", ")
        );
        let mut seen = BTreeSet::new();
        for from in &knot {
            for (&to, &edge) in next.get(from.as_slice()).into_iter().flatten() {
                if !knot.contains(to) {
                    continue;
                }
                let mut cycle = vec![edge];
                cycle.extend(path(to, from));
                let mut names: Vec<String> = cycle.iter().map(|e| name(&e.from)).collect();
                let start = (0..names.len()).min_by_key(|&i| &names[i]).expect("a step");
                names.rotate_left(start);
                if seen.insert(names.clone()) {
                    cycle.rotate_left(start);
                    writeln!(text, "  cycle {} → {}", names.join(" → "), names[0])
                        .expect("a String takes any text");
                    for step in cycle {
                        writeln!(
                            text,
                            "    {} → {}: {} uses {}",
                            name(&step.from),
                            name(&step.to),
                            step.at,
                            step.written
                        )
                        .expect("a String takes any text");
                    }
                }
            }
        }
        out.push(text);
    }
    out
}

fn readme() -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md"))
        .expect("README")
}

#[test]
fn the_layers_of_the_readme_table_hold() {
    let sources = library_sources();
    let edges = edges(&sources);
    let violations = layer_violations(&sources, &edges, &readme_table(&readme()));
    assert!(
        violations.is_empty(),
        "layer rules broken:\n{}",
        violations.join("\n")
    );
    // The scan sees the crate: every module above the level core refers to some module of the crate
    // other than itself (else the check above would pass on a scanner that sees nothing).
    let top = |m: &[String]| m.first().cloned().unwrap_or_default();
    let users: BTreeSet<String> = edges
        .iter()
        .filter(|e| top(&e.from) != top(&e.to))
        .map(|e| top(&e.from))
        .collect();
    let modules: BTreeSet<String> = sources.iter().map(|s| top(&s.module)).collect();
    let silent: Vec<&String> = modules
        .iter()
        .filter(|m| !m.is_empty() && *m != "model" && !users.contains(*m))
        .collect();
    assert!(silent.is_empty(), "no reference seen from {silent:?}");
}

/// The table reads as the README means it: the editor and the CLI on top, the level core alone at the
/// bottom, `generate` and `analysis` on one row that never imports itself.
#[test]
fn the_readme_table_reads_as_written() {
    let table = readme_table(&readme());
    let rows: Vec<Vec<&str>> = table
        .iter()
        .map(|(row, _)| row.iter().map(String::as_str).collect())
        .collect();
    assert_eq!(rows.first(), Some(&vec!["app", "cli"]), "{rows:?}");
    assert_eq!(rows.last(), Some(&vec!["model"]), "{rows:?}");
    let apart: Vec<&Vec<&str>> = rows
        .iter()
        .zip(&table)
        .filter(|(_, (_, never))| *never)
        .map(|(r, _)| r)
        .collect();
    assert_eq!(apart, vec![&vec!["generate", "analysis"]]);
    for m in ["edit", "io", "paint", "survey"] {
        assert!(
            rows[1..rows.len() - 2].iter().any(|r| r.contains(&m)),
            "{m} between: {rows:?}"
        );
    }
}

/// `generate` and `analysis` share only the level core: stated on its own, not only through the table.
#[test]
fn generate_and_analysis_never_import_each_other() {
    let crossing: Vec<String> = edges(&library_sources())
        .into_iter()
        .filter(|e| {
            let pair = (
                e.from.first().map(String::as_str),
                e.to.first().map(String::as_str),
            );
            matches!(
                pair,
                (Some("generate"), Some("analysis")) | (Some("analysis"), Some("generate"))
            )
        })
        .map(|e| format!("{} uses {}", e.at, e.written))
        .collect();
    assert_eq!(crossing, Vec::<String>::new());
}

/// The turn loop (`play`) stands on the level core and the analysis only: its row in the table sits above
/// `generate`, which the table alone would let it use, so a game played here can never depend on how a
/// level was generated.
#[test]
fn play_uses_only_the_model_and_the_analysis() {
    let reaching: Vec<String> = edges(&library_sources())
        .into_iter()
        .filter(|e| e.from.first().is_some_and(|m| m == "play"))
        .filter(|e| {
            e.to.first()
                .is_some_and(|m| !matches!(m.as_str(), "play" | "model" | "analysis"))
        })
        .map(|e| format!("{} uses {}", e.at, e.written))
        .collect();
    assert_eq!(reaching, Vec::<String>::new());
}

/// The binary is thin: `main.rs` reaches the library only through the CLI.
#[test]
fn the_binary_calls_only_the_cli() {
    let main = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("src/main.rs"))
        .expect("main.rs");
    let used: BTreeSet<String> = scan::references(&scan::tokens(&main), &[])
        .into_iter()
        .filter(|r| r.path[0] == "mansion_forge")
        .map(|r| r.path.get(1).cloned().unwrap_or_default())
        .collect();
    assert_eq!(used, BTreeSet::from(["cli".to_string()]));
}

/// The editor's panels are rooms apart: a file that declares a panel (`impl Panel for`) never reaches
/// another such file, outside its tests. What panels share (words, widgets, legends' samples, parameter
/// fields) lives in modules that declare no panel; the editor and the dispatcher, which declare none,
/// lay panels out and carry out their commands.
#[test]
fn a_panel_never_imports_another_panel() {
    let sources = library_sources();
    let panels: BTreeSet<Vec<String>> = sources
        .iter()
        .filter(|s| s.text.contains("impl Panel for "))
        .map(|s| s.module.clone())
        .collect();
    assert!(panels.len() >= 14, "the panels are found: {panels:?}");
    let reaching: Vec<String> = edges(&sources)
        .into_iter()
        .filter(|e| !e.test && panels.contains(&e.from) && panels.contains(&e.to))
        .map(|e| format!("{} uses {}", e.at, e.written))
        .collect();
    assert_eq!(reaching, Vec::<String>::new());
}

/// No file module reaches itself through the references of non-test code. On failure it lists each knot
/// of modules that reach each other, and a shortest cycle through every reference inside the knot with the
/// file and line of each step: the references to cut.
#[test]
fn file_modules_form_no_import_cycle() {
    let non_test: Vec<Edge> = edges(&library_sources())
        .into_iter()
        .filter(|e| !e.test)
        .collect();
    let cycles = import_cycles(&non_test);
    assert!(
        cycles.is_empty(),
        "{} import cycle knot(s):\n\n{}",
        cycles.len(),
        cycles.join("\n")
    );
}

/// Sources written for the checks below, as if under `src/`.
fn fake(files: &[(&str, &str)]) -> Vec<Source> {
    files
        .iter()
        .map(|(file, text)| Source {
            file: format!("src/{file}"),
            module: module_of(Path::new(file)),
            text: text.to_string(),
        })
        .collect()
}

/// The scanner sees every form a reference takes and nothing in comments, strings or test modules' own
/// `super::*`; the layer check and the cycle check fail on what they exist to catch.
#[test]
fn the_checks_catch_what_they_claim() {
    let low = r##"mod a; mod b;
pub use a::A;
// crate::high::X
const S: &str = "crate::high::Y \" crate::high::Z";
const R: &str = r#"crate::high " crate::high"#;
fn f<'a>(c: char) -> char { '"' }
#[cfg(test)]
mod tests { use super::*; }"##;
    let high = "use crate::{low::{self, a::A}, side};\nfn k() { crate::low::b::g(); }";
    let sources = fake(&[
        ("lib.rs", "pub mod low; pub mod high; pub mod side;"),
        ("low/mod.rs", low),
        ("low/a.rs", "use super::b::{self, B as C};\npub struct A;"),
        ("low/b.rs", "pub fn g() { super::super::side::h() }"),
        ("high.rs", high),
        ("side.rs", "pub fn h() { let _ = crate::high::k; }"),
    ]);
    let edges = edges(&sources);
    let mut found: Vec<String> = edges
        .iter()
        .map(|e| format!("{} {} → {}", e.at, name(&e.from), name(&e.to)))
        .collect();
    found.sort();
    assert_eq!(
        found,
        [
            "src/high.rs:1 high → low",
            "src/high.rs:1 high → low::a",
            "src/high.rs:1 high → side",
            "src/high.rs:2 high → low::b",
            "src/low/a.rs:1 low::a → low::b",
            "src/low/b.rs:1 low::b → side",
            "src/low/mod.rs:2 low → low::a",
            "src/side.rs:1 side → high",
        ]
    );
    let table = readme_table(
        "intro\n## Layout\n\nOne crate: x. The layers:\n\n    high    src/high/\n    low side  src/low/, src/side/\n      (never import each other)\n\nmore",
    );
    let violations = layer_violations(&sources, &edges, &table);
    assert_eq!(
        violations,
        [
            "src/low/b.rs:1 uses super::super::side::h (low and side never import each other)",
            "src/side.rs:1 uses crate::high::k (high is on a row above side)",
        ]
    );
    let cycles = import_cycles(&edges);
    assert_eq!(cycles.len(), 1, "{cycles:?}");
    assert!(
        cycles[0].starts_with("5 modules reach each other: high, low, low::a, low::b, side\n"),
        "{}",
        cycles[0]
    );
    assert!(
        cycles[0].contains("  cycle high → low::b → side → high\n"),
        "{}",
        cycles[0]
    );
    assert!(
        cycles[0].contains("    side → high: src/side.rs:1 uses crate::high::k\n"),
        "{}",
        cycles[0]
    );
    // References in `#[cfg(test)]` modules are told apart.
    let tests = "#[cfg(test)]\nmod tests { use crate::high::X; }\nmod inner { fn f() { crate::side::g(); } }";
    let flags: Vec<(String, bool)> = scan::references(&scan::tokens(tests), &[])
        .into_iter()
        .map(|r| (r.path.join("::"), r.test))
        .collect();
    assert_eq!(
        flags,
        [
            ("crate::high::X".to_string(), true),
            ("crate::side::g".to_string(), false)
        ]
    );
    // Without the reference that closes it, no cycle is left.
    let acyclic: Vec<Edge> = edges
        .into_iter()
        .filter(|e| name(&e.from) != "side")
        .collect();
    assert_eq!(import_cycles(&acyclic), Vec::<String>::new());
}
