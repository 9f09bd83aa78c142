//! File ▸ Open level by seed… in the editor: a level's seed string with the level type and loot of
//! the game's plan opens the game's own mansion (game 1's level 4, a Mansion, from its string alone);
//! the dialog shows the room grid before opening, refuses a string of another form, and opens on the
//! string of the 2025 mansion shown, so it can be read off.

#[path = "common/ui.rs"]
mod ui;

use egui_kittest::kittest::Queryable;
use mansion_forge::generate::lll2025::declaration::recipe_of;
use mansion_forge::generate::lll2025::plan::game_plan;

#[test]
fn a_level_seed_opens_the_games_mansion() {
    let entry = game_plan("game 1")[4].clone();
    assert_eq!(
        (entry.level_type.name(), entry.loot),
        ("Mansion", 10),
        "the case this test types"
    );
    let mut harness = ui::harness();
    let open_dialog = |harness: &mut egui_kittest::Harness<'static, mansion_forge::app::Editor>| {
        harness.get_by_label("File").click();
        harness.run_steps(2);
        harness.get_by_label("Open level by seed…").click();
        harness.run_steps(3);
    };
    open_dialog(&mut harness);
    harness
        .get_by_label("Level seed")
        .set_text_value_accesskit("lvl40.6385141108243720");
    harness.run_steps(2);
    assert!(
        harness
            .query_by_label_contains("expected the game's 'lvl'")
            .is_some(),
        "a string the game does not write is refused"
    );
    let before = harness.state().state.doc.recipe.clone();
    harness.get_by_label("Open").click();
    harness.run_steps(3);
    assert_eq!(
        harness.state().state.doc.recipe,
        before,
        "Open does nothing"
    );
    assert!(harness.query_by_label("Level seed").is_some(), "still open");

    harness
        .get_by_label("Level seed")
        .set_text_value_accesskit(&entry.seed);
    harness.run_steps(2);
    harness.get_by_label("Level type").click();
    harness.run_steps(2);
    // The popup lists the types by name (the last "Mansion" is its, not the menu bar's).
    harness
        .query_all_by_label("Mansion")
        .last()
        .expect("offered")
        .click();
    harness.run_steps(2);
    harness.get_by_label(&format!(
        "Level {}: Mansion, {}×{} grid, {} loot planned",
        entry.level, entry.rooms_x, entry.rooms_y, entry.loot
    ));
    harness.get_by_label("Open").click();
    harness.run_steps(4);
    let state = &harness.state().state;
    assert_eq!(Some(&state.doc.recipe), recipe_of(&entry).as_ref());
    assert!(
        state
            .level()
            .part::<mansion_forge::model::Level2025>()
            .is_some(),
        "a 2025 level"
    );
    assert!(harness.query_by_label("Level seed").is_none(), "it closes");

    open_dialog(&mut harness);
    let field = harness.get_by_label("Level seed");
    assert_eq!(field.value().as_deref(), Some(entry.seed.as_str()));
}
