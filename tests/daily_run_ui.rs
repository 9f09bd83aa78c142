//! File ▸ Open daily run… in the editor: the dialog starts on today's date (UTC) and refuses a day the
//! calendar lacks; Open shows the day's three mansions in the Campaign panel and opens the first as a
//! recipe of the 2025 generator, the game's own mansion; the list opens the others. File ▸ Open 2025
//! run… does the same for any game seed's run of ten.

#[path = "common/ui.rs"]
mod ui;

use egui_kittest::kittest::Queryable;
use mansion_forge::app::Overlay;
use mansion_forge::generate::date::Date;
use mansion_forge::generate::lll2025::declaration::recipe_of;
use mansion_forge::generate::lll2025::plan::{daily_run, game_plan};

#[test]
fn the_daily_run_opens_the_days_mansions() {
    let mut harness = ui::harness();
    harness.get_by_label("File").click();
    harness.run_steps(2);
    harness.get_by_label("Open daily run…").click();
    harness.run_steps(3);
    let today = Date::today_utc().expect("a clock").to_string();
    let field = harness.get_by_label("Date (UTC)");
    assert_eq!(field.value().as_deref(), Some(today.as_str()));

    field.set_text_value_accesskit("2025-02-30");
    harness.run_steps(2);
    harness.get_by_label("2025-02-30 is not a day of the calendar");

    harness
        .get_by_label("Date (UTC)")
        .set_text_value_accesskit("2025-09-01");
    harness.run_steps(2);
    harness.get_by_label("Open").click();
    harness.run_steps(4);
    let run = daily_run(2025, 9, 1);
    let [first, second, _] = run.levels();
    let state = &harness.state().state;
    assert_eq!(Some(&state.doc.recipe), recipe_of(first).as_ref());
    assert_eq!(state.level().level, first.level);
    assert!(
        state
            .level()
            .part::<mansion_forge::model::Level2025>()
            .is_some(),
        "a 2025 level"
    );
    assert!(
        harness.query_by_label("Date (UTC)").is_none(),
        "the dialog closes"
    );

    let label = format!(
        "Mansion 2: level {}, {}, {}×{} grid, ",
        second.level,
        second.level_type.name(),
        second.rooms_x,
        second.rooms_y
    );
    harness.get_by_label_contains(&label).click();
    harness.run_steps(4);
    assert_eq!(
        Some(&harness.state().state.doc.recipe),
        recipe_of(second).as_ref()
    );

    // The stealth legends say the 2025 level is analysed by its own rules.
    harness
        .state_mut()
        .state
        .view
        .overlays
        .set(Overlay::Sight, true);
    let note = "Analysed by the Lurk Leap Loot 2025 rules.";
    let mut shown = false;
    for _ in 0..400 {
        harness.run_steps(1);
        if harness.query_by_label_contains(note).is_some() {
            shown = true;
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    assert!(shown, "the sight legend names the rules");
}

/// File ▸ Open 2025 run… opens any game seed's run (any text, as the game seeds it): the Campaign panel
/// lists its ten mansions under the seed, the first opens, and the list opens the others.
#[test]
fn a_game_seed_opens_its_runs_ten_mansions() {
    let mut harness = ui::harness();
    ui::open_from_dialog(&mut harness, "Open game run…", "Seed of the run", "my run");
    let plan = game_plan("my run");
    assert_eq!(
        Some(&harness.state().state.doc.recipe),
        recipe_of(&plan[0]).as_ref()
    );
    harness.get_by_label("Run 'my run'");
    let fifth = &plan[4];
    let label = format!(
        "Mansion 5: level {}, {}, {}×{} grid, ",
        fifth.level,
        fifth.level_type.name(),
        fifth.rooms_x,
        fifth.rooms_y
    );
    harness.get_by_label_contains(&label).click();
    harness.run_steps(4);
    assert_eq!(
        Some(&harness.state().state.doc.recipe),
        recipe_of(fifth).as_ref()
    );
    assert!(
        harness.query_by_label("Seed of the run").is_none(),
        "the dialog closed"
    );
}
