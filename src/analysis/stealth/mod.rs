//! How a mansion plays (`stealth-rules.md`): light, what every guard sees as it walks, how much of the
//! patrol cycle each cell is watched, where the thief hides, and whether each piece of loot can be stolen
//! unseen (a *ghost route*), by the 2023 game's own rules.
//!
//! The model is the spec's *strict ghost* (§6): no guard ever notices the thief, so guards never react.
//! They walk their routes and relight the unlit torches they spot (§3.8, §4.5), replayed turn by turn
//! ([`relit`], §7 Step 0): each guard's timeline is a lead-in and a lap that repeats, checked in the
//! replay. Torch light changes at each relight ([`relit::TorchEpochs`]); there are two lit maps, as
//! generated and settled (§7 (a)). Simplifications, said wherever results are shown:
//! - in the route search, carried light at turn `t` is taken at the carrier's cells of turns `t − 1` and
//!   `t`, and a torch relit during turn `t` burns for the whole turn (the spec's conservative union; it
//!   can only over-report sightings); the watched shares use each guard's exact light instead;
//! - water is treated as ordinary exposed floor (no submerged hiding), and the thief never toggles a
//!   torch;
//! - routes are searched within a bounded horizon ([`DEFAULT_HORIZON`] turns): "none" means none within
//!   it, and "back out" means reaching the outside (or the start cell), not leaving the level (the game
//!   also needs the whole map seen).

mod cancel;
pub mod cells;
pub mod earshot;
pub mod frames;
pub mod ghost;
mod heat;
mod laps;
pub mod light;
mod loot;
mod moves;
pub mod patch;
pub mod relit;
mod route_views;
mod share;
pub mod sight;
pub mod timeline;
pub mod undisturbed;
mod view;
pub mod watch;
mod world;

use serde::{Deserialize, Serialize};

pub use cancel::Cancel;
pub use cells::{CellRules, CellSet, ThiefMoves};
pub use frames::{Frame, RouteCheck, Slip, TurnLoop};
pub use ghost::{Bump, Route};
pub use timeline::GuardTimeline;

use route_views::RouteViews;

use crate::model::{Cell, Dir, Grid, ItemKind, Level};
use frames::Frames;
use heat::watched_shares;
pub use loot::NoRoute;
use loot::{Coin, Detail, Found, Hazards, MAX_SET_WORDS, Source, loot_routes};
use undisturbed::Relight;
use watch::Watch;
use world::World;

/// Turns searched for a route: covers the longest measured relighting transient plus several periods of
/// any level-9 guard, and any sensible route (§7 (c)).
pub const DEFAULT_HORIZON: usize = 1000;
/// Guard-turn word operations per analysis; many guards on a huge map shorten the horizon too.
const MAX_GUARD_WORK: usize = 200 << 20;
/// Set-word operations of the route search (about 32 per word per turn and loot item).
const MAX_SEARCH_WORK: usize = (1 << 26) / 32;
/// The horizon below which the search no longer shortens the horizon to cover every loot item, but
/// searches the loot nearest the start within this many turns (or the level's horizon, if shorter).
const MIN_SEARCH_TURNS: usize = 256;
/// The search work allowed when only the loot nearest the start is searched: enough for a few dozen
/// items on the largest map.
const MAX_NEAREST_WORK: usize = 16 * MAX_SEARCH_WORK;
/// Guard periods longer than this (only hostile files have them) are sampled over this many turns.
const MAX_PERIOD: usize = 20_000;

/// The per-level figures of the analysis, as `analyze` and `stats --stealth` print them.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    /// Share of the cells the thief can stand on that the torches light as generated (placed lit).
    pub lit_floor_share: f64,
    /// The same share in the settled light: placed lit torches and every torch guards relit.
    #[serde(default)]
    pub lit_floor_share_settled: f64,
    /// Mean, over those cells, of the share of the joint patrol cycle in which the cell is watched.
    pub watched_share: f64,
    /// Share of those cells no guard ever watches.
    pub never_watched_share: f64,
    /// Cells that hide the thief (a table or a bush).
    pub hiding_cells: usize,
    /// Loot items (coins).
    pub loot: usize,
    /// Loot items with a ghost route.
    pub loot_ghost: usize,
    /// Loot items with a route no guard gives chase on: the game's own ghost (a strict ghost route
    /// or a least-noticed one the rules' game played without a chase).
    #[serde(default)]
    pub loot_unchased: usize,
    /// Turns of all ghost routes together.
    pub ghost_route_turns: usize,
}

