//! Where the editor keeps its small files — the recent list and the settings in the configuration folder,
//! the crash-recovery preset in the data folder — by each platform family's own convention, so recovery
//! and recent files work on Windows and macOS as on Linux. The conventions are `etcetera`'s; which one
//! applies is chosen here, and every family's choice can be checked on any machine.

use std::path::PathBuf;

use etcetera::AppStrategy;
use etcetera::app_strategy::{AppStrategyArgs, Apple, Windows, Xdg};

/// The platform families whose conventions differ.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Platform {
    /// Linux, the BSDs and other Unix desktops: the XDG base directories (`~/.config/mansion-forge`).
    Xdg,
    /// macOS: `~/Library/Preferences` and `~/Library/Application Support`.
    MacOs,
    /// Windows: the roaming application data folder (`%APPDATA%`).
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

/// Where the editor keeps its small files (recent list, settings, recovery preset); `None` in tests.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AppDirs {
    /// The per-user configuration folder; it holds the recent-files list.
    pub config: PathBuf,
    /// The per-user data folder; it holds the crash recovery preset autosave writes.
    pub data: PathBuf,
}

impl AppDirs {
    /// The folders of this platform; `None` when the user has no home folder to hold them.
    pub fn current() -> Option<Self> {
        Self::for_platform(Platform::current())
    }

    /// The folders `platform`'s convention gives the editor, for the current user.
    pub fn for_platform(platform: Platform) -> Option<Self> {
        let args = AppStrategyArgs {
            top_level_domain: "org".to_string(),
            author: String::new(),
            app_name: "Mansion Forge".to_string(),
        };
        match platform {
            Platform::Xdg => Xdg::new(args).ok().map(|s| Self::of(&s)),
            Platform::MacOs => Apple::new(args).ok().map(|s| Self::of(&s)),
            Platform::Windows => Windows::new(args).ok().map(|s| Self::of(&s)),
        }
    }

    fn of(strategy: &impl AppStrategy) -> Self {
        AppDirs {
            config: strategy.config_dir(),
            data: strategy.data_dir(),
        }
    }

    /// The recent-files list: one path a line, most recent first.
    pub fn recent_file(&self) -> PathBuf {
        self.config.join("recent.txt")
    }

    /// The preset autosave writes while the document has unsaved changes; finding it at start means
    /// the editor closed uncleanly, and its recovery is offered.
    pub fn recovery_file(&self) -> PathBuf {
        self.data.join("recovery.ron")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

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
    fn linux_and_the_bsds_use_the_xdg_folders() {
        let dirs = AppDirs::for_platform(Platform::Xdg).expect("folders");
        assert!(
            under(&dirs.config, "XDG_CONFIG_HOME", ".config", "mansion-forge"),
            "{dirs:?}"
        );
        assert!(
            under(&dirs.data, "XDG_DATA_HOME", ".local/share", "mansion-forge"),
            "{dirs:?}"
        );
    }

    #[test]
    fn macos_uses_the_library_folders() {
        let dirs = AppDirs::for_platform(Platform::MacOs).expect("folders");
        let id = "org.Mansion-Forge";
        assert_eq!(dirs.config, home().join("Library/Preferences").join(id));
        assert_eq!(
            dirs.data,
            home().join("Library/Application Support").join(id)
        );
    }

    #[test]
    fn windows_uses_the_roaming_application_data() {
        let dirs = AppDirs::for_platform(Platform::Windows).expect("folders");
        let app = Path::new("Mansion Forge");
        let roaming = |d: &Path| under(d, "APPDATA", "AppData/Roaming", "");
        assert_eq!(dirs.config.file_name(), Some("config".as_ref()));
        assert_eq!(dirs.data.file_name(), Some("data".as_ref()));
        for (dir, leaf) in [(&dirs.config, "config"), (&dirs.data, "data")] {
            let parent = dir.parent().and_then(Path::parent).expect("two levels up");
            assert!(roaming(parent), "{dir:?}");
            assert!(dir.ends_with(app.join(leaf)), "{dir:?}");
        }
    }

    #[test]
    fn the_recent_list_and_the_recovery_file_live_in_their_folders() {
        let dirs = AppDirs::for_platform(Platform::current()).expect("folders");
        assert_eq!(dirs.recent_file().parent(), Some(dirs.config.as_path()));
        assert_eq!(dirs.recovery_file().parent(), Some(dirs.data.as_path()));
    }
}
