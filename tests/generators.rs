//! Property tests of the three structural generators' invariants (`other-generators.md` §1.6, §2.6,
//! §3.5) over 1,000 random valid parameter sets and seeds each, plus determinism.

mod common;

use common::check_level;
use mansion_forge::generate::packed_mansion::plan::{PlacementKind, Plan, any_candidate_left};
use mansion_forge::generate::packed_mansion::{
    PackedMansion, PackedMansionParams, PackedPlan, Placement, Settings as PackedSettings,
};
use mansion_forge::generate::rogue_grid::links::Links;
use mansion_forge::generate::rogue_grid::{
    ExitRule, RogueGrid, RogueGridParams, Settings as RogueSettings, Start,
};
use mansion_forge::generate::tile_growth::growth::{Growth, SIDES, bit, step};
use mansion_forge::generate::tile_growth::{
    ModuleType, RootColumn, Settings as TileGrowthSettings, TileGrowth, TileGrowthParams,
};
use mansion_forge::generate::{Generator, Request, Rerolls};
use mansion_forge::model::{Cell, Diagnostic, Level, Placed, RoomKind, RoomOrigin};
use proptest::prelude::*;

const CASES: u32 = 1000;

/// The same 1,000 cases on every run and machine (a new seed each run made a failure a matter of luck);
/// the shrunk cases of past failures stay in `tests/generators.proptest-regressions` and run first.
fn config() -> ProptestConfig {
    ProptestConfig {
        cases: CASES,
        rng_seed: proptest::test_runner::RngSeed::Fixed(0x6765_6e73),
        ..ProptestConfig::default()
    }
}

fn request(seed: u64, level: u32) -> Request<'static> {
    Request {
        level,
        seed,
        locks: &[],
        rerolls: Rerolls::default(),
    }
}

fn module_types() -> impl Strategy<Value = Vec<ModuleType>> {
    proptest::sample::subsequence(
        vec![
            ModuleType::DeadEnd,
            ModuleType::Straight,
            ModuleType::Turn,
            ModuleType::Branch,
            ModuleType::Cross,
        ],
        0..=5,
    )
}

prop_compose! {
    fn tile_params()(
        modules_x in 3..14i32, modules_y in 3..11i32, m in 0..3i32, cw in 0..3i32,
        weights in proptest::array::uniform5(0..=10u32), chamber_types in module_types(),
        min_fill in 0.0..1.0f64, spread in 0.0..1.0f64, random_root: bool,
        loops in prop_oneof![Just(0.0), 0.0..1.0f64], outer_border in 1..=8i32,
    ) -> TileGrowthParams {
        let module_size = 5 + 2 * m;
        let weights = if weights.iter().all(|w| *w == 0) { [1, 3, 2, 2, 1] } else { weights };
        TileGrowthParams {
            modules_x, modules_y, module_size,
            corridor_width: (1 + 2 * cw).min(module_size - 4),
            w_dead_end: weights[0], w_straight: weights[1], w_turn: weights[2],
            w_branch: weights[3], w_cross: weights[4], chamber_types,
            min_fill, max_fill: min_fill + (1.0 - min_fill) * spread,
            root_column: if random_root { RootColumn::Random } else { RootColumn::Center },
            extra_link_chance: loops, outer_border,
        }
    }
}

/// Every module is linked to its parent on its in side, keeps no open connection, has a type of non-zero
/// weight and (in a tree) no more outs than its variant has.
fn modules_keep_their_links(
    growth: &Growth,
    settings: &TileGrowthSettings,
    looped: bool,
) -> Result<(), String> {
    for (i, m) in growth.modules.iter().enumerate() {
        if m.outs != m.links & !bit(m.in_side) {
            return Err(format!("module {i} keeps an open connection"));
        }
        if i != growth.root {
            let parent = m.parent.ok_or("a module without a parent")?;
            let back = growth.at(step(m.pos, m.in_side));
            if back != Some(parent) || m.links & bit(m.in_side) == 0 {
                return Err(format!(
                    "module {i} is not linked to its parent on its in side"
                ));
            }
        }
        let weight = settings
            .weights
            .iter()
            .find(|(t, _)| *t == m.chosen)
            .map_or(0, |w| w.1);
        if weight == 0 {
            return Err(format!("module {i} has a type of weight 0"));
        }
        let group_outs = match m.chosen {
            ModuleType::DeadEnd => 0,
            ModuleType::Straight | ModuleType::Turn => 1,
            ModuleType::Branch => 2,
            ModuleType::Cross => 3,
        };
        let outs = (m.links & !bit(m.in_side)).count_ones();
        if !m.reopened && !looped && outs > group_outs {
            return Err(format!("module {i} has outs beyond its variant"));
        }
    }
    Ok(())
}

