//! The screenshot entry point the CLI calls: request checking and a real headless render to PNG.

use std::path::PathBuf;

use mansion_forge::app::{
    Overlay, SCREENSHOT_SIZE, ScreenshotRequest, Shown, editor_for_request, screenshot,
};

fn request(overlays: &[&str], select_room: Option<usize>, level: u32) -> ScreenshotRequest {
    ScreenshotRequest {
        shown: Shown::Campaign { seed: 1, level },
        overlays: overlays
            .iter()
            .flat_map(|&name| match name {
                "all" => Overlay::ALL.to_vec(),
                name => vec![Overlay::from_name(name).expect("an overlay name")],
            })
            .collect(),
        select_room,
        out: std::env::temp_dir().join("mansion-forge-unused.png"),
    }
}

#[test]
fn requests_name_overlays_and_rooms() {
    let editor = editor_for_request(&request(&["all"], Some(3), 9)).expect("valid request");
    assert!(
        Overlay::ALL
            .iter()
            .all(|&o| editor.state.view.overlays.is_on(o))
    );
    assert_eq!(editor.state.selection.room, Some(3));
    let editor =
        editor_for_request(&request(&["loot", "patrols"], None, 2)).expect("valid request");
    assert!(editor.state.view.overlays.is_on(Overlay::Loot));
    assert!(!editor.state.view.overlays.is_on(Overlay::RoomGraph));
    assert_eq!(editor.state.level().level, 2);
}

#[test]
fn bad_requests_are_errors_not_panics() {
    assert!(editor_for_request(&request(&[], Some(10_000), 9)).is_err());
    assert!(editor_for_request(&request(&[], None, 10)).is_err());
}

#[test]
fn screenshot_writes_a_png_of_the_editor() {
    let out: PathBuf = std::env::temp_dir()
        .join(format!("mansion-forge-shot-{}", std::process::id()))
        .join("all.png");
    let mut req = request(&["all"], Some(12), 9);
    req.out = out.clone();
    screenshot(&req).expect("screenshot");
    let bytes = std::fs::read(&out).expect("png written");
    assert_eq!(&bytes[1..4], b"PNG");
    let width = u32::from_be_bytes([bytes[16], bytes[17], bytes[18], bytes[19]]);
    assert_eq!(width, SCREENSHOT_SIZE.x as u32);
    if let Some(dir) = out.parent() {
        let _ = std::fs::remove_dir_all(dir);
    }
}
