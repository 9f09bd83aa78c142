//! Drives the editor through its accessible labels with `egui_kittest` (no rendering, no display).

use egui::{Event, Key, Modifiers, PointerButton, Pos2, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use mansion_forge::app::{Editor, EditorState, Overlay, Source, Tool};
use mansion_forge::generate::campaign;
use mansion_forge::model::{ItemKind, Level, RoomKind, Terrain, ValidLevel};
use mansion_forge::paint::Layer;

#[path = "common/ui.rs"]
mod gestures;
#[path = "common/stacks.rs"]
mod stacks;

/// The editor in a window tall enough for every legend at once.
fn harness(state: EditorState) -> Harness<'static, Editor> {
    let mut harness = Harness::builder()
        .with_size(Vec2::new(1400.0, 1300.0))
        .build_eframe(move |_cc| Editor::new(state));
    harness.run_steps(3);
    harness
}

fn default_harness() -> Harness<'static, Editor> {
    harness(EditorState::new_default())
}

/// Clicks the primary button at a screen position.
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

/// Clicks the overlay checkbox `label` (the legend panel has a heading of the same name).
fn toggle(harness: &mut Harness<'static, Editor>, label: &str) {
    let checkbox = egui::accesskit::Role::CheckBox;
    harness
        .get_by_role_and_label(checkbox, label)
        .scroll_to_me();
    harness.run_steps(10);
    harness.get_by_role_and_label(checkbox, label).click();
    harness.run_steps(2);
}

#[test]
fn the_app_starts_on_the_default_mansion() {
    let harness = default_harness();
    let state = &harness.state().state;
    assert_eq!(state.level().level, 9);
    assert_eq!(state.source, Source::Default);
    let campaign = campaign::plan(1).generate(9).expect("mansion 9");
    assert_eq!(
        *state.level(),
        campaign,
        "the default preset is game 1, mansion 9"
    );
    harness.get_by_label("Regenerate");
    harness.get_by_label("Map");
    let size = format!("{} × {} cells", state.level().width, state.level().height);
    harness.get_by_label_contains(&size);
}

#[test]
fn each_overlay_checkbox_toggles_its_overlay() {
    let mut harness = default_harness();
    for &overlay in Overlay::ALL {
        assert!(!harness.state().state.view.overlays.is_on(overlay));
        toggle(&mut harness, overlay.label());
        assert!(
            harness.state().state.view.overlays.is_on(overlay),
            "{overlay:?} on"
        );
    }
    for &overlay in Overlay::ALL {
        toggle(&mut harness, overlay.label());
        assert!(
            !harness.state().state.view.overlays.is_on(overlay),
            "{overlay:?} off"
        );
    }
}

#[test]
fn number_keys_toggle_the_overlays() {
    let mut harness = default_harness();
    let keys = [Key::Num1, Key::Num2, Key::Num3, Key::Num4];
    for (overlay, key) in Overlay::ALL.iter().copied().zip(keys) {
        harness.key_press(key);
        harness.run_steps(2);
        assert!(
            harness.state().state.view.overlays.is_on(overlay),
            "{key:?}"
        );
    }
}

#[test]
fn regenerate_with_a_new_seed_changes_the_level() {
    let mut harness = default_harness();
    let before = harness.state().state.level().clone();
    harness
        .get_by_label("Game seed")
        .set_text_value_accesskit("42");
    harness.run_steps(2);
    harness.get_by_label("Regenerate").click();
    harness.run_steps(3);
    let state = &harness.state().state;
    assert_eq!(
        state.source,
        Source::Campaign {
            game_seed: 42,
            level: 9
        }
    );
    assert_ne!(*state.level(), before);
    let expected = campaign::plan(42).generate(9).expect("mansion 9");
    assert_eq!(
        *state.level(),
        expected,
        "generation is deterministic from the seed"
    );
}

#[test]
fn clicking_a_mansion_in_the_campaign_list_opens_it() {
    let mut harness = default_harness();
    harness.get_by_label_contains("Mansion 3:").click();
    harness.run_steps(3);
    assert_eq!(harness.state().state.level().level, 3);
}

#[test]
fn clicking_a_room_selects_it_and_the_inspector_names_it() {
    let mut harness = default_harness();
    let state = &harness.state().state;
    let room = state
        .level()
        .rooms
        .iter()
        .position(|r| r.kind == RoomKind::Room)
        .expect("a chamber");
    let t = state.view.last_transform.expect("the map was drawn");
    let (x, y) = state.level().rooms[room].interior.centre();
    let name = state.room_name(room);
    click_at(&mut harness, t.point(x, y));
    assert_eq!(harness.state().state.selection.room, Some(room));
    harness.get_by_label(&name);
}

