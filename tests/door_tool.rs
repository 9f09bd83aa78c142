//! The door tool on the map (issue 44, item 7): a click on a door takes it off and leaves an open
//! doorway, a click on the doorway hangs the door again, never walls it; only Shift+click walls a
//! doorway up (asking first when that cuts rooms off), and a click on that wall makes a door again.

#[path = "common/ui.rs"]
mod ui;

use egui::Modifiers;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use mansion_forge::app::{Editor, Tool};
use mansion_forge::model::{Cell, ItemKind, Terrain};

/// Whether a door item hangs on `cell`.
fn hung(harness: &Harness<'static, Editor>, cell: Cell) -> bool {
    harness
        .state()
        .state
        .level()
        .stack_at(cell)
        .any(|i| matches!(i.kind, ItemKind::Door(_)))
}

#[test]
fn the_door_tool_takes_a_door_off_and_hangs_it_again_and_walls_up_only_with_shift() {
    let mut harness = ui::harness();
    let (adjacency, cell) = {
        let level = harness.state().state.level();
        level
            .adjacencies
            .iter()
            .enumerate()
            .filter(|(_, a)| a.door && a.segment.is_some())
            .filter_map(|(i, a)| Some((i, *a.door_cells.first()?)))
            .find(|&(_, c)| {
                level
                    .stack_at(c)
                    .any(|i| matches!(i.kind, ItemKind::Door(_)))
            })
            .expect("a hung door between two rooms")
    };
    harness.get_by_label(Tool::Door.label()).click();
    harness.run_steps(2);
    let open = |harness: &Harness<'static, Editor>| {
        harness.state().state.level().adjacencies[adjacency].door
    };

    ui::click_cell(&mut harness, cell, Modifiers::NONE);
    assert!(!hung(&harness, cell), "the door is taken off");
    assert!(open(&harness), "the doorway stays open");
    assert!(matches!(
        harness.state().state.level().terrain(cell),
        Terrain::Door(_)
    ));

    ui::click_cell(&mut harness, cell, Modifiers::NONE);
    assert!(hung(&harness, cell), "the doorway gets its door back");
    assert!(open(&harness));

    ui::click_cell(&mut harness, cell, Modifiers::SHIFT);
    if harness.state().state.confirm.is_some() {
        harness.get_by_label("Wall it up").click();
        harness.run_steps(3);
    }
    assert!(!open(&harness), "Shift+click walls the doorway up");
    assert_eq!(harness.state().state.level().terrain(cell), Terrain::Wall);

    ui::click_cell(&mut harness, cell, Modifiers::NONE);
    assert!(open(&harness), "a click on the wall makes a door again");
    assert!(hung(&harness, cell));
}
