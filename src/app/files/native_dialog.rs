//! The system file dialog (rfd) and whether it can be shown at all.
//!
//! On Linux and the BSDs rfd asks the desktop portal (`org.freedesktop.portal.FileChooser` on the
//! session D-Bus) and, when that fails, runs `zenity`. With neither — a plain X session — it returns
//! `None` at once, exactly as if the user had cancelled, so the editor cannot tell from the answer. It
//! asks first instead: the dialog is native when `zenity` is on `PATH` or the portal answers for its
//! file chooser, else the editor's own ([`crate::app::files::file_dialog`]) is used and the status bar says why.
//! A native dialog that still returns within [`INSTANT`] is taken as not shown either (nobody cancels
//! that fast), and the editor switches to its own dialog for the rest of the session.
//!
//! `MANSION_FORGE_FILE_DIALOG=builtin` or `=native` skips the check (`native` also skips the
//! switch), for tests and for sessions where the check guesses wrong.

use std::path::PathBuf;
use std::time::Duration;

use crate::app::files::file_dialog::Request;

/// The environment variable that forces one kind of dialog.
pub const ENV: &str = "MANSION_FORGE_FILE_DIALOG";

/// A native dialog that answers `None` faster than this was not shown.
pub const INSTANT: Duration = Duration::from_millis(250);

/// How the editor asks for a path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DialogChoice {
    /// Not decided yet: checked at the first dialog of the window.
    Detect,
    /// rfd's dialog, the system's own.
    Native {
        /// Chosen by the environment variable `ENV`: the editor then never switches away from
        /// it, even when a dialog seems not to have been shown.
        forced: bool,
    },
    /// The editor's own dialog, and why, for the status bar.
    Builtin(String),
}

/// The choice for this session (see the module documentation). Takes up to a few seconds when the
/// session bus is slow to answer.
pub fn choose() -> DialogChoice {
    decide(
        std::env::var(ENV).ok().as_deref(),
        program_on_path("zenity"),
        portal_file_chooser,
    )
}

/// [`choose`] with its inputs given: the variable's value, whether zenity is there, and the portal
/// check (run only when needed).
pub fn decide(
    env: Option<&str>,
    zenity: bool,
    portal: impl FnOnce() -> Result<(), String>,
) -> DialogChoice {
    match env.map(str::trim) {
        Some("builtin") => return DialogChoice::Builtin(format!("{ENV}=builtin")),
        Some("native") => return DialogChoice::Native { forced: true },
        _ => {}
    }
    if zenity {
        return DialogChoice::Native { forced: false };
    }
    match portal() {
        Ok(()) => DialogChoice::Native { forced: false },
        Err(why) => DialogChoice::Builtin(format!("{why}, and no zenity")),
    }
}

/// Whether an executable file `name` is in one of `PATH`'s folders.
fn program_on_path(name: &str) -> bool {
    std::env::var_os("PATH").is_some_and(|path| {
        std::env::split_paths(&path).any(|dir| {
            let file = dir.join(name);
            file.is_file() && is_executable(&file)
        })
    })
}

#[cfg(unix)]
fn is_executable(file: &std::path::Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(file).is_ok_and(|m| m.permissions().mode() & 0o111 != 0)
}

#[cfg(not(unix))]
fn is_executable(_: &std::path::Path) -> bool {
    true
}

/// Asks the session bus whether the desktop portal serves a file chooser, as rfd would use it. The
/// answer must come within 3 s (a hung bus must not freeze the editor for longer); the check runs on
/// its own thread, which is left to finish on its own if it does not.
#[cfg(any(
    target_os = "linux",
    target_os = "dragonfly",
    target_os = "freebsd",
    target_os = "netbsd",
    target_os = "openbsd"
))]
fn portal_file_chooser() -> Result<(), String> {
    const WAIT: Duration = Duration::from_secs(3);
    async fn ask() -> Result<(), String> {
        let connection = zbus::connection::Builder::session()
            .map_err(|_| "no session D-Bus")?
            .method_timeout(WAIT)
            .build()
            .await
            .map_err(|_| "no session D-Bus")?;
        connection
            .call_method(
                Some("org.freedesktop.portal.Desktop"),
                "/org/freedesktop/portal/desktop",
                Some("org.freedesktop.DBus.Properties"),
                "Get",
                &("org.freedesktop.portal.FileChooser", "version"),
            )
            .await
            .map(|_| ())
            .map_err(|_| "no desktop portal with a file chooser".to_string())
    }
    let (send, receive) = std::sync::mpsc::channel();
    std::thread::Builder::new()
        .name("portal check".into())
        .spawn(move || {
            // The receiver is gone only when the answer came too late.
            let _ = send.send(pollster::block_on(ask()));
        })
        .map_err(|e| format!("cannot check for a desktop portal ({e})"))?;
    receive
        .recv_timeout(WAIT)
        .unwrap_or_else(|_| Err("the session D-Bus did not answer".to_string()))
}

/// Elsewhere rfd uses the system's own dialogs, which are always there.
#[cfg(not(any(
    target_os = "linux",
    target_os = "dragonfly",
    target_os = "freebsd",
    target_os = "netbsd",
    target_os = "openbsd"
)))]
fn portal_file_chooser() -> Result<(), String> {
    Ok(())
}

/// Shows rfd's dialog for `request` (blocking until it closes); `None` when cancelled or not shown.
pub fn ask(request: &Request) -> Option<PathBuf> {
    let dialog = rfd::FileDialog::new()
        .set_title(&request.title)
        .add_filter(&request.filter, &request.extensions)
        .set_directory(&request.folder);
    if request.save {
        dialog.set_file_name(&request.file_name).save_file()
    } else {
        dialog.pick_file()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_variable_forces_a_choice_without_checking() {
        let never = || -> Result<(), String> { panic!("the portal is not asked") };
        assert_eq!(
            decide(Some("builtin"), true, never),
            DialogChoice::Builtin(format!("{ENV}=builtin"))
        );
        assert_eq!(
            decide(Some("native"), false, never),
            DialogChoice::Native { forced: true }
        );
    }

    #[test]
    fn zenity_or_a_portal_makes_the_dialog_native() {
        let never = || -> Result<(), String> { panic!("the portal is not asked") };
        assert_eq!(
            decide(None, true, never),
            DialogChoice::Native { forced: false }
        );
        assert_eq!(
            decide(Some("other"), false, || Ok(())),
            DialogChoice::Native { forced: false }
        );
        assert_eq!(
            decide(None, false, || Err("no session D-Bus".into())),
            DialogChoice::Builtin("no session D-Bus, and no zenity".into())
        );
    }
}