/// A level with one chamber walled in: its door becomes wall.
fn level_with_unreachable_room() -> (Level, usize) {
    let mut level = campaign::plan(1).generate(9).expect("mansion 9");
    let (adj, room) = level
        .adjacencies
        .iter()
        .enumerate()
        .filter(|(_, a)| a.door && a.segment.is_some())
        .find_map(|(i, a)| {
            let r = [a.left, a.right].into_iter().find(|&r| {
                level.rooms[r].kind == RoomKind::Room
                    && level.adjacencies_of(r).filter(|(_, x)| x.door).count() == 1
            })?;
            Some((i, r))
        })
        .expect("a dead-end chamber");
    for c in level.adjacencies[adj].door_cells.clone() {
        level.set_terrain(c, Terrain::Wall);
        level.items.retain(|it| it.cell != c);
    }
    level.adjacencies[adj].door = false;
    level.adjacencies[adj].door_cells.clear();
    (level, room)
}

#[test]
fn the_validation_panel_lists_an_unreachable_room_and_focuses_it() {
    let (level, room) = level_with_unreachable_room();
    let mut harness = harness(EditorState::from_file(
        ValidLevel::new(level).expect("valid"),
        "walled-in room".into(),
    ));
    let finding = harness
        .state()
        .state
        .analysis
        .findings
        .iter()
        .position(|f| {
            f.message.contains("unreachable from the player start") && f.room == Some(room)
        })
        .expect("an unreachable-cells finding for the walled-in room");
    // A click of the pointer on the finding's row of the validation table.
    let text = harness
        .get_all_by_label_contains("unreachable from the player start")
        .last()
        .expect("the finding's row")
        .rect()
        .center();
    click_at(&mut harness, text);
    let state = &harness.state().state;
    assert_eq!(state.selection.room, Some(room));
    let focus = state.selection.focus.expect("focused");
    assert_eq!(focus.cell, state.analysis.findings[finding].cell);
}

#[test]
fn the_validation_panel_lists_rooms_left_unpatrolled() {
    let mut level = campaign::plan(1).generate(9).expect("mansion 9");
    let route = level
        .patrols
        .iter()
        .position(|p| !p.outside)
        .expect("an interior route");
    let visited = level.patrols[route].visits.clone();
    level.patrols[route].visits.clear();
    let harness = harness(EditorState::from_file(
        ValidLevel::new(level).expect("valid"),
        "no route".into(),
    ));
    let lost = visited
        .iter()
        .find(|&&r| {
            harness
                .state()
                .state
                .analysis
                .map
                .patrols
                .unpatrolled
                .contains(&r)
        })
        .copied()
        .expect("a room only that route visited");
    let name = harness.state().state.room_name(lost);
    // The finding's row in the validation table (the row, then its text).
    let text = format!("{name} is not patrolled");
    assert_eq!(harness.get_all_by_label_contains(&text).count(), 2);
}

#[test]
fn e_regenerates_the_unlocked_rooms_and_f_fits() {
    let mut harness = default_harness();
    let before = harness.state().state.doc.clone();
    harness.key_press(Key::E);
    harness.run_steps(3);
    let state = &harness.state().state;
    assert_ne!(state.doc.recipe.seed, before.recipe.seed, "a new seed");
    assert_ne!(*state.level(), before.level);
    assert!(state.history.can_undo());
    harness.state_mut().state.view.camera.cell = 40.0;
    harness.key_press(Key::F);
    harness.run_steps(2);
    assert!(harness.state().state.view.camera.cell < 40.0);
}

#[test]
fn hovering_a_cell_shows_what_is_there() {
    let mut harness = default_harness();
    let state = &harness.state().state;
    let t = state.view.last_transform.expect("the map was drawn");
    let guard = state.level().guards[0];
    let pos = t.cell_centre(guard.start);
    harness.hover_at(pos);
    harness.run_steps(4);
    harness.get_by_label(&format!("Cell ({}, {})", guard.start.x, guard.start.y));
    harness.get_by_label("Guard 0 starts here");
    harness.get_by_label_contains("Patrolled by: guard 0");
    // The status bar: the cell under the pointer and the zoom.
    let cell = format!("({}, {})", guard.start.x, guard.start.y);
    let zoom = harness.state().state.view.camera.zoom_percent();
    harness.get_by_label(&format!("{cell:>10} {zoom:>5.0}%"));
}

