//! The 2025 game as the stealth analysis's turn loop ([`TurnLoop`]): its guards played with the thief
//! off the map, one [`Frame`] per turn, and every route the analysis finds played again with the thief
//! on it.
//!
//! What each frame holds comes from the game's own state and rules: the guards' cells and facings
//! after their moves, the graded light (a guard's sight test asks only whether a cell is lit, `lit > 0`,
//! `guard.ts:621-663`), and for each awake guard the cells whose thief it would see (`seesActor` with
//! the cell's hiding, so an alert guard still sees a hidden thief beside it). Two things are taken
//! conservatively, and the replay of each route settles them: every creaky board and water cell is
//! noisy while any guard is awake (a creak or splash carries 23 steps of path, `game.ts:2164`), and a
//! thief in water is never taken as hidden.

use crate::analysis::stealth::{CellRules, CellSet, Frame, ThiefMoves, TurnLoop};
use std::collections::HashMap;

use super::super::moves::Move;
use crate::model::{Cell, Dir, Level, SeedRandom, Shape};

use super::facing::facing_dir;
use super::game::Game2025;
use super::guard::Guard;
use super::kinds::{GuardMode, ItemType, TerrainType};
use super::landing::{doorway_closed, lands_on};
use super::light::compute_lighting;
use super::route_player::RoutePlayer;
use super::setup::Setup;
use super::sight::{Line, sees};
use super::thief::{loots_on_a_bump, stops_a_step};

/// How far a guard's sight reaches in cells along each axis: `d² < 75` at most (`guard.ts:640-650`).
const SIGHT_REACH: i32 = 9;

/// The 2025 game of one level as the stealth analysis plays it.
pub struct GhostGame {
    setup: Setup,
    rng: SeedRandom,
    game: Game2025,
    /// Turns handed over so far.
    turns: usize,
    /// The torches' and doors' states the fixed light was cast for, and that light.
    fixed: Option<(Vec<ItemType>, CellSet)>,
    /// Lit torches at the last frame, by item id.
    torches_lit: Vec<(usize, bool)>,
    /// What a guard watched, by everything its sight test reads: a patrol passes the same cells in the
    /// same light again and again.
    sight: HashMap<SightKey, CellSet>,
    /// The creaky boards and water, once a frame has asked for them.
    noisy: Option<CellSet>,
}

/// Everything a guard's sight test of the cells around it reads (`sees`, `sight.rs`) that changes
/// during play: its cell, facing, mode and temper, and which cells within its reach are lit. What
/// blocks sight is fixed when the map is made (`cacheCellInfo`), so the cell stands for it.
#[derive(Clone, PartialEq, Eq, Hash)]
struct SightKey {
    pos: Cell,
    dir: (i32, i32),
    mode: GuardMode,
    angry: bool,
    lit: [u32; WINDOW],
}

/// Rows (and bits per row) of the window a guard's sight reaches.
const WINDOW: usize = 2 * SIGHT_REACH as usize + 1;

impl GhostGame {
    /// The level as the 2025 game plays it, its guards drawing from `rng`.
    pub fn new(level: &Level, rng: SeedRandom) -> GhostGame {
        let setup = Setup::from_level(level);
        let mut game = Game2025::new(&setup, rng.clone());
        game.remove_thief();
        GhostGame {
            setup,
            rng,
            game,
            turns: 0,
            fixed: None,
            torches_lit: Vec::new(),
            sight: HashMap::new(),
            noisy: None,
        }
    }

