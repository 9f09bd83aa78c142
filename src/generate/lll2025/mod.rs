//! The 2025 mansion generator of *Lurk Leap Loot* (mcneja/7drl-2023 at 85ae99f), after
//! `lll-2025-mansion.md`, built to be bit-exact with the game: its seeded ARC4 stream (`random`), its
//! campaign and daily plans ([`plan`]), and one small function per generation step, run in the game's
//! order by [`Build::new`] from a plan entry alone (the level stream is restarted first, spec §3).
//!
//! Every step of the spec runs, so a plan entry gives a whole level (map, items, guards and routes), and
//! [`level::to_level`] turns it into the project's model. Not yet: the book titles' words (only their
//! draws) and the par time. [`declaration`] offers it to the registry.
//!
//! # Examples
//!
//! A level of the 2025 generator made from chosen parameters (not a game's plan), built through the
//! registry's recipe: it carries the 2025 part of the model with the level type asked for, and its loot
//! is shared between coins and the guards' purses:
//!
//! ```
//! use mansion_forge::analysis::validate::playability_errors;
//! use mansion_forge::generate::Rerolls;
//! use mansion_forge::generate::lll2025::declaration::{Declaration, Lll2025Params};
//! use mansion_forge::generate::lll2025::plan::LevelType;
//! use mansion_forge::generate::recipe::{GeneratorParams, Recipe};
//! use mansion_forge::model::{ItemKind, Level2025};
//!
//! let params = Lll2025Params {
//!     level_type: LevelType::Mansion,
//!     rooms_x: 5,
//!     rooms_y: 5,
//!     loot: 12,
//!     layout_seed: None,
//! };
//! let recipe = Recipe {
//!     generator: GeneratorParams::of::<Declaration>(params),
//!     level: 4,
//!     seed: 99,
//!     rerolls: Rerolls::default(),
//!     exact: false,
//! };
//! let level = recipe.build().expect("builds");
//! assert_eq!((level.generator.as_str(), level.level), ("lll2025", 4));
//! let extra = level.part::<Level2025>().expect("the 2025 part");
//! assert_eq!(extra.level_type, LevelType::Mansion);
//! assert_eq!(extra.room_types.len(), level.rooms.len());
//! assert_eq!(extra.guards.len(), level.guards.len());
//! let purses = extra.guards.iter().filter(|g| g.purse).count();
//! assert_eq!(level.count_items(ItemKind::Coin) + purses, 12);
//! assert!(playability_errors(&level).is_empty());
//! assert_eq!(recipe.build().expect("builds again"), level);
//! ```

pub mod ascii;
pub mod declaration;
pub mod dense;
pub mod doors;
pub mod exterior;
pub mod fenced;
pub mod field;
pub mod figure_keys;
pub mod figures;
pub mod furnish;
pub mod game;
pub mod guards;
pub mod invariants;
pub mod layout;
pub mod level;
pub mod locks;
pub mod loot;
pub mod map;
pub mod merges;
pub mod model_map;
pub mod packed;
pub mod patrols;
pub mod plan;
pub mod room_types;
pub mod rooms;
pub mod stationary;
pub mod visits;
pub mod walls;

use super::{Rerolls, Step};
use crate::model::SeedRandom;
use layout::{Mirrors, Offsets, SlotGrid};
use map::ItemKind;
use plan::PlanEntry;
use rooms::{Graph, RoomId, RoomType};