/// A coin on a chair (a 2025 stack, level format 2): the tooltip lists the stack bottom to top.
#[test]
fn hovering_a_stack_lists_its_items_bottom_to_top() {
    let (level, chair) = stacks::coin_on_a_chair();
    let cell = level.items[chair].cell;
    let mut harness = harness(EditorState::from_file(
        ValidLevel::new(level).expect("valid"),
        "stacked".into(),
    ));
    harness.hover_at(gestures::centre(&harness, cell));
    harness.run_steps(4);
    harness.get_by_label(&format!("Cell ({}, {})", cell.x, cell.y));
    harness.get_by_label("Items, bottom to top: chair, coin (loot)");
}

#[test]
fn the_map_symbols_legend_shows_a_stack() {
    let mut harness = default_harness();
    harness.get_by_label("Map symbols").scroll_to_me();
    harness.run_steps(4);
    harness.get_by_label("Map symbols").click();
    harness.run_steps(4);
    harness.get_by_label("a stack: a coin on a chair (a bar per item)");
}

#[test]
fn the_hover_tooltip_never_covers_the_brushs_footprint() {
    let mut harness = default_harness();
    harness.key_press(Key::B);
    harness.key_press(Key::CloseBracket);
    harness.key_press(Key::CloseBracket);
    harness.run_steps(2);
    let state = &harness.state().state;
    assert_eq!(harness.state().panels.tools.brush, 3);
    let t = state.view.last_transform.expect("a map was drawn");
    let cell = state.level().entrance.cell;
    harness.hover_at(t.cell_centre(cell));
    harness.run_steps(4);
    let tooltip = harness
        .get_by_label(&format!("Cell ({}, {})", cell.x, cell.y))
        .rect();
    let t = harness
        .state()
        .state
        .view
        .last_transform
        .expect("a map was drawn");
    let footprint = (-1..=1)
        .flat_map(|dy| (-1..=1).map(move |dx| cell.offset(dx, dy)))
        .map(|c| t.cell_rect(c))
        .fold(t.cell_rect(cell), egui::Rect::union);
    let (tooltip, footprint) = (tooltip, footprint);
    assert!(
        tooltip.max.y <= footprint.min.y
            || tooltip.min.y >= footprint.max.y
            || tooltip.max.x <= footprint.min.x
            || tooltip.min.x >= footprint.max.x,
        "tooltip {tooltip:?} over the brush {footprint:?}"
    );
}

#[test]
fn the_command_palette_finds_a_command_by_name_and_runs_it() {
    let mut harness = default_harness();
    assert!(!harness.state().state.view.show_grid);
    harness.key_press_modifiers(egui::Modifiers::COMMAND, Key::P);
    harness.run_steps(2);
    assert!(harness.state().panels.palette.open);
    harness.event(Event::Text("cell gr".into()));
    harness.run_steps(2);
    assert_eq!(
        harness.query_all_by_label("Cell grid").count(),
        2,
        "the palette lists it beside the overlay panel's checkbox"
    );
    harness.key_press(Key::G);
    harness.run_steps(1);
    assert!(
        !harness.state().state.view.show_grid,
        "keys typed into the palette are text, not shortcuts"
    );
    harness.key_press(Key::Enter);
    harness.run_steps(2);
    let state = &harness.state().state;
    assert!(state.view.show_grid, "Enter ran the highlighted command");
    assert!(
        !harness.state().panels.palette.open,
        "and closed the palette"
    );
}

#[test]
fn go_to_room_selects_the_room_typed_and_escape_closes_the_palette() {
    let mut harness = default_harness();
    harness.key_press_modifiers(egui::Modifiers::COMMAND, Key::G);
    harness.run_steps(2);
    assert_eq!(harness.state().panels.palette.query, "room ");
    harness.event(Event::Text("7".into()));
    harness.run_steps(2);
    harness.key_press(Key::Enter);
    harness.run_steps(2);
    assert_eq!(harness.state().state.selection.room, Some(7));
    harness.key_press_modifiers(egui::Modifiers::COMMAND | egui::Modifiers::SHIFT, Key::P);
    harness.run_steps(2);
    assert!(harness.state().panels.palette.open);
    harness.key_press(Key::Escape);
    harness.run_steps(2);
    assert!(!harness.state().panels.palette.open);
}