/// Which of the two lit maps of §7 (a) to show.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum LitMap {
    /// The torches as generated: the ones placed lit (turn 0).
    #[default]
    AsGenerated,
    /// After the relighting transient: every torch guards relit is lit too.
    Settled,
}

impl LitMap {
    /// The name used by the CLI and the JSON: `as-generated` or `settled`.
    pub fn name(self) -> &'static str {
        match self {
            LitMap::AsGenerated => "as-generated",
            LitMap::Settled => "settled",
        }
    }
}

/// The route found for one loot item.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LootRoute {
    /// Index into `Level::items`.
    pub item: usize,
    /// The coin's cell.
    pub cell: Cell,
    /// A route never seen exists (and is `route`).
    pub ghost: bool,
    /// `route` is the game's own ghost: played in the game, no guard gives chase (a guard may look
    /// or listen). True of every ghost route; of a least-noticed one only where the rules' game
    /// played it so (the analysis of rules without a game to play routes in says false).
    pub unchased: bool,
    /// The ghost route, else the route in which guards notice the thief in the fewest turns (seen, or
    /// a creak heard), else `None`.
    pub route: Option<Route>,
    /// Why there is no route, when `route` is `None`.
    pub no_route: Option<NoRoute>,
}

impl LootRoute {
    /// The route's length in turns (moves and waits, out and back), `None` when no route was found.
    pub fn turns(&self) -> Option<usize> {
        self.route.as_ref().map(|r| r.path.len().saturating_sub(1))
    }
}

/// What one guard does at one turn: where it stands, where it faces and what it watches.
#[derive(Clone, Debug)]
pub struct GuardView {
    /// Index into `Level::guards`.
    pub guard: usize,
    /// The guard's cell after the turn's moves.
    pub cell: Cell,
    /// Where it faces at the turn's sight test: toward its last step, or out of a window it stands by.
    pub facing: Dir,
    /// The cells it would notice the thief in this turn: in front, with a clear line, `d² < 40` if lit
    /// or `d² < 3` if dark, and not a hiding place (stealth rules §3.3).
    pub watched: CellSet,
}

/// The whole stealth analysis of a level.
#[derive(Clone, Debug)]
pub struct Stealth {
    /// Turns searched (the horizon, shortened on huge levels).
    pub horizon: usize,
    /// What each cell is to the rules (walls, sight blockers, hiding places, where the thief may stand).
    pub rules: CellRules,
    /// Every guard's cell and facing turn by turn, in `Level::guards` order: the replay with
    /// relighting, as a lead-in and a lap.
    pub timelines: Vec<GuardTimeline>,
    /// The torches guards relit in the replay, in the order they were lit.
    pub relit: Vec<Relight>,
    /// A turn from which every guard walks its lap and no torch changes: the watched shares are of
    /// the cycle from then on.
    pub settle: usize,
    world: World,
    /// Per cell the thief can stand on, the share of the joint patrol cycle in which it is watched
    /// (0 = never); 0 on every other cell.
    pub watched_share: Grid<f32>,
    /// One route per coin, in `Level::items` order.
    pub routes: Vec<LootRoute>,
    /// The per-level figures `analyze` prints, computed from the fields above.
    pub summary: Summary,
}

impl Stealth {
    /// Cells lit by the torches placed lit: the lit map as generated (turn 0). Same as
    /// [`Stealth::torch_lit_as_generated`].
    pub fn torch_lit(&self) -> &CellSet {
        self.torch_lit_as_generated()
    }

    /// The lit map as generated: the torches placed lit, at turn 0 (§7 (a)).
    pub fn torch_lit_as_generated(&self) -> &CellSet {
        self.world.fixed_lit(false)
    }

