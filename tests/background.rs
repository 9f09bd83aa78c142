//! The editor never freezes on a document (`egui_kittest`): in the window's mode the stealth analysis runs
//! on another thread — the costliest legal level opens with its analysis under way, an edit cancels the
//! analysis under way and starts the new level's, and the analysis arrives.

#[path = "common/worst.rs"]
mod worst;

use std::time::{Duration, Instant};

use egui::Vec2;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use mansion_forge::app::{Editor, EditorState, Source, level_document};
use mansion_forge::edit::{Command, Edit};
use mansion_forge::model::ItemKind;

/// The editor in its window's mode, on the costliest legal level (every guard, every patrol turn).
fn on_the_crowd() -> Harness<'static, Editor> {
    let mut state = EditorState::new_default();
    state.analyse_in_background = true;
    let doc = level_document(worst::crowd());
    state.replace_document(doc, Source::File("crowd.json".into()), None);
    // Only a frame takes the analysis in: until then it is under way, whatever its speed.
    assert!(state.analysing(), "the analysis runs on another thread");
    assert!(state.analysis.map.stealth.is_none());
    let mut harness = Harness::builder()
        .with_size(Vec2::new(1400.0, 1000.0))
        .build_eframe(move |_cc| Editor::new(state));
    harness.run_steps(2);
    harness
}

/// Draws frames until the analysis has arrived (a hang guard, not a timing).
fn until_analysed(harness: &mut Harness<'static, Editor>) {
    let started = Instant::now();
    while harness.state().state.analysing() {
        assert!(
            started.elapsed() < Duration::from_mins(5),
            "the analysis ends"
        );
        std::thread::sleep(Duration::from_millis(20));
        harness.run_steps(1);
    }
}

#[test]
fn the_costliest_level_opens_at_once_and_its_analysis_follows() {
    // The document was shown with its analysis under way (asserted in `on_the_crowd`); the map is
    // drawn meanwhile, and the analysis arrives. Whether it arrives within the first frames depends
    // on the machine: since the heat map got faster, the crowd's takes about half a second.
    let mut harness = on_the_crowd();
    assert_eq!(
        harness.state().state.level().guards.len(),
        256,
        "the level is shown"
    );
    until_analysed(&mut harness);
    let state = &harness.state().state;
    let stealth = state
        .analysis
        .map
        .stealth
        .as_ref()
        .expect("the analysis arrived");
    assert_eq!(stealth.timelines.len(), 256);
    assert!(
        harness
            .query_by_label("analysing how the mansion plays…")
            .is_none()
    );
}

#[test]
fn an_edit_cancels_the_analysis_under_way_and_the_new_levels_arrives() {
    let mut harness = on_the_crowd();
    let coin = harness
        .state()
        .state
        .level()
        .items
        .iter()
        .find(|i| i.kind == ItemKind::Coin)
        .expect("a coin")
        .cell;
    let coins = harness.state().state.level().count_items(ItemKind::Coin);
    assert!(harness.state_mut().state.run(&Command::Edit(Edit::SetItem {
        cell: coin,
        item: None,
    })));
    assert!(
        harness.state().state.analysing(),
        "the edited level's analysis runs"
    );
    until_analysed(&mut harness);
    let stealth = harness
        .state()
        .state
        .analysis
        .map
        .stealth
        .clone()
        .expect("analysed");
    assert_eq!(
        stealth.routes.len(),
        coins - 1,
        "the analysis is of the edited level"
    );
}
