//! The editor's side of the stealth analysis: overlays 5 (guard sight) and 6 (routes to loot), the
//! patrol timeline and the inspector's figures, driven through `egui_kittest` (no rendering), and the
//! sight overlay as the shared painter draws it into a PNG.

use egui::{Color32, Key, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use mansion_forge::analysis::Overlay;
use mansion_forge::analysis::stealth::{self, Stealth};
use mansion_forge::app::{Command, Editor, EditorState};
use mansion_forge::edit::{self, Edit};
use mansion_forge::generate::campaign;
use mansion_forge::io::export::{self, Format};
use mansion_forge::model::{Cell, ItemKind, Level, RoomKind};
use mansion_forge::paint::{heat_colour, palette};

fn harness(state: EditorState) -> Harness<'static, Editor> {
    let mut harness = Harness::builder()
        .with_size(Vec2::new(1400.0, 1300.0))
        .build_eframe(move |_cc| Editor::new(state));
    harness.run_steps(3);
    harness
}

fn mansion() -> EditorState {
    EditorState::generated(1, 9).expect("mansion 9")
}

fn stealth_of<'a>(harness: &'a Harness<'static, Editor>) -> &'a Stealth {
    harness
        .state()
        .state
        .analysis
        .map
        .stealth
        .as_ref()
        .expect("the editor computes the stealth analysis")
}

fn press(harness: &mut Harness<'static, Editor>, key: Key) {
    harness.key_press(key);
    harness.run_steps(2);
}

#[test]
fn keys_5_and_6_toggle_sight_and_routes() {
    let mut harness = harness(mansion());
    for (key, overlay) in [(Key::Num5, Overlay::Sight), (Key::Num6, Overlay::Routes)] {
        assert!(!harness.state().state.view.overlays.is_on(overlay));
        press(&mut harness, key);
        assert!(
            harness.state().state.view.overlays.is_on(overlay),
            "{key:?} on"
        );
        press(&mut harness, key);
        assert!(
            !harness.state().state.view.overlays.is_on(overlay),
            "{key:?} off"
        );
    }
    assert_eq!(Overlay::from_name("sight"), Some(Overlay::Sight));
    assert_eq!(Overlay::from_name("routes"), Some(Overlay::Routes));
}

#[test]
fn the_legends_show_the_levels_figures() {
    let mut harness = harness(mansion());
    press(&mut harness, Key::Num5);
    press(&mut harness, Key::Num6);
    let sum = stealth_of(&harness).summary.clone();
    harness.get_by_label_contains(&format!("hiding cells: {}", sum.hiding_cells));
    harness.get_by_label_contains(&format!(
        "never watched: {:.1} %",
        sum.never_watched_share * 100.0
    ));
    harness.get_by_label_contains(&format!(
        "Loot: {}; ghost-reachable: {}; taken without a chase: {}; ghost route turns in all: {}",
        sum.loot, sum.loot_ghost, sum.loot_unchased, sum.ghost_route_turns
    ));
}

#[test]
fn stepping_the_timeline_moves_the_guards_to_their_timeline_cells() {
    let mut harness = harness(mansion());
    press(&mut harness, Key::T);
    assert!(harness.state().panels.timeline.open);
    harness.get_by_label("Step forward");
    let stealth = stealth_of(&harness).clone();
    // A turn at which some guard stands elsewhere than at turn 0.
    let moved_by = |t: usize| stealth.timelines.iter().any(|tl| tl.at(t).0 != tl.at(0).0);
    let target = (1..=stealth.horizon)
        .find(|&t| moved_by(t))
        .expect("guards walk");
    for _ in 0..target {
        press(&mut harness, Key::Period);
    }
    let timeline = &harness.state().panels.timeline;
    assert_eq!(timeline.turn, target);
    let frame = timeline.frame().expect("the timeline draws its turn");
    assert_eq!(frame.turn, target);
    assert_eq!(frame.views.len(), stealth.timelines.len());
    for (view, tl) in frame.views.iter().zip(&stealth.timelines) {
        assert_eq!(
            (view.cell, view.facing),
            tl.at(target),
            "guard {}",
            tl.guard
        );
    }
    assert!(
        frame
            .views
            .iter()
            .zip(&stealth.timelines)
            .any(|(v, tl)| v.cell != tl.at(0).0)
    );
    harness.get_by_label_contains(&format!("Turn {target} of {}", stealth.horizon));
    press(&mut harness, Key::Comma);
    assert_eq!(harness.state().panels.timeline.turn, target - 1);
}

