//! How the map is drawn, on every generator's levels: room-graph nodes on their own room's cells,
//! room outlines along the rooms' real cells, and overlay tags that never overlap one another or the
//! markers they label, with text fading out as the map is zoomed out.

use egui::epaint::RectShape;
use egui::{Pos2, Rect, Shape};
use mansion_forge::analysis::Overlay;
use mansion_forge::generate::recipe::Recipe;
use mansion_forge::generate::registry;
use mansion_forge::generate::{Request, Rerolls};
use mansion_forge::model::{Cell, ItemKind, Level, Plan, RoomKind};
use mansion_forge::paint::{self, CellToScreen, MapFacts, Overlays, Scene};

/// Levels of every generator: campaign mansions, and each other generator at its defaults.
fn levels() -> Vec<(String, Level)> {
    let mut out = Vec::new();
    for game in [1, 2, 5] {
        for number in [0, 5, 9] {
            let level = Recipe::campaign_level(game, number)
                .build()
                .expect("builds");
            out.push((format!("siheyuan game {game} level {number}"), level));
        }
    }
    for id in registry::all()
        .iter()
        .filter(|k| !k.follows_campaign())
        .map(|k| k.id())
    {
        let generator = registry::by_id(id, &[]).expect("a generator").generator();
        for seed in 1..=4 {
            let request = Request {
                level: (seed as u32 * 3) % 10,
                seed,
                locks: &[],
                rerolls: Rerolls::default(),
            };
            let level = generator.generate(&request).expect("generates");
            out.push((format!("{id} seed {seed}"), level));
        }
    }
    out
}

/// The largest siheyuan a plan allows: 15 × 12 slots, 180 rooms, at level 9.
fn big_siheyuan() -> Level {
    let recipe = Recipe {
        generator: mansion_forge::generate::recipe::GeneratorParams::of::<
            mansion_forge::generate::siheyuan::declaration::Declaration,
        >(Plan {
            rooms_x: 15,
            rooms_y: 12,
            loot: 60,
        }),
        level: 9,
        seed: 7,
        rerolls: Rerolls::default(),
        exact: false,
    };
    recipe.build().expect("builds")
}

#[test]
fn room_graph_nodes_sit_on_a_cell_of_their_own_room_clear_of_the_actors() {
    for (name, level) in levels() {
        let facts = MapFacts::new(&level);
        let actors: Vec<Cell> = level
            .guards
            .iter()
            .map(|g| g.start)
            .chain([level.player_start])
            .collect();
        for (r, room) in level.rooms.iter().enumerate() {
            let node = facts.graph.nodes[r].unwrap_or_else(|| panic!("{name}: room {r} node"));
            assert!(room.cells.contains(&node), "{name}: room {r} node {node:?}");
            if room.cells.iter().any(|c| !actors.contains(c)) {
                assert!(!actors.contains(&node), "{name}: room {r} node on an actor");
            }
        }
        if let Some(ext) = level.exterior() {
            let node = facts.graph.nodes[ext].expect("exterior node");
            let door = level.entrance.cell;
            let near = (node.x - door.x).abs().max((node.y - door.y).abs());
            assert!(
                near <= 2,
                "{name}: exterior node {node:?} far from door {door:?}"
            );
        }
        // Every edge runs from an end in one of its rooms, through its door cells, to the other.
        for edge in &facts.graph.edges {
            let adj = &level.adjacencies[edge.adjacency];
            let (first, last) = (edge.cells[0], *edge.cells.last().expect("cells"));
            assert!(
                level.rooms[adj.left].cells.contains(&first),
                "{name}: {edge:?}"
            );
            assert!(
                level.rooms[adj.right].cells.contains(&last),
                "{name}: {edge:?}"
            );
            assert_eq!(edge.cells[1..edge.cells.len() - 1], adj.door_cells[..]);
        }
    }
}