    /// The level's cells under the 2025 rules. A step ends only where the game moves the thief
    /// (`game.ts:1366-1431`: not into short drawers, vault boxes, plinths, torches, gates or locked
    /// doors, nor onto what blocks it or a window); a leap lands only where `canLeapToPos` allows
    /// (`game.ts:710-753`: no door-like item in a doorway, no furniture it cannot land on), passes
    /// neither what blocks the thief nor a door (`game.ts:1885-1896`), nor a lit torch (it would douse
    /// it and change the light, `game.ts:1943-1950`), and never starts in water (`game.ts:1866-1871`).
    /// Hiding places are the game's; loot on what a step cannot enter is taken by bumping it
    /// (`game.ts:1318-1325`, `1370-1378`).
    pub fn cell_rules(&self, level: &Level) -> CellRules {
        let mut rules = CellRules::new(level);
        let w = self.game.world();
        let empty = CellSet::empty(rules.shape);
        let mut moves = ThiefMoves {
            steps: empty.clone(),
            landings: empty.clone(),
            unleapable: empty.clone(),
            leap_from: empty.clone(),
        };
        let mut hides = empty.clone();
        let mut taken_by_bump = empty;
        let kinds = w.map.kinds_by_cell();
        for (i, &cell) in w.map.cells.iter().enumerate() {
            let c = w.map.cell_at(i);
            let stops_step = kinds.at(i).any(|k| stops_a_step(k, false));
            if !cell.blocks_player_move && !cell.terrain.is_window() && !stops_step {
                moves.steps.insert(c);
            }
            if lands_on(cell, kinds.at(i)) {
                moves.landings.insert(c);
            }
            if cell.blocks_player_move
                || doorway_closed(cell, kinds.at(i))
                || kinds.at(i).any(|k| k == ItemType::TorchLit)
            {
                moves.unleapable.insert(c);
            }
            if cell.terrain != TerrainType::GroundWater {
                moves.leap_from.insert(c);
            }
            if cell.hides_player {
                hides.insert(c);
            }
            if cell.blocks_player_move || kinds.at(i).any(loots_on_a_bump) {
                taken_by_bump.insert(c);
            }
        }
        rules.restrict_moves(&moves);
        rules.taken_by_bump = taken_by_bump;
        hides.intersect_with(&rules.standable);
        rules.hides = hides;
        rules
    }

    /// The light of the placed sources alone (torches, stoves), cast again only when a torch or
    /// door changed, with the walks the game has kept.
    fn fixed_lit(&mut self) -> CellSet {
        let w = self.game.world();
        let state: Vec<ItemType> = w.map.items.iter().map(|it| it.kind).collect();
        if let Some((was, lit)) = &self.fixed
            && *was == state
        {
            return lit.clone();
        }
        let mut map = w.map.clone();
        compute_lighting(&mut map, &[], None, &mut w.light.clone());
        let lit = lit_cells(&map.lit, map.width, self.shape());
        self.fixed = Some((state, lit.clone()));
        lit
    }

    fn shape(&self) -> Shape {
        let w = self.game.world();
        Shape::new(w.map.width, w.map.height)
    }

    /// The torches lit during the last turn, each with the guard nearest to it.
    fn relit(&mut self) -> Vec<(Cell, usize)> {
        let w = self.game.world();
        let now: Vec<(usize, bool)> = w
            .map
            .items
            .iter()
            .filter(|it| matches!(it.kind, ItemType::TorchLit | ItemType::TorchUnlit))
            .map(|it| (it.id, it.kind == ItemType::TorchLit))
            .collect();
        let mut relit = Vec::new();
        if self.turns > 0 {
            for &(id, lit) in &now {
                let was = self
                    .torches_lit
                    .iter()
                    .find(|t| t.0 == id)
                    .is_some_and(|t| t.1);
                if lit
                    && !was
                    && let Some(item) = w.map.items.iter().find(|it| it.id == id)
                {
                    let guard = w
                        .guards
                        .iter()
                        .min_by_key(|g| {
                            (g.pos.x - item.cell.x)
                                .abs()
                                .max((g.pos.y - item.cell.y).abs())
                        })
                        .map_or(0, |g| g.index);
                    relit.push((item.cell, guard));
                }
            }
        }
        self.torches_lit = now;
        relit
    }
}