fn tile_growth_invariants(
    params: &TileGrowthParams,
    seed: u64,
    level_no: u32,
) -> Result<(), String> {
    let generator = TileGrowth {
        params: params.clone(),
    };
    let growth = generator.grow(seed, &[]).map_err(|e| e.to_string())?;
    let level = generator
        .generate(&request(seed, level_no))
        .map_err(|e| e.to_string())?;
    check_level(&level)?;
    let (settings, _) = params.settings();
    let n = growth.modules.len();
    let links: u32 = growth
        .modules
        .iter()
        .map(|m| m.links.count_ones())
        .sum::<u32>()
        / 2;
    let looped = settings.extra_link_chance > 0.0;
    if !looped && links as usize != n - 1 {
        return Err(format!("{links} links for {n} modules: not a tree"));
    }
    modules_keep_their_links(&growth, &settings, looped)?;
    let wanted = settings.min_modules.min(growth.capacity());
    if n < wanted || n > settings.max_modules.max(1) {
        return Err(format!(
            "{n} modules outside [{wanted}, {}]",
            settings.max_modules
        ));
    }
    if settings.min_modules == 0 && growth.reopens > 0 {
        return Err("a reopen without a minimum".into());
    }
    let mut room_at = std::collections::HashMap::new();
    for (r, room) in level.rooms.iter().enumerate() {
        if let RoomOrigin::Modules(list) = &room.origin {
            for &pos in list {
                let m = growth.at(pos).ok_or("a room module that was not grown")?;
                let chamber = settings.chamber_types.contains(&growth.modules[m].chosen);
                if chamber != (room.kind == RoomKind::Room) {
                    return Err(format!("module {pos:?} is in a room of the other style"));
                }
                room_at.insert(pos, r);
            }
        }
    }
    for m in &growth.modules {
        for d in SIDES {
            let Some(other) = growth.at(step(m.pos, d)) else {
                continue;
            };
            let o = &growth.modules[other];
            let same_style = settings.chamber_types.contains(&m.chosen)
                == settings.chamber_types.contains(&o.chosen);
            if m.links & bit(d) != 0 && same_style && room_at.get(&m.pos) != room_at.get(&o.pos) {
                return Err(format!(
                    "linked modules {:?} and {:?} of one style in two rooms",
                    m.pos, o.pos
                ));
            }
        }
    }
    let door_edges = level.adjacencies.iter().filter(|a| a.door).count();
    if !looped && door_edges != level.rooms.len() - 1 {
        return Err(format!(
            "{door_edges} door edges for {} rooms: not a tree",
            level.rooms.len()
        ));
    }
    let again = generator
        .generate(&request(seed, level_no))
        .map_err(|e| e.to_string())?;
    if again != level {
        return Err("not deterministic".into());
    }
    Ok(())
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn tile_growth_keeps_its_invariants(params in tile_params(), seed: u64, level in 0..10u32) {
        let result = tile_growth_invariants(&params, seed, level);
        prop_assert!(result.is_ok(), "{:?} seed {seed}: {:?}", params, result);
    }

    #[test]
    fn packed_mansion_keeps_its_invariants(params in packed_params(), seed: u64, level in 0..10u32) {
        let result = packed_invariants(&params, seed, level);
        prop_assert!(result.is_ok(), "{:?} seed {seed}: {:?}", params, result);
    }

    #[test]
    fn rogue_grid_keeps_its_invariants(params in rogue_params(), seed: u64, level in 0..10u32) {
        let result = rogue_invariants(&params, seed, level);
        prop_assert!(result.is_ok(), "{:?} seed {seed}: {:?}", params, result);
    }
}

