//! Play-testing in the editor (issue 24, item 3), driven through `egui_kittest` as a designer plays:
//! F5 starts a game, the keys move the thief, Backspace takes back, a refused move passes no turn, the
//! event log tells a sighting in words, the analysis's ghost route plays unnoticed, and nothing edits
//! the document while a game is on.

use egui::{Key, Modifiers, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use mansion_forge::app::{Command, Editor, EditorState};
use mansion_forge::edit::{self, Edit};
use mansion_forge::model::Dir;
use mansion_forge::play::{Event, Move, Session, parse_moves};

fn harness(state: EditorState) -> Harness<'static, Editor> {
    let mut harness = Harness::builder()
        .with_size(Vec2::new(1400.0, 1300.0))
        .build_eframe(move |_cc| Editor::new(state));
    harness.run_steps(3);
    harness
}

fn mansion(level: u32) -> EditorState {
    EditorState::generated(1, level).expect("a campaign mansion")
}

fn press(harness: &mut Harness<'static, Editor>, modifiers: Modifiers, key: Key) {
    harness.key_press_modifiers(modifiers, key);
    harness.run_steps(2);
}

/// Presses the keys of one move: an arrow, Shift+arrow for a leap, Space for a wait.
fn press_move(harness: &mut Harness<'static, Editor>, mv: Move) {
    let arrow = |d: Dir| match d {
        Dir::N => Key::ArrowUp,
        Dir::E => Key::ArrowRight,
        Dir::S => Key::ArrowDown,
        Dir::W => Key::ArrowLeft,
    };
    match mv {
        Move::Step(d) => press(harness, Modifiers::NONE, arrow(d)),
        Move::Leap(d) => press(harness, Modifiers::SHIFT, arrow(d)),
        Move::Wait => press(harness, Modifiers::NONE, Key::Space),
    }
}

fn game<'a>(harness: &'a Harness<'static, Editor>) -> &'a dyn Session {
    harness.state().panels.play.game().expect("a game is on")
}

#[test]
fn f5_plays_from_the_start_and_the_keys_move_the_thief_and_backspace_takes_back() {
    let mut harness = harness(mansion(9));
    let start = harness.state().state.level().player_start;
    press(&mut harness, Modifiers::NONE, Key::F5);
    assert_eq!(game(&harness).snapshot().turn, 0);
    assert_eq!(game(&harness).snapshot().thief, start);
    // West from the start is open on this mansion (the sighting below begins with it).
    press(&mut harness, Modifiers::NONE, Key::ArrowLeft);
    assert_eq!(game(&harness).snapshot().turn, 1);
    assert_eq!(game(&harness).snapshot().thief, start.offset(-1, 0));
    // WASD too, and a wait.
    press(&mut harness, Modifiers::NONE, Key::A);
    press(&mut harness, Modifiers::NONE, Key::Space);
    assert_eq!(game(&harness).snapshot().turn, 3);
    assert_eq!(game(&harness).snapshot().thief, start.offset(-2, 0));
    press(&mut harness, Modifiers::NONE, Key::Backspace);
    press(&mut harness, Modifiers::NONE, Key::Backspace);
    assert_eq!(game(&harness).snapshot().turn, 1);
    assert_eq!(game(&harness).snapshot().thief, start.offset(-1, 0));
    harness.get_by_label_contains("Turn 1");
    press(&mut harness, Modifiers::NONE, Key::Escape);
    assert!(!harness.state().panels.play.playing());
}

#[test]
fn a_refused_move_passes_no_turn() {
    let mut harness = harness(mansion(9));
    press(&mut harness, Modifiers::NONE, Key::F5);
    let refused = [Dir::N, Dir::E, Dir::S, Dir::W]
        .into_iter()
        .map(Move::Step)
        .chain([Dir::N, Dir::E, Dir::S, Dir::W].map(Move::Leap))
        .find(|&mv| game(&harness).boxed_clone().play(mv).is_err())
        .expect("some move from the start is blocked");
    press_move(&mut harness, refused);
    assert_eq!(game(&harness).snapshot().turn, 0, "{refused}");
    assert!(harness.state().panels.play.log().is_empty());
    let message = harness.state().state.message.clone().unwrap_or_default();
    assert!(message.contains("refused"), "{message}");
}

