//! Editing through the editor's UI (`egui_kittest`, by accessible labels): locks, regeneration, hand-fix
//! tools, undo/redo, re-rolls, files and the generator picker. File I/O goes through the path-taking
//! functions, so no dialog ever opens.

use std::path::PathBuf;

use egui::{Event, Key, Modifiers, PointerButton, Pos2, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use mansion_forge::app::{Editor, EditorState, FieldValue};
use mansion_forge::edit::locks::covered_cells;
use mansion_forge::model::{Cell, Diagnostic, Level, Number, RoomKind, Terrain};

fn harness() -> Harness<'static, Editor> {
    let state = EditorState::new_default();
    let mut harness = Harness::builder()
        .with_size(Vec2::new(1400.0, 1300.0))
        .build_eframe(move |_cc| Editor::new(state));
    harness.run_steps(3);
    harness
}

fn click_at(harness: &mut Harness<'static, Editor>, pos: Pos2) {
    harness.event(Event::PointerMoved(pos));
    for pressed in [true, false] {
        harness.event(Event::PointerButton {
            pos,
            button: PointerButton::Primary,
            pressed,
            modifiers: Modifiers::default(),
        });
    }
    harness.run_steps(2);
}

fn click(harness: &mut Harness<'static, Editor>, label: &str) {
    harness.get_by_label(label).click();
    harness.run_steps(3);
}

/// A file in the system temp dir, unique per test.
fn temp_file(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("mansion-forge-editing-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir.join(name)
}

/// A chamber of the level and the screen point of its centre.
fn chamber(harness: &Harness<'static, Editor>, nth: usize) -> (usize, Pos2) {
    let state = &harness.state().state;
    let room = state
        .level()
        .rooms
        .iter()
        .enumerate()
        .filter(|(_, r)| r.kind == RoomKind::Room)
        .nth(nth)
        .map(|(i, _)| i)
        .expect("a chamber");
    let t = state.view.last_transform.expect("the map was drawn");
    let (x, y) = state.level().rooms[room].interior.centre();
    (room, t.point(x, y))
}

/// Terrain and items of `cells`.
fn content(
    level: &Level,
    cells: &[Cell],
) -> Vec<(Terrain, Option<mansion_forge::model::ItemKind>)> {
    cells
        .iter()
        .map(|&c| {
            let item = level.items.iter().find(|it| it.cell == c).map(|it| it.kind);
            (level.terrain(c), item)
        })
        .collect()
}

#[test]
fn a_room_locked_in_the_ui_survives_regeneration() {
    let mut harness = harness();
    let (room, centre) = chamber(&harness, 2);
    click_at(&mut harness, centre);
    assert_eq!(harness.state().state.selection.room, Some(room));
    click(&mut harness, "Locked");
    assert!(harness.state().state.doc.is_locked(room));
    let before = harness.state().state.level().clone();
    let cells = covered_cells(&before, room);
    click(&mut harness, "Regenerate unlocked");
    let after = harness.state().state.level();
    assert_ne!(*after, before, "the unlocked rooms changed");
    assert_eq!(content(after, &cells), content(&before, &cells));
    assert_eq!(harness.state().state.doc.locked_rooms().len(), 1);
}

#[test]
fn l_locks_the_selected_room_and_l_again_unlocks_it() {
    let mut harness = harness();
    let (room, centre) = chamber(&harness, 0);
    click_at(&mut harness, centre);
    harness.key_press(Key::L);
    harness.run_steps(2);
    assert!(harness.state().state.doc.is_locked(room));
    harness.key_press(Key::L);
    harness.run_steps(2);
    assert!(!harness.state().state.doc.is_locked(room));
}

#[test]
fn an_edit_is_undone_by_ctrl_z_and_redone_by_ctrl_y() {
    let mut harness = harness();
    let original = harness.state().state.level().clone();
    let (_, centre) = chamber(&harness, 1);
    click(&mut harness, "Paint terrain");
    click(&mut harness, "Water");
    click_at(&mut harness, centre);
    let edited = harness.state().state.level().clone();
    assert_ne!(edited, original);
    let t = harness.state().state.view.last_transform.expect("drawn");
    assert_eq!(edited.terrain(t.cell_at(centre)), Terrain::Water);
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run_steps(2);
    assert_eq!(*harness.state().state.level(), original);
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Y);
    harness.run_steps(2);
    assert_eq!(*harness.state().state.level(), edited);
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run_steps(2);
    harness.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::Z);
    harness.run_steps(2);
    assert_eq!(
        *harness.state().state.level(),
        edited,
        "Ctrl+Shift+Z redoes"
    );
}

