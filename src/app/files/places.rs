//! Where the editor keeps its small files — the settings (eframe's storage, also the layout and window)
//! and the recent list in the configuration folder, the crash-recovery preset in the state folder — by
//! each platform family's own convention, one folder per platform: Linux and the BSDs split them over
//! the XDG configuration and state homes, macOS keeps all in one `Application Support` folder under a
//! reverse-DNS id, Windows in one roaming `AppData` folder. The same folder is handed to eframe, so
//! nothing of the editor lands anywhere else. Which convention applies is chosen here, and every
//! family's choice can be checked on any machine. Files earlier versions kept elsewhere are moved in
//! once ([`AppDirs::adopt_earlier_files`]), so an unsaved document's recovery survives the update.

use std::path::{Path, PathBuf};

use etcetera::BaseStrategy;
use etcetera::base_strategy::{Apple, Windows, Xdg};

/// The folder name under the XDG homes.
const XDG_NAME: &str = "mansion-forge";
/// The reverse-DNS id of the macOS folder, as the `AppStream` metadata names the application.
const APPLE_ID: &str = "io.github.mansion_forge";
/// The folder name under Windows' roaming application data.
const WINDOWS_NAME: &str = "Mansion Forge";
/// The file eframe keeps the settings, layout and window in.
const STORAGE_FILE: &str = "app.ron";

/// The platform families whose conventions differ.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Platform {
    /// Linux, the BSDs and other Unix desktops: the XDG base directories (`~/.config/mansion-forge`,
    /// `~/.local/state/mansion-forge`).
    Xdg,
    /// macOS: one folder, `~/Library/Application Support/io.github.mansion_forge`.
    MacOs,
    /// Windows: one folder of the roaming application data (`%APPDATA%\Mansion Forge`).
    Windows,
}

impl Platform {
    /// The family this build runs on.
    pub fn current() -> Self {
        if cfg!(target_os = "windows") {
            Platform::Windows
        } else if cfg!(target_os = "macos") {
            Platform::MacOs
        } else {
            Platform::Xdg
        }
    }
}

/// Where the editor keeps its small files (settings, recent list, recovery preset); `None` in tests.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AppDirs {
    /// The per-user configuration folder: eframe's storage (settings, layout, window) and the
    /// recent-files list.
    pub config: PathBuf,
    /// The per-user state folder: the crash recovery preset autosave writes.
    pub state: PathBuf,
    /// Where earlier versions kept the recovery preset and eframe's storage (for
    /// [`AppDirs::adopt_earlier_files`]).
    earlier: PathBuf,
}

impl AppDirs {
    /// The folders of this platform; `None` when the user has no home folder to hold them.
    pub fn current() -> Option<Self> {
        Self::for_platform(Platform::current())
    }

    /// The folders `platform`'s convention gives the editor, for the current user.
    pub fn for_platform(platform: Platform) -> Option<Self> {
        match platform {
            Platform::Xdg => {
                let xdg = Xdg::new().ok()?;
                let state = xdg.state_dir()?;
                Some(AppDirs {
                    config: xdg.config_dir().join(XDG_NAME),
                    state: state.join(XDG_NAME),
                    earlier: xdg.data_dir().join(XDG_NAME),
                })
            }
            Platform::MacOs => {
                let apple = Apple::new().ok()?;
                let one = apple.data_dir().join(APPLE_ID);
                Some(AppDirs {
                    config: one.clone(),
                    state: one,
                    earlier: apple.data_dir().join("org.Mansion-Forge"),
                })
            }
            Platform::Windows => {
                let windows = Windows::new().ok()?;
                let one = windows.data_dir().join(WINDOWS_NAME);
                Some(AppDirs {
                    config: one.clone(),
                    state: one.clone(),
                    earlier: one.join("data"),
                })
            }
        }
    }

    /// Folders of one's own choosing (a test's scratch folders), with no earlier files to adopt.
    pub fn in_folders(config: PathBuf, state: PathBuf) -> Self {
        AppDirs {
            earlier: state.clone(),
            config,
            state,
        }
    }

    /// The recent-files list: one path a line, most recent first.
    pub fn recent_file(&self) -> PathBuf {
        self.config.join("recent.txt")
    }

    /// The preset autosave writes while the document has unsaved changes; finding it at start means
    /// the editor closed uncleanly, and its recovery is offered.
    pub fn recovery_file(&self) -> PathBuf {
        self.state.join("recovery.ron")
    }

    /// The file eframe keeps the settings, the panels' layout and the window in (handed to eframe as
    /// its persistence path).
    pub fn storage_file(&self) -> PathBuf {
        self.config.join(STORAGE_FILE)
    }