    /// The settled lit map: the torches placed lit and every torch the guards relit in the replay,
    /// as they burn after the relighting transient (§7 (a)).
    pub fn torch_lit_settled(&self) -> &CellSet {
        self.world.fixed_lit(true)
    }

    /// One of the two lit maps.
    pub fn torch_lit_of(&self, light: LitMap) -> &CellSet {
        match light {
            LitMap::AsGenerated => self.torch_lit_as_generated(),
            LitMap::Settled => self.torch_lit_settled(),
        }
    }

    /// Lit cells at turn `t`, carried torches included.
    pub fn lit_at(&self, t: usize) -> CellSet {
        self.world.lit_at(&self.timelines, t)
    }

    /// Every guard at turn `t`: cell, facing at its sight test, and the cells it watches.
    pub fn view_at(&self, t: usize) -> Vec<GuardView> {
        let lit = self.lit_at(t);
        self.timelines
            .iter()
            .enumerate()
            .map(|(g, tl)| {
                let (cell, facing) = tl.at(t);
                GuardView {
                    guard: tl.guard,
                    cell,
                    facing,
                    watched: self.world.watched_by(&self.timelines, g, t, &lit),
                }
            })
            .collect()
    }

    /// The longest guard period: one turn of the slowest patrol's cycle.
    pub fn longest_period(&self) -> usize {
        self.timelines.iter().map(|t| t.period).max().unwrap_or(1)
    }
}

/// Runs the analysis with the default horizon: what `mansion-forge analyze` prints and what the editor's
/// sight and route overlays draw.
///
/// Every coin gets a [`LootRoute`]: a ghost route when one exists within the horizon, else the route
/// guards notice in the fewest turns. A route starts at the player start and passes the coin.
///
/// ```
/// use mansion_forge::analysis::stealth;
/// use mansion_forge::generate::campaign;
/// use mansion_forge::model::ItemKind;
///
/// // Level 1 of game 1: a small siheyuan mansion with a few coins and guards.
/// let level = campaign::plan(1).generate(1).expect("the siheyuan generates every level");
/// let analysis = stealth::analyze(&level);
///
/// let coins = level.count_items(ItemKind::Coin);
/// assert!(coins > 0);
/// assert_eq!(analysis.routes.len(), coins);
/// assert_eq!(analysis.summary.loot, coins);
/// for loot in &analysis.routes {
///     let route = loot.route.as_ref().expect("every coin of a generated level is reachable");
///     assert_eq!(route.path[0], level.player_start);
///     assert!(route.path.contains(&loot.cell));
///     // A ghost route is one no guard notices.
///     assert_eq!(loot.ghost, route.watched_steps == 0);
/// }
/// // Shares are of the cells the thief can stand on.
/// assert!((0.0..=1.0).contains(&analysis.summary.watched_share));
/// ```
pub fn analyze(level: &Level) -> Stealth {
    analyze_within(level, DEFAULT_HORIZON)
}

/// Runs the analysis, searching routes within `horizon` turns.
pub fn analyze_within(level: &Level, horizon: usize) -> Stealth {
    analyze_unless_cancelled(level, horizon, &Cancel::new())
        .unwrap_or_else(|| unreachable!("nobody else holds this cancel"))
}

/// Runs the analysis unless `cancel` is set meanwhile: then it stops at its next step and gives `None`.
pub fn analyze_unless_cancelled(level: &Level, horizon: usize, cancel: &Cancel) -> Option<Stealth> {
    let parts = analyze_parts(level, horizon, cancel, Detail::Full)?;
    Some(parts.into_stealth())
}

/// Runs the analysis on a turn loop's own frames ([`TurnLoop`]), for rules whose guards the
/// closed-form replay does not model, within `horizon` turns; `None` when `cancel` is set meanwhile.
/// `rules` are the cells as those rules have them. Every ghost route reported is one the rules' game
/// played unnoticed (`check`).
pub fn analyze_turn_loop(
    level: &Level,
    rules: CellRules,
    (game, check): (&mut dyn TurnLoop, &dyn RouteCheck),
    horizon: usize,
    cancel: &Cancel,
) -> Option<Stealth> {
    turn_loop_parts(level, rules, (game, check), horizon, cancel).map(Parts::into_stealth)
}