#[test]
fn the_history_panel_steps_back_to_an_entry() {
    let mut harness = harness();
    let original = harness.state().state.level().clone();
    click(&mut harness, "Re-roll loot");
    click(&mut harness, "Re-roll patrols");
    assert_eq!(harness.state().state.history.entries().0.len(), 2);
    click(&mut harness, "(opened)");
    assert_eq!(*harness.state().state.level(), original);
    assert_eq!(harness.state().state.history.entries().1.len(), 2);
}

#[test]
fn re_rolling_loot_keeps_the_terrain() {
    let mut harness = harness();
    let before = harness.state().state.level().clone();
    click(&mut harness, "Re-roll loot");
    let after = harness.state().state.level();
    assert_eq!(after.terrain_cells(), before.terrain_cells());
    assert_ne!(after.items, before.items, "the coins moved");
}

#[test]
fn open_edit_save_reopen_shows_the_edit() {
    let mut harness = harness();
    let path = temp_file("roundtrip.ron");
    harness.state_mut().state.save_to(&path);
    assert!(harness.state_mut().state.open_path(&path));
    harness.run_steps(3);
    let (_, centre) = chamber(&harness, 3);
    click(&mut harness, "Place item");
    click(&mut harness, "Table");
    click_at(&mut harness, centre);
    assert!(harness.state().state.dirty);
    harness.key_press_modifiers(Modifiers::COMMAND, Key::S);
    harness.run_steps(2);
    assert!(
        !harness.state().state.dirty,
        "Ctrl+S saved to the open file"
    );
    let edited = harness.state().state.level().clone();
    let mut reopened = EditorState::new_default();
    assert!(reopened.open_path(&path));
    assert_eq!(*reopened.level(), edited);
}

#[test]
fn a_broken_file_shows_an_error_and_keeps_the_document() {
    let mut harness = harness();
    let before = harness.state().state.doc.clone();
    let path = temp_file("broken.ron");
    std::fs::write(
        &path,
        "(\n    version: 1,\n    name: \"x\",\n    generator: siheyuan\n",
    )
    .unwrap();
    assert!(!harness.state_mut().state.open_path(&path));
    harness.run_steps(2);
    assert_eq!(harness.state().state.doc, before);
    let message = harness.state().state.message.clone().expect("a message");
    assert_eq!(
        message,
        "broken.ron is not a preset the editor can read: something is wrong at line 4, column 15"
    );
    harness.get_by_label(&message);
    // The parser's own sentence is behind "details", not in the message.
    assert!(harness.query_by_label_contains("broken.ron:4:15").is_none());
    harness.get_by_label("details").click();
    harness.run_steps(2);
    harness.get_by_label_contains("broken.ron:4:15");

    let wrong_version = temp_file("future.ron");
    let text = std::fs::read_to_string("presets/default.ron").expect("default preset");
    std::fs::write(&wrong_version, text.replace("version: 1", "version: 99")).unwrap();
    assert!(!harness.state_mut().state.open_path(&wrong_version));
    assert_eq!(harness.state().state.doc, before);
    let message = harness.state().state.message.clone().expect("a message");
    assert_eq!(
        message,
        "future.ron was saved by a newer Mansion Forge (preset format 99): update the editor to \
         open it"
    );
}

#[test]
fn the_generator_picker_switches_to_tile_growth_and_back() {
    let mut harness = harness();
    click(&mut harness, "Generator and parameters");
    click(&mut harness, "Generator");
    click(&mut harness, "Tile growth");
    click(&mut harness, "Apply generator");
    assert_eq!(
        harness.state().state.doc.recipe.generator.id(),
        "tile_growth"
    );
    assert_eq!(harness.state().state.level().generator, "tile_growth");
    click(&mut harness, "Generator");
    click(&mut harness, "Siheyuan");
    click(&mut harness, "Apply generator");
    assert_eq!(harness.state().state.doc.recipe.generator.id(), "siheyuan");
    // A recipe starts a new document: nothing to undo back into, and Save asks for a name.
    assert!(!harness.state().state.history.can_undo());
    assert_eq!(harness.state().state.files.path, None);
}

#[test]
fn unsaved_changes_prompt_before_new() {
    let mut harness = harness();
    click(&mut harness, "Re-roll furniture");
    let edited = harness.state().state.doc.clone();
    harness.key_press_modifiers(Modifiers::COMMAND, Key::N);
    harness.run_steps(2);
    harness.get_by_label("Unsaved changes");
    click(&mut harness, "Cancel");
    assert_eq!(harness.state().state.doc, edited);
    harness.key_press_modifiers(Modifiers::COMMAND, Key::N);
    harness.run_steps(2);
    click(&mut harness, "Discard");
    assert_ne!(harness.state().state.doc, edited);
    assert!(!harness.state().state.dirty);
}

