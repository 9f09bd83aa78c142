//! A route for every coin (`stealth-rules.md` §7 (c)): the searches in stages, on hazards made turn by
//! turn as far as the searches need them, from the closed-form patrols or from a turn loop's frames;
//! and, where a turn loop can play routes, every ghost route checked in the game itself.

use rayon::prelude::*;

use super::cancel::Cancel;
use super::cells::{CellRules, CellSet};
use super::earshot;
use super::frames::{Frames, RouteCheck, Slip, TurnLoop};
use super::ghost::{Route, Search, TurnHazards, bump_cells};
use super::timeline::GuardTimeline;
use super::watch::Watch;
use crate::model::{Cell, ItemKind, Level};

/// Turns of the first, short searches for ghost routes (most routes are a few dozen turns).
const SHORT_STAGES: [usize; 2] = [64, 256];
/// Turns searched for the least-noticed route when no ghost route exists.
const FALLBACK_HORIZON: usize = 300;
/// Noticed-turn budgets tried, in order, for the least-noticed route.
const FALLBACK_BUDGETS: [usize; 2] = [2, 8];
/// Words of cell sets the search may hold; huge maps get a shorter horizon rather than gigabytes.
pub(super) const MAX_SET_WORDS: usize = 8 << 20;
/// Rounds of searching again the coins whose ghost route the game noticed.
const VERIFY_ROUNDS: usize = 8;
/// Rounds of searching again the coins whose least-noticed route the game chased.
const CHASE_ROUNDS: usize = 3;

/// How much of the analysis to make.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Detail {
    /// Everything [`Stealth`] holds.
    Full,
    /// What the [`Summary`] needs: no least-noticed routes, and of each ghost route its length only.
    Summary,
}

/// What the search found for one coin, as far as the [`Detail`] asks.
pub(super) enum Found {
    /// The whole route.
    Route(Route),
    /// Only its length in turns.
    Turns(usize),
}

impl Found {
    pub(super) fn turns(&self) -> Option<usize> {
        match self {
            Found::Route(route) => route.path.len().checked_sub(1),
            Found::Turns(turns) => Some(*turns),
        }
    }
}

/// One coin's search.
pub(super) struct Coin {
    /// Index into `Level::items`.
    pub item: usize,
    pub cell: Cell,
    /// `found` is a ghost route.
    pub ghost: bool,
    /// `found` is played by the rules' game without a chase (every ghost route is).
    pub unchased: bool,
    pub found: Option<Found>,
    /// Why nothing was found, once the search is over and `found` is `None`.
    pub no_route: Option<NoRoute>,
}

/// Why the analysis gives a loot item no route: a designer reads the difference between "cannot be
/// had" and "not looked for" before moving a guard.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoRoute {
    /// The thief cannot reach the item, or cannot get out from it, even with no guard about (behind
    /// a locked door, say): no turn of any search would find one.
    Unreachable,
    /// Searched, and no route was found within the horizon.
    NoneWithin,
    /// Not searched: the level holds more loot than the search's budget covers at a useful horizon,
    /// and the loot nearer the start was searched instead.
    NotSearched,
}

impl NoRoute {
    /// The reason's name in the JSON of `analyze`.
    pub fn name(self) -> &'static str {
        match self {
            NoRoute::Unreachable => "unreachable",
            NoRoute::NoneWithin => "none-within-horizon",
            NoRoute::NotSearched => "not-searched",
        }
    }

    /// The reason in words, for the editor and the notes of `analyze`.
    pub fn words(self, horizon: usize) -> String {
        match self {
            NoRoute::Unreachable => {
                "no route: the thief cannot reach it, or get out from it, even with no guard about"
                    .to_string()
            }
            NoRoute::NoneWithin => format!("no route within {horizon} turns"),
            NoRoute::NotSearched => "not searched: this level holds more loot than the route \
                 search covers; the loot nearest the start was searched"
                .to_string(),
        }
    }
}