    /// Moves the recovery preset and eframe's storage from where earlier versions kept them into
    /// these folders, where none is yet (best effort: a file that cannot move stays where it was).
    pub fn adopt_earlier_files(&self) {
        for (earlier, now) in [
            (self.earlier.join("recovery.ron"), self.recovery_file()),
            (self.earlier.join(STORAGE_FILE), self.storage_file()),
        ] {
            adopt(&earlier, &now);
        }
    }
}

/// Moves `earlier` to `now` when `now` does not exist yet (copying when a rename cannot cross the
/// file systems).
fn adopt(earlier: &Path, now: &Path) {
    if now.exists() || !earlier.is_file() {
        return;
    }
    let Some(folder) = now.parent() else {
        return;
    };
    if std::fs::create_dir_all(folder).is_err() {
        return;
    }
    if std::fs::rename(earlier, now).is_err() && std::fs::copy(earlier, now).is_ok() {
        let _ = std::fs::remove_file(earlier);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn home() -> PathBuf {
        etcetera::home_dir().expect("a home folder")
    }

    /// `dir` is `base` (from `var` when it is set to an absolute path, else `fallback` under home)
    /// followed by `tail`.
    fn under(dir: &Path, var: &str, fallback: &str, tail: &str) -> bool {
        let base = std::env::var_os(var)
            .map(PathBuf::from)
            .filter(|p| p.is_absolute())
            .unwrap_or_else(|| home().join(fallback));
        dir == base.join(tail)
    }

    #[test]
    fn linux_and_the_bsds_use_the_xdg_configuration_and_state_folders() {
        let dirs = AppDirs::for_platform(Platform::Xdg).expect("folders");
        assert!(
            under(&dirs.config, "XDG_CONFIG_HOME", ".config", "mansion-forge"),
            "{dirs:?}"
        );
        assert!(
            under(
                &dirs.state,
                "XDG_STATE_HOME",
                ".local/state",
                "mansion-forge"
            ),
            "{dirs:?}"
        );
    }

    #[test]
    fn macos_keeps_everything_in_one_application_support_folder() {
        let dirs = AppDirs::for_platform(Platform::MacOs).expect("folders");
        let one = home().join("Library/Application Support/io.github.mansion_forge");
        assert_eq!((&dirs.config, &dirs.state), (&one, &one));
    }

    #[test]
    fn windows_keeps_everything_in_one_roaming_folder() {
        let dirs = AppDirs::for_platform(Platform::Windows).expect("folders");
        assert_eq!(dirs.config, dirs.state);
        assert!(
            under(&dirs.config, "APPDATA", "AppData/Roaming", "Mansion Forge"),
            "{dirs:?}"
        );
    }

    #[test]
    fn the_editors_files_live_in_their_folders() {
        let dirs = AppDirs::for_platform(Platform::current()).expect("folders");
        assert_eq!(dirs.recent_file().parent(), Some(dirs.config.as_path()));
        assert_eq!(dirs.storage_file().parent(), Some(dirs.config.as_path()));
        assert_eq!(dirs.recovery_file().parent(), Some(dirs.state.as_path()));
    }

    /// An earlier version's recovery preset and storage move in once; a file already in place is
    /// never replaced, and the earlier one then stays.
    #[test]
    fn earlier_files_move_in_without_replacing_newer_ones() {
        let scratch = std::env::temp_dir().join(format!("mf-places-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&scratch);
        let dirs = AppDirs {
            config: scratch.join("config"),
            state: scratch.join("state"),
            earlier: scratch.join("earlier"),
        };
        std::fs::create_dir_all(&dirs.earlier).expect("a folder");
        std::fs::write(dirs.earlier.join("recovery.ron"), "old recovery").expect("written");
        std::fs::write(dirs.earlier.join(STORAGE_FILE), "old storage").expect("written");
        std::fs::create_dir_all(&dirs.config).expect("a folder");
        std::fs::write(dirs.storage_file(), "new storage").expect("written");
        dirs.adopt_earlier_files();
        let read = |p: PathBuf| std::fs::read_to_string(p).expect("readable");
        assert_eq!(read(dirs.recovery_file()), "old recovery");
        assert!(!dirs.earlier.join("recovery.ron").exists());
        assert_eq!(read(dirs.storage_file()), "new storage");
        assert_eq!(read(dirs.earlier.join(STORAGE_FILE)), "old storage");
        let _ = std::fs::remove_dir_all(&scratch);
    }
}