#[test]
fn playing_advances_the_turn_and_stops_on_pause() {
    let mut harness = harness(mansion());
    press(&mut harness, Key::P);
    assert!(harness.state().panels.timeline.playing);
    harness.run_steps(60);
    let turn = harness.state().panels.timeline.turn;
    assert!(turn > 0, "a second of frames at 4 turns/s plays turns");
    press(&mut harness, Key::P);
    let paused = harness.state().panels.timeline.turn;
    harness.run_steps(30);
    assert_eq!(harness.state().panels.timeline.turn, paused);
}

#[test]
fn the_inspector_shows_the_rooms_watched_share_and_its_loots_routes() {
    let state = mansion();
    let stealth = state.analysis.map.stealth.clone().expect("stealth");
    // A chamber with loot, so its coins' routes are listed too.
    let room = (0..state.level().rooms.len())
        .find(|&r| {
            state.level().rooms[r].kind == RoomKind::Room
                && stealth
                    .routes
                    .iter()
                    .any(|l| state.analysis.room_at(l.cell) == Some(r))
        })
        .expect("a chamber with loot");
    let mut harness = harness(state);
    harness.state_mut().apply(Command::SelectRoom(Some(room)));
    harness.run_steps(2);
    let mean = stealth
        .mean_watched_share(&harness.state().state.level().rooms[room].cells)
        .expect("the chamber has floor");
    harness.get_by_label_contains(&format!("Watched share: {:.1} %", mean * 100.0));
    let coin = stealth
        .routes
        .iter()
        .find(|l| harness.state().state.analysis.room_at(l.cell) == Some(room))
        .expect("loot in the room");
    let words = match (&coin.route, coin.ghost) {
        (Some(_), true) => format!("ghost route, {} turns", coin.turns().unwrap_or(0)),
        (Some(r), false) => format!("watched {} turns", r.watched_steps),
        (None, _) => format!("no route within {} turns", stealth.horizon),
    };
    harness.get_by_label_contains(&words).click();
    harness.run_steps(2);
    assert_eq!(harness.state().state.selection.loot, Some(coin.item));
}

/// Removing a lit torch through the edit history changes the light the painter reads, and undo brings
/// it back.
#[test]
fn an_edit_recomputes_the_stealth_facts() {
    let mut state = mansion();
    let before = state.analysis.map.stealth.clone().expect("stealth");
    let torch = state
        .level()
        .items
        .iter()
        .find(|i| i.kind == ItemKind::TorchLit)
        .map(|i| i.cell)
        .expect("a lit torch");
    state.run(&edit::Command::Edit(Edit::SetItem {
        cell: torch,
        item: None,
    }));
    let after = state.analysis.map.stealth.clone().expect("stealth");
    assert!(
        after.torch_lit().len() < before.torch_lit().len(),
        "{} lit cells before, {} after",
        before.torch_lit().len(),
        after.torch_lit().len()
    );
    assert!(after.summary.lit_floor_share < before.summary.lit_floor_share);
    assert!(
        after.rules.standable.contains(torch),
        "the torch's cell is floor now"
    );
    state.undo();
    let undone = state.analysis.map.stealth.as_ref().expect("stealth");
    assert_eq!(undone.torch_lit(), before.torch_lit());
    assert_eq!(undone.summary, before.summary);
}

