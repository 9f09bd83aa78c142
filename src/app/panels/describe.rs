//! Human-readable names of model values and analysis results, shared by the hover tooltip, the inspector,
//! the legends, the timeline and the status bar.

use crate::analysis::stealth::{LootRoute, NoRoute};
use crate::generate::registry;
use crate::model::{Axis, Dir, ItemKind, Level, StationKind, StationRole, Terrain};
use crate::playtest::Bot;

fn axis_name(axis: Axis) -> &'static str {
    match axis {
        Axis::NS => "in a north–south wall",
        Axis::EW => "in an east–west wall",
    }
}

fn dir_name(dir: Dir) -> &'static str {
    match dir {
        Dir::N => "north",
        Dir::S => "south",
        Dir::E => "east",
        Dir::W => "west",
    }
}

/// A terrain name; `has_door_item` tells a closed door from an open archway.
pub fn terrain(t: Terrain, has_door_item: bool) -> String {
    match t {
        Terrain::Ground => "ground".into(),
        Terrain::Grass => "grass".into(),
        Terrain::Water => "water".into(),
        Terrain::Marble => "marble floor".into(),
        Terrain::Wood => "wood floor".into(),
        Terrain::WoodCreaky => "creaky wood".into(),
        Terrain::Wall => "wall".into(),
        Terrain::Window(d) => format!("window looking {}", dir_name(d)),
        Terrain::Portcullis(a) => format!("portcullis {}", axis_name(a)),
        Terrain::Door(a) if has_door_item => format!("door {}", axis_name(a)),
        Terrain::Door(a) => format!("open archway {}", axis_name(a)),
        Terrain::GardenDoor(a) => format!("garden gate {}", axis_name(a)),
        Terrain::Void => "void".into(),
        Terrain::Floor => "floor".into(),
        Terrain::VaultFloor => "vault floor".into(),
        Terrain::TreasureFloor => "treasure plinth".into(),
    }
}

pub fn item(kind: ItemKind) -> &'static str {
    match kind {
        ItemKind::Coin => "coin (loot)",
        ItemKind::Door(_) => "door (closed)",
        ItemKind::Portcullis(_) => "portcullis (closable)",
        other => other.name(),
    }
}

pub fn station_kind(kind: StationKind) -> &'static str {
    match kind {
        StationKind::Window => "window",
        StationKind::Loot => "loot",
        StationKind::Chair => "chair",
        StationKind::IntoRoom => "into room",
    }
}

pub fn station_role(role: StationRole) -> &'static str {
    match role {
        StationRole::Head => "start",
        StationRole::Tail => "end",
        StationRole::SideTrip => "side trip",
    }
}

/// "loop" or "back-and-forth chain" for a route.
pub fn route_shape(loops: bool) -> &'static str {
    if loops {
        "loop"
    } else {
        "back-and-forth chain"
    }
}

/// "guard 3" for a route walked by a guard, "route 3 (no guard)" otherwise.
pub fn route_name(level: &Level, route: usize) -> String {
    let guards: Vec<String> = level
        .guards
        .iter()
        .enumerate()
        .filter(|(_, g)| g.route == route)
        .map(|(i, _)| format!("guard {}", level.guard_number(i)))
        .collect();
    if guards.is_empty() {
        format!("route {route} (no guard)")
    } else {
        guards.join(" and ")
    }
}