prop_compose! {
    fn packed_params()(
        grid_w in 8..40i32, grid_h in 8..30i32, target_rooms in 1..30i32,
        room_min_side in 2..=5i32, extra_short in 0..3i32, extra_long in 0..3i32,
        hall_widths in proptest::sample::subsequence(vec![1, 2, 3, 4], 0..=4),
        factor in 2..=4i32, extra_len in 0..8i32, hall_chance in 0.0..1.0f64,
        max_halls in proptest::option::of(0..8i32), prefer_corners: bool, snug: bool,
        room_door_chance in prop_oneof![Just(0.0), Just(1.0), 0.0..1.0f64],
        s in 2..=4i32, outer_border in 1..=8i32,
    ) -> PackedMansionParams {
        let widest = hall_widths.iter().copied().max().unwrap_or(1);
        PackedMansionParams {
            grid_w, grid_h, target_rooms, room_min_side,
            room_max_short: room_min_side + extra_short,
            room_max_long: room_min_side + extra_short + extra_long,
            hall_widths, hall_min_length_factor: factor,
            hall_max_length: factor * widest + extra_len,
            hall_chance, max_halls, prefer_corners,
            placement: if snug { Placement::Snug } else { Placement::Random },
            room_door_chance, tiles_per_square: s, outer_border,
        }
    }
}

/// Every placement lies on the grid, has a size its kind allows, touches an earlier one and overlaps
/// none.
fn placements_fit(plan: &Plan, settings: &PackedSettings) -> Result<(), String> {
    for (i, p) in plan.placements.iter().enumerate() {
        if p.x < 0 || p.y < 0 || p.x + p.w > plan.grid_w || p.y + p.h > plan.grid_h {
            return Err(format!("placement {i} leaves the grid"));
        }
        let (short, long) = (p.w.min(p.h), p.w.max(p.h));
        let ok = match p.kind {
            PlacementKind::Room | PlacementKind::Entrance => {
                short >= settings.room_min_side
                    && short <= settings.room_max_short
                    && long <= settings.room_max_long
            }
            PlacementKind::Hall => {
                settings.hall_widths.contains(&short)
                    && long >= settings.hall_min_length_factor * short
                    && long <= settings.hall_max_length
            }
        };
        if !ok {
            return Err(format!("placement {i} has a size out of range: {p:?}"));
        }
        let touches_earlier = plan.placements[..i]
            .iter()
            .any(|q| mansion_forge::generate::packed_mansion::doors::shared_run(p, q).is_some());
        if i > 0 && !touches_earlier {
            return Err(format!("placement {i} touches no earlier placement"));
        }
        for q in &plan.placements[..i] {
            let overlap = p.x < q.x + q.w && q.x < p.x + p.w && p.y < q.y + q.h && q.y < p.y + p.h;
            if overlap {
                return Err(format!("placement {i} overlaps"));
            }
        }
    }
    Ok(())
}

/// Halls have a door to every placement they touch, room-to-room doors follow the door chance at its
/// ends, and no door sits on a grid crossing.
#[expect(
    clippy::float_cmp,
    reason = "0 and 1 are the chances at which room doors are never or always made, held exactly"
)]
fn contacts_keep_the_door_rules(
    packed: &PackedPlan,
    settings: &PackedSettings,
    hall: impl Fn(usize) -> bool,
) -> Result<(), String> {
    for c in &packed.contacts {
        if (hall(c.a) || hall(c.b)) && !c.door {
            return Err(format!(
                "placements {} and {} touch a hall without a door",
                c.a, c.b
            ));
        }
        if !c.fixed_up && !hall(c.a) && !hall(c.b) {
            if settings.room_door_chance == 0.0 && c.door {
                return Err("a room door at chance 0".into());
            }
            if settings.room_door_chance == 1.0 && !c.door {
                return Err("no room door at chance 1".into());
            }
        }
        if c.door && c.door_offset % settings.s == 0 {
            return Err("a door on a grid crossing".into());
        }
    }
    Ok(())
}

