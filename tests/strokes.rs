//! Painting as a designer does it, through the editor's UI (`egui_kittest`): a brush stroke, a rectangle
//! and a fill are each one history entry; the eyedropper picks what is under the cursor; holding Space
//! to pan never changes the document; tools have keys.

#[path = "common/ui.rs"]
mod ui;

use egui::{Event, Key, Modifiers, Pos2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use mansion_forge::app::{Editor, PAINTS, PaintMode, Tool};
use mansion_forge::model::{Cell, RoomKind, Terrain};
use ui::{centre, click_cell, drag, harness, key};

/// A row of floor cells inside the first chamber with room for a 3 × 3 rectangle.
fn chamber_floor(harness: &Harness<'static, Editor>) -> (Cell, Cell) {
    let level = harness.state().state.level();
    let room = level
        .rooms
        .iter()
        .find(|r| r.kind == RoomKind::Room && r.interior.width() >= 3 && r.interior.height() >= 3)
        .expect("a chamber of 3 × 3 cells or more");
    let a = Cell::new(room.interior.x0, room.interior.y0);
    (a, a.offset(2, 2))
}

fn entries(harness: &Harness<'static, Editor>) -> usize {
    harness.state().state.history.entries().0.len()
}

fn terrain(harness: &Harness<'static, Editor>, c: Cell) -> Terrain {
    harness.state().state.level().terrain(c)
}

fn pick_paint(harness: &mut Harness<'static, Editor>, terrain: Terrain, mode: PaintMode) {
    key(harness, Key::B);
    let tools = &mut harness.state_mut().panels.tools;
    assert_eq!(tools.tool, Tool::Paint, "B picks the paint tool");
    tools.paint = PAINTS
        .iter()
        .position(|(t, _)| *t == terrain)
        .expect("a paintable terrain");
    tools.paint_mode = mode;
}

#[test]
fn a_brush_stroke_is_one_history_entry_and_one_undo() {
    let mut harness = harness();
    let (a, _) = chamber_floor(&harness);
    let row: Vec<Cell> = (0..3).map(|dx| a.offset(dx, 0)).collect();
    let before: Vec<Terrain> = row.iter().map(|&c| terrain(&harness, c)).collect();
    pick_paint(&mut harness, Terrain::Water, PaintMode::Brush);
    let path: Vec<Pos2> = row[1..].iter().map(|&c| centre(&harness, c)).collect();
    let start = centre(&harness, row[0]);
    drag(&mut harness, start, &path);
    for &c in &row {
        assert_eq!(terrain(&harness, c), Terrain::Water, "{c:?} painted");
    }
    assert_eq!(entries(&harness), 1, "one stroke, one entry");
    let label = harness.state().state.history.entries().0[0].to_string();
    assert_eq!(label, "Paint 3 cells water");
    let state = &mut harness.state_mut().state;
    assert!(state.history.undo(&mut state.doc));
    let after: Vec<Terrain> = row.iter().map(|&c| terrain(&harness, c)).collect();
    assert_eq!(after, before, "one undo takes the whole stroke back");
}

#[test]
fn a_bigger_brush_paints_a_square() {
    let mut harness = harness();
    let (a, _) = chamber_floor(&harness);
    let centre_cell = a.offset(1, 1);
    pick_paint(&mut harness, Terrain::Marble, PaintMode::Brush);
    key(&mut harness, Key::CloseBracket);
    key(&mut harness, Key::CloseBracket);
    assert_eq!(harness.state().panels.tools.brush, 3, "] grows the brush");
    click_cell(&mut harness, centre_cell, Modifiers::NONE);
    for dy in -1..=1 {
        for dx in -1..=1 {
            let c = centre_cell.offset(dx, dy);
            assert_eq!(terrain(&harness, c), Terrain::Marble, "{c:?}");
        }
    }
    assert_eq!(entries(&harness), 1);
}

#[test]
fn a_rectangle_is_one_entry_covering_its_cells() {
    let mut harness = harness();
    let (a, b) = chamber_floor(&harness);
    pick_paint(&mut harness, Terrain::Grass, PaintMode::Rectangle);
    let path = [centre(&harness, a.offset(1, 1)), centre(&harness, b)];
    let start = centre(&harness, a);
    drag(&mut harness, start, &path);
    for y in a.y..=b.y {
        for x in a.x..=b.x {
            assert_eq!(
                terrain(&harness, Cell::new(x, y)),
                Terrain::Grass,
                "({x}, {y})"
            );
        }
    }
    assert_eq!(entries(&harness), 1);
    assert_eq!(
        harness.state().state.history.entries().0[0],
        "Paint 9 cells grass"
    );
}

#[test]
fn a_fill_paints_the_connected_cells_of_one_terrain_only() {
    let mut harness = harness();
    let (a, _) = chamber_floor(&harness);
    let floor = terrain(&harness, a);
    let level = harness.state().state.level().clone();
    let region = {
        let mut seen = vec![a];
        let mut i = 0;
        while i < seen.len() {
            for n in seen[i].neighbours4() {
                if level.in_bounds(n) && level.terrain(n) == floor && !seen.contains(&n) {
                    seen.push(n);
                }
            }
            i += 1;
        }
        seen
    };
    let fill = if floor == Terrain::Water {
        Terrain::Grass
    } else {
        Terrain::Water
    };
    pick_paint(&mut harness, fill, PaintMode::Fill);
    click_cell(&mut harness, a, Modifiers::NONE);
    let after = harness.state().state.level();
    for c in level.all_cells() {
        let expected = if region.contains(&c) {
            fill
        } else {
            level.terrain(c)
        };
        assert_eq!(after.terrain(c), expected, "{c:?}");
    }
    assert_eq!(entries(&harness), 1);
}

#[test]
fn the_eyedropper_picks_terrain_and_items_and_alt_click_picks_with_any_tool() {
    let mut harness = harness();
    let (a, b) = chamber_floor(&harness);
    let level = harness.state().state.level();
    let a = (a.y..=b.y)
        .flat_map(|y| (a.x..=b.x).map(move |x| Cell::new(x, y)))
        .find(|&c| level.item_at(c).is_none())
        .expect("a bare floor cell");
    let floor = terrain(&harness, a);
    key(&mut harness, Key::I);
    assert_eq!(harness.state().panels.tools.tool, Tool::Eyedropper);
    click_cell(&mut harness, a, Modifiers::NONE);
    let tools = &harness.state().panels.tools;
    assert_eq!(
        tools.tool,
        Tool::Paint,
        "picking a floor switches to painting"
    );
    assert_eq!(PAINTS[tools.paint].0, floor);
    // The paint tool's hint says where the eyedropper is, for a designer used to Alt+click.
    harness.get_by_label("Paint terrain").hover();
    harness.run_steps(30);
    harness.get_by_label_contains("Ctrl+click picks a cell's terrain");
    // A coin, picked with Ctrl+click while the paint tool is active (window managers take Alt+click).
    let coin = harness
        .state()
        .state
        .level()
        .items
        .iter()
        .find(|it| it.kind == mansion_forge::model::ItemKind::Coin)
        .expect("a coin")
        .cell;
    click_cell(&mut harness, coin, Modifiers::COMMAND);
    let tools = &harness.state().panels.tools;
    assert_eq!(tools.tool, Tool::PlaceItem);
    assert_eq!(
        mansion_forge::app::ITEMS[tools.item].0,
        mansion_forge::model::ItemKind::Coin
    );
    assert_eq!(entries(&harness), 0, "picking changes nothing");
}

#[test]
fn holding_space_and_releasing_it_without_dragging_changes_nothing() {
    let mut harness = harness();
    let before = harness.state().state.level().clone();
    harness.event(Event::Key {
        key: Key::Space,
        physical_key: None,
        pressed: true,
        repeat: false,
        modifiers: Modifiers::NONE,
    });
    harness.run_steps(10);
    harness.event(Event::Key {
        key: Key::Space,
        physical_key: None,
        pressed: false,
        repeat: false,
        modifiers: Modifiers::NONE,
    });
    harness.run_steps(3);
    assert_eq!(harness.state().state.level(), &before);
    assert_eq!(entries(&harness), 0);
}

#[test]
fn every_tool_has_a_key_and_the_keys_differ() {
    let mut harness = harness();
    let mut keys = Vec::new();
    for &tool in Tool::ALL {
        key(&mut harness, tool.key());
        assert_eq!(harness.state().panels.tools.tool, tool, "{:?}", tool.key());
        assert!(!keys.contains(&tool.key()), "{:?} used twice", tool.key());
        keys.push(tool.key());
    }
}
