//! The side-by-side view, driven as a designer does: the document and another version in two maps that
//! pan and zoom together and show the timeline's turn alike, the differences summed up in one line above
//! them, Escape back to one map; opened from the View menu (before and after a regeneration), the
//! Compare panel (a level of another size, lined up on its entrance) and the seed browser (two ticked
//! mansions).

#[path = "common/padded.rs"]
mod padded;
#[path = "common/ui.rs"]
mod ui;

use std::time::{Duration, Instant};

use egui::{Event, Key, Modifiers, PointerButton, Pos2, vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use mansion_forge::analysis::diff::diff;
use mansion_forge::app::{Command, Editor};
use padded::padded;

/// Drags with the secondary (panning) button from `from` by `by`, a few frames long.
fn pan(harness: &mut Harness<'static, Editor>, from: Pos2, by: egui::Vec2) {
    harness.event(Event::PointerMoved(from));
    harness.event(Event::PointerButton {
        pos: from,
        button: PointerButton::Secondary,
        pressed: true,
        modifiers: Modifiers::NONE,
    });
    harness.run_steps(1);
    for step in 1..=4 {
        harness.event(Event::PointerMoved(from + by * (step as f32 / 4.0)));
        harness.run_steps(1);
    }
    harness.event(Event::PointerButton {
        pos: from + by,
        button: PointerButton::Secondary,
        pressed: false,
        modifiers: Modifiers::NONE,
    });
    harness.run_steps(3);
}

/// The screen point of the continuous cell point `(x, y)` on the right-hand map, as last drawn.
fn on_right(harness: &Harness<'static, Editor>, x: f32, y: f32) -> Pos2 {
    let t = harness
        .state()
        .panels
        .side_by_side
        .last_transform
        .expect("the other map was drawn");
    t.point(x, y)
}

fn on_left(harness: &Harness<'static, Editor>, x: f32, y: f32) -> Pos2 {
    let t = harness.state().state.view.last_transform.expect("drawn");
    t.point(x, y)
}

#[test]
fn before_and_after_a_regeneration_side_by_side_pan_together_and_escape_leaves() {
    let mut harness = ui::harness();
    let before = harness.state().state.level().clone();
    harness.get_by_label("Regenerate unlocked").click();
    harness.run_steps(2);
    // The View menu's entry, as a designer finds it.
    harness.get_by_label("View").click();
    harness.run_steps(2);
    harness
        .get_by_label("Side by side with before regeneration")
        .click();
    harness.run_steps(4);

    assert!(harness.state().panels.side_by_side.open);
    harness.get_by_label("Map");
    harness.get_by_label("Compared map");
    harness.get_by_label("This document");
    // Above the other map, as in the Compare panel.
    let against = "Compared with the level before the last regeneration";
    assert_eq!(harness.query_all_by_label(against).count(), 2);
    let found = diff(&before, harness.state().state.level());
    let line = format!("Differs in {} terrain cells, ", found.cells.changed);
    assert_eq!(
        harness.query_all_by_label_contains(&line).count(),
        1,
        "one summary line starting {line:?}"
    );

    // A drag on the read-only right map moves both maps by as much.
    let (left_before, right_before) = (on_left(&harness, 0.0, 0.0), on_right(&harness, 0.0, 0.0));
    let start = on_right(&harness, 10.5, 10.5);
    pan(&mut harness, start, vec2(60.0, -35.0));
    let (left_after, right_after) = (on_left(&harness, 0.0, 0.0), on_right(&harness, 0.0, 0.0));
    let moved = left_after - left_before;
    assert!(
        (moved - vec2(60.0, -35.0)).length() < 1.0,
        "the document's map followed the drag on the other: {moved:?}"
    );
    assert!(
        (right_after - right_before - moved).length() < 0.01,
        "both moved alike"
    );
    // And one on the document's map moves the other version's.
    let start = on_left(&harness, 12.5, 12.5);
    pan(&mut harness, start, vec2(-40.0, 20.0));
    let right_moved = on_right(&harness, 0.0, 0.0) - right_after;
    assert!(
        (right_moved - vec2(-40.0, 20.0)).length() < 1.0,
        "{right_moved:?}"
    );
    // The two views stay the same size, so a cell sits at the same place in each.
    let gap = on_right(&harness, 5.0, 5.0) - on_left(&harness, 5.0, 5.0);
    assert!(gap.y.abs() < 0.01 && gap.x > 100.0, "{gap:?}");

    // The patrol timeline's turn is the same on both maps.
    assert_eq!(harness.state().panels.side_by_side.timeline_turn(), None);
    harness.state_mut().apply(Command::ToggleTimeline);
    harness.state_mut().apply(Command::SetTurn(7));
    harness.run_steps(3);
    assert_eq!(harness.state().panels.timeline.turn, 7);
    assert_eq!(harness.state().panels.side_by_side.timeline_turn(), Some(7));
    harness.state_mut().apply(Command::ToggleTimeline);
    harness.run_steps(2);

    ui::key(&mut harness, Key::Escape);
    assert!(!harness.state().panels.side_by_side.open, "Escape leaves");
    assert!(harness.query_by_label("Compared map").is_none());
    assert!(
        harness.state().state.comparison.is_some(),
        "the marks stay on the one map"
    );
}

#[test]
fn a_map_of_another_size_is_lined_up_on_its_entrance_in_both_views() {
    let mut harness = ui::harness();
    // Three columns wider to the west, two rows deeper to the south.
    let other = padded(harness.state().state.level(), (3, 2), (0, 0));
    harness
        .state_mut()
        .state
        .compare_with("a grown copy".to_string(), other);
    harness.run_steps(2);
    // The Compare panel's button.
    harness.get_by_label("Side by side").scroll_to_me();
    harness.run_steps(4);
    harness.get_by_label("Side by side").click();
    harness.run_steps(4);
    harness.get_by_label("Compared map");
    let summary = "Differs in size only · size 41 × 29, was 44 × 31 · entrances lined up: this map \
                   moved by (+3, +2)";
    harness.get_by_label(summary);
    // The document's cell (x, y) and the grown copy's (x + 3, y + 2) are at the same place in
    // their views, and nothing is marked.
    let entrance = harness.state().state.level().entrance.cell;
    let (x, y) = (entrance.x as f32 + 0.5, entrance.y as f32 + 0.5);
    let gap = on_right(&harness, x + 3.0, y + 2.0) - on_left(&harness, x, y);
    let gap_elsewhere = on_right(&harness, 3.5, 2.5) - on_left(&harness, 0.5, 0.5);
    assert!(
        gap.y.abs() < 0.01 && (gap - gap_elsewhere).length() < 0.01,
        "{gap:?}"
    );
    let comparison = harness
        .state()
        .state
        .comparison
        .as_ref()
        .expect("comparing");
    assert!(comparison.marks.is_empty() && comparison.reference_marks.is_empty());
    // Hovering the other map says which of the document's cells lies beside the one under the pointer.
    let (cx, cy) = (entrance.x + 3, entrance.y + 2);
    let at = on_right(&harness, cx as f32 + 0.5, cy as f32 + 0.5);
    harness.hover_at(at);
    harness.run_steps(4);
    harness.get_by_label(&format!("Cell ({cx}, {cy}) of the other version"));
    harness.get_by_label(&format!(
        "Lined up with the document's cell ({}, {})",
        entrance.x, entrance.y
    ));
    // Leaving by the button.
    harness.get_by_label("Leave side by side").click();
    harness.run_steps(2);
    assert!(!harness.state().panels.side_by_side.open);
}

#[test]
fn two_mansions_ticked_in_the_seed_browser_open_side_by_side() {
    let mut harness = ui::harness();
    harness.state_mut().apply(Command::ToggleBrowser);
    harness.run_steps(2);
    harness.state_mut().panels.browser.games = 1;
    harness.state_mut().panels.browser.first_seed = 40;
    harness.get_by_label("Search").click();
    harness.run_steps(1);
    let started = Instant::now();
    while harness.state().panels.browser.running() {
        assert!(
            started.elapsed() < Duration::from_mins(2),
            "the search ends"
        );
        std::thread::sleep(Duration::from_millis(20));
        harness.run_steps(1);
    }
    harness.run_steps(3);
    for n in [0, 3] {
        harness
            .get_all_by_role_and_label(egui::accesskit::Role::CheckBox, "Compare")
            .nth(n)
            .expect("a match's box")
            .click();
        harness.run_steps(2);
    }
    let picked = harness.state().panels.browser.picked.clone();
    assert_eq!(picked.len(), 2);
    harness.get_by_label("Compare side by side").click();
    harness.run_steps(4);
    let editor = harness.state();
    assert!(editor.panels.side_by_side.open);
    let (first, second) = (picked[0], picked[1]);
    assert_eq!(editor.state.level().seed, {
        let doc =
            mansion_forge::edit::Document::new(mansion_forge::generate::recipe::Recipe::for_game(
                &editor.state.doc.recipe.generator,
                first.0,
                first.1,
            ))
            .expect("builds");
        doc.level.seed
    });
    let comparison = editor.state.comparison.as_ref().expect("comparing");
    assert_eq!(
        comparison.against,
        format!(
            "the seed browser's mansion {} of game {}",
            second.1, second.0
        )
    );
    harness.get_by_label("Compared map");
}
