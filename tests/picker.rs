//! The generator picker, driven as a designer does: its parameters by human names, a choice picked from
//! a list and a box ticked, applied as one undoable recipe; a value beyond its range applied and the
//! clamp reported in the status bar.

#[path = "common/ui.rs"]
mod ui;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use mansion_forge::app::{Editor, FieldValue};
use mansion_forge::generate::packed_mansion::Placement;

/// Clicks the widget labelled `label`, scrolled into view first (the picker is taller than its panel),
/// and lets the editor take the click.
fn press(harness: &mut Harness<'static, Editor>, label: &str) {
    harness.get_by_label(label).scroll_to_me();
    harness.run_steps(10);
    harness.get_by_label(label).click();
    harness.run_steps(2);
}

#[test]
fn a_picked_choice_and_a_ticked_box_make_the_new_recipe() {
    let mut harness = ui::harness();
    {
        let picker = &mut harness.state_mut().panels.picker;
        picker.open = true;
        picker.select("packed_mansion");
    }
    harness.run_steps(2);
    press(&mut harness, "Generator and parameters");
    press(&mut harness, "Placement");
    press(&mut harness, "Snug");
    press(&mut harness, "Prefer corners");
    press(&mut harness, "Apply generator");
    let state = &harness.state().state;
    let Some(params) = state
        .doc
        .recipe
        .generator
        .get::<mansion_forge::generate::packed_mansion::declaration::Declaration>()
    else {
        panic!("a packed mansion: {:?}", state.doc.recipe.generator);
    };
    assert_eq!(params.placement, Placement::Snug);
    assert!(
        !params.prefer_corners,
        "the default was on, the box was unticked"
    );
    assert_eq!(state.level().generator, "packed_mansion");
}

#[test]
fn a_clamped_value_is_named_in_the_status_bar() {
    let mut harness = ui::harness();
    {
        let picker = &mut harness.state_mut().panels.picker;
        picker.select("tile_growth");
        let at = mansion_forge::generate::registry::find("tile_growth")
            .map(mansion_forge::generate::declare::GeneratorKind::params)
            .expect("specs")
            .iter()
            .position(|s| s.name == "modules_x")
            .expect("modules_x");
        picker.values[at] = FieldValue::Number {
            value: 1000.0,
            whole: true,
        };
    }
    press(&mut harness, "Generator and parameters");
    press(&mut harness, "Apply generator");
    let message = harness.state().state.message.clone().expect("a message");
    assert!(
        message.contains("parameter modules_x = 1000 clamped to 32"),
        "{message}"
    );
}

#[test]
fn a_member_ticked_in_a_set_joins_the_recipe() {
    use mansion_forge::generate::tile_growth::ModuleType;
    let mut harness = ui::harness();
    {
        let picker = &mut harness.state_mut().panels.picker;
        picker.select("tile_growth");
    }
    press(&mut harness, "Generator and parameters");
    press(&mut harness, "Chamber module types");
    press(&mut harness, "turn");
    press(&mut harness, "cross");
    harness.key_press(egui::Key::Escape);
    harness.run_steps(2);
    press(&mut harness, "Apply generator");
    let state = &harness.state().state;
    let Some(params) = state
        .doc
        .recipe
        .generator
        .get::<mansion_forge::generate::tile_growth::declaration::Declaration>()
    else {
        panic!("tile growth: {:?}", state.doc.recipe.generator);
    };
    assert_eq!(
        params.chamber_types,
        vec![ModuleType::DeadEnd, ModuleType::Turn],
        "cross unticked, turn ticked, in the listed order"
    );
}