#[test]
fn room_outlines_run_only_between_a_room_and_cells_outside_it() {
    for (name, level) in levels() {
        let facts = MapFacts::new(&level);
        for (r, room) in level.rooms.iter().enumerate() {
            let inside = |c: Cell| room.cells.contains(&c);
            let mut edges = 0;
            for outline in &facts.outlines[r] {
                for i in 0..outline.len() {
                    let (mut a, b) = (outline[i], outline[(i + 1) % outline.len()]);
                    let step = ((b.0 - a.0).signum(), (b.1 - a.1).signum());
                    while a != b {
                        // The room's cell is left of the edge (counter-clockwise), the other right.
                        let (left, right) = match step {
                            (1, 0) => (Cell::new(a.0, a.1), Cell::new(a.0, a.1 - 1)),
                            (-1, 0) => (Cell::new(a.0 - 1, a.1 - 1), Cell::new(a.0 - 1, a.1)),
                            (0, 1) => (Cell::new(a.0 - 1, a.1), Cell::new(a.0, a.1)),
                            _ => (Cell::new(a.0, a.1 - 1), Cell::new(a.0 - 1, a.1 - 1)),
                        };
                        assert!(inside(left) && !inside(right), "{name}: room {r} at {a:?}");
                        a = (a.0 + step.0, a.1 + step.1);
                        edges += 1;
                    }
                }
            }
            let boundary: usize = room
                .cells
                .iter()
                .map(|c| c.neighbours4().iter().filter(|&&n| !inside(n)).count())
                .sum();
            assert_eq!(edges, boundary, "{name}: room {r}");
        }
    }
}

/// The tags of a drawing: each is a dark rounded background followed by its text.
fn tags(shapes: &[Shape]) -> Vec<Rect> {
    shapes
        .windows(2)
        .filter_map(|pair| match pair {
            [Shape::Rect(RectShape { rect, fill, .. }), Shape::Text(_)]
                if fill.r() == 0 && fill.g() == 0 && fill.b() == 0 && fill.a() > 0 =>
            {
                Some(*rect)
            }
            _ => None,
        })
        .collect()
}

/// The map drawn at `cell` points per cell with the first four overlays, as a view of `size` points.
fn drawing(level: &Level, facts: &MapFacts, cell: f32, overlays: &[Overlay]) -> Vec<Shape> {
    let scene = Scene::picture(level, facts, Overlays::of(overlays));
    let t = CellToScreen::whole_map(level.width, level.height, cell);
    let mut fonts = paint::picture_fonts();
    paint::paint(&scene, &t, &mut fonts.with_pixels_per_point(1.0))
}

#[test]
fn overlay_tags_never_overlap_and_keep_off_nodes_guards_and_the_player() {
    let first_four = [
        Overlay::RoomGraph,
        Overlay::Distances,
        Overlay::Loot,
        Overlay::Patrols,
    ];
    let mut cases = levels();
    cases.push(("siheyuan 15 × 12".to_string(), big_siheyuan()));
    for (name, level) in cases {
        let facts = MapFacts::new(&level);
        for cell in [9.0, 16.0, 32.0] {
            let tags = tags(&drawing(&level, &facts, cell, &first_four));
            assert!(!tags.is_empty(), "{name} at {cell}: no tags");
            for (i, a) in tags.iter().enumerate() {
                for b in &tags[i + 1..] {
                    assert!(!a.intersects(*b), "{name} at {cell}: {a:?} overlaps {b:?}");
                }
            }
            let t = CellToScreen::whole_map(level.width, level.height, cell);
            let mut markers: Vec<Pos2> = facts
                .graph
                .nodes
                .iter()
                .flatten()
                .map(|&c| t.cell_centre(c))
                .collect();
            markers.extend(level.guards.iter().map(|g| t.cell_centre(g.start)));
            markers.push(t.cell_centre(level.player_start));
            for tag in &tags {
                for m in &markers {
                    assert!(
                        !tag.contains(*m),
                        "{name} at {cell}: tag {tag:?} covers {m:?}"
                    );
                }
            }
        }
    }
}

