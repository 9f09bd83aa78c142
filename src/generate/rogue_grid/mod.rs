//! The Rogue-grid generator (`other-generators.md` §3, seed 004, after Mark Damon Hughes' description of
//! Rogue): a grid of cells linked by a random walk, a fill and a few loops; a room per cell, a gutter Z
//! corridor per link, and stairs in the walk's first cell and (by default) its last.
//!
//! Passes mirror the spec: [`links::draw_links`] (§3.2 steps 1–5), [`render::draw_rooms`] (step 6),
//! [`render::render`] (step 7 and §3.3), `place_stairs` (step 8), then the shared finishing pipeline.
//! A dungeon has no outside: `exterior` is `None`, so there are no outside patrols.
//!
//! # Examples
//!
//! A 4 × 3 grid of 9-cell grid cells built through the registry: the map is the grid and one closing
//! wall line, there is no outside, and the thief starts on the up-stairs, away from the down-stairs:
//!
//! ```
//! use mansion_forge::analysis::validate::playability_errors;
//! use mansion_forge::generate::recipe::Recipe;
//! use mansion_forge::generate::registry;
//! use mansion_forge::model::RoomKind;
//!
//! let pairs = [("cells_x".to_string(), "4".to_string()), ("cells_y".to_string(), "3".to_string())];
//! let params = registry::by_id("rogue_grid", &pairs).expect("valid parameters");
//! let level = Recipe::for_game(&params, 9, 2).build().expect("builds");
//! assert_eq!(level.generator, "rogue_grid");
//! assert_eq!((level.width, level.height), (4 * 9 + 1, 3 * 9 + 1));
//! assert_eq!(level.exterior(), None);
//! assert!(level.rooms.iter().all(|room| room.kind != RoomKind::Exterior));
//! assert_eq!(level.player_start, level.entrance.cell);
//! let exit = level.entrance.exit_cell.expect("down-stairs");
//! assert_ne!(exit, level.player_start);
//! assert!(playability_errors(&level).is_empty());
//! ```

pub mod declaration;
pub mod links;
mod params;
pub mod render;

use crate::generate::passes::finish;
use crate::generate::rng::Stream;
use crate::generate::trace;
use crate::generate::{GenerateError, Generator, Request};
use crate::model::topology::depths;
use crate::model::{Cell, Diagnostic, Entrance, ItemKind, Level, Terrain};
use links::Links;
pub use params::{ExitRule, ID, PARAMS, RogueGridParams, Settings, Start};

/// The Rogue-grid generator with its parameters.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RogueGrid {
    /// The parameters as given; [`RogueGridParams::settings`] clamps them for each generation.
    pub params: RogueGridParams,
}

impl RogueGrid {
    /// Steps 1–5 on their own, for the tests.
    pub fn links(&self, seed: u64) -> Links {
        let (settings, _) = self.params.settings();
        draw(&settings, seed)
    }
}

fn draw(settings: &Settings, seed: u64) -> Links {
    let mut rng = Stream::new(seed, "links");
    let start = match settings.start {
        Start::Random => (
            rng.below_i32(settings.cells_x),
            rng.below_i32(settings.cells_y),
        ),
        Start::Cell { i, j } => (i, j),
    };
    links::draw_links(
        settings.cells_x,
        settings.cells_y,
        start,
        settings.extra,
        &mut rng,
    )
}

impl Generator for RogueGrid {
    fn id(&self) -> &'static str {
        ID
    }

    /// The output version (see [`Generator::version`]).
    fn version(&self) -> u32 {
        1
    }

    fn generate(&self, request: &Request) -> Result<Level, GenerateError> {
        let (settings, notes) = self.params.settings();
        let links = draw(&settings, request.seed);
        trace::mark("links");
        let mut rng = Stream::new(request.seed, "rooms");
        let floors = render::draw_rooms(&settings, request.locks, &mut rng)?;
        trace::mark("rooms");
        let mut level = render::render(&settings, &links, &floors, request, &mut rng);
        level.diagnostics.extend(notes);
        if settings.cells_x * settings.cells_y == 1 {
            level.diagnostics.push(Diagnostic::StairsShareRoom);
        }
        set_entrance(&mut level, &settings, &links);
        trace::mark("render");
        finish::finish(&mut level, None, request.locks, request.rerolls);
        place_stairs(&mut level, &settings, &links)?;
        trace::mark("stairs");
        Ok(level)
    }
}

/// The room of grid cell `(i, j)`: rooms are in row-major cell order.
fn room_of(settings: &Settings, (i, j): (i32, i32)) -> usize {
    (j * settings.cells_x + i) as usize
}

/// §3.3 entrance: `first`'s room seeds the depth; there is no exterior. The stairs come after furnishing.
fn set_entrance(level: &mut Level, settings: &Settings, links: &Links) {
    let first = room_of(settings, links.first());
    level.entrance = Entrance {
        room: first,
        cell: Cell::new(0, 0),
        exterior: None,
        depth_seeds: vec![first],
        exit_cell: None,
    };
}