#[test]
fn side_panels_fold_and_a_narrow_window_folds_the_details_by_itself() {
    let mut harness = default_harness();
    assert!(harness.query_by_label("Inspector").is_some());
    harness
        .state_mut()
        .apply(mansion_forge::app::Command::ToggleControls);
    harness.run_steps(2);
    assert!(
        harness.query_by_label("Tools").is_none(),
        "the controls folded"
    );
    harness.get_by_label(">").click();
    harness.run_steps(2);
    assert!(
        harness.query_by_label("Tools").is_some(),
        "and unfolded from the strip"
    );

    let mut narrow = Harness::builder()
        .with_size(Vec2::new(900.0, 900.0))
        .build_eframe(|_cc| Editor::new(EditorState::new_default()));
    narrow.run_steps(3);
    assert!(
        narrow.query_by_label("Inspector").is_none(),
        "folded in a narrow window"
    );
    assert!(
        narrow.state().panels.layout.details,
        "without changing the saved choice"
    );
    narrow.get_by_label("<").click();
    narrow.run_steps(2);
    assert!(narrow.query_by_label("Inspector").is_some());
}

#[test]
fn zoomed_in_a_minimap_shows_the_whole_mansion_and_a_click_on_it_moves_the_view() {
    let mut harness = default_harness();
    assert!(
        harness.state().state.view.minimap.is_none(),
        "no minimap when the map fits"
    );
    harness.state_mut().state.view.camera.cell = 64.0;
    harness.run_steps(2);
    let state = &harness.state().state;
    assert!(state.view.minimap.is_some());
    let t = state.view.last_transform.expect("drawn");
    let (w, h) = (state.level().width as f32, state.level().height as f32);
    // The minimap's south-east corner sits 10 points inside the view's corner: the map's (w, 0).
    let corner = t.viewport.max - Vec2::new(12.0, 12.0);
    click_at(&mut harness, corner);
    harness.run_steps(2);
    let t = harness.state().state.view.last_transform.expect("drawn");
    let (x, y) = t.to_cell_space(t.viewport.center());
    assert!(
        (x - w).abs() < 2.0 && y.abs() < 2.0,
        "view centred on ({x}, {y}), not near ({w}, 0) of {h}"
    );
}

#[test]
fn each_layer_checkbox_hides_and_shows_its_layer() {
    let mut harness = default_harness();
    for &layer in Layer::ALL {
        assert!(harness.state().state.view.layers.is_on(layer));
        toggle(&mut harness, layer.label());
        let layers = harness.state().state.view.layers;
        assert!(!layers.is_on(layer), "{layer:?} hidden");
        let others_on = Layer::ALL
            .iter()
            .filter(|&&other| other != layer)
            .all(|&other| layers.is_on(other));
        assert!(others_on, "only {layer:?} changed");
        toggle(&mut harness, layer.label());
        assert!(
            harness.state().state.view.layers.is_on(layer),
            "{layer:?} shown"
        );
    }
}

#[test]
fn with_every_overlay_and_the_timeline_on_the_legends_follow_the_overlay_toggles() {
    let mut state = EditorState::new_default();
    for &overlay in Overlay::ALL {
        state.view.overlays.set(overlay, true);
    }
    let mut harness = Harness::builder()
        .with_size(Vec2::new(1280.0, 800.0))
        .build_eframe(move |_cc| {
            let mut editor = Editor::new(state);
            editor.panels.timeline.open = true;
            editor
        });
    harness.run_steps(4);
    let window = egui::Rect::from_min_size(Pos2::ZERO, Vec2::new(1280.0, 800.0));
    // The legends come right under the overlay toggles they explain.
    let checkbox = harness
        .get_by_role_and_label(egui::accesskit::Role::CheckBox, "Cell grid")
        .rect();
    let legend = harness.get_by_label("Legend").rect();
    assert!(checkbox.max.y <= legend.min.y, "{checkbox:?} {legend:?}");
    assert!(window.contains_rect(legend), "{legend:?}");
    // Every legend is there, the timeline's too, reachable by scrolling the controls.
    let timeline_row = "what that guard sees this turn (its route's colour)";
    harness.get_by_label(timeline_row).scroll_to_me();
    harness.run_steps(4);
    let row = harness.get_by_label(timeline_row).rect();
    assert!(window.contains_rect(row), "{row:?}");
}

/// The kinds of the items on `cell` of the editor's level, bottom to top.
fn stack_kinds(
    harness: &Harness<'static, Editor>,
    cell: mansion_forge::model::Cell,
) -> Vec<ItemKind> {
    harness
        .state()
        .state
        .level()
        .stack_at(cell)
        .map(|it| it.kind)
        .collect()
}