impl GhostGame {
    /// The creaky boards and water of the map, found once: play never changes them.
    fn noisy_ground(&mut self) -> &CellSet {
        let map = &self.game.world().map;
        self.noisy.get_or_insert_with(|| {
            let mut noisy = CellSet::empty(Shape::new(map.width, map.height));
            for (i, cell) in map.cells.iter().enumerate() {
                if matches!(
                    cell.terrain,
                    TerrainType::GroundWoodCreaky | TerrainType::GroundWater
                ) {
                    noisy.insert(map.cell_at(i));
                }
            }
            noisy
        })
    }

    /// The cells whose unhidden thief `g` would see now (a hidden one only beside an alert guard),
    /// from the cache when the guard and its surroundings are as they were.
    /// `lit` is the frame's lit cells.
    fn watched_by(&mut self, g: &Guard, shape: Shape, lit: &CellSet) -> CellSet {
        let map = &self.game.world().map;
        let key = SightKey {
            pos: g.pos,
            dir: g.dir,
            mode: g.mode,
            angry: g.angry,
            lit: lit
                .window_rows::<WINDOW>(g.pos.y - SIGHT_REACH, g.pos.x - SIGHT_REACH)
                .map(|row| row & ((1 << WINDOW) - 1)),
        };
        if let Some(watched) = self.sight.get(&key) {
            return watched.clone();
        }
        let mut watched = CellSet::empty(shape);
        for dy in -SIGHT_REACH..=SIGHT_REACH {
            for dx in -SIGHT_REACH..=SIGHT_REACH {
                let c = g.pos.offset(dx, dy);
                let cell = map.cell(c);
                if map.contains(c)
                    && !cell.blocks_player_move
                    && sees(map, g, c, cell.hides_player, Line::ToActor, 0)
                {
                    watched.insert(c);
                }
            }
        }
        self.sight.insert(key, watched.clone());
        watched
    }
}

/// The cells of a light grid (`width` wide, row by row) with any light.
fn lit_cells(lit: &[f64], width: i32, shape: Shape) -> CellSet {
    let mut set = CellSet::empty(shape);
    for (i, &l) in lit.iter().enumerate() {
        if l > 0.0 {
            set.insert(Cell::new(i as i32 % width, i as i32 / width));
        }
    }
    set
}

impl TurnLoop for GhostGame {
    fn next_frame(&mut self) -> Frame {
        if self.turns > 0 {
            self.game.play(Move::Wait);
        }
        let relit = self.relit();
        let fixed_lit = self.fixed_lit();
        let shape = self.shape();
        let lit = {
            let map = &self.game.world().map;
            lit_cells(&map.lit, map.width, shape)
        };
        let guard_list = self.game.world().guards.clone();
        let guard_count = guard_list.len();
        let mut guards = vec![(Cell::new(0, 0), Dir::N); guard_count];
        let mut watched: Vec<Option<CellSet>> = vec![None; guard_count];
        let mut awake = false;
        let mut calm = true;
        for g in &guard_list {
            let Some(slot) = guards.get_mut(g.index) else {
                continue;
            };
            *slot = (g.pos, facing_dir(g.dir));
            calm &= g.mode == GuardMode::Patrol;
            if g.mode == GuardMode::Unconscious {
                continue;
            }
            awake = true;
            watched[g.index] = Some(self.watched_by(g, shape, &lit));
        }
        let watched = watched
            .into_iter()
            .map(|w| w.unwrap_or_else(|| CellSet::empty(shape)))
            .collect();
        let noisy = awake.then(|| self.noisy_ground().clone());
        self.turns += 1;
        Frame {
            guards,
            lit,
            fixed_lit,
            watched,
            noisy,
            relit,
            calm,
        }
    }

    fn carries_torch(&self) -> Vec<bool> {
        let w = self.game.world();
        let mut torches = vec![false; w.guards.len()];
        for g in &w.guards {
            if let Some(t) = torches.get_mut(g.index) {
                *t = g.has_torch;
            }
        }
        torches
    }
}

impl GhostGame {
    /// A player of routes in the same game.
    pub fn route_player(&self) -> RoutePlayer {
        RoutePlayer::new(Game2025::new_beside(
            &self.setup,
            self.rng.clone(),
            &self.game,
        ))
    }
}
