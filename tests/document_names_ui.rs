//! Every document says what it is, and every list shows the figures of what it opens (issue 44, item 2).
//! A designer opening a game's mansion reads what it is in the window title and the Document panel
//! (the exact 2023 game's mansion, a day's daily run, a run by its seed), and a list entry's rooms and
//! loot are those of the mansion that opens when it is clicked: counted here on the opened level, by
//! the test's own count, for the normal campaign, its exact run and a daily run.

#[path = "common/ui.rs"]
mod ui;

use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use mansion_forge::app::Editor;
use mansion_forge::model::{ItemKind, RoomKind};

/// The rooms (every region but the exterior) and coins of the document on screen, counted here.
fn opened_figures(harness: &Harness<'static, Editor>) -> (usize, usize) {
    let level = harness.state().state.level();
    let rooms = level
        .rooms
        .iter()
        .filter(|r| r.kind != RoomKind::Exterior)
        .count();
    let coins = level
        .items
        .iter()
        .filter(|i| i.kind == ItemKind::Coin)
        .count();
    (rooms, coins)
}

/// The rooms and loot a list entry (`…, 12 rooms, 5 loot`) claims.
fn listed_figures(entry: &str) -> (usize, usize) {
    let number_before = |word: &str| -> usize {
        let at = entry
            .rfind(word)
            .unwrap_or_else(|| panic!("{word} in {entry}"));
        entry[..at]
            .trim_end()
            .rsplit(' ')
            .next()
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("a number before {word} in {entry}"))
    };
    (number_before(" rooms"), number_before(" loot"))
}

/// Clicks the list entry that starts with `start` and checks that the mansion it opens has the figures
/// it lists; returns the entry's text.
fn open_entry_and_compare(harness: &mut Harness<'static, Editor>, start: &str) -> String {
    let entry = harness
        .get_by_label_contains(start)
        .accesskit_node()
        .label()
        .expect("an entry's text");
    harness.get_by_label_contains(start).click();
    harness.run_steps(4);
    assert_eq!(
        listed_figures(&entry),
        opened_figures(harness),
        "the entry “{entry}” lists what it opens"
    );
    entry
}

/// The Document panel's first line and the window title say what the document is.
fn assert_named(harness: &Harness<'static, Editor>, document_line: &str, in_title: &str) {
    harness.get_by_label(document_line);
    let title = harness.state().state.title();
    assert!(
        title.contains(in_title),
        "“{in_title}” in the title “{title}”"
    );
}

#[test]
fn the_campaigns_list_shows_what_each_mansion_opens() {
    let mut harness = ui::harness();
    for level in [0, 4, 9] {
        open_entry_and_compare(&mut harness, &format!("Mansion {level}: "));
        assert_named(
            &harness,
            &format!("Mansion {level} of game 1 of Lurk Leap Loot (2023)"),
            &format!("untitled (game 1, mansion {level})"),
        );
    }
}

#[test]
fn an_exact_mansion_says_it_is_the_games_own_and_lists_its_own_figures() {
    let mut harness = ui::harness();
    harness.get_by_label("Exact 2023 mode").click();
    harness.run_steps(4);
    harness.get_by_label("Exact mansions of game 1");
    for level in [2, 5] {
        open_entry_and_compare(&mut harness, &format!("Mansion {level}: "));
        assert_named(
            &harness,
            &format!("Mansion {level} of game 1, exactly as Lurk Leap Loot (2023) makes it"),
            &format!("untitled (game 1, mansion {level}, exact)"),
        );
    }
}

#[test]
fn a_daily_runs_mansion_is_named_by_its_day_and_lists_its_own_figures() {
    let mut harness = ui::harness();
    ui::open_from_dialog(&mut harness, "Open daily run…", "Date (UTC)", "2027-03-14");
    assert_named(
        &harness,
        "Daily run of 2027-03-14, mansion 1 of 3",
        "untitled (Daily run of 2027-03-14, mansion 1 of 3)",
    );
    for pick in 1..=3 {
        open_entry_and_compare(&mut harness, &format!("Mansion {pick}: level "));
        assert_named(
            &harness,
            &format!("Daily run of 2027-03-14, mansion {pick} of 3"),
            &format!("(Daily run of 2027-03-14, mansion {pick} of 3)"),
        );
    }
    // The campaign's own list is not the document's: the Campaign panel says so instead of
    // highlighting a game the document does not belong to.
    harness.get_by_label_contains("The document is not one of these mansions");
}

#[test]
fn a_game_run_by_its_seed_names_the_run_and_the_mansion() {
    let mut harness = ui::harness();
    ui::open_from_dialog(&mut harness, "Open game run…", "Seed of the run", "game 7");
    open_entry_and_compare(&mut harness, "Mansion 3: level ");
    assert_named(
        &harness,
        "Run 'game 7', mansion 3 of 10",
        "untitled (Run 'game 7', mansion 3 of 10)",
    );
}
