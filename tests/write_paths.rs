//! Every way the command line writes a file, against what may already be there (issue: nothing a
//! designer made is ever overwritten): a device node is written through and stays a device, a FIFO and a
//! folder are refused untouched, a preset or a hand-edited file an export replaces is kept as `.bak`, a
//! file this program wrote and nobody changed is replaced without clutter, a hand-edited campaign level
//! survives a new campaign into its folder, and `regenerate` refuses one path for both its outputs.

use std::fs;
use std::path::Path;
use std::process::Command;

#[path = "common/cli.rs"]
mod cli;
use cli::{run, s, scratch, stderr};

/// A FIFO at `path`, made with `mkfifo`; false where the system has none.
fn fifo(path: &Path) -> bool {
    Command::new("mkfifo")
        .arg(path)
        .status()
        .is_ok_and(|status| status.success())
}

#[cfg(unix)]
fn is_fifo(path: &Path) -> bool {
    use std::os::unix::fs::FileTypeExt;
    fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_fifo())
}

#[test]
#[cfg(unix)]
fn a_fifo_or_a_folder_is_refused_and_left_as_it_was() {
    let dir = scratch("write-fifo");
    let pipe = dir.join("pipe");
    if !fifo(&pipe) {
        return;
    }
    let folder = dir.join("folder");
    fs::create_dir(&folder).expect("a folder");
    for args in [
        vec!["generate", "--seed", "1", "--level", "2", "--out", s(&pipe)],
        vec![
            "export",
            "presets/default.ron",
            "--format",
            "json",
            "--out",
            s(&pipe),
        ],
        vec![
            "play",
            "presets/default.ron",
            "--moves",
            "w",
            "--save",
            s(&pipe),
        ],
        vec![
            "generate",
            "--seed",
            "1",
            "--level",
            "2",
            "--out",
            s(&folder),
        ],
    ] {
        let out = run(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let message = stderr(&out);
        assert!(
            message.contains("which is not replaced"),
            "{args:?}: {message}"
        );
    }
    assert!(is_fifo(&pipe), "the FIFO is still a FIFO");
    assert!(folder.is_dir());
    assert_eq!(
        cli::names_in(&dir),
        ["folder", "pipe"],
        "no temp file or backup left"
    );
}

/// A character device (a scratch copy of `/dev/null`, made where `mknod` is allowed) is written
/// through: it stays a device and gets no backup beside it.
#[test]
#[cfg(unix)]
fn a_device_is_written_through_and_stays_a_device() {
    use std::os::unix::fs::FileTypeExt;
    let dir = scratch("write-device");
    let null = dir.join("null");
    let made = Command::new("mknod")
        .arg(&null)
        .args(["c", "1", "3"])
        .status()
        .is_ok_and(|status| status.success());
    if !made {
        return;
    }
    let out = run(&["generate", "--seed", "1", "--level", "2", "--out", s(&null)]);
    assert!(out.status.success(), "{}", stderr(&out));
    let out = run(&[
        "export",
        "presets/default.ron",
        "--format",
        "json",
        "--out",
        s(&null),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(fs::symlink_metadata(&null).is_ok_and(|m| m.file_type().is_char_device()));
    assert_eq!(
        cli::names_in(&dir),
        ["null"],
        "no backup, temp file or manifest beside a device"
    );
}

#[test]
fn an_export_over_a_designers_file_keeps_it_and_over_its_own_does_not() {
    let dir = scratch("write-backup");
    let mine = dir.join("mine.ron");
    let preset = fs::read("presets/default.ron").expect("the default preset");
    fs::write(&mine, &preset).expect("a preset");
    let out = run(&["export", s(&mine), "--format", "json", "--out", s(&mine)]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        fs::read(dir.join("mine.ron.bak")).expect("a backup"),
        preset
    );

    // A file the program wrote and nobody changed is replaced without a backup…
    let level = dir.join("level.json");
    let generate = |seed: &str| {
        let args = [
            "generate", "--seed", seed, "--level", "3", "--format", "json", "--out",
        ];
        let out = run(&[&args[..], &[s(&level)]].concat());
        assert!(out.status.success(), "{}", stderr(&out));
    };
    generate("1");
    generate("2");
    assert!(
        !dir.join("level.json.bak").exists(),
        "its own export is replaced as it is"
    );
    // …but once hand-edited it is kept.
    let edited = format!("{} ", fs::read_to_string(&level).expect("written"));
    fs::write(&level, &edited).expect("a hand edit");
    generate("3");
    assert_eq!(
        fs::read_to_string(dir.join("level.json.bak")).expect("kept"),
        edited
    );
}

#[test]
fn a_hand_edited_campaign_level_survives_a_new_campaign() {
    let dir = scratch("write-campaign");
    let camp = dir.join("camp");
    let campaign = |seed: &str| {
        let out = run(&["campaign", "--seed", seed, "--out", s(&camp)]);
        assert!(out.status.success(), "{}", stderr(&out));
    };
    campaign("5");
    let level3 = camp.join("level-3.ron");
    let edited = format!(
        "{}// moved a chair\n",
        fs::read_to_string(&level3).expect("written")
    );
    fs::write(&level3, &edited).expect("a hand edit");
    campaign("6");
    assert_eq!(
        fs::read_to_string(camp.join("level-3.ron.bak")).expect("kept"),
        edited
    );
    assert!(
        !camp.join("level-4.ron.bak").exists(),
        "untouched levels are not backed up"
    );
    campaign("7");
    assert_eq!(
        fs::read_to_string(camp.join("level-3.ron.bak")).expect("still kept"),
        edited,
        "a backup survives the next campaign too"
    );
}

#[test]
fn regenerate_refuses_one_path_for_the_preset_and_the_level() {
    let dir = scratch("write-regenerate");
    let mine = dir.join("mine.ron");
    fs::copy("presets/default.ron", &mine).expect("a preset");
    let out = run(&[
        "regenerate",
        s(&mine),
        "--seed",
        "4",
        "--out",
        s(&mine),
        "--level-out",
        s(&mine),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("both name"), "{}", stderr(&out));
    assert_eq!(
        fs::read(&mine).expect("kept"),
        fs::read("presets/default.ron").expect("preset")
    );
}

/// `-` is standard output where one file is written alone, and refused (no file named `-` made) where
/// standard output already carries something or a folder is meant.
#[test]
fn a_dash_is_standard_output_or_refused_never_a_file() {
    let dir = scratch("write-dash");
    let before = std::env::current_dir().expect("a working folder");
    let preset = before.join("presets/default.ron");
    let preset = s(&preset);
    let printed = cli::run_in(&dir, &["regenerate", preset, "--seed", "3", "--out", "-"]);
    assert!(printed.status.success(), "{}", stderr(&printed));
    assert!(
        String::from_utf8_lossy(&printed.stdout).starts_with('('),
        "the preset, printed"
    );
    for args in [
        vec!["play", preset, "--moves", "w", "--save", "-"],
        vec!["diff", preset, preset, "--out", "-"],
        vec!["campaign", "--seed", "3", "--out", "-"],
        vec![
            "regenerate",
            preset,
            "--seed",
            "3",
            "--out",
            "-",
            "--level-out",
            "l.ron",
        ],
    ] {
        let out = cli::run_in(&dir, &args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(stderr(&out).contains("-: "), "{args:?}: {}", stderr(&out));
    }
    assert_eq!(
        cli::names_in(&dir),
        Vec::<String>::new(),
        "nothing written in the folder"
    );
}
