//! The inspector: everything about the selected room — its lock and kind, its facts, doors, contents and
//! stacks, its stealth figures with each loot item's route, and the patrols through it.

use egui::{RichText, Ui};

use crate::analysis::stealth::{LootRoute, Stealth};
use crate::app::commands::command::{Command, PATROLS_IN_HELP};
use crate::app::panel::Panel;
use crate::app::panels::describe::{self, route_summary};
use crate::app::panels::lock_notes;
use crate::app::state::EditorState;
use crate::edit::{self, Edit};
use crate::model::{Item, ItemKind, LockOrigin, Room, RoomId, RoomKind, RoomOrigin};
use crate::paint::palette;

/// The inspector: everything about the selected room. It keeps the loot item under the pointer, which the map marks.
#[derive(Default)]
pub struct Inspector {
    /// The loot item whose route the pointer is on in the inspector, if any.
    pub hovered_loot: Option<usize>,
}

impl Panel for Inspector {
    fn ui(&mut self, ui: &mut Ui, state: &EditorState, commands: &mut Vec<Command>) {
        let Inspector { hovered_loot } = self;
        *hovered_loot = None;
        ui.heading("Inspector");
        let Some(r) = state.selection.room else {
            ui.weak("Click a room on the map to inspect it.");
            return;
        };
        let Some(room) = state.level().rooms.get(r) else {
            ui.weak("The selected room no longer exists.");
            return;
        };
        ui.label(RichText::new(state.room_name(r)).strong().size(16.0));
        room_controls(ui, state, r, commands);
        room_facts(ui, state, r, room);
        room_doors(ui, state, r, commands);
        room_contents(ui, state, r);
        room_stacks(ui, state, r);
        *hovered_loot = room_section(ui, state, r, commands);
        room_patrols(ui, state, r, room);
    }
}

/// The selected room's lock toggle and kind/privacy fields, for the inspector.
fn room_controls(ui: &mut Ui, state: &EditorState, room: usize, commands: &mut Vec<Command>) {
    let Some(r) = state.level().rooms.get(room) else {
        return;
    };
    let origin = state.doc.lock_origin(room);
    let mut locked = origin.is_some();
    let text = match origin {
        Some(LockOrigin::Edit) => "Locked (by an edit)",
        _ => "Locked",
    };
    let allow = state.doc.allows_patrols(room);
    let help = match origin {
        Some(origin) => format!(
            "{}\n{}",
            lock_notes::lock_tooltip(origin),
            lock_notes::lock_patrols_note(state.level(), room, allow)
        ),
        None => Command::ToggleLock.tooltip(),
    };
    if r.kind != RoomKind::Exterior && ui.checkbox(&mut locked, text).on_hover_text(help).changed()
    {
        let edit = if locked {
            Edit::Lock { room }
        } else {
            Edit::Unlock { room }
        };
        commands.push(Command::Run(edit::Command::Edit(edit)));
    }
    if r.kind == RoomKind::Exterior {
        return;
    }
    if origin.is_some() {
        let mut allowed = allow;
        if ui
            .checkbox(&mut allowed, "New patrols may enter")
            .on_hover_text(PATROLS_IN_HELP)
            .changed()
        {
            let edit = Edit::AllowPatrols {
                room,
                allow: allowed,
            };
            commands.push(Command::Run(edit::Command::Edit(edit)));
        }
    }
    let (mut kind, mut private) = (r.kind, r.private);
    ui.horizontal(|ui| {
        let label = ui.label("Room kind");
        egui::ComboBox::from_id_salt("room-kind")
            .selected_text(format!("{kind:?}"))
            .show_ui(ui, |ui| {
                for k in [
                    RoomKind::Room,
                    RoomKind::Hall,
                    RoomKind::Corridor,
                    RoomKind::Courtyard,
                ] {
                    ui.selectable_value(&mut kind, k, format!("{k:?}"));
                }
            })
            .response
            .labelled_by(label.id);
        ui.checkbox(&mut private, "Private room");
    });
    if (kind, private) != (r.kind, r.private) {
        commands.push(Command::Run(edit::Command::Edit(Edit::SetRoomKind {
            room,
            kind,
            private,
        })));
    }
    route_controls(ui, state, room, commands);
}

