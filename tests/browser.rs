//! The seed browser, driven as a designer does: set a criterion, search in the background while the
//! editor keeps drawing, see only mansions in range, open one with a click as a new document.

#[path = "common/ui.rs"]
mod ui;

use std::time::{Duration, Instant};

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use mansion_forge::analysis::stats::level_stats;
use mansion_forge::app::{Batch, Command, Editor};
use mansion_forge::generate::campaign;

/// Keeps the editor drawing until the background search ends (within `limit`), then its batch.
fn finished_batch(harness: &mut Harness<'static, Editor>, limit: Duration) -> Batch {
    let started = Instant::now();
    while harness.state().panels.browser.running() {
        assert!(
            started.elapsed() < limit,
            "the search ends within {limit:?}"
        );
        std::thread::sleep(Duration::from_millis(20));
        harness.run_steps(1);
    }
    harness.run_steps(2);
    harness
        .state()
        .panels
        .browser
        .batch
        .clone()
        .expect("a batch")
}

#[test]
fn a_search_shows_only_mansions_in_range_and_a_click_opens_one() {
    let mut harness = ui::harness();
    harness.state_mut().apply(Command::ToggleBrowser);
    harness.run_steps(2);
    {
        let browser = &mut harness.state_mut().panels.browser;
        assert!(
            browser.keys.iter().any(|k| k == "rooms"),
            "keys from a real line"
        );
        browser.games = 30;
        browser.first_seed = 100;
        browser.criteria[0].key = "rooms".into();
        browser.criteria[0].min = 25.0;
        browser.criteria[0].max = 28.0;
    }
    harness.get_by_label("Search").click();
    harness.run_steps(1);
    assert!(
        harness.state().panels.browser.running(),
        "searching in the background"
    );
    let batch = finished_batch(&mut harness, Duration::from_mins(2));
    assert_eq!(batch.measured, 300);
    assert!(batch.matched > 0 && batch.matched < 300);
    for m in &batch.matches {
        let level = campaign::plan(m.game_seed)
            .generate(m.level)
            .expect("a mansion");
        let rooms = level_stats(&level, m.game_seed).rooms;
        assert!(
            (25..=28).contains(&rooms),
            "game {} mansion {}",
            m.game_seed,
            m.level
        );
    }
    let summary = format!("{} of 300 mansions match", batch.matched);
    harness.get_by_label_contains(&summary);

    let before = harness.state().state.level().clone();
    let first = &batch.matches[0];
    let name = format!("game {} · mansion {}", first.game_seed, first.level);
    harness
        .get_all_by_label(&name)
        .next()
        .expect("a thumbnail")
        .click();
    harness.run_steps(2);
    let opened = campaign::plan(first.game_seed)
        .generate(first.level)
        .expect("a mansion");
    let state = &harness.state().state;
    assert_eq!(*state.level(), opened);
    assert_ne!(*state.level(), before);
    // A new, untitled document: Save never writes it over the file shown before.
    assert_eq!(state.files.path, None);
    assert!(!state.history.can_undo());
}

#[test]
fn cancelling_keeps_what_was_measured() {
    let mut harness = ui::harness();
    harness.state_mut().apply(Command::ToggleBrowser);
    harness.state_mut().panels.browser.games = 50_000;
    harness.state_mut().apply(Command::SearchSeeds);
    harness.run_steps(2);
    harness.get_by_label("Cancel search").click();
    harness.run_steps(1);
    let batch = finished_batch(&mut harness, Duration::from_mins(1));
    assert!(batch.cancelled);
    assert!(batch.measured < 500_000);
    assert_eq!(batch.measured % 10, 0, "whole games");
}
