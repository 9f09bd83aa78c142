//! The editor's choice of the rules the stealth analysis follows (issue 39: "a Rules choice in the
//! editor's overlay controls"), driven through `egui_kittest`: a 2025 level is analysed by its own rules
//! until a designer picks the 2023 ones in the guard-sight legend, which the legend then says, and the
//! overlays show the 2023 analysis; the level's own rules come back the same way. And the patrol
//! timeline steps through the 2025 analysis's turns.

use egui::{Key, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use mansion_forge::analysis::Overlay;
use mansion_forge::analysis::stealth::{Cancel, DEFAULT_HORIZON, Summary};
use mansion_forge::app::{Command, Editor, EditorState, Source};
use mansion_forge::edit::Document;
use mansion_forge::generate::recipe::Recipe;
use mansion_forge::generate::registry;
use mansion_forge::play::rule_sets;

/// `--generator lll2025 --seed 101 --level 3`, with the guard-sight overlay on.
fn harness() -> Harness<'static, Editor> {
    let kind = registry::find("lll2025").expect("the 2025 generator");
    let recipe = Recipe::for_game(&kind.defaults(), 101, 3);
    let mut state =
        EditorState::with_document(Document::new(recipe).expect("builds"), Source::Recipe);
    state.view.overlays.set(Overlay::Sight, true);
    let mut harness = Harness::builder()
        .with_size(Vec2::new(1400.0, 1300.0))
        .build_eframe(move |_cc| Editor::new(state));
    harness.run_steps(3);
    harness
}

fn summary_shown(harness: &Harness<'static, Editor>) -> Summary {
    let state = &harness.state().state;
    state
        .analysis
        .map
        .stealth
        .as_ref()
        .expect("analysed")
        .summary
        .clone()
}

fn summary_under(harness: &Harness<'static, Editor>, id: &str) -> Summary {
    let level = harness.state().state.level().clone();
    rule_sets::find(id)
        .expect("built in")
        .analyse(&level, DEFAULT_HORIZON, &Cancel::new())
        .expect("not cancelled")
        .summary
}

#[test]
fn the_sight_legend_chooses_the_rules_the_analysis_follows() {
    let mut harness = harness();
    harness.get_by_label_contains("Analysed by the Lurk Leap Loot 2025 rules.");
    assert_eq!(summary_shown(&harness), summary_under(&harness, "2025"));

    harness.get_by_value("the level's own (2025)").click();
    harness.run_steps(2);
    harness.get_by_label("Lurk Leap Loot 2023").click();
    harness.run_steps(3);
    assert_eq!(harness.state().state.view.analysis_rules, Some("2023"));
    harness.get_by_label_contains(
        "Analysed by the Lurk Leap Loot 2023 rules, not this level's own (the Lurk Leap Loot 2025 \
         rules).",
    );
    assert_eq!(summary_shown(&harness), summary_under(&harness, "2023"));
    assert_ne!(
        summary_under(&harness, "2023"),
        summary_under(&harness, "2025"),
        "the two analyses differ on this level"
    );

    harness.state_mut().apply(Command::SetAnalysisRules(None));
    harness.run_steps(3);
    assert_eq!(harness.state().state.view.analysis_rules, None);
    assert_eq!(summary_shown(&harness), summary_under(&harness, "2025"));
}

/// The patrol timeline steps through a 2025 level's frames: at each turn the guards are drawn where
/// the analysis (the game played with the thief away) has them.
#[test]
fn the_patrol_timeline_steps_through_a_2025_levels_guards() {
    let mut harness = harness();
    harness.key_press(Key::T);
    harness.run_steps(2);
    assert!(harness.state().panels.timeline.open);
    let timelines = harness
        .state()
        .state
        .analysis
        .map
        .stealth
        .as_ref()
        .expect("analysed")
        .timelines
        .clone();
    for turn in 1..=40 {
        harness.key_press(Key::Period);
        harness.run_steps(2);
        let timeline = &harness.state().panels.timeline;
        assert_eq!(timeline.turn, turn);
        let frame = timeline.frame().expect("the timeline draws its turn");
        assert_eq!(frame.views.len(), timelines.len());
        for (view, tl) in frame.views.iter().zip(&timelines) {
            assert_eq!((view.cell, view.facing), tl.at(turn), "guard {}", tl.guard);
        }
    }
}