/// A floor cell of room `r` not orthogonally next to a door cell (the room's corridor ends), avoiding
/// `taken`; uniform by the RNG. Stairs go in after furnishing, so they also avoid pillars, pools and
/// furniture (coins may stay: the player picks them up).
fn stairs_cell(level: &Level, r: usize, taken: Option<Cell>, rng: &mut Stream) -> Option<Cell> {
    let doors: Vec<Cell> = level
        .adjacencies_of(r)
        .filter_map(|(_, a)| a.door_cell_for(r))
        .collect();
    let clear = |c: Cell| {
        let t = level.terrain(c);
        let walkable = !t.is_blocking() && t != Terrain::Water;
        walkable && level.item_at(c).is_none_or(|i| i.kind == ItemKind::Coin)
    };
    let free: Vec<Cell> = level.rooms[r]
        .cells
        .iter()
        .copied()
        .filter(|&c| Some(c) != taken && clear(c))
        .filter(|c| c.neighbours4().iter().all(|n| !doors.contains(n)))
        .collect();
    (!free.is_empty()).then(|| free[rng.below(free.len())])
}

/// Step 8: up-stairs in `first`'s room, down-stairs in the room the exit rule picks.
fn place_stairs(
    level: &mut Level,
    settings: &Settings,
    links: &Links,
) -> Result<(), GenerateError> {
    let mut rng = Stream::new(level.seed, "stairs");
    let room_of = |cell: (i32, i32)| room_of(settings, cell);
    let first = room_of(links.first());
    let exit = match settings.exit_rule {
        ExitRule::WalkEnd => room_of(links.walk_end()),
        ExitRule::LastAttached => room_of(links.last_attached.unwrap_or(links.walk_end())),
        ExitRule::Deepest => {
            let depth = depths(level);
            let deepest = depth.iter().flatten().copied().max().unwrap_or(1);
            let rooms: Vec<usize> = (0..depth.len())
                .filter(|&r| depth[r] == Some(deepest))
                .collect();
            rooms[rng.below(rooms.len())]
        }
    };
    let up = stairs_cell(level, first, None, &mut rng);
    let down = up.and_then(|u| stairs_cell(level, exit, Some(u), &mut rng));
    let (Some(up), Some(down)) = (up, down) else {
        return Err(GenerateError::LocksUnsatisfiable(
            "no free floor cell for the stairs away from the doors (locked furniture fills it)"
                .to_string(),
        ));
    };
    level.entrance.cell = up;
    level.entrance.exit_cell = Some(down);
    level.player_start = up;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::passes::chain;
    use crate::generate::passes::finish::{self, Finishing, loot_budget};
    use crate::generate::{Request, Rerolls};
    use crate::model::ItemKind;

    /// A Rogue grid mansion as its own passes leave it, before the shared finishing.
    fn structural(seed: u64) -> Level {
        let (settings, _) = RogueGridParams::default().settings();
        let links = draw(&settings, seed);
        let mut rng = Stream::new(seed, "rooms");
        let floors = render::draw_rooms(&settings, &[], &mut rng).expect("no locks to keep");
        let request = Request {
            level: 4,
            seed,
            locks: &[],
            rerolls: Rerolls::default(),
        };
        let mut level = render::render(&settings, &links, &floors, &request, &mut rng);
        set_entrance(&mut level, &settings, &links);
        level
    }

    /// The finishing chain run one pass at a time is `finish`, and each pass does its own part alone:
    /// no coin before the loot pass, the budget after it; no guard before the guard pass.
    #[test]
    fn each_finishing_pass_runs_alone_and_together_they_finish() {
        assert_eq!(
            chain::names(&finish::passes()),
            [
                "depths",
                "private_rooms",
                "floors",
                "door_items",
                "furniture",
                "loot",
                "patrols",
                "guards"
            ]
        );
        for seed in 0..16 {
            let mut whole = structural(seed);
            finish::finish(&mut whole, None, &[], Rerolls::default());
            let mut stepwise = structural(seed);
            let mut finishing = Finishing::new(&mut stepwise, None, &[], Rerolls::default());
            for pass in &finish::passes() {
                let coins = finishing.level.count_items(ItemKind::Coin);
                let guards = finishing.level.guards.len();
                chain::run(&mut finishing, std::slice::from_ref(pass));
                match pass.name {
                    "loot" => {
                        assert_eq!(coins, 0, "seed {seed}: no coin before the loot pass");
                        let placed = finishing.level.count_items(ItemKind::Coin);
                        assert_eq!(placed, loot_budget(finishing.level), "seed {seed}");
                    }
                    "guards" => {
                        assert_eq!(guards, 0, "seed {seed}: no guard before the guard pass");
                    }
                    _ => {}
                }
            }
            drop(finishing);
            assert_eq!(stepwise, whole, "seed {seed}");
        }
    }
}