fn packed_invariants(params: &PackedMansionParams, seed: u64, level_no: u32) -> Result<(), String> {
    let generator = PackedMansion {
        params: params.clone(),
    };
    let packed = generator.plan(seed, &[]).map_err(|e| e.to_string())?;
    let level = generator
        .generate(&request(seed, level_no))
        .map_err(|e| e.to_string())?;
    check_level(&level)?;
    let (settings, _) = params.settings();
    let plan = &packed.plan;
    placements_fit(plan, &settings)?;
    if plan.placements[packed.entrance].y != 0 {
        return Err("the Entrance Hall is off the front row".into());
    }
    if plan.rooms < settings.target_rooms {
        let said = level.diagnostics.iter().any(|d| {
            matches!(
                d,
                Diagnostic::Shortfall {
                    what: Placed::Rooms,
                    ..
                }
            )
        });
        if !said || any_candidate_left(plan, &settings) {
            return Err("a shortfall with candidates left, or unreported".into());
        }
    }
    let hall = |k: usize| plan.placements[k].kind != PlacementKind::Room;
    let components = {
        fn find(p: &mut [usize], mut a: usize) -> usize {
            while p[a] != a {
                a = p[a];
            }
            a
        }
        let mut parent: Vec<usize> = (0..plan.placements.len()).collect();
        for c in packed.contacts.iter().filter(|c| c.door && !c.fixed_up) {
            let (a, b) = (find(&mut parent, c.a), find(&mut parent, c.b));
            parent[a] = b;
        }
        (0..parent.len())
            .filter(|&i| find(&mut parent, i) == i)
            .count()
    };
    if packed.fix_doors > components - 1 {
        return Err(format!(
            "{} fix doors for {components} components",
            packed.fix_doors
        ));
    }
    contacts_keep_the_door_rules(&packed, &settings, hall)?;
    for adj in level.adjacencies.iter().filter(|a| a.door) {
        let seg = adj.segment.ok_or("a packed door without a wall run")?;
        let door = adj.door_cells[0];
        if !seg.cells().any(|c| c == door) {
            return Err(format!("door {door:?} is not on its shared run"));
        }
        let along = if seg.dir == mansion_forge::model::Dir::N {
            door.y
        } else {
            door.x
        };
        if (along - settings.outer_border) % settings.s == 0 {
            return Err(format!("door {door:?} on a grid crossing"));
        }
    }
    if generator
        .generate(&request(seed, level_no))
        .map_err(|e| e.to_string())?
        != level
    {
        return Err("not deterministic".into());
    }
    Ok(())
}

prop_compose! {
    fn rogue_params()(
        cells_x in 1..=10i32, cells_y in 1..=8i32, cell_size in 6..=14i32,
        room_min in 3..=5i32, extra_room in 0..4i32,
        extra in proptest::option::of((0..4i32, 0..6i32)),
        start in proptest::option::of((0..10i32, 0..8i32)),
        exit in 0..3u8, door_cell_chance in prop_oneof![Just(1.0), 0.0..1.0f64],
    ) -> RogueGridParams {
        let room_min = room_min.min(cell_size - 3);
        RogueGridParams {
            cells_x, cells_y, cell_size, room_min,
            room_max: (room_min + extra_room).min(cell_size - 3),
            extra_min: extra.map(|e| e.0), extra_max: extra.map(|e| e.0 + e.1),
            start: start.map_or(Start::Random, |(i, j)| Start::Cell { i: i % cells_x, j: j % cells_y }),
            exit_rule: [ExitRule::WalkEnd, ExitRule::LastAttached, ExitRule::Deepest][exit as usize],
            door_cell_chance,
        }
    }
}

fn chebyshev(a: Cell, b: Cell) -> i32 {
    (a.x - b.x).abs().max((a.y - b.y).abs())
}

/// The walk steps between neighbours, never revisits a cell and stops only when boxed in; the links
/// join neighbours, one per cell after the first plus the loops, at most the loops the settings allow.
fn walk_and_links_hold(links: &Links, settings: &RogueSettings) -> Result<(), String> {
    let (cx, cy) = (settings.cells_x, settings.cells_y);
    let cells = (cx * cy) as usize;
    for pair in links.walk.windows(2) {
        if (pair[0].0 - pair[1].0).abs() + (pair[0].1 - pair[1].1).abs() != 1 {
            return Err("the walk jumps".into());
        }
    }
    let mut seen = links.walk.clone();
    seen.sort_unstable();
    seen.dedup();
    if seen.len() != links.walk.len() {
        return Err("the walk revisits a cell".into());
    }
    let (i, j) = links.walk_end();
    for n in [(i + 1, j), (i - 1, j), (i, j + 1), (i, j - 1)] {
        if n.0 >= 0 && n.1 >= 0 && n.0 < cx && n.1 < cy && !links.walk.contains(&n) {
            return Err("the walk stopped with a free neighbour".into());
        }
    }
    let k = links.loops as i32;
    if links.links.len() != cells - 1 + links.loops || k > settings.extra.1 {
        return Err(format!(
            "{} links for {cells} cells and {k} loops",
            links.links.len()
        ));
    }
    for (a, b) in &links.links {
        if (a.0 - b.0).abs() + (a.1 - b.1).abs() != 1 {
            return Err("a link joins non-neighbours".into());
        }
    }
    Ok(())
}