/// How far the route search reaches (`search_reach` in the parent module).
#[derive(Clone, Copy, Debug)]
pub(super) struct Reach {
    /// The turns searched.
    pub turns: usize,
    /// The words of one cell set.
    pub words: usize,
    /// How many loot items are searched: the nearest the start, when fewer than all.
    pub searched: usize,
}

/// Where each turn's hazards come from.
pub(super) enum Source<'a> {
    /// The closed-form patrols with relighting: timelines and what each guard watches.
    Patrols {
        timelines: &'a [GuardTimeline],
        watch: &'a Watch,
        ears: earshot::Earshot<'a>,
    },
    /// A turn loop's frames, made as far as the search asks.
    Frames(&'a mut Frames, &'a mut dyn TurnLoop),
}

/// The hazards of each turn, computed as far as the search has needed them (index 0 unused).
pub(super) struct Hazards<'a> {
    rules: &'a CellRules,
    source: Source<'a>,
    turns: Vec<TurnHazards>,
}

impl<'a> Hazards<'a> {
    pub fn new(rules: &'a CellRules, source: Source<'a>) -> Self {
        let none = TurnHazards {
            blocked: CellSet::empty(rules.shape),
            watched: CellSet::empty(rules.shape),
            noisy: None,
        };
        Hazards {
            rules,
            source,
            turns: vec![none],
        }
    }

    /// Hazards of turns `0..=upto`.
    fn upto(&mut self, upto: usize) -> &[TurnHazards] {
        let rules = self.rules;
        let mut lit = CellSet::empty(rules.shape);
        while self.turns.len() <= upto {
            let t = self.turns.len();
            let hazards = match &mut self.source {
                Source::Frames(frames, game) => {
                    frames.extend(&mut **game, t);
                    frames.hazards(t)
                }
                Source::Patrols {
                    timelines,
                    watch,
                    ears,
                } => {
                    let mut blocked = CellSet::empty(rules.shape);
                    for tl in *timelines {
                        blocked.insert(tl.at(t - 1).0);
                        blocked.insert(tl.at(t).0);
                    }
                    let noisy = (!rules.creaky.is_empty()).then(|| {
                        let mut noisy = CellSet::empty(rules.shape);
                        let before = timelines.iter().map(|tl| tl.at(t - 1).0);
                        earshot::noisy_boards(ears, before, &mut noisy);
                        noisy
                    });
                    watch.lit_into(timelines, t, &mut lit);
                    let watched = watch.watched_at(timelines, t, &lit);
                    TurnHazards {
                        blocked,
                        watched,
                        noisy,
                    }
                }
            };
            self.turns.push(hazards);
        }
        &self.turns[..=upto]
    }

    /// The game noticed the thief on `cell` at turn `t`: it is watched then from now on.
    fn forbid(&mut self, t: usize, cell: Cell) {
        self.upto(t);
        self.turns[t].watched.insert(cell);
    }

    /// A guard gave chase to the thief on `cell` at turn `t`: no route ends that turn there from now on.
    fn block(&mut self, t: usize, cell: Cell) {
        self.upto(t);
        self.turns[t].blocked.insert(cell);
    }
}

/// Where a route may end: the outside's cells the thief can stand on, and the start cell.
fn exits(level: &Level, rules: &CellRules) -> CellSet {
    let mut exits = CellSet::empty(rules.shape);
    if let Some(room) = level.exterior().and_then(|r| level.rooms.get(r)) {
        for &c in &room.cells {
            if rules.standable.contains(c) {
                exits.insert(c);
            }
        }
    }
    exits.insert(level.player_start);
    exits
}

