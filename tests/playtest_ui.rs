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

/// Steps the editor until the regenerate-until search has ended and its seed, if any, is applied.
fn until_ended(harness: &mut egui_kittest::Harness<'static, mansion_forge::app::Editor>) {
    for _ in 0..2_000 {
        harness.run_steps(1);
        if !harness.state().panels.until.running() {
            harness.run_steps(2);
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    panic!("the regenerate-until search did not end");
}

/// *Regenerate until in the difficulty band*: the section's button tries seeds in the background and
/// regenerates with the first in the band, undoably; a band no mansion can meet leaves the document
/// as it was and says what the tries measured; an edit meanwhile stops the search.
#[test]
fn regenerate_until_finds_a_seed_in_the_band_and_undo_goes_back() {
    let mut harness = ui::harness();
    let before = harness.state().state.doc.clone();
    {
        let until = &mut harness.state_mut().panels.until;
        (until.low, until.high, until.tries) = (0.0, 100.0, 3);
    }
    harness
        .get_by_label("Regenerate until in the difficulty band")
        .click();
    harness.run_steps(2);
    assert!(harness.state().panels.until.running());
    until_ended(&mut harness);
    let doc = &harness.state().state.doc;
    assert_ne!(doc.recipe.seed, before.recipe.seed, "regenerated");
    let words = harness
        .state()
        .panels
        .until
        .outcome()
        .expect("words")
        .to_string();
    assert!(
        words.starts_with(&format!("Seed {}: difficulty", doc.recipe.seed)),
        "{words}"
    );
    assert!(
        harness.query_by_label(&words).is_some(),
        "the section says it"
    );
    harness.state_mut().apply(Command::Undo);
    harness.run_steps(2);
    assert_eq!(harness.state().state.doc, before, "Undo goes back");

    {
        let until = &mut harness.state_mut().panels.until;
        (until.low, until.high, until.tries) = (60.0, 40.0, 2);
    }
    harness.state_mut().apply(Command::RegenerateUntil);
    until_ended(&mut harness);
    assert_eq!(harness.state().state.doc, before, "nothing met the band");
    let words = harness.state().panels.until.outcome().expect("words");
    assert!(
        words.starts_with("No seed in 2 tries was in the band: difficulty ranged"),
        "{words}"
    );

    harness.state_mut().panels.until.tries = 50;
    harness.state_mut().apply(Command::RegenerateUntil);
    harness.run_steps(1);
    harness.state_mut().apply(Command::RandomSeed);
    harness.run_steps(2);
    let until = &harness.state().panels.until;
    assert!(!until.running());
    assert_eq!(until.outcome(), Some("Stopped: the document changed"));
}