/// The Delete tool on a stack takes its top item (the coin off the chair, undoable); Shift+click takes
/// the whole stack; the Move tool's edit carries a whole stack, in its order.
#[test]
fn the_delete_tool_takes_a_stacks_top_item_and_shift_the_whole_stack() {
    let (level, chair) = stacks::coin_on_a_chair();
    let cell = level.items[chair].cell;
    let mut harness = harness(EditorState::from_file(
        ValidLevel::new(level).expect("valid"),
        "stacked".into(),
    ));
    harness
        .state_mut()
        .apply(mansion_forge::app::Command::SetTool(Tool::DeleteItem));
    harness.run_steps(2);
    let kinds = |h: &Harness<'static, Editor>| stack_kinds(h, cell);
    gestures::click_cell(&mut harness, cell, Modifiers::NONE);
    assert_eq!(
        kinds(&harness),
        [ItemKind::Chair],
        "the coin is taken, the chair stays"
    );
    harness.state_mut().apply(mansion_forge::app::Command::Undo);
    harness.run_steps(2);
    assert_eq!(kinds(&harness), [ItemKind::Chair, ItemKind::Coin]);
    gestures::click_cell(&mut harness, cell, Modifiers::SHIFT);
    assert!(kinds(&harness).is_empty(), "Shift+click clears the cell");
}

/// The Place tool's Shift+click puts the picked item on top of what the cell holds (a coin back on its
/// chair, undoable); a plain click replaces the stack.
#[test]
fn the_place_tool_puts_an_item_on_top_with_shift() {
    let (mut level, chair) = stacks::coin_on_a_chair();
    let cell = level.items[chair].cell;
    level.items.remove(chair + 1);
    let mut harness = harness(EditorState::from_file(
        ValidLevel::new(level).expect("valid"),
        "chair".into(),
    ));
    harness
        .state_mut()
        .apply(mansion_forge::app::Command::SetTool(Tool::PlaceItem));
    harness.state_mut().panels.tools.item = 0;
    harness.run_steps(2);
    let kinds = |h: &Harness<'static, Editor>| stack_kinds(h, cell);
    assert_eq!(kinds(&harness), [ItemKind::Chair]);
    gestures::click_cell(&mut harness, cell, Modifiers::SHIFT);
    assert_eq!(
        kinds(&harness),
        [ItemKind::Chair, ItemKind::Coin],
        "the coin on the chair"
    );
    harness.state_mut().apply(mansion_forge::app::Command::Undo);
    harness.run_steps(2);
    assert_eq!(kinds(&harness), [ItemKind::Chair]);
    gestures::click_cell(&mut harness, cell, Modifiers::NONE);
    assert_eq!(kinds(&harness), [ItemKind::Coin], "a click replaces");
}

/// Moving a stack moves all of it, bottom to top as it was: the coin stays on its chair.
#[test]
fn moving_a_stack_keeps_it_whole_and_in_order() {
    let (mut level, chair) = stacks::coin_on_a_chair();
    let from = level.items[chair].cell;
    let to = [from.offset(1, 0), from.offset(-1, 0), from.offset(0, 1)]
        .into_iter()
        .find(|&c| level.item_at(c).is_none() && !level.terrain(c).is_blocking())
        .expect("a free floor cell beside the stack");
    mansion_forge::edit::Edit::MoveItem { from, to }
        .apply(&mut level)
        .expect("moves");
    assert_eq!(level.stack_at(from).count(), 0);
    let moved: Vec<ItemKind> = level.stack_at(to).map(|it| it.kind).collect();
    assert_eq!(moved, [ItemKind::Chair, ItemKind::Coin]);
}

/// The Document panel shows the game's own hash of a 2025 mansion: for game 'game 1' mansion 7 it is
/// the spec's §14 vector, `999cbd78`; a mansion of another generator shows none.
#[test]
fn the_document_panel_shows_the_games_hash() {
    use mansion_forge::generate::lll2025::{declaration::recipe_of, plan};
    let entry = plan::game_plan("game 1")
        .into_iter()
        .find(|e| e.level == 7)
        .expect("level 7");
    let doc =
        mansion_forge::edit::Document::new(recipe_of(&entry).expect("a recipe")).expect("builds");
    let harness = harness(EditorState::with_document(doc, Source::Recipe));
    harness.get_by_label("Game's hash: 999cbd78");
    let other = default_harness();
    assert!(other.query_by_label_contains("Game's hash").is_none());
}
