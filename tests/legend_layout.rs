//! Legends never hide controls (issue 44, item 7). At the editor's default window size, with every
//! overlay and the patrol timeline on, the legends sit in the controls column under the overlay
//! toggles and scroll with it: no control lies under a legend, and the campaign list's last mansion
//! is reachable by scrolling, shown whole inside the window.

use egui::{Rect, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use mansion_forge::app::{Editor, EditorState, Overlay};

/// The editor's default window size (`app::run`).
const DEFAULT_WINDOW: Vec2 = Vec2::new(1400.0, 900.0);

fn rect_of(harness: &Harness<'static, Editor>, label: &str) -> Rect {
    harness.get_by_label(label).rect()
}

#[test]
fn at_the_default_size_no_control_lies_under_a_legend() {
    let state = EditorState::new_default();
    let mut harness = Harness::builder()
        .with_size(DEFAULT_WINDOW)
        .build_eframe(move |_cc| Editor::new(state));
    harness.run_steps(3);
    for &overlay in Overlay::ALL {
        harness.state_mut().state.view.overlays.set(overlay, true);
    }
    harness.state_mut().panels.timeline.open = true;
    harness.run_steps(4);

    // Every legend line, from the overlays' headings to the map symbols.
    let legend_top = rect_of(&harness, "Legend").top();
    let legend_bottom = rect_of(&harness, "Map symbols").bottom();
    assert!(legend_top < legend_bottom);
    let legend_column = rect_of(&harness, "Map symbols");
    let controls = [
        "Cell grid",
        "Fit to window",
        "Regenerate",
        "Random seed",
        "Exact 2023 mode",
        "Mansion 0: ",
        "Mansion 9: ",
    ];
    for control in controls {
        let rect = if control.ends_with(' ') {
            harness.get_by_label_contains(control).rect()
        } else {
            rect_of(&harness, control)
        };
        let beside = rect.max.x > legend_column.min.x && rect.min.x < legend_column.max.x;
        let overlaps = rect.max.y > legend_top && rect.min.y < legend_bottom;
        assert!(
            !(beside && overlaps),
            "{control} at {rect:?} lies under the legends ({legend_top}–{legend_bottom})"
        );
    }

    // The last mansion of the list scrolls into view, whole.
    harness.get_by_label_contains("Mansion 9: ").scroll_to_me();
    harness.run_steps(4);
    let last = harness
        .get_by_label_contains("Mansion 9: ")
        .accesskit_node()
        .bounding_box()
        .expect("laid out");
    assert!(
        last.y0 >= 0.0 && last.y1 <= f64::from(DEFAULT_WINDOW.y),
        "mansion 9 shown whole: {last:?}"
    );
}