/// A level in the making: the plan, the level stream, and what the steps built so far, with the
/// cumulative draw count after each step under the vectors' step names (`draws_by_step`), so a test can
/// name the first step whose draws differ from the game's.
pub struct Build {
    /// The plan entry the level is built from.
    pub plan: PlanEntry,
    /// The level stream, restarted before the first step.
    pub rng: SeedRandom,
    /// Which slots are inside.
    pub inside: SlotGrid,
    /// The wall lines, mirrored and translated.
    pub offsets: Offsets,
    /// The axes the walls were mirrored on.
    pub mirrors: Mirrors,
    /// Whether the doors follow the mirroring (drawn with p `(24 − L)/24`, §7.3).
    pub mirror_doors: bool,
    /// Doors the Fortress step added beyond the spanning doors (`addAdditionalFortressDoors`; 0 elsewhere).
    pub fortress_extra_doors: usize,
    /// Rooms and walls.
    pub graph: Graph,
    /// The map as far as it is drawn.
    pub map: map::Map,
    /// The player's start cell.
    pub start: (i32, i32),
    /// The path hugging the building from the front door (the outside guards' route at L ≥ 6).
    pub perimeter: Vec<(i32, i32)>,
    /// The guards in the game's order.
    pub guards: Vec<ascii::GuardRecord>,
    /// The bookshelves taken as locked treasures' switches (up to three per lock), in the order taken.
    pub switches: Vec<(i32, i32)>,
    /// `(step, draws)` after each step run, in order.
    pub draws_by_step: Vec<(&'static str, u64)>,
}

/// The cumulative draw count after each step, under the vectors' step names.
struct Marks(Vec<(&'static str, u64)>);

impl Marks {
    /// Records that step `name` has ended.
    fn mark(&mut self, name: &'static str, rng: &SeedRandom) {
        super::trace::mark(name);
        self.0.push((name, rng.draws()));
    }
}

/// What steps 2–11 make: the slot grid, wall lines, mirrors, rooms and walls, the door-mirroring draw and
/// the Fortress's extra door count.
struct Plan2To11 {
    inside: SlotGrid,
    offsets: Offsets,
    mirrors: Mirrors,
    graph: Graph,
    mirror_doors: bool,
    fortress_extra_doors: usize,
}

/// Steps 2–11: the room grid, wall lines, rooms, adjacencies, doors, merges and room types.
fn rooms_and_doors(plan: &PlanEntry, rng: &mut SeedRandom, marks: &mut Marks) -> Plan2To11 {
    let inside = layout::room_grid(plan, rng);
    marks.mark("room_grid", rng);
    let mut offsets = layout::wall_offsets(inside.nx, inside.ny, rng);
    marks.mark("wall_offsets", rng);
    let mirrors = layout::mirror_and_place(&inside, &mut offsets, rng);
    let (mut graph, index) = rooms::create_rooms(&inside, &offsets, plan.level_type);
    let mirror_doors = rng.below(24) >= plan.level as usize;
    let door_mirrors = Mirrors {
        x: mirrors.x && mirror_doors,
        y: mirrors.y && mirror_doors,
    };
    rooms::compute_adjacencies(&mut graph, &offsets, &index, door_mirrors);
    marks.mark("adjacencies", rng);
    rng.shuffle(&mut graph.wall_list);
    doors::connect_rooms(&mut graph, plan.level, plan.level_type, rng);
    marks.mark("doors", rng);
    merges::make_double_rooms(&mut graph, rng);
    marks.mark("merges", rng);
    let mut fortress_extra_doors = 0;
    if plan.level_type == plan::LevelType::Fortress {
        room_types::compute_depths(&mut graph);
        room_types::assign_vault(&mut graph, plan.level, plan.level_type, rng);
        fortress_extra_doors = room_types::add_fortress_doors(&mut graph, rng);
        marks.mark("fortress_vault_and_doors", rng);
    }
    room_types::compute_depths(&mut graph);
    room_types::assign_room_types(&mut graph, plan.level, plan.level_type, rng);
    marks.mark("room_types", rng);
    Plan2To11 {
        inside,
        offsets,
        mirrors,
        graph,
        mirror_doors,
        fortress_extra_doors,
    }
}

/// Steps 18–19: the patrol routes of the level (none at level 0, one at level 1, dense from level 2,
/// the outside pair from level 6) and the stationary guard's one-cell route.
fn patrol_routes(
    plan: &PlanEntry,
    graph: &Graph,
    map: &map::Map,
    perimeter: &[(i32, i32)],
    fenced: &fenced::Fenced,
    rng: &mut SeedRandom,
    marks: &mut Marks,
) -> Vec<patrols::Route> {
    let costs = field::Costs::new(map);
    let mut routes = match plan.level {
        // Level 0 has no patrols (§7.17); the game records no step for them.
        0 => Vec::new(),
        1 => {
            let routes = patrols::single_route(graph, map, &costs, fenced, rng);
            marks.mark("patrols", rng);
            routes
        }
        _ => {
            let (nodes, sweep_from) = dense::dense_routes(graph, plan.level, &fenced.fence, rng);
            let (nodes, sweep_from) = fenced.prune(nodes, sweep_from);
            let mut routes =
                patrols::routes_from_nodes(graph, map, &costs, &nodes, sweep_from, fenced, rng);
            if plan.level >= 6 {
                stationary::add_outside_routes(perimeter, &mut routes);
            }
            marks.mark("patrols", rng);
            routes
        }
    };
    stationary::add_stationary_guard(graph, map, &costs, plan.level, fenced, &mut routes, rng);
    marks.mark("stationary_guard", rng);
    routes
}

/// Steps 20–24: purses reserved, coins, book-title draws, treasures, food, then the guards; returns the
/// guards and the treasure switches' cells.
fn loot_and_guards(
    plan: &PlanEntry,
    graph: &Graph,
    map: &mut map::Map,
    routes: Vec<patrols::Route>,
    fenced: &fenced::Fenced,
    rng: &mut SeedRandom,
    marks: &mut Marks,
) -> (Vec<ascii::GuardRecord>, Vec<(i32, i32)>) {
    let need_key = map
        .items
        .iter()
        .any(|i| matches!(i.kind, ItemKind::LockedDoorNS | ItemKind::LockedDoorEW));
    let guard_loot = i64::from(plan.level / 3)
        .min(routes.len() as i64 - i64::from(need_key))
        .min(i64::from(plan.loot));
    let stationary: Vec<(i32, i32)> = routes
        .iter()
        .filter(|r| r.path.len() == 1)
        .map(|r| r.path[0])
        .collect();
    let coins = (i64::from(plan.loot) - guard_loot).max(0) as u32;
    loot::place_loot(graph, map, &stationary, coins, plan.level_type, rng);
    marks.mark("loot", rng);
    loot::book_title_draws(graph, map, rng);
    marks.mark("book_titles", rng);
    let switches = loot::place_treasures(graph, map, rng);
    marks.mark("treasures", rng);
    loot::place_health(graph, map, plan.level, rng);
    marks.mark("health", rng);
    let has_vault = graph
        .room_list
        .iter()
        .any(|&r| graph.rooms[r].room_type == RoomType::Vault);
    let mut guards = guards::place_guards(
        plan.level, map, routes, guard_loot, need_key, has_vault, rng,
    );
    // Level 1's guard waits inside the front gate; not when that is a fenced room's floor.
    for guard in guards.iter_mut().filter(|g| fenced.holds(g.pos)) {
        guard.pos = guard.path[0];
    }
    marks.mark("guards", rng);
    (guards, switches)
}

/// The stream a re-rollable phase draws from: the one it was handed until `step` is re-rolled, then a
/// fresh stream keyed by the level's seed, the step and its count. The game draws every step from one
/// stream, so a re-rolled phase changes what comes after it (the loot lies where the furniture left
/// room), but never what came before: re-rolling the loot keeps the layout, furniture and patrols.
fn phase_stream(rng: &mut SeedRandom, plan: &PlanEntry, rerolls: Rerolls, step: Step) {
    let n = rerolls.count(step);
    if n > 0 {
        let tag = rerolls.tag(step, &format!("{step:?}").to_lowercase());
        *rng = SeedRandom::new(&format!("{}#{tag}", plan.seed));
    }
}

/// What a designer changed of the game's level: re-rolled phases, a layout kept from another level
/// stream, and locked floor cells put back after the furniture ([`locks`]).
#[derive(Clone, Debug, Default)]
pub struct Variation {
    /// How often each phase was re-rolled.
    pub rerolls: Rerolls,
    /// The seed string whose stream draws the layout (steps 2–11); the plan's own when `None`. With
    /// one, the plan's stream starts afresh for the furniture and everything after.
    pub layout: Option<String>,
    /// Locked floor cells, put back right after the furniture.
    pub kept: Vec<locks::KeptCell>,
    /// The corners of the locked rooms new guards keep out of ([`fenced::Fenced`]): no new guard starts,
    /// stands or turns there, and new routes cross them only to reach rooms no other way leads to.
    pub fenced: Vec<(i32, i32)>,
}

impl Build {
    /// Runs every step on the level of `plan`, from the restarted level stream: the game's level.
    pub fn new(plan: &PlanEntry) -> Self {
        Self::with(plan, &Variation::default())
    }

    /// Runs every step, each re-rolled phase (furniture, patrols, loot with the guards) from its own
    /// stream (`phase_stream`); without re-rolls this is the game's level. The draw counts after a
    /// re-rolled phase count its own stream.
    pub fn with_rerolls(plan: &PlanEntry, rerolls: Rerolls) -> Self {
        Self::with(
            plan,
            &Variation {
                rerolls,
                ..Variation::default()
            },
        )
    }

    /// Runs every step with a designer's changes ([`Variation`]); without any, the game's level.
    pub fn with(plan: &PlanEntry, variation: &Variation) -> Self {
        let rerolls = variation.rerolls;
        let mut rng = variation
            .layout
            .as_deref()
            .map_or_else(|| plan.rng(), SeedRandom::new);
        let mut marks = Marks(Vec::new());
        let Plan2To11 {
            inside,
            offsets,
            mirrors,
            graph,
            mirror_doors,
            fortress_extra_doors,
        } = rooms_and_doors(plan, &mut rng, &mut marks);
        if variation.layout.is_some() {
            rng = plan.rng();
        }
        let fenced = fenced::Fenced::new(&graph, &variation.fenced);
        let mut map = walls::blank_map(&graph);
        walls::render_walls(&graph, plan.level_type, &mut map);
        phase_stream(&mut rng, plan, rerolls, Step::Furniture);
        furnish::render_rooms(&graph, plan.level, &mut map, &mut rng);
        locks::put_back(&mut map, &variation.kept);
        marks.mark("furniture", &rng);
        let start = exterior::player_start(&graph, &map, plan.level);
        let perimeter = exterior::perimeter(&graph, &map);
        exterior::grounds(&mut map, &perimeter, start, &mut rng);
        exterior::front_pillars(&mut map);
        marks.mark("exterior", &rng);
        map.fix_walls();
        phase_stream(&mut rng, plan, rerolls, Step::Patrols);
        let routes = patrol_routes(
            plan, &graph, &map, &perimeter, &fenced, &mut rng, &mut marks,
        );
        phase_stream(&mut rng, plan, rerolls, Step::Loot);
        let (guards, switches) = loot_and_guards(
            plan, &graph, &mut map, routes, &fenced, &mut rng, &mut marks,
        );
        Build {
            plan: plan.clone(),
            rng,
            inside,
            offsets,
            mirrors,
            mirror_doors,
            fortress_extra_doors,
            graph,
            map,
            start,
            perimeter,
            guards,
            switches,
            draws_by_step: marks.0,
        }
    }

    /// The map's width and height in cells (`createBlankGameMap`): two cells beyond the furthest walls.
    pub fn size(&self) -> (i32, i32) {
        let rooms = self.graph.room_list.iter().map(|&r| &self.graph.rooms[r]);
        let (w, h) = rooms.fold((0, 0), |(w, h), r| (w.max(r.max.0), h.max(r.max.1)));
        (w + 1 + layout::BORDER, h + 1 + layout::BORDER)
    }

    /// The level as the vectors draw it (`ascii::render`), each guard by its legend letter.
    pub fn ascii(&self) -> String {
        let letters: Vec<((i32, i32), char)> =
            self.guards.iter().map(|g| (g.pos, g.letter)).collect();
        ascii::render(&self.map, self.start, &letters)
    }

    /// The rooms in list order, without the outside and a Mansion's outdoor slots (the vectors' `rooms`).
    pub fn indoor_rooms(&self) -> impl Iterator<Item = RoomId> + '_ {
        self.graph
            .room_list
            .iter()
            .copied()
            .filter(|&r| self.graph.rooms[r].room_type != RoomType::Exterior)
    }
}
