//! The `export`, `regenerate`, `campaign --format` and `--generator/--param` commands, run as the built
//! binary: outputs, exit codes and one-line errors.

use std::path::{Path, PathBuf};
use std::process::Output;

use mansion_forge::edit::{Command as EditCommand, Document, Edit, locks};
use mansion_forge::generate::campaign;
use mansion_forge::generate::recipe::Recipe;
use mansion_forge::io::export::{self, Overlay};
use mansion_forge::io::level_file;
use mansion_forge::io::preset::{self, Preset};
use mansion_forge::model::RoomOrigin;

#[path = "common/cli.rs"]
mod cli;
use cli::run;

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn scratch(test: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("cli-export-{test}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch folder");
    dir
}

fn s(p: &Path) -> &str {
    p.to_str().expect("UTF-8 path")
}

/// Exit code `code`, nothing on stdout, exactly one line on stderr.
fn assert_one_line_error(out: &Output, code: i32) -> String {
    let err = stderr(out);
    assert_eq!(out.status.code(), Some(code), "stderr: {err}");
    assert!(
        out.stdout.is_empty(),
        "stdout: {}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert_eq!(err.lines().count(), 1, "one stderr line expected: {err:?}");
    err
}

#[test]
fn export_writes_every_format_from_a_level_a_preset_and_a_seed() {
    let dir = scratch("formats");
    let level = dir.join("l.json");
    let out = run(&[
        "generate",
        "--seed",
        "1",
        "--level",
        "9",
        "--out",
        s(&level),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    for source in [s(&level), "presets/default.ron"] {
        for ext in ["ron", "json", "tmj", "tmx", "png", "txt"] {
            let target = dir.join(format!("x.{ext}"));
            let out = run(&["export", source, "--out", s(&target)]);
            assert!(out.status.success(), "{source} → {ext}: {}", stderr(&out));
            assert!(target.exists(), "{ext}");
        }
    }
    assert!(dir.join("terrain.png").exists());
    // presets/default.ron is game 1's mansion 9, so both sources give the same level.
    let from_preset = level_file::load(&dir.join("x.json")).expect("exported level loads");
    assert_eq!(from_preset, level_file::load(&level).expect("loads"));

    let picture = dir.join("o.png");
    let out = run(&[
        "export",
        "--seed",
        "1",
        "--level",
        "9",
        "--overlay",
        "patrols",
        "--overlay",
        "loot",
        "--out",
        s(&picture),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    // The command line draws with the library's painter (which the editor shares): the same bytes.
    let level = campaign::plan(1).generate(9).expect("level 9");
    let expected = export::render(
        &level,
        export::Format::Png,
        &[Overlay::Patrols, Overlay::Loot],
        &[],
        "",
    )
    .expect("renders");
    assert_eq!(std::fs::read(&picture).expect("written"), expected);
    let out = run(&[
        "export",
        "presets/default.ron",
        "--format",
        "ascii",
        "--out",
        "-",
    ]);
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains('@'));
}

#[test]
fn export_errors_are_one_line_with_exit_2() {
    let dir = scratch("errors");
    let garbage = dir.join("garbage.ron");
    std::fs::write(&garbage, "(width: 3, terr").expect("write");
    let big = dir.join("big.ron");
    std::fs::write(
        &big,
        "(version: 1, generator: \"siheyuan\", level: 3, seed: 1, params: (rooms_x: 99999, rooms_y: 4, loot: 5))",
    )
    .expect("write");
    let out_png = dir.join("o.png");
    let r_out = dir.join("r.ron");
    // Commands without a path of this test's own, one per line as typed.
    let typed = [
        "export presets/default.ron --out x.unknown",
        "export presets/default.ron --format gif --out x.gif",
        "export presets/default.ron --format tmx --overlay loot --out x.tmx",
        "export --out x.png",
        "export --seed 1 --level 3 --generator maze --out x.png",
        "export --seed 1 --level 3 --generator tile-growth --param nope=1 --out x.png",
        "export --seed 1 --level 3 --generator tile-growth --param modules-x --out x.png",
        "generate --seed 1 --level 3 --generator rogue-grid --param start=Sideways",
        "generate --seed 1 --level 3 --param rooms-x=99999",
        "stats --games 1 --generator packed",
    ];
    let mut cases: Vec<Vec<&str>> = typed
        .iter()
        .map(|line| line.split_whitespace().collect())
        .collect();
    cases.extend([
        vec!["export", "/nonexistent/level.ron", "--out", s(&out_png)],
        vec!["export", s(&garbage), "--out", s(&out_png)],
        vec!["export", s(&big), "--out", s(&out_png)],
        vec![
            "campaign",
            "--seed",
            "1",
            "--out",
            s(&dir),
            "--format",
            "gif",
        ],
        vec!["regenerate", s(&garbage), "--seed", "1", "--out", s(&r_out)],
    ]);
    for args in cases {
        let out = run(&args);
        let err = assert_one_line_error(&out, 2);
        assert!(err.starts_with("mansion-forge: "), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
    assert!(!out_png.exists());
    let err = assert_one_line_error(&run(&["export", s(&big), "--out", s(&out_png)]), 2);
    assert!(err.contains("rooms_x 99999"), "{err}");
}

#[test]
fn generator_choice_reaches_generate_and_stats() {
    let out = run(&[
        "generate",
        "--seed",
        "2",
        "--level",
        "4",
        "--generator",
        "tile-growth",
        "--param",
        "modules-x=10",
        "--format",
        "json",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let level: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON level");
    assert_eq!(level["generator"], "tile_growth");
    // Without parameters, `--generator siheyuan` is the campaign mansion.
    let plain = run(&["generate", "--seed", "2", "--level", "4", "--format", "ron"]);
    let chosen = run(&[
        "generate",
        "--seed",
        "2",
        "--level",
        "4",
        "--format",
        "ron",
        "--generator",
        "siheyuan",
    ]);
    assert_eq!(plain.stdout, chosen.stdout);

    for (generator, extra) in [
        ("packed-mansion", &["hole_fraction"][..]),
        ("tile-growth", &["fill", "reopens"]),
        ("rogue-grid", &[]),
    ] {
        let out = run(&[
            "stats",
            "--games",
            "1",
            "--first-seed",
            "3",
            "--generator",
            generator,
        ]);
        assert!(out.status.success(), "{generator}: {}", stderr(&out));
        let text = String::from_utf8_lossy(&out.stdout);
        assert_eq!(text.lines().count(), 10, "{generator}");
        for line in text.lines() {
            let v: serde_json::Value = serde_json::from_str(line).expect("JSON line");
            for key in ["seed", "level", "rooms", "loot", "guards", "creaky_cells"]
                .iter()
                .chain(extra)
            {
                assert!(v.get(key).is_some(), "{generator}: no {key} in {line}");
            }
        }
    }
}

#[test]
fn campaign_writes_the_chosen_format() {
    let dir = scratch("campaign");
    let out = run(&[
        "campaign",
        "--seed",
        "1",
        "--out",
        s(&dir),
        "--format",
        "png",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    // Not a terminal: no progress bar on stderr.
    assert!(out.stderr.is_empty(), "{}", stderr(&out));
    for n in 0..10 {
        assert!(
            image::open(dir.join(format!("level-{n}.png"))).is_ok(),
            "level {n}"
        );
    }
    let summary = std::fs::read_to_string(dir.join("summary.json")).expect("summary");
    assert!(summary.contains("level-9.png"));

    // LDtk: one project holding the ten levels, which replaces the PNG campaign (its files only).
    let out = run(&[
        "campaign",
        "--seed",
        "1",
        "--out",
        s(&dir),
        "--format",
        "ldtk",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .expect("folder")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            ".mansion-forge-written",
            "campaign.ldtk",
            "summary.json",
            "terrain.png",
            "things.png"
        ]
    );
    let project: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.join("campaign.ldtk")).expect("project"))
            .expect("JSON");
    assert_eq!(project["levels"].as_array().map(Vec::len), Some(10));
}

/// `generate` and `campaign` take the same formats as `export` (one list), with the same spellings.
#[test]
fn generate_and_campaign_take_every_export_format() {
    let dir = scratch("formats-everywhere");
    let tmj = dir.join("g.tmj");
    let out = run(&["generate", "--seed", "1", "--level", "2", "--out", s(&tmj)]);
    assert!(out.status.success(), "{}", stderr(&out));
    let map: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&tmj).expect("written")).expect("a Tiled JSON map");
    assert_eq!(map["type"], "map");
    assert!(dir.join("terrain.png").exists());

    let picture = dir.join("g.png");
    let out = run(&[
        "generate",
        "--seed",
        "1",
        "--level",
        "2",
        "--out",
        s(&picture),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let level = campaign::plan(1).generate(2).expect("level 2");
    let expected = export::render(&level, export::Format::Png, &[], &[], "").expect("renders");
    assert_eq!(std::fs::read(&picture).expect("written"), expected);

    let folder = dir.join("tiled");
    let out = run(&[
        "campaign",
        "--seed",
        "1",
        "--out",
        s(&folder),
        "--format",
        "tmx",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    // One shared tileset (and its image) for the ten maps, each of which loads with it; their world and
    // the Tiled project declaring their classes beside them.
    let mut names: Vec<String> = std::fs::read_dir(&folder)
        .expect("folder")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .filter(|n| !n.starts_with("level-"))
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            ".mansion-forge-written",
            "campaign.world",
            "mansion-forge.tiled-project",
            "summary.json",
            "terrain.png",
            "terrain.tsx"
        ]
    );
    for n in 0..10 {
        let path = folder.join(format!("level-{n}.tmx"));
        let map = tiled::Loader::new()
            .load_tmx_map(&path)
            .unwrap_or_else(|e| panic!("level {n} loads: {e}"));
        let set = &map.tilesets()[0];
        assert_eq!(set.source, folder.join("terrain.tsx"), "level {n}");
        let image = set.image.as_ref().expect("the tileset's image");
        assert_eq!(image.source, folder.join("terrain.png"));
        let level = campaign::plan(1).generate(n).expect("level");
        assert_eq!(
            (map.width, map.height),
            (level.width as u32, level.height as u32)
        );
    }
    let pngs = std::fs::read_dir(&folder)
        .expect("folder")
        .filter(|e| {
            e.as_ref()
                .is_ok_and(|e| e.path().extension().is_some_and(|x| x == "png"))
        })
        .count();
    assert_eq!(pngs, 1, "one tileset image");

    // Standard output cannot hold the tileset a Tiled map needs beside it.
    for format in ["tmx", "tmj"] {
        let out = run(&[
            "export", "--seed", "1", "--level", "2", "--format", format, "--out", "-",
        ]);
        let err = assert_one_line_error(&out, 2);
        assert!(err.contains("tileset image"), "{err}");
        assert!(out.stdout.is_empty());
    }
}

#[test]
fn regenerate_keeps_locks_and_writes_preset_and_level() {
    let dir = scratch("regenerate");
    let mut doc = Document::new(Recipe::campaign_level(3, 6)).expect("generates");
    doc.apply(Edit::Lock { room: 2 }).expect("lock");
    let source = dir.join("locked.ron");
    preset::save(&source, &doc, "locked").expect("saves");
    let (out_preset, out_level) = (dir.join("new.ron"), dir.join("new.json"));
    let out = run(&[
        "regenerate",
        s(&source),
        "--seed",
        "77",
        "--out",
        s(&out_preset),
        "--level-out",
        s(&out_level),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let mut expected = doc.clone();
    expected
        .execute(&EditCommand::Regenerate { seed: 77 })
        .expect("regenerates");
    let back = preset::load(&out_preset)
        .expect("the new preset loads")
        .document;
    assert_eq!(back.level, expected.level);
    assert_eq!(back.recipe.seed, 77);
    assert_eq!(
        *level_file::load(&out_level).expect("level"),
        expected.level
    );
    assert_eq!(back.locks.len(), 1);

    // A lock that no build can keep: one line, exit 1, nothing written.
    let mut bogus = doc.clone();
    let mut lock = locks::snapshot(&bogus.level, 1).expect("room 1");
    lock.room.origin = RoomOrigin::Slot { rx: 99, ry: 0 };
    bogus.base_locks.push(lock);
    let text = preset::to_string(&Preset::of(&bogus, "bogus")).expect("serialises");
    let impossible = dir.join("impossible.ron");
    std::fs::write(&impossible, text).expect("write");
    let (p2, l2) = (dir.join("never.ron"), dir.join("never.json"));
    let err = assert_one_line_error(
        &run(&[
            "regenerate",
            s(&impossible),
            "--seed",
            "5",
            "--out",
            s(&p2),
            "--level-out",
            s(&l2),
        ]),
        1,
    );
    assert!(err.contains("locked rooms cannot be kept"), "{err}");
    assert!(!p2.exists() && !l2.exists());
}

#[test]
fn param_errors_name_the_valid_parameters_and_one_item_lists_are_lists() {
    let base = ["generate", "--seed", "1", "--level", "3", "--generator"];
    let with = |generator: &str, param: &str| {
        let mut args = base.to_vec();
        args.extend([generator, "--param", param]);
        run(&args)
    };
    // An unknown name lists the generator's parameters.
    let err = assert_one_line_error(&with("tile-growth", "nope=1"), 2);
    assert!(
        err.contains("has no parameter") && err.contains("min_fill") && err.contains("modules_x"),
        "{err}"
    );
    // A list parameter takes a single item without a trailing comma.
    let one = with("packed-mansion", "hall_widths=1");
    assert!(one.status.success(), "{}", stderr(&one));
    assert_eq!(
        with("packed-mansion", "hall_widths=1").stdout,
        with("packed-mansion", "hall_widths=[1]").stdout
    );
    // A maximum below the minimum is an error, not silently raised.
    let mut args = base.to_vec();
    args.extend([
        "tile-growth",
        "--param",
        "min_fill=0.8",
        "--param",
        "max_fill=0.3",
    ]);
    let err = assert_one_line_error(&run(&args), 2);
    assert!(
        err.contains("max_fill") && err.contains("below min_fill"),
        "{err}"
    );
}

/// `export --locks` draws a preset's locked rooms as the editor does, and only around those rooms: the
/// picture differs from the plain one nowhere else.
#[test]
fn export_draws_a_presets_locks_only_when_asked_and_only_at_the_locked_rooms() {
    let dir = scratch("locks");
    let with = dir.join("with.png");
    let without = dir.join("without.png");
    let file = "presets/locked-and-edited.ron";
    let out = run(&["export", file, "--locks", "--out", s(&with)]);
    assert!(out.status.success(), "{}", stderr(&out));
    let out = run(&["export", file, "--out", s(&without)]);
    assert!(out.status.success(), "{}", stderr(&out));

    let document = preset::load(Path::new(file)).expect("loads").document;
    let locked = document.locked_rooms();
    assert!(!locked.is_empty(), "the preset has locks");
    let level = &document.level;
    let expected = export::render(level, export::Format::Png, &[], &locked, "").expect("renders");
    assert_eq!(std::fs::read(&with).expect("written"), expected);

    let with = image::open(&with).expect("a PNG").to_rgba8();
    let without = image::open(&without).expect("a PNG").to_rgba8();
    assert_eq!(with.dimensions(), without.dimensions());
    let px = export::png::cell_px(level.width, level.height) as i32;
    // Each locked room's interior grown by one cell (the border sits on its walls); pictures have the
    // game's y axis, pointing up.
    let h = level.height;
    let near_a_lock = |x: i32, y: i32| {
        locked.iter().any(|&id| {
            let r = level.rooms[id].interior;
            (r.x0 - 1) * px <= x
                && x < (r.x1 + 1) * px
                && (h - r.y1 - 1) * px <= y
                && y < (h - r.y0 + 1) * px
        })
    };
    let mut changed = 0;
    for (x, y, pixel) in with.enumerate_pixels() {
        if pixel != without.get_pixel(x, y) {
            changed += 1;
            assert!(
                near_a_lock(x as i32, y as i32),
                "pixel ({x}, {y}) changed away from the locks {:?} at {px} px a cell",
                locked
                    .iter()
                    .map(|&id| level.rooms[id].interior)
                    .collect::<Vec<_>>()
            );
        }
    }
    assert!(changed > 0, "the locks are drawn");

    let out = run(&["export", file, "--locks", "--format", "ascii", "--out", "-"]);
    assert_one_line_error(&out, 2);
}