/// Overlay 5 in a PNG: a never-watched cell and the most-watched cell get their heat-map tints over
/// their terrain, and the two differ.
#[test]
fn the_sight_overlay_tints_never_and_often_watched_cells_apart() {
    let level: Level = campaign::plan(1).generate(9).expect("mansion 9");
    let stealth = stealth::analyze(&level);
    let bytes = export::render(&level, Format::Png, &[Overlay::Sight], &[], "").expect("renders");
    let img = image::load_from_memory(&bytes).expect("decodes").to_rgba8();
    let s = export::png::cell_px(level.width, level.height);
    // Cells whose centre shows the tint alone: floor with nothing on it, unlit (no hatching).
    let plain = |c: &Cell| {
        stealth.rules.standable.contains(*c)
            && !stealth.torch_lit().contains(*c)
            && level.item_at(*c).is_none()
            && !level.guards.iter().any(|g| g.start == *c)
            && level.player_start != *c
    };
    let cells: Vec<Cell> = level.all_cells().filter(plain).collect();
    let never = *cells
        .iter()
        .find(|&&c| stealth.watched_share.at(c) == 0.0)
        .expect("a never-watched cell");
    let often = *cells
        .iter()
        .max_by(|a, b| {
            stealth
                .watched_share
                .at(**a)
                .total_cmp(&stealth.watched_share.at(**b))
        })
        .expect("floor");
    let share = stealth.watched_share.at(often);
    assert!(
        share > 0.2,
        "the most-watched plain cell is watched {share}"
    );
    let centre = |c: Cell| {
        let x = c.x as u32 * s + s / 2;
        let y = (level.height - 1 - c.y) as u32 * s + s / 2;
        let [r, g, b, _] = img.get_pixel(x, y).0;
        [r, g, b]
    };
    let over = |tint: Color32, base: Color32| {
        let keep = 1.0 - f32::from(tint.a()) / 255.0;
        let mix = |t: u8, b: u8| (f32::from(t) + f32::from(b) * keep).round() as u8;
        [
            mix(tint.r(), base.r()),
            mix(tint.g(), base.g()),
            mix(tint.b(), base.b()),
        ]
    };
    let close = |a: [u8; 3], b: [u8; 3]| a.iter().zip(b).all(|(&x, y)| x.abs_diff(y) <= 1);
    for (c, share) in [(never, 0.0), (often, share)] {
        let expected = over(heat_colour(share), palette::terrain(level.terrain(c)));
        assert!(
            close(centre(c), expected),
            "{c:?}: {:?} ≠ {expected:?}",
            centre(c)
        );
    }
    let (a, b) = (centre(never), centre(often));
    let distance: u32 = a
        .iter()
        .zip(b)
        .map(|(&x, y)| u32::from(x.abs_diff(y)))
        .sum();
    assert!(distance > 150, "{a:?} and {b:?} are too alike");
}

/// §7 (a): the sight legend's checkbox switches the hatched light from the torches as generated to the
/// settled light (guards have relit the unlit torches), says which is shown, and the View menu's
/// command does the same.
#[test]
fn the_sight_legend_switches_between_the_generated_and_the_settled_light() {
    let mut state = mansion();
    state.view.overlays.set(Overlay::Sight, true);
    let mut harness = harness(state);
    assert!(
        harness
            .query_by_label_contains("lit by a torch as generated")
            .is_some()
    );
    harness.get_by_label("light once torches are relit").click();
    harness.run_steps(2);
    assert_eq!(harness.state().state.view.lit_map, stealth::LitMap::Settled);
    assert!(
        harness
            .query_by_label_contains("once guards relit the unlit ones")
            .is_some()
    );
    let stealth = stealth_of(&harness);
    assert!(stealth.torch_lit_settled().len() > stealth.torch_lit_as_generated().len());
    harness.state_mut().apply(Command::ToggleSettledLight);
    harness.run_steps(2);
    assert_eq!(
        harness.state().state.view.lit_map,
        stealth::LitMap::AsGenerated
    );
}