#[test]
fn text_fades_out_as_the_map_is_zoomed_out() {
    let level = big_siheyuan();
    assert_eq!(
        level
            .rooms
            .iter()
            .filter(|r| r.kind != RoomKind::Exterior)
            .count(),
        180
    );
    let facts = MapFacts::new(&level);
    let overlays = [Overlay::RoomGraph, Overlay::Distances, Overlay::Loot];
    let alpha = |shapes: &[Shape]| -> Vec<u8> {
        shapes
            .iter()
            .filter_map(|s| match s {
                Shape::Text(text) => Some(text.galley.job.sections[0].format.color.a()),
                _ => None,
            })
            .collect()
    };
    // Zoomed far out: no text at all, neither tags nor numbers.
    let far = drawing(&level, &facts, 4.0, &overlays);
    assert!(alpha(&far).is_empty(), "{:?}", alpha(&far));
    // Partway: some text, none of it opaque yet (the ranges are not all past their end).
    let mid = alpha(&drawing(&level, &facts, 9.0, &overlays));
    assert!(!mid.is_empty() && mid.iter().any(|&a| a < 255), "{mid:?}");
    // Close: everything opaque.
    let near = alpha(&drawing(&level, &facts, 20.0, &overlays));
    assert!(near.iter().all(|&a| a == 255), "{near:?}");
    assert!(tags(&drawing(&level, &facts, 20.0, &overlays)).len() > 150);
}

/// The colour at a cell's centre in a picture of `s` pixels per cell (row 0 of the level is at the
/// bottom of the picture).
fn centre_rgb(img: &image::RgbaImage, level: &Level, s: u32, c: Cell) -> [u8; 3] {
    let (x, y) = (
        c.x as u32 * s + s / 2,
        (level.height - 1 - c.y) as u32 * s + s / 2,
    );
    let [r, g, b, _] = img.get_pixel(x, y).0;
    [r, g, b]
}

#[test]
fn hidden_layers_leave_the_bare_floor_where_their_things_stood() {
    let level = Recipe::campaign_level(1, 9).build().expect("builds");
    let facts = MapFacts::new(&level);
    let s = 16;
    let picture = |layers: paint::Layers| {
        let scene = Scene {
            layers,
            ..Scene::picture(&level, &facts, Overlays::default())
        };
        paint::picture(&scene, s)
    };
    let floor = |c: Cell| {
        let colour = paint::palette::terrain(level.terrain(c));
        [colour.r(), colour.g(), colour.b()]
    };
    let all = picture(paint::Layers::ALL);
    let coins: Vec<Cell> = level
        .items
        .iter()
        .filter(|item| item.kind == ItemKind::Coin)
        .map(|item| item.cell)
        .collect();
    let starts: Vec<Cell> = level.guards.iter().map(|g| g.start).collect();
    assert!(!coins.is_empty() && !starts.is_empty());
    for &c in coins.iter().chain(&starts) {
        assert_ne!(centre_rgb(&all, &level, s, c), floor(c), "{c:?} drawn");
    }
    let no_items = picture(paint::Layers {
        items: false,
        ..paint::Layers::ALL
    });
    for &c in &coins {
        assert_eq!(
            centre_rgb(&no_items, &level, s, c),
            floor(c),
            "coin at {c:?} hidden"
        );
    }
    let no_guards = picture(paint::Layers {
        guards: false,
        ..paint::Layers::ALL
    });
    for &c in starts.iter().filter(|&&c| level.item_at(c).is_none()) {
        assert_eq!(
            centre_rgb(&no_guards, &level, s, c),
            floor(c),
            "guard at {c:?} hidden"
        );
    }
}

/// The room graph draws only the door the player comes in by as the front door: a 2025 mansion's back
/// gate and side doors lead outdoors too, and are drawn as doors ending in their outside dot.
#[test]
fn only_the_entrance_is_the_room_graphs_front_door() {
    let lll2025 = registry::find("lll2025").expect("registered").defaults();
    let mut other_outside_doors = 0;
    for game in 1..=10 {
        for number in 0..10 {
            let level = Recipe::for_game(&lll2025, game, number)
                .build()
                .expect("builds");
            let facts = MapFacts::new(&level);
            let exterior = level.exterior().expect("a 2025 mansion has grounds");
            let mut fronts = 0;
            for edge in &facts.graph.edges {
                let adj = &level.adjacencies[edge.adjacency];
                let outside = adj.left == exterior || adj.right == exterior;
                let entrance = adj.door_cells.contains(&level.entrance.cell);
                assert_eq!(
                    edge.front,
                    outside && entrance,
                    "game {game} level {number}"
                );
                fronts += usize::from(edge.front);
                other_outside_doors += usize::from(outside && !entrance);
            }
            assert_eq!(fronts, 1, "game {game} level {number}: one front door");
        }
    }
    assert!(
        other_outside_doors > 0,
        "some of these mansions have a back gate or side doors"
    );
}