#[test]
fn the_event_log_tells_a_sighting() {
    let mut harness = harness(mansion(9));
    press(&mut harness, Modifiers::NONE, Key::F5);
    // Found by trying random moves on game 1, mansion 9, guards' seed 0.
    for mv in parse_moves("W W W S N W w S W E W E N").expect("moves") {
        press_move(&mut harness, mv);
    }
    let seen = harness
        .state()
        .panels
        .play
        .log()
        .iter()
        .flat_map(|r| r.events.iter().map(move |e| (r.turn, e)))
        .find_map(|(turn, e)| match e {
            Event::Seen { guard, from, .. } => Some((turn, *guard, *from)),
            _ => None,
        })
        .expect("a guard saw the thief");
    let (turn, guard, from) = seen;
    let text = format!(
        "turn {turn}: guard {guard} saw you from ({},{})",
        from.x, from.y
    );
    harness.get_by_label(&text);
}

#[test]
fn the_ghost_route_plays_to_its_end_unnoticed() {
    // Game 1, mansion 1: the analysis calls the route to coin 51 a ghost route, and the game agrees
    // (coins 50 and 52 play unnoticed too; 49's route has moves the game refuses, as the analysis is
    // still being made exact).
    let mut harness = harness(mansion(1));
    let item = 51;
    let turns = {
        let stealth = harness.state().state.analysis.map.stealth.as_ref();
        let route = stealth
            .and_then(|s| s.routes.iter().find(|r| r.item == item))
            .expect("a route to coin 51");
        assert!(route.ghost);
        route.turns().expect("a route")
    };
    harness.state_mut().apply(Command::SelectLoot(Some(item)));
    press(&mut harness, Modifiers::NONE, Key::F7);
    assert!(harness.state().panels.play.auto_playing());
    for _ in 0..turns + 2 {
        harness.state_mut().apply(Command::PlayNextTurn);
    }
    harness.run_steps(2);
    let play = &harness.state().panels.play;
    assert_eq!(play.log().len(), turns, "every move played");
    assert!(play.log().iter().all(|r| !r.noticed()), "{:?}", play.log());
    assert_eq!(game(&harness).snapshot().loot, 1);
    harness.get_by_label_contains(": 1 loot");
}

#[test]
fn nothing_edits_the_document_while_playing_and_a_new_document_stops_the_game() {
    let mut harness = harness(mansion(9));
    press(&mut harness, Modifiers::NONE, Key::F5);
    let before = harness.state().state.level().clone();
    let tool = harness.state().panels.tools.tool;
    let room = 0;
    harness
        .state_mut()
        .apply(Command::Run(edit::Command::Edit(Edit::Lock { room })));
    harness.state_mut().apply(Command::Undo);
    // The tool keys move the thief or do nothing while playing.
    press(&mut harness, Modifiers::NONE, Key::D);
    press(&mut harness, Modifiers::NONE, Key::B);
    let state = &harness.state().state;
    assert_eq!(state.level(), &before);
    assert!(!state.history.can_undo(), "no history entry");
    assert_eq!(harness.state().panels.tools.tool, tool);
    let message = state.message.clone().unwrap_or_default();
    assert!(message.contains("not while play-testing"), "{message}");
    assert!(harness.state().panels.play.playing());
    // Another mansion replaces the document: the game stops and says why.
    harness.state_mut().apply(Command::OpenMansion(2));
    harness.run_steps(2);
    assert!(!harness.state().panels.play.playing());
    let message = harness.state().state.message.clone().unwrap_or_default();
    assert!(message.contains("level changed"), "{message}");
}

/// Issue 44, item 1: a newcomer on game 1's mansion 5 presses Up into the portcullis in front of the
/// start. The refusal says what is in the way and which move works; the panel lists the moves that go
/// from here and, before the first move, says how the game is played; the leap it names goes.
#[test]
fn a_refused_step_says_what_is_in_the_way_and_the_move_that_works() {
    use mansion_forge::play::advice;
    let mut harness = harness(mansion(5));
    press(&mut harness, Modifiers::NONE, Key::F5);
    harness.get_by_label_contains("You are the thief");
    let open = advice::open_moves(game(&harness));
    assert!(!open.contains(&Move::Step(Dir::N)), "{open:?}");
    assert!(open.contains(&Move::Leap(Dir::N)), "{open:?}");
    harness.get_by_label_contains("From here:");
    harness.get_by_label_contains("Shift+Up (L:N)");
    press(&mut harness, Modifiers::NONE, Key::ArrowUp);
    assert_eq!(game(&harness).snapshot().turn, 0);
    let message = harness.state().state.message.clone().unwrap_or_default();
    assert!(
        message.contains("a portcullis: leap over it with Shift+Up"),
        "{message}"
    );
    press(&mut harness, Modifiers::SHIFT, Key::ArrowUp);
    assert_eq!(game(&harness).snapshot().turn, 1, "the leap it named goes");
    assert!(
        harness
            .query_by_label_contains("You are the thief")
            .is_none()
    );
}
