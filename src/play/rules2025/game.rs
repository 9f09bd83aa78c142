//! The 2025 game, one level, move by move: [`Game2025`] and what it reports.

use crate::model::{Cell, SeedRandom};

use super::super::moves::Move;
use super::event::Event;
use super::field::Search;
use super::kinds::{GuardMode, ItemType};
use super::leap::try_leap;
use super::light::{LightScratch, compute_lighting};
use super::setup::{LevelType, Setup};
use super::sight::{Line, sees};
use super::thief::{StepKind, try_step, try_wait};
use super::turn::post_turn;
use super::view::{recompute_visibility, reveal_exterior};
use super::world::{ABSENT, Pick, Player, Rules, UNDERWATER_TURNS, World};

/// What one move did.
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome {
    /// A turn passed. A refused move passes none (and changes nothing but the thief's note of what it
    /// bumped), nor does leaving the level.
    pub turn_passed: bool,
    /// What happened, in order.
    pub events: Vec<Event>,
}

/// One guard in a [`Snapshot`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GuardSnapshot {
    /// Its cell.
    pub cell: Cell,
    /// Its facing, a unit step.
    pub dir: (i32, i32),
    /// Its mode.
    pub mode: GuardMode,
    /// Its mode's timeout (`modeTimeout`).
    pub timeout: i32,
    /// Whether it is angry.
    pub angry: bool,
}

/// The state after a move, as the reference data records it.
#[derive(Clone, Debug, PartialEq)]
pub struct Snapshot {
    /// The thief's cell.
    pub player: Cell,
    /// The thief's health.
    pub health: i32,
    /// Loot taken.
    pub loot: u32,
    /// Doubles drawn from the game's main stream so far.
    pub draws: u64,
    /// Light of every cell, row by row.
    pub lit: Vec<f64>,
    /// Whether the thief has seen each cell, row by row.
    pub seen: Vec<bool>,
    /// Guards that entered a chase (`numSpottings`).
    pub spottings: u32,
    /// Every guard, by setup index (not the game's current order).
    pub guards: Vec<GuardSnapshot>,
    /// Every item in the game's list order.
    pub items: Vec<(Cell, ItemType)>,
    /// The thief carries the key to the locked doors.
    pub has_key: bool,
}

/// One level of the 2025 game, played move by move with the game's own rules and random stream.
#[derive(Clone)]
pub struct Game2025 {
    world: World,
}

/// `numTurnsParForCurrentMap` (`game.ts:464-473`).
fn par_turns(cells: usize, pre_revealed: usize, guards: usize, backtracking: f64) -> u32 {
    let traversal = (cells - pre_revealed) as f64 * backtracking;
    let guards = guards as f64;
    let per_cell = guards / traversal;
    let turns = traversal / 3.5 + 8.0 * guards + 1000.0 * per_cell;
    (10.0 * (turns / 10.0).ceil()) as u32
}

impl Game2025 {
    /// The level of `setup` as play begins, drawing from `rng` (the game's main stream, at the point
    /// the level starts). As the game does: the exterior is revealed, the light cast with no thief,
    /// the thief's view taken, and every guard plans its first steps (`create-map.ts:461-466`,
    /// `game.ts:397-444`).
    pub fn new(setup: &Setup, rng: SeedRandom) -> Game2025 {
        Game2025::with_scratch(setup, rng, Search::default(), LightScratch::default())
    }

    /// [`Game2025::new`], planning and lighting with what `other` (a game of the same map) has
    /// worked out already: the steps planned and the light walked hold for every game of one map.
    pub fn new_beside(setup: &Setup, rng: SeedRandom, other: &Game2025) -> Game2025 {
        let w = &other.world;
        Game2025::with_scratch(setup, rng, w.search.clone(), w.light.clone())
    }

    fn with_scratch(
        setup: &Setup,
        rng: SeedRandom,
        search: Search,
        mut light: LightScratch,
    ) -> Game2025 {
        let mut map = setup.map();
        let guards = setup.guards();
        let pre_revealed = if setup.level_type == LevelType::Warrens {
            0
        } else {
            reveal_exterior(&mut map, setup.player_start)
        };
        compute_lighting(&mut map, &guards, None, &mut light);
        recompute_visibility(&mut map, setup.player_start);
        let health = if setup.daily { 3 } else { 5 };
        let rules = Rules {
            level_index: setup.level_index as i32,
            treasure_alarm: setup.level_type == LevelType::Fortress && setup.final_level,
            loot_available: setup.loot_available,
            par_turns: par_turns(
                map.cells.len(),
                pre_revealed,
                guards.len(),
                setup.backtracking,
            ),
        };
        let mut world = World {
            map,
            guards,
            routes: setup.guards.iter().map(|g| g.route.clone()).collect(),
            player: Player {
                pos: setup.player_start,
                health,
                health_max: health,
                loot: 0,
                has_key: false,
                item_used: None,
                underwater: UNDERWATER_TURNS,
                pick: Pick::Nothing,
                light_active: false,
                pre_noisy: false,
                noise_offset: (0, 0),
            },
            rng,
            search,
            light,
            rules,
            turns: 0,
            loot_stolen: 0,
            finished_level: false,
            left_level: false,
            num_spottings: 0,
            num_knockouts: 0,
            noticed: false,
            events: Vec::new(),
        };
        // The setup's route indices are the game's after its first `chooseGuardMoves`: plan the
        // steps without advancing them again.
        for g in &mut world.guards {
            g.plan_moves(&world.map, &mut world.search, &world.routes[g.index]);
        }
        post_turn(&mut world);
        Game2025 { world }
    }