/// A route for every coin: a ghost route if there is one, else (in the [`Detail::Full`] analysis) the
/// least-noticed route found. Most routes are short, so the search first looks [`SHORT_STAGES`] turns
/// ahead and only goes on to the whole horizon for the loot it has not found a route to (a route found
/// early is the shortest either way). Coins are searched in parallel; each one's search is independent,
/// so the result does not depend on the threads.
///
/// With a turn loop to play them (`game`), every ghost route is played in the game with the thief on
/// it; where the game notices the thief (or plays a move otherwise), that cell is forbidden at that
/// turn and the coin searched again, for up to [`VERIFY_ROUNDS`] rounds. A route still noticed then is
/// reported as noticed at the turn the game noticed it. The game plays paths, so with a turn loop the
/// whole routes are found whatever the `detail`.
pub(super) fn loot_routes(
    level: &Level,
    hazards: &mut Hazards,
    reach: Reach,
    cancel: &Cancel,
    detail: Detail,
    game: Option<&dyn RouteCheck>,
) -> Vec<Coin> {
    let mut coins: Vec<Coin> = level
        .items
        .iter()
        .enumerate()
        .filter(|(_, item)| item.kind == ItemKind::Coin)
        .map(|(item, it)| Coin {
            item,
            cell: it.cell,
            ghost: false,
            unchased: false,
            found: None,
            no_route: None,
        })
        .collect();
    let exits = exits(level, hazards.rules);
    let plan = Plan {
        start: level.player_start,
        exits: &exits,
        turns: reach.turns,
        words: reach.words,
        detail: if game.is_some() { Detail::Full } else { detail },
    };
    let mut played = vec![false; coins.len()];
    // A coin the thief cannot reach, or leave, even with no guard about has no route at any turn: its
    // search would only run to the horizon (a vault's coins, behind a locked door, need its key).
    let from_start = hazards.rules.reached_from(plan.start);
    let leaves = hazards.rules.reaching(&exits);
    let mut wanted: Vec<bool> = coins
        .iter()
        .map(|c| {
            std::iter::once(c.cell)
                .chain(bump_cells(hazards.rules, c.cell))
                .any(|at| from_start.contains(at) && leaves.contains(at))
        })
        .collect();
    let unreachable: Vec<bool> = wanted.iter().map(|w| !w).collect();
    let skipped = keep_nearest(&coins, &mut wanted, plan.start, reach.searched);
    for round in 0..=VERIFY_ROUNDS {
        plan.search(hazards, &mut coins, &wanted, cancel);
        let Some(game) = game else {
            break;
        };
        wanted.fill(false);
        let slips: Vec<(usize, Option<Slip>)> = coins
            .par_iter()
            .enumerate()
            .filter(|&(i, c)| c.ghost && !played[i] && !cancel.is_cancelled())
            .filter_map(|(i, c)| match &c.found {
                Some(Found::Route(route)) => Some((i, game.verify(route).err())),
                _ => None,
            })
            .collect();
        let mut again = false;
        for (i, slip) in slips {
            let Some(slip) = slip else {
                played[i] = true;
                continue;
            };
            let coin = &mut coins[i];
            coin.ghost = false;
            if round == VERIFY_ROUNDS {
                if let Some(Found::Route(route)) = &mut coin.found {
                    route.watched_steps = 1;
                    route.noticed_turns = vec![slip.turn];
                }
            } else {
                hazards.forbid(slip.turn, slip.cell);
                coin.found = None;
                wanted[i] = true;
                again = true;
            }
        }
        if !again {
            break;
        }
    }
    if let Some(game) = game {
        unchased_routes(&plan, hazards, &mut coins, game, cancel);
    }
    for (i, coin) in coins.iter_mut().enumerate() {
        coin.no_route = coin.found.is_none().then_some(if unreachable[i] {
            NoRoute::Unreachable
        } else if skipped[i] {
            NoRoute::NotSearched
        } else {
            NoRoute::NoneWithin
        });
    }
    coins
}

/// Keeps `wanted` only the `searched` wanted coins nearest `start` (in steps, diagonal or not; the
/// first in item order on a tie) and returns which coins that left out.
fn keep_nearest(coins: &[Coin], wanted: &mut [bool], start: Cell, searched: usize) -> Vec<bool> {
    let mut skipped = vec![false; coins.len()];
    let mut order: Vec<usize> = (0..coins.len()).filter(|&i| wanted[i]).collect();
    if order.len() <= searched {
        return skipped;
    }
    order.sort_by_key(|&i| {
        let c = coins[i].cell;
        ((c.x - start.x).abs().max((c.y - start.y).abs()), i)
    });
    for &i in &order[searched..] {
        wanted[i] = false;
        skipped[i] = true;
    }
    skipped
}