/// A file dropped on the window, as the windowing integration hands it over.
#[derive(Debug)]
struct Dropped(PathBuf);

impl egui::DroppedFile for Dropped {
    fn path(&self) -> &std::path::Path {
        &self.0
    }

    fn bytes(&self) -> Result<Vec<u8>, String> {
        std::fs::read(&self.0).map_err(|e| e.to_string())
    }
}

#[test]
fn dropping_a_preset_on_the_window_opens_it() {
    let mut harness = harness();
    let path = PathBuf::from("presets/rogue-grid-warren.ron");
    harness
        .input_mut()
        .dropped_files
        .push(std::sync::Arc::new(Dropped(path.clone())));
    harness.run_steps(3);
    let state = &harness.state().state;
    assert_eq!(state.doc.recipe.generator.id(), "rogue_grid");
    assert_eq!(state.files.path.as_deref(), Some(path.as_path()));
}

/// Drags the primary button from `from` to `to` in a few moves.
fn drag(harness: &mut Harness<'static, Editor>, from: Pos2, to: Pos2) {
    harness.event(Event::PointerMoved(from));
    harness.event(Event::PointerButton {
        pos: from,
        button: PointerButton::Primary,
        pressed: true,
        modifiers: Modifiers::default(),
    });
    harness.run_steps(1);
    for k in 1..=5 {
        harness.event(Event::PointerMoved(from + (to - from) * (k as f32 / 5.0)));
        harness.run_steps(1);
    }
    harness.event(Event::PointerButton {
        pos: to,
        button: PointerButton::Primary,
        pressed: false,
        modifiers: Modifiers::default(),
    });
    harness.run_steps(2);
}

#[test]
fn the_move_item_tool_drags_an_item_and_a_refused_move_says_why() {
    let mut harness = harness();
    let state = &harness.state().state;
    let level = state.level();
    let t = state.view.last_transform.expect("drawn");
    let item = level
        .items
        .iter()
        .find(|it| it.kind == mansion_forge::model::ItemKind::Coin)
        .copied()
        .expect("a coin");
    let room = &level.rooms[state.analysis.room_at(item.cell).expect("in a room")];
    let free = room
        .cells
        .iter()
        .copied()
        .find(|&c| c != item.cell && level.items.iter().all(|it| it.cell != c))
        .expect("a free cell in the same room");
    let room_cells = room.cells.clone();
    click(&mut harness, "Move item");
    drag(&mut harness, t.cell_centre(item.cell), t.cell_centre(free));
    let moved = harness.state().state.level().clone();
    assert!(
        moved
            .items
            .iter()
            .any(|it| it.cell == free && it.kind == item.kind)
    );
    // Dragging the same way again is refused (the source is empty now); the status bar says why and
    // nothing changes.
    drag(&mut harness, t.cell_centre(item.cell), t.cell_centre(free));
    assert_eq!(*harness.state().state.level(), moved);
    let message = harness.state().state.message.clone();
    assert!(
        message
            .as_deref()
            .is_some_and(|m| m.contains("no item there")),
        "{message:?}"
    );
    harness.get_by_label_contains("no item there to drag");
    // And onto another item: the target is taken.
    let other = moved
        .items
        .iter()
        .find(|it| it.cell != free && room_cells.contains(&it.cell))
        .map(|it| it.cell);
    if let Some(other) = other {
        drag(&mut harness, t.cell_centre(free), t.cell_centre(other));
        assert_eq!(*harness.state().state.level(), moved);
        harness.get_by_label_contains("already holds an item");
    }
}

#[test]
fn out_of_range_parameters_are_clamped_and_reported() {
    let mut harness = harness();
    click(&mut harness, "Generator and parameters");
    click(&mut harness, "Generator");
    click(&mut harness, "Tile growth");
    {
        let picker = &mut harness.state_mut().panels.picker;
        assert_eq!(picker.id, "tile_growth");
        picker.values[0] = FieldValue::Number {
            value: 9999.0,
            whole: true,
        };
    }
    click(&mut harness, "Apply generator");
    let state = &harness.state().state;
    assert_eq!(state.doc.recipe.generator.id(), "tile_growth");
    let note = state
        .level()
        .diagnostics
        .iter()
        .find(|d| matches!(d, Diagnostic::Clamped { asked, .. } if *asked == Number::Whole(9999)))
        .expect("a clamping note")
        .to_string();
    // Listed in the validation table (its row and the row's text), and said in the status bar.
    assert_eq!(harness.query_all_by_label_contains(&note).count(), 3);
    let message = harness.state().state.message.clone().unwrap_or_default();
    assert!(
        message.starts_with("New recipe applied: ") && message.contains(&note),
        "{message}"
    );
}