    /// Plays one move of the thief and the guards' turn it starts, if it passes one.
    pub fn play(&mut self, mv: Move) -> Outcome {
        let w = &mut self.world;
        w.events.clear();
        let turns = w.turns;
        if !w.left_level {
            match mv {
                Move::Wait => try_wait(w),
                Move::Step(dir) => try_step(w, dir.delta(), StepKind::Normal),
                Move::Leap(dir) => try_leap(w, dir.delta()),
            }
        }
        Outcome {
            turn_passed: w.turns != turns,
            events: std::mem::take(&mut w.events),
        }
    }

    /// Takes the thief off the map for the rest of the game: from now on [`Game2025::play`] with
    /// [`Move::Wait`] plays the guards' turns with no thief in them, never seen, bumped or heard and
    /// lighting nothing (the stealth analysis's guards, `stealth.rs`).
    pub fn remove_thief(&mut self) {
        let p = &mut self.world.player;
        p.pos = ABSENT;
        p.pick = Pick::Nothing;
        p.light_active = false;
        p.item_used = None;
        p.pre_noisy = false;
    }

    /// The whole state, read by the stealth analysis's frames (`stealth.rs`).
    pub(super) fn world(&self) -> &World {
        &self.world
    }

    /// The state now.
    pub fn snapshot(&self) -> Snapshot {
        let w = &self.world;
        let mut guards: Vec<GuardSnapshot> = vec![
            GuardSnapshot {
                cell: Cell::new(0, 0),
                dir: (0, 0),
                mode: GuardMode::Patrol,
                timeout: 0,
                angry: false,
            };
            w.guards.len()
        ];
        for g in &w.guards {
            guards[g.index] = GuardSnapshot {
                cell: g.pos,
                dir: g.dir,
                mode: g.mode,
                timeout: g.timeout,
                angry: g.angry,
            };
        }
        Snapshot {
            player: w.player.pos,
            health: w.player.health,
            loot: w.player.loot,
            draws: w.rng.draws(),
            lit: w.map.lit.clone(),
            seen: w.map.seen.clone(),
            spottings: w.num_spottings,
            guards,
            items: w.map.items.iter().map(|it| (it.cell, it.kind)).collect(),
            has_key: w.player.has_key,
        }
    }

    /// Where the thief stands.
    pub fn thief_cell(&self) -> Cell {
        self.world.player.pos
    }

    /// The thief's health (0 or less: caught).
    pub fn health(&self) -> i32 {
        self.world.player.health
    }

    /// Whether the thief has seen `cell` (false off the map).
    pub fn has_seen(&self, cell: Cell) -> bool {
        let map = &self.world.map;
        map.index(cell).is_some_and(|i| map.seen[i])
    }

    /// How many cells the thief has seen.
    pub fn seen_count(&self) -> usize {
        self.world.map.seen.iter().filter(|&&s| s).count()
    }

    /// Whether the thief has seen every cell.
    pub fn all_seen(&self) -> bool {
        self.world.map.seen.iter().all(|&s| s)
    }

    /// Noticed in the strict sense: some guard's sight test has found the thief, or a guard walked
    /// into it.
    pub fn noticed(&self) -> bool {
        self.world.noticed
    }

    /// Spotted in the game's sense: a guard has entered a chase, so the level is no ghost.
    pub fn spotted(&self) -> bool {
        self.world.num_spottings > 0
    }

    /// The thief has left the level.
    pub fn left_level(&self) -> bool {
        self.world.left_level
    }

    /// The level may be left: every cell seen and the loot taken.
    pub fn finished(&self) -> bool {
        self.world.finished_level
    }

    /// Turns played.
    pub fn turns(&self) -> u32 {
        self.world.turns
    }

    /// The par time of the level (the turn after it the vaults are emptied).
    pub fn par_turns(&self) -> u32 {
        self.world.rules.par_turns
    }

    /// Whether guard `guard` (setup index) would see a thief that is not hidden on `cell` now, by its
    /// sight test after the turn's move (`seesActor`, `guard.ts:621-663`): what a guard's view is drawn
    /// from. A knocked-out guard sees nothing.
    pub fn guard_would_see(&self, guard: usize, cell: Cell) -> bool {
        let w = &self.world;
        w.guards.iter().find(|g| g.index == guard).is_some_and(|g| {
            g.mode != GuardMode::Unconscious
                && w.map.contains(cell)
                && sees(&w.map, g, cell, false, Line::ToActor, 0)
        })
    }

    /// Whether the thief may stand on `cell`: on the map, and nothing there blocks its moves
    /// (`blocksPlayerMove`: walls, tall furniture, stoves, treasure locks; a window is only leapt through).
    pub fn thief_may_stand(&self, cell: Cell) -> bool {
        let map = &self.world.map;
        let here = map.cell(cell);
        map.contains(cell) && !here.blocks_player_move && !here.terrain.is_window()
    }
}
