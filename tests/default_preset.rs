//! The default preset is built into the binary: started from any folder, the editor opens it without an
//! error (its own test binary, because it changes the process's working directory).

use mansion_forge::app::{DEFAULT_PRESET, EditorState, Source};

#[test]
fn the_editor_opens_the_default_preset_from_outside_the_repository() {
    let elsewhere = std::env::temp_dir().join(format!("mansion-forge-cwd-{}", std::process::id()));
    std::fs::create_dir_all(&elsewhere).expect("temp dir");
    std::env::set_current_dir(&elsewhere).expect("cd");
    assert!(!elsewhere.join(DEFAULT_PRESET).exists());
    let state = EditorState::new_default();
    assert_eq!(state.source, Source::Default);
    assert_eq!(state.message, None, "no error, no drift");
    assert_eq!(state.doc.recipe.level, 9);
}
