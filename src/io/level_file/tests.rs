//! The level file's own tests: round trips, the format version, sizes and refusals.
use super::*;
use crate::generate::campaign;
use crate::io::atomic::tests::scratch_dir;
use crate::model::{Item, ItemKind};

fn sample() -> Level {
    campaign::plan(3).generate(6).expect("level 6 exists")
}

#[test]
fn ron_and_json_round_trip() {
    let level = sample();
    let dir = scratch_dir("round-trip");
    for name in ["level.ron", "level.json"] {
        let path = dir.join(name);
        save(&path, &level).unwrap();
        assert_eq!(*load(&path).unwrap(), level, "{name}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn files_carry_the_format_version_first_and_keep_it_through_a_round_trip() {
    let level = sample();
    let dir = scratch_dir("version");
    for (name, first_field) in [
        ("level.ron", "(\n    version: 1,\n    generator: "),
        ("level.json", "{\n  \"version\": 1,\n  \"generator\": "),
    ] {
        let path = dir.join(name);
        save(&path, &level).unwrap();
        let written = std::fs::read_to_string(&path).unwrap();
        assert!(written.starts_with(first_field), "{name}: {written:.60}");
        let loaded = load(&path).unwrap();
        save(&path, &loaded).unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), written, "{name}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A level with a stack (a coin on a chair, as the 2025 game places them) is written as format 2 and
/// read back with the stack in its order; the same level without the stack is format 1 again.
#[test]
fn a_stack_of_items_makes_format_2_and_keeps_its_order() {
    let mut level = sample();
    let cell = level.items[0].cell;
    level.items.retain(|it| it.cell != cell);
    level.items.push(Item {
        kind: ItemKind::Chair,
        cell,
    });
    level.items.push(Item {
        kind: ItemKind::Coin,
        cell,
    });
    for (format, version_line) in [
        (Format::Ron, "(\n    version: 2,\n"),
        (Format::Json, "{\n  \"version\": 2,\n"),
    ] {
        let text = to_string(&level, format).unwrap();
        assert!(text.starts_with(version_line), "{format}: {text:.40}");
        let loaded = from_text(Path::new("stacked"), &text).unwrap();
        assert_eq!(*loaded, level, "{format}");
        let stack: Vec<ItemKind> = loaded.stack_at(cell).map(|it| it.kind).collect();
        assert_eq!(stack, [ItemKind::Chair, ItemKind::Coin], "{format}");
        assert_eq!(loaded.item_at(cell).map(|it| it.kind), Some(ItemKind::Coin));
    }
    level
        .items
        .retain(|it| it.kind != ItemKind::Chair || it.cell != cell);
    assert!(
        to_string(&level, Format::Ron)
            .unwrap()
            .starts_with("(\n    version: 1,\n")
    );
}

/// Level files written before they carried a version are format 1, and load as they are.
#[test]
fn a_file_without_a_version_loads_as_format_1() {
    let level = sample();
    for (format, version_line) in [
        (Format::Ron, "    version: 1,\n"),
        (Format::Json, "  \"version\": 1,\n"),
    ] {
        let text = to_string(&level, format).unwrap();
        let unversioned = text.replacen(version_line, "", 1);
        assert!(!unversioned.contains("version"), "{format}");
        let loaded = from_text(Path::new("old"), &unversioned).unwrap();
        assert_eq!(*loaded, level, "{format}");
    }
}

#[test]
fn a_newer_or_unknown_format_is_refused_by_its_number() {
    let level = sample();
    for (format, version_line) in [
        (Format::Ron, "version: 1,"),
        (Format::Json, "\"version\": 1,"),
    ] {
        let text = to_string(&level, format).unwrap();
        let newer = LEVEL_FORMAT_VERSION + 1;
        let future = text.replacen(
            version_line,
            &version_line.replace('1', &newer.to_string()),
            1,
        );
        let err = from_text(Path::new("future"), &future).unwrap_err();
        assert!(
            matches!(err, LevelFileError::NewerFormat { found, .. } if found == newer),
            "{format}: {err:?}"
        );
        assert_eq!(
            err.to_string(),
            format!(
                "future: was saved by a newer Mansion Forge (level format {newer}; this version \
                 reads up to {LEVEL_FORMAT_VERSION})"
            )
        );
        // A newer format is refused by its number even when the rest no longer parses here.
        let changed = future.replacen("generator", "maker", 1);
        let err = from_text(Path::new("future"), &changed).unwrap_err();
        assert!(matches!(err, LevelFileError::NewerFormat { .. }), "{err:?}");

        let zero = text.replacen(version_line, &version_line.replace('1', "0"), 1);
        let err = from_text(Path::new("zero"), &zero).unwrap_err().to_string();
        assert!(err.contains("level format 0 does not exist"), "{err}");

        let word = text.replacen(version_line, &version_line.replace('1', "\"one\""), 1);
        match from_text(Path::new("word"), &word) {
            Err(LevelFileError::Parse { line: 2, .. }) => {}
            other => panic!("{format}: expected a parse error on line 2, got {other:?}"),
        }
    }
}

#[test]
fn format_follows_extension_then_content() {
    let level = sample();
    let json = to_string(&level, Format::Json).unwrap();
    assert_eq!(Format::sniff(&json), Format::Json);
    assert_eq!(
        Format::sniff(&to_string(&level, Format::Ron).unwrap()),
        Format::Ron
    );
    let dir = scratch_dir("sniff");
    let path = dir.join("level.txt");
    std::fs::write(&path, json).unwrap();
    assert_eq!(*load(&path).unwrap(), level);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn truncated_file_names_line_and_column() {
    let level = sample();
    let dir = scratch_dir("truncated");
    for format in [Format::Ron, Format::Json] {
        let text = to_string(&level, format).unwrap();
        let cut = &text[..text.len() / 2];
        let expected_line = 1 + cut.matches('\n').count();
        let path = dir.join(format!("cut.{}", format.to_string().to_lowercase()));
        std::fs::write(&path, cut).unwrap();
        match load(&path) {
            Err(LevelFileError::Parse { line, column, .. }) => {
                assert_eq!(line, expected_line, "{format}");
                assert!(column >= 1, "{format}");
            }
            other => panic!("{format}: expected a parse error, got {other:?}"),
        }
        let message = load(&path).unwrap_err().to_string();
        assert!(message.starts_with(&format!("{}:{expected_line}:", path.display())));
        assert!(!message.contains('\n'), "{message}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn mismatched_grid_is_rejected() {
    let mut level = sample();
    level.height -= 1;
    let dir = scratch_dir("shape");
    let path = dir.join("bad.json");
    std::fs::write(&path, to_string(&level, Format::Json).unwrap()).unwrap();
    assert!(matches!(load(&path), Err(LevelFileError::Shape { .. })));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_level_the_loader_would_refuse_is_not_written() {
    let mut level = sample();
    let dir = scratch_dir("refuse-save");
    let path = dir.join("level.ron");
    save(&path, &level).unwrap();
    let before = std::fs::read(&path).unwrap();
    level.items[0].cell = crate::model::Cell::new(i32::MAX, 3);
    let err = save(&path, &level).expect_err("refused");
    assert!(err.to_string().contains("off the"), "{err}");
    assert_eq!(std::fs::read(&path).unwrap(), before);
    std::fs::remove_dir_all(&dir).unwrap();
}