/// "Move to route": hands the room to another guard's route (refused, with the reason in the status
/// bar, when the room has no door to that route or holds its own route together).
fn route_controls(ui: &mut Ui, state: &EditorState, room: usize, commands: &mut Vec<Command>) {
    let patrols = &state.level().patrols;
    let current = patrols
        .iter()
        .position(|p| !p.outside && p.visits.contains(&room));
    let others: Vec<usize> = (0..patrols.len())
        .filter(|&i| !patrols[i].outside && !patrols[i].visits.is_empty() && Some(i) != current)
        .collect();
    if others.is_empty() {
        return;
    }
    ui.horizontal_wrapped(|ui| {
        ui.label("Give this room to");
        for route in others {
            let walker = describe::route_name(state.level(), route);
            let button = ui
                .small_button(&walker)
                .on_hover_text(format!("Make this room part of the patrol of {walker}"));
            if button.clicked() {
                commands.push(Command::Run(edit::Command::Edit(Edit::MoveRoomToRoute {
                    room,
                    route,
                })));
            }
        }
    });
}

/// The inspector's grid of the room's facts: kind, depth, privacy, size, slot, doors, loot class.
fn room_facts(ui: &mut Ui, state: &EditorState, r: RoomId, room: &Room) {
    let a = &state.analysis;
    egui::Grid::new("inspector-grid")
        .num_columns(2)
        .show(ui, |ui| {
            let field = |ui: &mut Ui, name: &str, value: String| {
                ui.label(name);
                ui.label(value);
                ui.end_row();
            };
            field(ui, "Kind", room.kind_label());
            let depth = a.map.depths.get(r).copied().flatten();
            field(
                ui,
                "Depth",
                depth.map_or("unreachable".into(), |d| d.to_string()),
            );
            field(
                ui,
                "Private",
                if room.private { "yes" } else { "no" }.into(),
            );
            let i = &room.interior;
            field(
                ui,
                "Interior",
                format!("{}×{} at ({}, {})", i.width(), i.height(), i.x0, i.y0),
            );
            if let RoomOrigin::Slot { rx, ry } = room.origin {
                field(
                    ui,
                    "Place in the plan",
                    format!("column {}, row {} from the front", rx + 1, ry + 1),
                );
            }
            field(ui, "Door connections", a.graph.degree(r).to_string());
            if let Some(class) = a.map.loot_classes.get(r).copied().flatten() {
                field(ui, "Loot priority", class.label().to_string());
            }
        });
}

/// The inspector's list of the room's open doors, each a link that selects the room beyond.
fn room_doors(ui: &mut Ui, state: &EditorState, r: RoomId, commands: &mut Vec<Command>) {
    ui.label(RichText::new("Doors").strong());
    let level = state.level();
    for (_, adj) in level.adjacencies_of(r).filter(|(_, adj)| adj.door) {
        let other = adj.other(r);
        let at = adj
            .door_cell_for(r)
            .map_or(String::new(), |c| format!(" at ({}, {})", c.x, c.y));
        let text = format!("to {}{at}", state.room_name(other));
        if ui.link(text).on_hover_text("Select that room").clicked() {
            commands.push(Command::SelectRoom(Some(other)));
        }
    }
}

/// The inspector's counts of the room's furniture and torches, and its loot by number.
fn room_contents(ui: &mut Ui, state: &EditorState, r: RoomId) {
    let (level, a) = (state.level(), &state.analysis);
    let in_room = |cell| a.room_at(cell) == Some(r);
    let count = |kind| {
        level
            .items
            .iter()
            .filter(|it| it.kind == kind && in_room(it.cell))
            .count()
    };
    let items: Vec<String> = [
        (ItemKind::Chair, "chair", "chairs"),
        (ItemKind::Table, "table", "tables"),
        (ItemKind::TorchLit, "lit torch", "lit torches"),
        (ItemKind::TorchUnlit, "unlit torch", "unlit torches"),
        (ItemKind::Bush, "bush", "bushes"),
    ]
    .into_iter()
    .filter_map(|(kind, one, many)| match count(kind) {
        0 => None,
        1 => Some(format!("1 {one}")),
        n => Some(format!("{n} {many}")),
    })
    .collect();
    ui.label(RichText::new("Items").strong());
    ui.label(if items.is_empty() {
        "none".to_string()
    } else {
        items.join(", ")
    });

    let loot: Vec<String> = a
        .map
        .loot
        .iter()
        .filter(|e| e.room == Some(r))
        .map(|e| format!("#{} at ({}, {})", e.number, e.cell.x, e.cell.y))
        .collect();
    ui.label(RichText::new(format!("Loot ({})", loot.len())).strong());
    if !loot.is_empty() {
        ui.label(loot.join(", "));
    }
}

