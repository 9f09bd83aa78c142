//! The release tarball installs and uninstalls cleanly (`scripts/package.sh`, packing this test build):
//! unpacked, `install.sh` puts the program, its man pages, the bash, zsh and fish completions, the
//! `AppStream` metadata, the level file type and a menu launcher whose `Exec` is the absolute path into a
//! scratch PREFIX (the launcher where menus read it, for a PREFIX they do not); `man -l` renders the
//! pages, bash loads the completion, `desktop-file-validate` and `appstreamcli` accept the files when
//! they are installed; `uninstall.sh` then leaves nothing behind. HOME is a scratch folder throughout.

use std::path::{Path, PathBuf};
use std::process::Command;

/// Every file under `dir`, relative to it, sorted.
fn files_under(dir: &Path) -> Vec<String> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else {
                out.push(
                    path.strip_prefix(dir)
                        .unwrap_or(&path)
                        .display()
                        .to_string(),
                );
            }
        }
    }
    out.sort();
    out
}

/// Runs `program` with `args` in `dir` with HOME and PREFIX set, asserting success; returns stdout.
fn run(program: &Path, args: &[&str], home: &Path, prefix: &Path) -> String {
    let out = Command::new(program)
        .args(args)
        .env("HOME", home)
        .env("PREFIX", prefix)
        .env_remove("XDG_DATA_HOME")
        .env_remove("XDG_DATA_DIRS")
        .output()
        .expect("runs");
    assert!(
        out.status.success(),
        "{} {args:?}: {}",
        program.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Whether a tool is on PATH.
fn has(tool: &str) -> bool {
    Command::new("sh")
        .args(["-c", &format!("command -v {tool}")])
        .output()
        .is_ok_and(|o| o.status.success())
}

/// The tarball's unpacked folder, packed from this test build once.
fn unpacked(scratch: &Path) -> PathBuf {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dist = scratch.join("dist");
    let out = Command::new("bash")
        .arg(manifest.join("scripts/package.sh"))
        .env("MANSION_FORGE_BIN", env!("CARGO_BIN_EXE_mansion-forge"))
        .env("DIST", &dist)
        .output()
        .expect("packs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let tarball = std::fs::read_dir(&dist)
        .expect("dist")
        .flatten()
        .map(|e| e.path())
        .find(|p| p.extension().is_some_and(|e| e == "gz"))
        .expect("a tarball");
    let status = Command::new("tar")
        .arg("-xzf")
        .arg(&tarball)
        .arg("-C")
        .arg(scratch)
        .status()
        .expect("tar");
    assert!(status.success());
    let name = tarball.file_name().expect("a name").to_string_lossy();
    scratch.join(name.trim_end_matches(".tar.gz"))
}

#[test]
fn the_tarball_installs_everything_and_uninstalls_leaving_nothing() {
    let scratch = Path::new(env!("CARGO_TARGET_TMPDIR")).join("packaging");
    let _ = std::fs::remove_dir_all(&scratch);
    std::fs::create_dir_all(&scratch).expect("scratch");
    let root = unpacked(&scratch);
    // A PREFIX menus do not read (the README's /opt example), and the default one.
    for (case, prefix_of) in [("opt", "opt/mansion-forge"), ("default", "home/.local")] {
        let home = scratch.join(case).join("home");
        let prefix = scratch.join(case).join(prefix_of);
        std::fs::create_dir_all(&home).expect("home");
        run(&root.join("install.sh"), &[], &home, &prefix);
        let bin = prefix.join("bin/mansion-forge");
        assert!(run(&bin, &["--version"], &home, &prefix).starts_with("mansion-forge "));
        let share = prefix.join("share");
        let pages = files_under(&share.join("man/man1"));
        assert!(pages.len() >= 15, "{pages:?}");
        assert!(pages.contains(&"mansion-forge-validate.1".to_string()));
        for completion in [
            "bash-completion/completions/mansion-forge",
            "zsh/site-functions/_mansion-forge",
            "fish/vendor_completions.d/mansion-forge.fish",
            "metainfo/io.github.mansion_forge.metainfo.xml",
        ] {
            assert!(share.join(completion).is_file(), "{case}: {completion}");
        }
        let menus = home.join(".local/share");
        let launcher = menus.join("applications/mansion-forge.desktop");
        let text = std::fs::read_to_string(&launcher).expect("a launcher where menus read");
        let exec = format!("Exec=\"{}\" edit %f", bin.display());
        assert!(text.lines().any(|l| l == exec), "{case}: {text}");
        assert!(text.contains("MimeType=application/x-mansion-forge-level;"));
        assert!(menus.join("mime/packages/mansion-forge.xml").is_file());
        assert!(
            menus
                .join("icons/hicolor/256x256/apps/mansion-forge.png")
                .is_file()
        );
        if has("man") {
            let page = share.join("man/man1/mansion-forge-validate.1");
            let shown = run(
                Path::new("man"),
                &["-l", "-P", "cat", &page.display().to_string()],
                &home,
                &prefix,
            );
            assert!(shown.contains("EXIT STATUS"), "{shown}");
        }
        let completion = share.join("bash-completion/completions/mansion-forge");
        let loaded = run(
            Path::new("bash"),
            &[
                "-c",
                &format!(
                    "source '{}' && complete -p mansion-forge",
                    completion.display()
                ),
            ],
            &home,
            &prefix,
        );
        assert!(loaded.contains("mansion-forge"), "{loaded}");
        if has("desktop-file-validate") {
            run(
                Path::new("desktop-file-validate"),
                &[&launcher.display().to_string()],
                &home,
                &prefix,
            );
        }
        if has("appstreamcli") {
            let metainfo = share.join("metainfo/io.github.mansion_forge.metainfo.xml");
            run(
                Path::new("appstreamcli"),
                &["validate", "--no-net", &metainfo.display().to_string()],
                &home,
                &prefix,
            );
        }
        run(&root.join("uninstall.sh"), &[], &home, &prefix);
        assert_eq!(
            files_under(&scratch.join(case)),
            Vec::<String>::new(),
            "{case}"
        );
        assert!(!prefix.exists(), "{case}: the emptied PREFIX goes too");
    }
}