impl Parts {
    fn into_stealth(self) -> Stealth {
        let parts = self;
        let routes: Vec<LootRoute> = parts
            .coins
            .into_iter()
            .map(|coin| LootRoute {
                item: coin.item,
                cell: coin.cell,
                ghost: coin.ghost,
                unchased: coin.unchased,
                route: match coin.found {
                    Some(Found::Route(route)) => Some(route),
                    Some(Found::Turns(_)) | None => None,
                },
                no_route: coin.no_route,
            })
            .collect();
        Stealth {
            horizon: parts.horizon,
            rules: parts.rules,
            timelines: parts.timelines,
            relit: parts.relit,
            settle: parts.settle,
            world: parts.world,
            watched_share: parts.watched_share,
            routes,
            summary: parts.summary,
        }
    }
}

/// The analysis's [`Summary`] alone, with the default horizon: what `stats --stealth` and `search`
/// print for each mansion, equal to `analyze(level).summary`.
///
/// The summary counts ghost routes and their turns only, so this skips what only the whole analysis
/// shows: the least-noticed routes of the coins with no ghost route, and every route's path (the search
/// that finds a route also gives its length).
pub fn summarize(level: &Level) -> Summary {
    analyze_parts(level, DEFAULT_HORIZON, &Cancel::new(), Detail::Summary)
        .unwrap_or_else(|| unreachable!("nobody else holds this cancel"))
        .summary
}

/// The analysis's results before they are put together for [`analyze`] or [`summarize`].
struct Parts {
    horizon: usize,
    rules: CellRules,
    timelines: Vec<GuardTimeline>,
    relit: Vec<Relight>,
    settle: usize,
    world: World,
    watched_share: Grid<f32>,
    coins: Vec<Coin>,
    summary: Summary,
}

/// The analysis to the given detail; `None` when `cancel` is set meanwhile.
fn analyze_parts(level: &Level, horizon: usize, cancel: &Cancel, detail: Detail) -> Option<Parts> {
    let rules = CellRules::new(level);
    let reach = search_reach(level, horizon);
    // The replay is one turn after another; the route cells' sight and light are made meanwhile.
    let (
        relit::RelitTimelines {
            timelines,
            relit,
            settle,
        },
        views,
    ) = rayon::join(
        || relit::relit_timelines(level, &rules, MAX_PERIOD),
        || RouteViews::new(level, &rules),
    );
    let epochs = relit::TorchEpochs::new(&rules, &relit);
    let watch = Watch::new(&rules, &views, &timelines, epochs);
    // The watched shares and the routes need only the guards' watch: both halves run at once.
    let (shares, coins) = rayon::join(
        || watched_shares(&watch, &timelines, settle, &rules.standable, cancel),
        || {
            let ears = earshot::Earshot::new(&rules);
            let source = Source::Patrols {
                timelines: &timelines,
                watch: &watch,
                ears,
            };
            let mut hazards = Hazards::new(&rules, source);
            loot_routes(level, &mut hazards, reach, cancel, detail, None)
        },
    );
    let shares = shares.filter(|_| !cancel.is_cancelled())?;
    let world = World::Patrols(watch);
    Some(Parts::new(
        level,
        (rules, world),
        (timelines, relit, settle),
        shares,
        coins,
        reach.turns,
    ))
}