/// Marks the game's own ghosts: every ghost route, and each least-noticed route the game plays without
/// a chase. Where a guard gives chase, the thief's cell at that turn is blocked and the coin searched
/// again, for up to [`CHASE_ROUNDS`] rounds; a route still chased then stays as found, not unchased.
/// A ghost route such a search finds is played strictly first: it stays a ghost only if the game
/// notices nothing on it.
fn unchased_routes(
    plan: &Plan,
    hazards: &mut Hazards,
    coins: &mut [Coin],
    game: &dyn RouteCheck,
    cancel: &Cancel,
) {
    for coin in coins.iter_mut() {
        coin.unchased = coin.ghost;
    }
    let mut settled = vec![false; coins.len()];
    let mut wanted = vec![false; coins.len()];
    for round in 0..=CHASE_ROUNDS {
        wanted.fill(false);
        let plays: Vec<(usize, bool, Result<(), Slip>)> = coins
            .par_iter()
            .enumerate()
            .filter(|&(i, c)| !c.unchased && !settled[i] && !cancel.is_cancelled())
            .filter_map(|(i, c)| match &c.found {
                Some(Found::Route(route)) => {
                    let ghost = c.ghost && game.verify(route).is_ok();
                    let played = if ghost { Ok(()) } else { game.unchased(route) };
                    Some((i, ghost, played))
                }
                _ => None,
            })
            .collect();
        let mut again = false;
        for (i, ghost, played) in plays {
            coins[i].ghost = ghost;
            match played {
                Ok(()) => {
                    coins[i].unchased = true;
                    settled[i] = true;
                }
                Err(_) if round == CHASE_ROUNDS => settled[i] = true,
                Err(slip) => {
                    hazards.block(slip.turn, slip.cell);
                    coins[i].found = None;
                    wanted[i] = true;
                    again = true;
                }
            }
        }
        if !again {
            break;
        }
        plan.search(hazards, coins, &wanted, cancel);
    }
}

/// The searches' common terms.
struct Plan<'a> {
    start: Cell,
    exits: &'a CellSet,
    turns: usize,
    words: usize,
    detail: Detail,
}

impl Plan<'_> {
    /// Every `wanted` coin with nothing found yet searched in stages: ghost routes within growing
    /// horizons, then (in the whole analysis) the least-noticed routes.
    fn search(&self, hazards: &mut Hazards, coins: &mut [Coin], wanted: &[bool], cancel: &Cancel) {
        let open = |i: usize, c: &Coin| wanted[i] && c.found.is_none();
        let mut stages: Vec<(usize, usize)> = SHORT_STAGES
            .iter()
            .map(|&stage| (0, stage.min(self.turns)))
            .chain([(0, self.turns)])
            .collect();
        if self.detail == Detail::Full {
            for budget in FALLBACK_BUDGETS {
                let words_per_turn = (budget + 1) * 2 * self.words;
                stages.push((
                    budget,
                    FALLBACK_HORIZON
                        .min(self.turns)
                        .min(MAX_SET_WORDS / words_per_turn),
                ));
            }
        }
        for (budget, stage_turns) in stages {
            if cancel.is_cancelled() || !coins.iter().enumerate().any(|(i, c)| open(i, c)) {
                break;
            }
            let search = Search {
                rules: hazards.rules,
                hazards: hazards.upto(stage_turns),
                start: self.start,
                exits: self.exits,
            };
            let leg = search.first_leg(budget, stage_turns);
            coins
                .par_iter_mut()
                .enumerate()
                .filter(|(i, c)| open(*i, c) && !cancel.is_cancelled())
                .for_each(|(_, c)| {
                    c.found = match self.detail {
                        Detail::Full => search.route(&leg, c.cell).map(Found::Route),
                        Detail::Summary => search.route_turns(&leg, c.cell).map(Found::Turns),
                    };
                    c.ghost = budget == 0 && c.found.is_some();
                });
        }
    }
}
