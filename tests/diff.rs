//! Comparing two versions of a level (`analysis::diff`, `mansion-forge diff`): nothing differs between a
//! level and itself, a regeneration changes nothing inside its locked rooms, a hand change is reported
//! exactly, rooms are matched by their cells rather than their ids, and the picture marks the changes.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use mansion_forge::analysis::diff::{Mark, diff};
use mansion_forge::edit::{self, Document};
use mansion_forge::generate::recipe::Recipe;
use mansion_forge::generate::registry;
use mansion_forge::generate::{Request, Rerolls};
use mansion_forge::io::preset;
use mansion_forge::model::{Cell, Item, ItemKind, Level, Terrain};
use mansion_forge::paint::palette;

#[path = "common/cli.rs"]
mod cli;
use cli::run;
#[path = "common/padded.rs"]
mod padded;
use padded::padded;

fn presets() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("presets");
    let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("presets folder")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "ron"))
        .collect();
    paths.sort();
    paths
}

fn load(path: &Path) -> Document {
    preset::load(path).expect("the preset loads").document
}

/// A level of every generator.
fn levels() -> Vec<Level> {
    let mut out: Vec<Level> = (0..10)
        .map(|n| Recipe::campaign_level(4, n).build().expect("builds"))
        .collect();
    for id in registry::all()
        .iter()
        .filter(|k| !k.follows_campaign())
        .map(|k| k.id())
    {
        let generator = registry::by_id(id, &[]).expect("a generator").generator();
        let request = Request {
            level: 6,
            seed: 11,
            locks: &[],
            rerolls: Rerolls::default(),
        };
        out.push(generator.generate(&request).expect("generates"));
    }
    out
}

#[test]
fn a_level_and_itself_differ_in_nothing() {
    let mut all = levels();
    all.extend(presets().iter().map(|p| load(p).level));
    for level in &all {
        let found = diff(level, &level.clone());
        assert!(
            found.is_empty(),
            "{} {}: {found:?}",
            level.generator,
            level.seed
        );
        assert!(found.marks().is_empty());
        assert_eq!(found.rooms.unchanged, level.rooms.len());
    }
}

#[test]
fn a_regeneration_changes_nothing_inside_its_locked_rooms() {
    let locked_presets: Vec<Document> = presets()
        .iter()
        .map(|p| load(p))
        .filter(|doc| !doc.locks.is_empty())
        .collect();
    assert!(!locked_presets.is_empty(), "a shipped preset has locks");
    for before in &locked_presets {
        for seed in [3, 99, 12345] {
            let mut after = before.clone();
            after
                .execute(&edit::Command::Regenerate { seed })
                .expect("the locks are kept");
            let found = diff(&before.level, &after.level);
            assert!(!found.is_empty(), "seed {seed} regenerates something");
            // A lock keeps a room's cells, its wall ring and its items; guards and patrols are
            // recomputed for the whole level, so they may change anywhere.
            let locked: HashSet<Cell> = after
                .locked_rooms()
                .into_iter()
                .flat_map(|r| after.level.rooms[r].cells.clone())
                .flat_map(|c| (-1..=1).flat_map(move |dy| (-1..=1).map(move |dx| c.offset(dx, dy))))
                .collect();
            assert!(!locked.is_empty());
            for cell in &found.cells.list {
                assert!(!locked.contains(cell), "seed {seed}: terrain at {cell:?}");
            }
            for item in found.items.added.iter().chain(&found.items.removed) {
                let cell = Cell::new(item.cell[0], item.cell[1]);
                assert!(!locked.contains(&cell), "seed {seed}: {item:?}");
            }
            // Every locked room of the new level is matched, unchanged, to a room of the old one.
            let touched: HashSet<usize> = found
                .rooms
                .changed
                .iter()
                .map(|c| c.b)
                .chain(found.rooms.added.iter().copied())
                .collect();
            for r in after.locked_rooms() {
                assert!(
                    !touched.contains(&r),
                    "seed {seed}: locked room {r} changed"
                );
            }
        }
    }
}

