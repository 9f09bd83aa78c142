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
        harness
            .query_by_label_contains("greedy's run 1 (")
            .is_some(),
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

#[test]
fn the_difficulty_curve_of_the_listed_run_has_a_point_per_mansion() {
    let mut harness = ui::harness();
    harness.state_mut().panels.playtest.runs = 2;
    harness.state_mut().apply(Command::PlaytestRun);
    harness.state_mut().panels.playtest.finish();
    harness.run_steps(3);
    let curve = harness
        .state()
        .panels
        .playtest
        .curve()
        .expect("a curve")
        .clone();
    assert_eq!(curve.points.len(), 10, "the ten mansions of game 1");
    assert_eq!(curve.points[0], Some(0.0), "the first mansion has no guard");
    assert!(curve.points.iter().all(Option::is_some));
    let title = format!("{}: difficulty by mansion", curve.title);
    assert!(harness.query_by_label(&title).is_some(), "{title}");
}