#[test]
fn patrol_and_start_tools_add_and_remove_guards_and_move_the_start() {
    let mut harness = harness();
    let (_, centre) = chamber(&harness, 4);
    let guards = harness.state().state.level().guards.len();
    click(&mut harness, "Add guard");
    click_at(&mut harness, centre);
    assert_eq!(harness.state().state.level().guards.len(), guards + 1);
    let state = &harness.state().state;
    let t = state.view.last_transform.expect("drawn");
    let first = state.level().guards[0].start;
    click(&mut harness, "Remove guard");
    click_at(&mut harness, t.cell_centre(first));
    assert_eq!(harness.state().state.level().guards.len(), guards);
    click(&mut harness, "Move player start");
    click_at(&mut harness, centre);
    let state = &harness.state().state;
    assert_eq!(state.level().player_start, t.cell_at(centre));
    assert_eq!(state.history.entries().0.len(), 3);
}

#[test]
fn the_waypoint_tool_drags_a_route_cell() {
    let mut harness = harness();
    let state = &harness.state().state;
    let t = state.view.last_transform.expect("drawn");
    let route = &state.level().patrols[0];
    let from = route.cells[1];
    // The tool drags the route's first waypoint on that cell.
    let index = route
        .cells
        .iter()
        .position(|&c| c == from)
        .expect("on the route");
    // A neighbouring cell the placement rule accepts (moves it refuses are tests/placements.rs's).
    let level = state.level();
    let to = (-1..=1)
        .flat_map(|dy| (-1..=1).map(move |dx| from.offset(dx, dy)))
        .find(|&to| {
            let edit = mansion_forge::edit::Edit::MoveWaypoint {
                route: 0,
                index,
                to,
            };
            to != from && mansion_forge::edit::placement::refusal(level, &edit).is_none()
        })
        .expect("an accepted neighbour");
    click(&mut harness, "Move waypoint");
    drag(&mut harness, t.cell_centre(from), t.cell_centre(to));
    let state = &harness.state().state;
    let cells = &state.level().patrols[0].cells;
    assert_eq!(
        cells[index],
        to,
        "{:?} {:?} {:?}",
        state.message,
        &cells[..4],
        state.history.entries()
    );
}

#[test]
fn the_inspector_moves_a_room_to_another_guards_route() {
    let mut harness = harness();
    let (room, to) = {
        let level = harness.state().state.level().clone();
        let graph = mansion_forge::analysis::room_graph(&level);
        let owner = |r: usize| {
            level
                .patrols
                .iter()
                .position(|p| !p.outside && p.visits.contains(&r))
        };
        (1..level.rooms.len())
            .find_map(|room| {
                let from = owner(room)?;
                let to = graph
                    .neighbours(room)
                    .iter()
                    .filter_map(|&(n, _)| owner(n))
                    .find(|&t| t != from)?;
                let mut trial = level.clone();
                mansion_forge::edit::Edit::MoveRoomToRoute { room, route: to }
                    .apply(&mut trial)
                    .ok()?;
                Some((room, to))
            })
            .expect("a room that can change routes")
    };
    harness.state_mut().state.selection.room = Some(room);
    harness.run_steps(3);
    // The button names the route by the guards who walk it, as every panel does.
    let walker = {
        let level = harness.state().state.level();
        let guards: Vec<String> = (0..level.guards.len())
            .filter(|&g| level.guards[g].route == to)
            .map(|g| format!("guard {g}"))
            .collect();
        if guards.is_empty() {
            format!("route {to} (no guard)")
        } else {
            guards.join(" and ")
        }
    };
    harness
        .get_by_role_and_label(egui::accesskit::Role::Button, &walker)
        .click();
    harness.run_steps(3);
    let level = harness.state().state.level().clone();
    assert!(
        level.patrols[to].visits.contains(&room),
        "room {room} joined route {to}"
    );
    assert!(
        harness
            .state()
            .state
            .doc
            .edits
            .iter()
            .any(|e| matches!(e, mansion_forge::edit::Edit::MoveRoomToRoute { .. }))
    );
}
