//! A level made ready for many simulated games ([`Course`]): the game at its start (each run is a
//! reseeded copy, so the rules' cells, plans and light are worked out once), where a thief can walk,
//! the loot, the ways out, and (for the ghost, on demand) the analysis's routes as moves.

use std::sync::OnceLock;

use super::walk::Walk;
use crate::analysis::stealth::{Cancel, DEFAULT_HORIZON};
use crate::model::{Cell, ItemKind, Level};
use crate::play::{Move, RuleSet, Session, route_moves};

/// One of the analysis's loot routes, as the moves that play it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlannedRoute {
    /// The loot's cell.
    pub coin: Cell,
    /// No guard notices the thief on it.
    pub ghost: bool,
    /// Its moves from the player's start, waits included.
    pub moves: Vec<Move>,
}

/// A level and a rule set, ready for simulated games.
#[derive(Debug)]
pub struct Course {
    start: Box<dyn Session>,
    walk: Walk,
    coins: Vec<Cell>,
    exits: Vec<Cell>,
    routes: OnceLock<Vec<PlannedRoute>>,
}

impl Course {
    /// `level` played under `rules` from the player's start.
    pub fn new(level: Level, rules: &'static dyn RuleSet) -> Course {
        let start = level.player_start;
        let coins = level
            .items
            .iter()
            .filter(|i| i.kind == ItemKind::Coin)
            .map(|i| i.cell)
            .collect();
        let game = rules.start(level, 0, start, 0);
        let walk = Walk::new(game.as_ref());
        let exits = walk.exits();
        Course {
            start: game,
            walk,
            coins,
            exits,
            routes: OnceLock::new(),
        }
    }

    /// The level.
    pub fn level(&self) -> &Level {
        self.start.level()
    }

    /// The rules it is played under.
    pub fn rules(&self) -> &'static dyn RuleSet {
        self.start.rules()
    }

    /// A game from the start, the guards drawing from `seed`.
    pub fn game(&self, seed: u32) -> Box<dyn Session> {
        self.start.reseeded(seed)
    }

    /// The loot's cells, in item order.
    pub fn coins(&self) -> &[Cell] {
        &self.coins
    }

    pub(crate) fn walk(&self) -> &Walk {
        &self.walk
    }

    /// The standable border cells, from which a step leaves the level.
    pub(crate) fn exits(&self) -> &[Cell] {
        &self.exits
    }

    /// The analysis's loot routes that have moves, ghost routes first and then by length; empty where
    /// the rules are not analysed. Worked out on first use; `None` if `cancel` is set meanwhile.
    pub fn routes(&self, cancel: &Cancel) -> Option<&[PlannedRoute]> {
        if let Some(routes) = self.routes.get() {
            return Some(routes);
        }
        let routes = match self.rules().analyse(self.level(), DEFAULT_HORIZON, cancel) {
            Some(stealth) => {
                let mut routes: Vec<PlannedRoute> = stealth
                    .routes
                    .iter()
                    .filter_map(|r| {
                        Some(PlannedRoute {
                            coin: r.cell,
                            ghost: r.ghost,
                            moves: route_moves(r.route.as_ref()?)?,
                        })
                    })
                    .collect();
                routes.sort_by_key(|r| (!r.ghost, r.moves.len()));
                routes
            }
            None if cancel.is_cancelled() => return None,
            None => Vec::new(),
        };
        Some(self.routes.get_or_init(|| routes))
    }
}
