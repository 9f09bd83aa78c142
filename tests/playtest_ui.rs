//! The Playtest panel (issue 45) as a designer uses it: *Playtest with bots* plays every bot in the
//! background, the panel shows the difficulty and a row per bot, the map shows where thieves were caught,
//! *Replay* plays a bot's run in the Play view, and a change of the level starts the playtest again.

#[path = "common/ui.rs"]
mod ui;

use egui_kittest::kittest::Queryable;
use mansion_forge::app::Command;
use mansion_forge::playtest::Bot;

#[test]
fn the_playtest_panel_plays_shows_replays_and_follows_the_level() {
    let mut harness = ui::harness();
    assert!(!harness.state().panels.playtest.running());
    harness.get_by_label("Playtest with bots").click();
    harness.run_steps(2);
    assert!(
        harness.state().panels.playtest.running(),
        "the panel's button starts a playtest"
    );
    harness.state_mut().panels.playtest.finish();
    harness.run_steps(3);

    let report = harness
        .state()
        .panels
        .playtest
        .report()
        .expect("figures")
        .clone();
    assert_eq!(report.tallies.len(), Bot::ALL.len());
    let difficulty = report.difficulty().expect("runs were played");
    let heading = format!("Difficulty {:.0}%", difficulty * 100.0);
    assert!(harness.query_by_label(&heading).is_some(), "{heading}");
    for bot in Bot::ALL {
        // Its checkbox above the figures, and its row.
        let named = harness.query_all_by_label(bot.id()).count();
        assert_eq!(named, 2, "a checkbox and a row for {bot}");
    }
    let caught: usize = report.tallies.iter().map(|t| t.caught).sum();
    let heat = harness.state().panels.playtest.frame().cloned();
    if caught > 0 {
        let heat = heat.expect("the caught-here heat map");
        assert_eq!(heat.counts.values().iter().sum::<u32>() as usize, caught);
    }

    // Replay the greedy thief's first run in the Play view.
    harness.state_mut().apply(Command::ReplayBotRun {
        spec: Bot::Greedy.spec(),
        seed: 1,
    });
    harness.run_steps(2);
    assert!(harness.state().panels.play.playing());
    assert!(
        harness.query_by_label_contains("greedy's run 1 (").is_some(),
        "the Play panel says what it replays"
    );
    harness.state_mut().apply(Command::StopPlaying);
    harness.run_steps(2);

    // A new level: the figures of the old one go, and the bots play the new one.
    harness.state_mut().apply(Command::RandomSeed);
    harness.run_steps(2);
    let panel = &harness.state().panels.playtest;
    assert!(panel.report().is_none() && panel.running());
}