/// Every corridor has a door on each of its rooms' rings, touches no other corridor and runs into no
/// room on its way.
fn corridors_hold(level: &Level) -> Result<(), String> {
    for (n, adj) in level.adjacencies.iter().enumerate() {
        let [start, end] = adj.door_cells[..] else {
            return Err("a corridor without two door cells".into());
        };
        for (door, r) in [(start, adj.left), (end, adj.right)] {
            let f = level.rooms[r].interior;
            let on_ring_x =
                (door.x == f.x0 - 1 || door.x == f.x1) && (f.y0..f.y1).contains(&door.y);
            let on_ring_y =
                (door.y == f.y0 - 1 || door.y == f.y1) && (f.x0..f.x1).contains(&door.x);
            if !on_ring_x && !on_ring_y {
                return Err(format!(
                    "corridor {n} door {door:?} is not on its room's ring"
                ));
            }
        }
        for (m, other) in level.adjacencies.iter().enumerate().skip(n + 1) {
            for &a in &adj.via {
                if other.via.iter().any(|&b| chebyshev(a, b) <= 1) {
                    return Err(format!("corridors {n} and {m} touch"));
                }
            }
        }
        for &c in &adj.via[1..adj.via.len() - 1] {
            for room in &level.rooms {
                let f = room.interior;
                if c.x >= f.x0 - 1 && c.x <= f.x1 && c.y >= f.y0 - 1 && c.y <= f.y1 {
                    return Err(format!("corridor {n} runs into a room at {c:?}"));
                }
            }
        }
    }
    Ok(())
}

fn rogue_invariants(params: &RogueGridParams, seed: u64, level_no: u32) -> Result<(), String> {
    let generator = RogueGrid {
        params: params.clone(),
    };
    let links = generator.links(seed);
    let level: Level = generator
        .generate(&request(seed, level_no))
        .map_err(|e| e.to_string())?;
    check_level(&level)?;
    let (settings, _) = params.settings();
    let (cx, cy, s) = (settings.cells_x, settings.cells_y, settings.cell_size);
    let cells = (cx * cy) as usize;
    walk_and_links_hold(&links, &settings)?;
    for (r, room) in level.rooms.iter().enumerate() {
        let RoomOrigin::GridCell { i, j } = room.origin else {
            return Err("a room without a grid cell".into());
        };
        let f = room.interior;
        let (w, h) = (f.width(), f.height());
        let inside = f.x0 >= i * s + 2
            && f.x1 - 1 <= i * s + s - 2
            && f.y0 >= j * s + 2
            && f.y1 - 1 <= j * s + s - 2;
        let sized = (settings.room_min..=settings.room_max).contains(&w)
            && (settings.room_min..=settings.room_max).contains(&h);
        if !inside || !sized || r != (j * cx + i) as usize {
            return Err(format!("room {r} out of its cell or size"));
        }
    }
    if level.adjacencies.len() != links.links.len() || level.adjacencies.iter().any(|a| !a.door) {
        return Err("the room graph differs from the link graph".into());
    }
    corridors_hold(&level)?;
    let room_of = |(i, j): (i32, i32)| (j * cx + i) as usize;
    let up = level.entrance.cell;
    let down = level.entrance.exit_cell.ok_or("no down-stairs")?;
    if !level.rooms[room_of(links.first())].cells.contains(&up) {
        return Err("the up-stairs are not in the walk's first room".into());
    }
    let down_room = level
        .rooms
        .iter()
        .position(|r| r.cells.contains(&down))
        .ok_or("stairs off the floor")?;
    let expected = match settings.exit_rule {
        ExitRule::WalkEnd => Some(room_of(links.walk_end())),
        ExitRule::LastAttached => Some(room_of(links.last_attached.unwrap_or(links.walk_end()))),
        ExitRule::Deepest => None,
    };
    match expected {
        Some(r) if r != down_room => return Err("the down-stairs are in the wrong room".into()),
        None => {
            let max = level.rooms.iter().map(|r| r.depth).max().unwrap_or(0);
            if level.rooms[down_room].depth != max {
                return Err("the down-stairs are not in a deepest room".into());
            }
        }
        _ => {}
    }
    if cells >= 2 && settings.exit_rule == ExitRule::WalkEnd && down_room == room_of(links.first())
    {
        return Err("both stairs in one room".into());
    }
    if generator
        .generate(&request(seed, level_no))
        .map_err(|e| e.to_string())?
        != level
    {
        return Err("not deterministic".into());
    }
    Ok(())
}
