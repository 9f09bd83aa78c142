//! One source for "patrolled" (issue 44, item 3): a guard the designer posts in a room patrols that room
//! in every panel's words. Before, the map's tooltip named the new guard ("Patrolled by: guard 8") while
//! the inspector said "not patrolled" and the validation warned, since the new route listed no room.

#[path = "common/ui.rs"]
mod ui;

use egui::Modifiers;
use egui_kittest::kittest::{NodeT, Queryable};
use mansion_forge::app::Tool;
use mansion_forge::model::RoomKind;

#[test]
fn a_guard_posted_in_a_room_patrols_it_in_the_inspector_the_validation_and_the_tooltip() {
    let mut harness = ui::harness();
    // A room no route visits, else any chamber, and a free floor cell of it.
    let (room, cell) = {
        let state = &harness.state().state;
        let level = state.level();
        let routes_of = |r: usize| {
            level
                .patrols
                .iter()
                .filter(|p| !p.outside && p.visits.contains(&r))
                .count()
        };
        let chambers: Vec<usize> = (0..level.rooms.len())
            .filter(|&r| level.rooms[r].kind == RoomKind::Room)
            .collect();
        let room = chambers
            .iter()
            .copied()
            .find(|&r| routes_of(r) == 0)
            .unwrap_or(chambers[0]);
        let cell = level.rooms[room]
            .cells
            .iter()
            .copied()
            .find(|&c| {
                level.stack_at(c).next().is_none()
                    && level.guards.iter().all(|g| g.start != c)
                    && level.player_start != c
            })
            .expect("a free floor cell");
        (room, cell)
    };
    harness.get_by_label(Tool::AddGuard.label()).click();
    harness.run_steps(2);
    let guards = harness.state().state.level().guards.len();
    ui::click_cell(&mut harness, cell, Modifiers::NONE);
    let state = &harness.state().state;
    assert_eq!(
        state.level().guards.len(),
        guards + 1,
        "the guard is posted"
    );
    let route = state.level().guards[guards].route;

    // The tooltip's source: the routes whose cells pass the cell.
    assert!(state.analysis.routes_at(cell).contains(&route));
    // The inspector's and the validation's: the routes that visit the room.
    assert!(state.analysis.map.patrols.routes_of_room[room].contains(&route));
    harness.state_mut().state.selection.room = Some(room);
    harness.run_steps(3);
    assert!(
        harness.query_by_label("not patrolled").is_none(),
        "the inspector says room {room} is patrolled"
    );
    let warned = harness
        .query_all_by_label_contains("is not patrolled")
        .filter_map(|node| node.accesskit_node().label())
        .any(|text| text.starts_with(&format!("Room {room} (")));
    assert!(!warned, "the validation does not warn about room {room}");
}