/// How far the route search reaches within `horizon`: the turns it looks ahead (fewer on huge levels),
/// the words of one cell set, and how many loot items it searches. The horizon is shortened so that
/// every item is searched, down to [`MIN_SEARCH_TURNS`]; past that (tens of thousands of items on a
/// big map) only the items nearest the start are, and each of the rest is said to be not searched.
fn search_reach(level: &Level, horizon: usize) -> loot::Reach {
    let words = (level.width.max(1) as usize).div_ceil(64) * level.height.max(1) as usize;
    let coins = level.count_items(ItemKind::Coin);
    let affordable = horizon
        .min(MAX_SET_WORDS / (4 * words))
        .min(MAX_GUARD_WORK / ((level.guards.len() + 1) * words))
        .max(1);
    let every_coin = affordable.min(MAX_SEARCH_WORK / ((coins + 2) * words));
    let turns = every_coin.max(affordable.min(MIN_SEARCH_TURNS)).max(1);
    let searched = if (coins + 2).saturating_mul(words * turns) <= MAX_NEAREST_WORK {
        coins
    } else {
        (MAX_NEAREST_WORK / (words * turns))
            .saturating_sub(2)
            .max(1)
    };
    loot::Reach {
        turns,
        words,
        searched,
    }
}

/// The analysis on a turn loop's frames: the frames the search needs (and the settled turns the
/// shares need), the routes checked in the game, the shares counted over the settled frames.
fn turn_loop_parts(
    level: &Level,
    rules: CellRules,
    (game, check): (&mut dyn TurnLoop, &dyn RouteCheck),
    horizon: usize,
    cancel: &Cancel,
) -> Option<Parts> {
    let reach = search_reach(level, horizon);
    let mut frames = Frames::new();
    let coins = {
        let mut hazards = Hazards::new(&rules, Source::Frames(&mut frames, &mut *game));
        loot_routes(
            level,
            &mut hazards,
            reach,
            cancel,
            Detail::Full,
            Some(check),
        )
    };
    if cancel.is_cancelled() {
        return None;
    }
    frames.finish(game);
    let timelines = frames.timelines(&game.carries_torch());
    let relit = frames.relit(|c| {
        level.items.iter().position(|it| {
            it.cell == c && matches!(it.kind, ItemKind::TorchLit | ItemKind::TorchUnlit)
        })
    });
    let settle = frames.settle;
    let shares = frames.watched_shares(&rules);
    let world = World::Frames(frames);
    Some(Parts::new(
        level,
        (rules, world),
        (timelines, relit, settle),
        shares,
        coins,
        reach.turns,
    ))
}

impl Parts {
    /// The parts, their shares on the map and the summary made of them.
    fn new(
        level: &Level,
        (rules, world): (CellRules, World),
        (timelines, relit, settle): (Vec<GuardTimeline>, Vec<Relight>, usize),
        shares: Vec<f32>,
        coins: Vec<Coin>,
        horizon: usize,
    ) -> Parts {
        let watched_share = Grid::from_values(level.shape(), shares)
            .unwrap_or_else(|| Grid::new(level.shape(), 0.0));
        let summary = summary_of(&rules, &world, &watched_share, &coins);
        Parts {
            horizon,
            rules,
            timelines,
            relit,
            settle,
            world,
            watched_share,
            coins,
            summary,
        }
    }
}

fn summary_of(rules: &CellRules, world: &World, shares: &Grid<f32>, coins: &[Coin]) -> Summary {
    let floor: Vec<Cell> = rules.standable.cells().collect();
    let n = floor.len().max(1) as f64;
    let share = |c: Cell| f64::from(shares.at(c));
    let mut hiding = rules.hides.clone();
    hiding.intersect_with(&rules.standable);
    let ghosts: Vec<&Coin> = coins.iter().filter(|c| c.ghost).collect();
    let lit_share = |lit: &CellSet| floor.iter().filter(|c| lit.contains(**c)).count() as f64 / n;
    Summary {
        lit_floor_share: lit_share(world.fixed_lit(false)),
        lit_floor_share_settled: lit_share(world.fixed_lit(true)),
        watched_share: floor.iter().fold(0.0, |sum, &c| sum + share(c)) / n,
        never_watched_share: floor.iter().filter(|&&c| share(c) == 0.0).count() as f64 / n,
        hiding_cells: hiding.len(),
        loot: coins.len(),
        loot_ghost: ghosts.len(),
        loot_unchased: coins.iter().filter(|c| c.unchased).count(),
        ghost_route_turns: ghosts
            .iter()
            .filter_map(|c| c.found.as_ref().and_then(Found::turns))
            .sum(),
    }
}
