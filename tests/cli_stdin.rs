//! `-` as FILE: the commands that read a level file or a preset read it from standard input, with the
//! same size limit and the same one-line errors, naming `standard input` where they would name the file.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use mansion_forge::generate::campaign;
use mansion_forge::io::level_file::{self, Format, LEVEL_FORMAT_VERSION, MAX_FILE_BYTES};

#[path = "common/cli.rs"]
mod cli;
use cli::{run, run_with_stdin};

const PRESET: &str = "presets/default.ron";

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn scratch(test: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("stdin-{test}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch folder");
    dir
}

fn level_text(format: Format) -> String {
    let level = campaign::plan(2).generate(5).expect("mansion 5");
    level_file::to_string(&level, format).expect("serialises")
}

/// Exit 2, nothing on stdout, one line on stderr, which is returned.
fn refused(out: &Output) -> String {
    let err = stderr(out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(out.stdout.is_empty(), "{}", stdout(out));
    assert_eq!(err.lines().count(), 1, "{err:?}");
    err
}

/// `mansion-forge validate - < presets/default.ron`: standard input a file, as the shell redirects it.
#[test]
fn validate_reads_a_preset_redirected_from_a_file() {
    let out = Command::new(env!("CARGO_BIN_EXE_mansion-forge"))
        .args(["validate", "-"])
        .stdin(Stdio::from(std::fs::File::open(PRESET).expect("preset")))
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stdout(&out), stdout(&run(&["validate", PRESET])));
    assert_eq!(stdout(&out), "ok\n");
}

#[test]
fn a_level_on_standard_input_is_read_like_a_file_in_both_formats() {
    let generated = |command: &str, extra: &[&str]| {
        let mut args = vec![command, "--seed", "2", "--level", "5"];
        args.extend(extra);
        stdout(&run(&args))
    };
    for format in [Format::Ron, Format::Json] {
        let text = level_text(format);
        let out = run_with_stdin(&["validate", "-"], text.as_bytes());
        assert_eq!(out.status.code(), Some(0), "{format}: {}", stderr(&out));
        assert_eq!(stdout(&out), "ok\n", "{format}");

        let ascii = ["--format", "ascii"];
        let out = run_with_stdin(
            &["export", "-", "--out", "-", "--format", "ascii"],
            text.as_bytes(),
        );
        assert_eq!(stdout(&out), generated("generate", &ascii), "{format}");

        let out = run_with_stdin(&["analyze", "-"], text.as_bytes());
        assert_eq!(stdout(&out), generated("analyze", &[]), "{format}");
    }
}

#[test]
fn diff_takes_one_side_from_standard_input() {
    let dir = scratch("diff");
    let file = dir.join("level.ron");
    std::fs::write(&file, level_text(Format::Ron)).expect("write");
    let file = file.to_str().expect("UTF-8 path");
    let out = run_with_stdin(&["diff", file, "-"], level_text(Format::Json).as_bytes());
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        stdout(&out).starts_with("{\"identical\":true,"),
        "{}",
        stdout(&out)
    );

    let preset = std::fs::read(PRESET).expect("preset");
    let out = run_with_stdin(&["diff", "-", PRESET], &preset);
    assert!(
        stdout(&out).starts_with("{\"identical\":true,"),
        "{}",
        stdout(&out)
    );

    let err = refused(&run_with_stdin(&["diff", "-", "-"], &preset));
    assert!(err.contains("only one of A and B"), "{err}");
}

#[test]
fn regenerate_reads_its_preset_from_standard_input() {
    let dir = scratch("regenerate");
    let (from_file, from_stdin) = (dir.join("file.ron"), dir.join("stdin.ron"));
    let regenerate = |file: &str, out: &Path, input: &[u8]| {
        let out = out.to_str().expect("UTF-8 path");
        run_with_stdin(&["regenerate", file, "--seed", "42", "--out", out], input)
    };
    assert!(regenerate(PRESET, &from_file, b"").status.success());
    let preset = std::fs::read(PRESET).expect("preset");
    let out = regenerate("-", &from_stdin, &preset);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let written = std::fs::read_to_string(&from_stdin).expect("written");
    assert_eq!(
        written,
        std::fs::read_to_string(&from_file).expect("written")
    );
    assert!(written.contains("name: \"Game 1, mansion 9\""), "{written}");
}

#[test]
fn errors_about_standard_input_name_it_and_stay_one_line() {
    let text = level_text(Format::Ron);
    // Cut after a value, where the parser finds the end (trailing blanks would move it a line back).
    let cut = text[..text.len() / 2].trim_end();
    let line = 1 + cut.matches('\n').count();
    let err = refused(&run_with_stdin(&["validate", "-"], cut.as_bytes()));
    assert!(
        err.starts_with(&format!("mansion-forge: standard input:{line}:")),
        "{err}"
    );
    assert!(err.contains("invalid RON level"), "{err}");

    // A campaign mansion has no stacks of items, so it is written as format 1.
    let newer = LEVEL_FORMAT_VERSION + 1;
    let future =
        level_text(Format::Json).replacen("\"version\": 1,", &format!("\"version\": {newer},"), 1);
    let err = refused(&run_with_stdin(&["analyze", "-"], future.as_bytes()));
    assert_eq!(
        err.trim_end(),
        format!(
            "mansion-forge: standard input: was saved by a newer Mansion Forge (level format {newer}; \
             this version reads up to {LEVEL_FORMAT_VERSION})"
        )
    );

    let too_large = vec![b' '; usize::try_from(MAX_FILE_BYTES).expect("fits") + 1];
    let err = refused(&run_with_stdin(&["validate", "-"], &too_large));
    assert!(
        err.contains(&format!("standard input: more than {MAX_FILE_BYTES} bytes")),
        "{err}"
    );

    let err = refused(&run_with_stdin(&["edit", "-"], b""));
    assert!(err.contains("not standard input"), "{err}");
}