/// The inspector's stacks: every cell of the room holding more than one item (the 2025 game's coin on
/// a chair, treasure on its plinth under its lock), each with its items from the bottom up.
fn room_stacks(ui: &mut Ui, state: &EditorState, r: RoomId) {
    let (level, a) = (state.level(), &state.analysis);
    let mut in_room: Vec<&Item> = level
        .items
        .iter()
        .filter(|it| a.room_at(it.cell) == Some(r))
        .collect();
    // A stable sort keeps each cell's items in list order: bottom to top.
    in_room.sort_by_key(|it| (it.cell.y, it.cell.x));
    let stacks: Vec<String> = in_room
        .chunk_by(|p, q| p.cell == q.cell)
        .filter(|stack| stack.len() > 1)
        .map(|stack| {
            let names: Vec<&str> = stack.iter().map(|it| describe::item(it.kind)).collect();
            format!(
                "({}, {}): {}",
                stack[0].cell.x,
                stack[0].cell.y,
                names.join(", ")
            )
        })
        .collect();
    if stacks.is_empty() {
        return;
    }
    ui.label(RichText::new(format!("Stacks ({}), bottom to top", stacks.len())).strong());
    for stack in stacks {
        ui.label(stack);
    }
}

/// The inspector's patrol routes through the room with their stations there; a room no route
/// visits (outside excepted) is flagged.
fn room_patrols(ui: &mut Ui, state: &EditorState, r: RoomId, room: &Room) {
    let (level, a) = (state.level(), &state.analysis);
    ui.label(RichText::new("Patrols").strong());
    let routes = a
        .map
        .patrols
        .routes_of_room
        .get(r)
        .map_or(&[][..], Vec::as_slice);
    if routes.is_empty() && room.kind != RoomKind::Exterior {
        // A lock that keeps new guards out leaves its room unpatrolled on purpose.
        if state.doc.is_locked(r) && !state.doc.allows_patrols(r) {
            ui.weak("not patrolled: its lock keeps new guards out");
        } else {
            ui.colored_label(palette::TEXT_ERROR, "not patrolled");
        }
    }
    for &route in routes {
        ui.label(route_summary(level, route));
        if let Some(p) = level.patrols.get(route) {
            for s in p.stations.iter().filter(|s| s.room == r) {
                ui.weak(format!(
                    "   {} station ({}) at ({}, {})",
                    crate::app::panels::describe::station_kind(s.kind),
                    crate::app::panels::describe::station_role(s.role),
                    s.cell.x,
                    s.cell.y
                ));
            }
        }
    }
}

/// The selected room's stealth figures: its mean watched share, and each coin's route. Returns the
/// loot item the pointer is on, if any.
fn room_section(
    ui: &mut Ui,
    state: &EditorState,
    room: RoomId,
    commands: &mut Vec<Command>,
) -> Option<usize> {
    let stealth: &Stealth = state.analysis.map.stealth.as_ref()?;
    let cells = &state.level().rooms.get(room)?.cells;
    ui.label(RichText::new("Stealth").strong());
    let share = stealth.mean_watched_share(cells);
    ui.label(match share {
        Some(s) => format!(
            "Watched share: {} of the patrol cycle",
            describe::percent(s)
        ),
        None => "Watched share: no floor to stand on".to_string(),
    });
    let mut hovered = None;
    let in_room: Vec<&LootRoute> = stealth
        .routes
        .iter()
        .filter(|r| state.analysis.room_at(r.cell) == Some(room))
        .collect();
    for r in in_room {
        let name = describe::loot_name(state.level(), r.item);
        let text = format!(
            "{}: {}",
            describe::capitalised(&name),
            describe::route_text(r, stealth.horizon)
        );
        let colour = if r.ghost {
            palette::TEXT_GHOST_ROUTE
        } else {
            palette::TAG_NOT_GHOST
        };
        let chosen = state.selection.loot == Some(r.item);
        let response = ui
            .selectable_label(chosen, RichText::new(text).color(colour))
            .on_hover_text(Command::SelectLoot(Some(r.item)).description());
        if response.hovered() {
            hovered = Some(r.item);
        }
        if response.clicked() {
            let next = if chosen { None } else { Some(r.item) };
            commands.push(Command::SelectLoot(next));
        }
    }
    hovered
}