/// `name` with its first letter upper-case, to begin a sentence or a line.
pub fn capitalised(name: &str) -> String {
    let mut chars = name.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

/// A coin as every panel names it, by the loot number the map tags and the inspector lists (`loot #8`,
/// [`Level::loot_number`]), not by its index among all the level's items; another item by that index.
pub fn loot_name(level: &Level, item: usize) -> String {
    match level.loot_number(item) {
        Some(number) => format!("loot #{number}"),
        None => format!("item {item}"),
    }
}

/// "guard 8": a guard by the number it goes by ([`Level::guard_number`]), not its place in the list.
pub fn guard_name(level: &Level, guard: usize) -> String {
    format!("guard {}", level.guard_number(guard))
}

/// The guards and routes that visit a room, for the inspector.
pub fn route_summary(level: &Level, route: usize) -> String {
    let Some(r) = level.patrols.get(route) else {
        return format!("route {route} (missing)");
    };
    let place = if r.outside { ", outside" } else { "" };
    format!(
        "{}: {}{place}, {} room visits",
        route_name(level, route),
        route_shape(r.loops()),
        r.visits.len()
    )
}

/// A figure of `stats` (a key of its lines, e.g. `creaky_cells`) as a designer reads it ("creaky floor
/// cells"); keys of no known figure read with spaces for the underscores.
pub fn figure(key: &str) -> String {
    let words = match key {
        "seed" => "game seed",
        "level" => "mansion",
        "width" => "width (cells)",
        "height" => "height (cells)",
        "rooms" => "rooms",
        "public_rooms" => "public rooms",
        "private_rooms" => "private rooms",
        "public_courtyards" => "public courtyards",
        "private_courtyards" => "private courtyards",
        "courtyards" => "courtyards",
        "dead_ends" => "dead-end rooms",
        "doors" => "doors",
        "max_depth" => "deepest room (doors from the front)",
        "loot" => "loot",
        "loot_dead_end" => "loot in dead ends",
        "loot_private" => "loot in private rooms",
        "loot_other" => "loot elsewhere",
        "guards" => "guards",
        "outside_guards" => "guards outside",
        "patrol_routes" => "patrol routes",
        "route_loops" => "looping patrol routes",
        "unpatrolled_rooms" => "unpatrolled rooms",
        "windows" => "windows",
        "torches_lit" => "lit torches",
        "torches_unlit" => "unlit torches",
        "chairs" => "chairs",
        "tables" => "tables",
        "creaky_cells" => "creaky floor cells",
        "lit_floor_share" => "lit floor as generated (share)",
        "lit_floor_share_settled" => "lit floor once relit (share)",
        "watched_share" => "watched floor (share)",
        "never_watched_share" => "never-watched floor (share)",
        "hiding_cells" => "hiding cells",
        "loot_ghost" => "loot with an unseen route",
        "ghost_route_turns" => "turns of the unseen routes",
        "modules" => "modules",
        "fill" => "grid filled (share)",
        "reopens" => "reopened links",
        "hole_fraction" => "holes (share)",
        "difficulty" => "difficulty: bots caught (share)",
        other => return playtest_figure(other).unwrap_or_else(|| other.replace('_', " ")),
    };
    words.to_string()
}

/// A bot's playtest figure in words (`greedy_caught`: "greedy thief caught (share)").
fn playtest_figure(key: &str) -> Option<String> {
    let (bot, figure) = key.rsplit_once('_')?;
    let bot = Bot::parse(bot)?;
    let words = match figure {
        "caught" => "caught (share of runs)",
        "seen" => "seen (share of runs)",
        "loot" => "loot taken per run",
        "turns" => "turns per run",
        _ => return None,
    };
    Some(format!("{bot} thief {words}"))
}

/// A label from the editing core made drawable: egui's bundled fonts have no arrow glyph, and a
/// missing glyph is an error, so "→" becomes "->".
pub fn drawable(label: &str) -> String {
    label.replace('→', "->")
}

/// The words for a stealth analysis still under way, in the legends, the timeline and the status bar.
pub const ANALYSING: &str = "analysing how the mansion plays…";

/// One loot item's route in words.
pub fn route_text(route: &LootRoute, horizon: usize) -> String {
    match (&route.route, route.ghost) {
        (Some(_), true) => format!("ghost route, {} turns", route.turns().unwrap_or(0)),
        (Some(r), false) => format!(
            "no ghost route; least-noticed route {} turns, noticed in {} turns{}",
            route.turns().unwrap_or(0),
            r.watched_steps,
            if route.unchased {
                ", and the game plays it without a chase"
            } else {
                ""
            }
        ),
        (None, _) => route.no_route.unwrap_or(NoRoute::NoneWithin).words(horizon),
    }
}

pub fn percent(share: f64) -> String {
    format!("{:.1} %", share * 100.0)
}

/// A human name of a generator id.
pub fn generator_name(id: &str) -> &'static str {
    registry::find(id).unwrap_or(registry::BUILT_IN[0]).label()
}
