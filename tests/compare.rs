//! The compare view, driven as a designer does: regenerate, then compare with the level before; edit,
//! then compare with a step of the history; compare with a file. The marks on the map are exactly the
//! differences `analysis::diff` finds that lie on it, and they follow later edits.

#[path = "common/ui.rs"]
mod ui;

use std::path::Path;

use egui_kittest::kittest::Queryable;
use mansion_forge::analysis::diff::{Mark, diff};
use mansion_forge::edit::{Command as EditCommand, Edit};
use mansion_forge::model::{Cell, Level, Terrain};

#[test]
fn comparing_with_the_level_before_a_regeneration_marks_what_it_changed() {
    let mut harness = ui::harness();
    let before = harness.state().state.level().clone();
    harness.get_by_label("Regenerate unlocked").click();
    harness.run_steps(2);
    harness
        .get_by_label("Compare with before regeneration")
        .scroll_to_me();
    harness.run_steps(10);
    harness
        .get_by_label("Compare with before regeneration")
        .click();
    harness.run_steps(2);
    let state = &harness.state().state;
    let comparison = state.comparison.as_ref().expect("comparing");
    assert_eq!(comparison.reference, before);
    let expected = diff(&before, state.level());
    assert!(!expected.is_empty(), "the regeneration changed the level");
    assert_eq!(comparison.marks, on_map(expected.marks(), state.level()));
    let changed = format!("{} cells of terrain changed", expected.cells.changed);
    harness.get_by_label(&changed);
    harness.get_by_label("Stop comparing").click();
    harness.run_steps(2);
    assert!(harness.state().state.comparison.is_none());
}

#[test]
fn comparing_with_a_history_step_follows_later_edits() {
    let mut harness = ui::harness();
    let level = harness.state().state.level().clone();
    let cell = level.rooms[3].cells[0];
    assert_ne!(level.terrain(cell), Terrain::Water);
    let paint = EditCommand::Edit(Edit::PaintTerrain {
        cell,
        terrain: Terrain::Water,
    });
    assert!(harness.state_mut().state.run(&paint));
    harness
        .state_mut()
        .apply(mansion_forge::app::Command::CompareWithStep(0));
    harness.run_steps(2);
    let marks = |h: &egui_kittest::Harness<'static, mansion_forge::app::Editor>| {
        h.state()
            .state
            .comparison
            .as_ref()
            .expect("comparing")
            .marks
            .clone()
    };
    assert_eq!(marks(&harness), vec![(cell, Mark::Terrain)]);
    harness.get_by_label("1 cell of terrain changed");
    // Undoing the edit leaves nothing to mark.
    harness.get_by_label("Undo").click();
    harness.run_steps(2);
    assert_eq!(marks(&harness), Vec::<(Cell, Mark)>::new());
    harness.get_by_label("No differences.");
}

#[test]
fn comparing_with_a_file_and_with_nothing_regenerated() {
    let mut harness = ui::harness();
    harness
        .state_mut()
        .apply(mansion_forge::app::Command::CompareWithLastRegeneration);
    assert!(harness.state().state.comparison.is_none());
    let preset = Path::new(env!("CARGO_MANIFEST_DIR")).join("presets/early-mansion.ron");
    harness.state_mut().state.compare_with_file(&preset);
    let state = &harness.state().state;
    let comparison = state.comparison.as_ref().expect("comparing");
    assert!(comparison.against.ends_with("early-mansion.ron"));
    assert!(!comparison.diff.is_empty(), "another mansion differs");
    let found = diff(&comparison.reference, state.level());
    assert_eq!(comparison.marks, on_map(found.marks(), state.level()));
    assert_eq!(
        comparison.reference_marks,
        on_map(found.marks_on_a(), &comparison.reference)
    );
}

/// The marks that lie on `level`'s map: what the map can show (a mark of the other, taller version's
/// top row has no cell here).
fn on_map(mut marks: Vec<(Cell, Mark)>, level: &Level) -> Vec<(Cell, Mark)> {
    marks.retain(|&(c, _)| level.in_bounds(c));
    marks
}