#[test]
fn a_hand_change_is_reported_exactly() {
    let a = Recipe::campaign_level(2, 7).build().expect("builds");
    let mut b = a.clone();
    let floor = b.rooms[1].cells[0];
    let before = b.terrain(floor);
    b.set_terrain(floor, Terrain::Water);
    let spot = *b.rooms[2]
        .cells
        .iter()
        .find(|&&c| b.item_at(c).is_none())
        .expect("a free cell");
    b.items.push(Item {
        kind: ItemKind::Coin,
        cell: spot,
    });
    let found = diff(&a, &b);
    assert_eq!(found.cells.changed, 1);
    assert_eq!(found.cells.by_kind.len(), 1);
    assert_eq!(
        (found.cells.by_kind[0].from, found.cells.by_kind[0].to),
        (before, Terrain::Water)
    );
    assert_eq!(found.items.added.len(), 1);
    assert_eq!(found.items.added[0].cell, [spot.x, spot.y]);
    assert!(found.items.removed.is_empty());
    assert!(found.guards.is_empty() && found.routes.is_empty());
    assert_eq!(
        found.rooms.unchanged,
        a.rooms.len(),
        "terrain alone leaves the rooms"
    );
    let mut expected = vec![(floor, Mark::Terrain), (spot, Mark::Added)];
    expected.sort_by_key(|(c, _)| (c.y, c.x));
    assert_eq!(found.marks(), expected);
}

#[test]
fn rooms_are_matched_by_their_cells_not_their_ids() {
    let a = Recipe::campaign_level(3, 8).build().expect("builds");
    let mut b = a.clone();
    b.rooms.reverse();
    let found = diff(&a, &b);
    assert_eq!(found.rooms.unchanged, a.rooms.len());
    assert!(found.rooms.added.is_empty() && found.rooms.removed.is_empty());
    // A room that grows by a cell is the same room changed, not one removed and one added.
    let mut c = a.clone();
    let room = (0..c.rooms.len())
        .find(|&r| c.rooms[r].cells.len() > 4)
        .expect("a room");
    c.rooms[room].cells.pop();
    let found = diff(&a, &c);
    assert_eq!(found.rooms.changed.len(), 1);
    let change = &found.rooms.changed[0];
    assert_eq!((change.a, change.b, change.cells_removed), (room, room, 1));
    assert!(found.rooms.added.is_empty() && found.rooms.removed.is_empty());
}

