//! Hostile input to what the loaders' fuzzing (`tests/fuzz.rs`) does not reach (issue 42): `play`'s
//! moves, play-through files, dates of daily runs and game seeds, each on fixed seeds with the shrunk
//! cases kept. Every input either works or is refused with a clean message — no panic, no control
//! character or direction mark echoed (an escape sequence or a right-to-left override would rewrite the terminal), and
//! no message longer than a screen line or two — and what is accepted plays or builds.

use std::path::Path;

use mansion_forge::generate::date::Date;
use mansion_forge::generate::games;
use mansion_forge::generate::recipe::Recipe;
use mansion_forge::io::playthrough::{self, PlayThrough};
use mansion_forge::model::Level;
use mansion_forge::model::limits::is_direction_mark;
use mansion_forge::play::{Move, parse_moves, rule_sets};
use proptest::prelude::*;
use proptest::test_runner::RngSeed;

/// The longest message accepted.
const MAX_MESSAGE: usize = 1024;

/// A message fit to print: no control character, not a dump of the input.
fn clean(message: &str) -> Result<(), TestCaseError> {
    prop_assert!(
        !message
            .chars()
            .any(|c| c.is_control() || is_direction_mark(c)),
        "a control character or direction mark in {message:?}"
    );
    prop_assert!(
        message.chars().count() <= MAX_MESSAGE,
        "{} characters",
        message.len()
    );
    Ok(())
}

/// Text a hostile user might paste: move words, numbers past every integer, terminal escapes,
/// bidirectional overrides, NUL, long runs.
fn hostile_text() -> impl Strategy<Value = String> {
    let token = prop_oneof![
        Just("w".to_string()),
        Just("N".to_string()),
        Just("leap-SE".to_string()),
        Just("18446744073709551616".to_string()),
        Just("-1".to_string()),
        Just("\u{1b}[31m".to_string()),
        Just("\u{202e}".to_string()),
        Just("\0".to_string()),
        Just("\r\n".to_string()),
        Just("x".repeat(5000)),
        "\\PC{0,12}",
        any::<char>().prop_map(String::from),
    ];
    proptest::collection::vec(token, 0..40).prop_map(|tokens| tokens.join(" "))
}

fn small_level() -> Level {
    Recipe::campaign_level(1, 0).build().expect("builds")
}

fn config(cases: u32, seed: u64) -> ProptestConfig {
    ProptestConfig {
        cases,
        rng_seed: RngSeed::Fixed(seed),
        ..ProptestConfig::default()
    }
}

proptest! {
    #![proptest_config(config(96, 0x706c_6179))]

    /// Moves are parsed or refused cleanly, and moves that parse play to their end (or the game's)
    /// under every rule set.
    #[test]
    fn any_moves_are_played_or_refused_cleanly(text in hostile_text()) {
        match parse_moves(&text) {
            Err(e) => clean(&e.to_string())?,
            Ok(moves) => {
                let level = small_level();
                for rules in rule_sets::all() {
                    let mut game = rules.start(level.clone(), 1, level.player_start, 0);
                    for &m in moves.iter().take(200) {
                        if game.over().is_some() {
                            break;
                        }
                        if let Err(refused) = game.play(m) {
                            clean(&refused.to_string())?;
                        }
                    }
                }
            }
        }
    }

    /// A play-through file with hostile text spliced in, or cut short, loads and replays or is
    /// refused cleanly.
    #[test]
    fn a_damaged_play_through_replays_or_is_refused_cleanly(
        insert in hostile_text(),
        at in any::<proptest::sample::Index>(),
        cut in any::<bool>(),
    ) {
        let level = small_level();
        let mut game = rule_sets::all()[0].start(level.clone(), 3, level.player_start, 0);
        for m in [Move::Wait, Move::Wait] {
            let _ = game.play(m);
        }
        let text = ron::ser::to_string_pretty(
            &PlayThrough::of(game.as_ref()),
            ron::ser::PrettyConfig::new().struct_names(false),
        )
        .expect("writes");
        let mut boundary = at.index(text.len() + 1);
        while !text.is_char_boundary(boundary) {
            boundary -= 1;
        }
        let damaged = if cut {
            text[..boundary].to_string()
        } else {
            format!("{}{insert}{}", &text[..boundary], &text[boundary..])
        };
        match playthrough::parse(&damaged, Path::new("game.play.ron")) {
            Err(e) => clean(&e.to_string())?,
            Ok(checked) => match checked.replay(&level) {
                Err(e) => clean(&e.to_string())?,
                Ok(replayed) => prop_assert!(replayed.turn() <= checked.moves.len()),
            },
        }
    }
}

proptest! {
    #![proptest_config(config(64, 0x6461_7465))]

    /// Any text as a date is a date or refused cleanly; every game's daily run of a date builds its
    /// first mansion.
    #[test]
    fn any_date_text_is_a_date_or_refused_cleanly(text in hostile_text()) {
        match text.parse::<Date>() {
            Err(e) => clean(&e)?,
            Ok(date) => {
                for game in games::all().into_iter().filter(|g| g.has_daily()) {
                    if let Some(run) = game.daily(date) {
                        let mansion = run.mansion(0).map_err(TestCaseError::fail)?;
                        prop_assert!(mansion.recipe.build().is_ok());
                    }
                }
            }
        }
    }

    /// A date in range, however odd the day, gives the same run twice.
    #[test]
    fn a_daily_run_is_the_same_every_time(year in 1970u32..=9999, month in 1u32..=12, day in 1u32..=28) {
        let date: Date = format!("{year:04}-{month:02}-{day:02}").parse().expect("a date");
        for game in games::all().into_iter().filter(|g| g.has_daily()) {
            let titles = |run: Option<mansion_forge::generate::game::Run>| {
                run.map(|r| (r.title, r.mansions.len()))
            };
            prop_assert_eq!(titles(game.daily(date)), titles(game.daily(date)));
        }
    }
}

proptest! {
    #![proptest_config(config(48, 0x7365_6564))]

    /// Any text as a game seed gives every game a run whose first mansion builds, or is refused
    /// cleanly.
    #[test]
    fn any_game_seed_text_runs_or_is_refused_cleanly(text in hostile_text()) {
        for game in games::all() {
            match game.run(&text) {
                Err(e) => clean(&e)?,
                Ok(run) => {
                    clean(&run.title)?;
                    let mansion = run.mansion(0).map_err(TestCaseError::fail)?;
                    prop_assert!(mansion.recipe.build().is_ok(), "{}", run.title);
                }
            }
        }
    }
}