#[test]
fn the_command_prints_the_differences_and_marks_them_in_a_picture() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("diff-cli");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch folder");
    let preset = Path::new(env!("CARGO_MANIFEST_DIR")).join("presets/locked-and-edited.ron");
    let preset = preset.to_str().expect("utf-8");

    let same = run(&["diff", preset, preset]);
    assert_eq!(same.status.code(), Some(0));
    let report: serde_json::Value = serde_json::from_slice(&same.stdout).expect("JSON");
    assert_eq!(report["identical"], true);
    assert_eq!(report["cells"]["changed"], 0);

    let regenerated = dir.join("regenerated.ron");
    let out = run(&[
        "regenerate",
        preset,
        "--seed",
        "99",
        "--out",
        regenerated.to_str().expect("utf-8"),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let picture = dir.join("diff.png");
    let out = run(&[
        "diff",
        preset,
        regenerated.to_str().expect("utf-8"),
        "--out",
        picture.to_str().expect("utf-8"),
    ]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(report["identical"], false);
    let changed = report["cells"]["changed"].as_u64().expect("a count");
    let by_kind: u64 = report["cells"]["by_kind"]
        .as_array()
        .expect("a list")
        .iter()
        .map(|t| t["cells"].as_u64().expect("a count"))
        .sum();
    assert!(changed > 0);
    assert_eq!(changed, by_kind, "the kinds add up to the changed cells");

    // The picture is the new level with every terrain change framed in the terrain mark's colour.
    let new = load(&regenerated);
    let old = load(Path::new(preset));
    let image = image::open(&picture).expect("a PNG").to_rgba8();
    let s = image.width() / new.level.width as u32;
    let found = diff(&old.level, &new.level);
    let frame = palette::DIFF_TERRAIN;
    let mut checked = 0;
    for &(cell, mark) in found.marks().iter().filter(|(_, m)| *m == Mark::Terrain) {
        let x = cell.x as u32 * s + 1;
        let y = (new.level.height - 1 - cell.y) as u32 * s + s / 2;
        let [r, g, b, _] = image.get_pixel(x, y).0;
        assert_eq!(
            [r, g, b],
            [frame.r(), frame.g(), frame.b()],
            "{mark:?} at {cell:?}"
        );
        checked += 1;
    }
    assert_eq!(checked, changed);

    let missing = run(&["diff", preset, "no-such-file.ron"]);
    assert_eq!(missing.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&missing.stderr).contains("no-such-file.ron"));
}

#[test]
fn maps_of_different_sizes_are_compared_with_their_entrances_lined_up() {
    let level = Recipe::campaign_level(2, 6).build().expect("builds");
    let big = padded(&level, (3, 2), (1, 4));
    let area = |l: &Level| (l.width * l.height) as usize;
    for (a, b, offset) in [(&level, &big, [-3, -2]), (&big, &level, [3, 2])] {
        let found = diff(a, b);
        assert_eq!(found.offset, Some(offset));
        assert_eq!(found.size, Some([[a.width, a.height], [b.width, b.height]]));
        assert_eq!(found.cells.changed, 0, "{:?}", found.cells.by_kind);
        assert_eq!(
            (found.cells.only_in_a, found.cells.only_in_b),
            (
                area(a).saturating_sub(area(b)),
                area(b).saturating_sub(area(a))
            ),
            "the padding is outside the other map, not changed"
        );
        assert_eq!(found.rooms.unchanged, level.rooms.len());
        assert!(found.items.is_empty() && found.guards.is_empty() && found.routes.is_empty());
        assert_eq!(found.player_start, None);
        assert!(found.marks().is_empty() && found.marks_on_a().is_empty());
    }

    // A real change is still found, at its cell in each map's own coordinates.
    let mut edited = big.clone();
    let floor = level.rooms[1].cells[0];
    let there = floor.offset(3, 2);
    edited.set_terrain(there, Terrain::Water);
    let coin = edited
        .items
        .iter()
        .position(|i| i.kind == ItemKind::Coin)
        .expect("a coin");
    let taken = edited.items.remove(coin);
    let found = diff(&level, &edited);
    assert_eq!(found.cells.changed, 1);
    assert_eq!(found.cells.list, [there], "in B's coordinates");
    assert_eq!(found.items.removed.len(), 1);
    let on_a = taken.cell.offset(-3, -2);
    assert_eq!(found.items.removed[0].cell, [on_a.x, on_a.y], "A's own");
    let mut on_b = vec![(there, Mark::Terrain), (taken.cell, Mark::Removed)];
    on_b.sort_by_key(|(c, _)| (c.y, c.x));
    assert_eq!(found.marks(), on_b);
    let mut on_a_marks = vec![(floor, Mark::Terrain), (on_a, Mark::Removed)];
    on_a_marks.sort_by_key(|(c, _)| (c.y, c.x));
    assert_eq!(found.marks_on_a(), on_a_marks);
}

#[test]
fn a_mansion_that_moved_within_a_map_of_one_size_is_lined_up_but_a_still_one_is_not() {
    let level = Recipe::campaign_level(5, 3).build().expect("builds");
    let west = padded(&level, (0, 0), (2, 0));
    let east = padded(&level, (2, 0), (0, 0));
    let found = diff(&west, &east);
    assert_eq!(found.size, None);
    assert_eq!(found.offset, Some([-2, 0]));
    assert_eq!(found.cells.changed, 0);
    assert_eq!(found.cells.only_in_a, 2 * west.height as usize);
    assert!(found.items.is_empty() && found.guards.is_empty());

    // The entrance alone moved (stairs elsewhere on an unmoved map): the coordinates are kept.
    let mut stairs = west.clone();
    stairs.entrance.cell = stairs.entrance.cell.offset(1, 0);
    let found = diff(&west, &stairs);
    assert_eq!(found.offset, None);
    assert!(found.is_empty());
}
