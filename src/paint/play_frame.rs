//! What the map shows of a game being play-tested, built once per turn from the game: a module of
//! its own, apart from the drawing (`play`), because the [`Scene`](super::Scene) holds a frame and the
//! drawing reads the scene: kept together, they would tie each other in an import cycle.

use crate::analysis::stealth::CellSet;
use crate::model::{Cell, Dir};
use crate::play::{Game, GuardMode, Rules, Watcher, sees};

/// How far a guard's view is looked for: the alert cutoff of lit cells (§3.3), `d² < 75`.
const VIEW_RADIUS2: i32 = 75;

/// One guard of the game, as drawn.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayGuard {
    /// Index into `Level::guards`.
    pub guard: usize,
    /// Where it stands.
    pub cell: Cell,
    /// Which way it faces.
    pub facing: Dir,
    /// Its mode.
    pub mode: GuardMode,
    /// The cells it would see the thief on now (not hidden), by the game's light.
    pub view: Vec<Cell>,
    /// Where an alert guard is going or what it faces.
    pub goal: Option<Cell>,
    /// It heard the thief's creak or a shout this turn.
    pub heard: bool,
}

/// What the map shows of a game at its current turn.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayFrame {
    /// The turn shown.
    pub turn: usize,
    /// Where the thief stands.
    pub thief: Cell,
    /// Every guard of the game.
    pub guards: Vec<PlayGuard>,
    /// The cells lit this turn.
    pub lit: CellSet,
    /// The cells the thief has seen, when the fog of war is shown.
    pub fog: Option<CellSet>,
    /// The cells whose coins the thief took.
    pub taken: Vec<Cell>,
}

impl PlayFrame {
    /// The frame of `game` now; `fog` darkens the cells the thief has not seen.
    pub fn new<R: Rules>(game: &Game<R>, fog: bool) -> Self {
        let state = game.state();
        let cells = game.cells();
        let guards = game
            .guards()
            .into_iter()
            .zip(&state.minds)
            .map(|(g, mind)| {
                let watcher = Watcher {
                    cell: g.cell,
                    facing: g.facing,
                    alert: !g.mode.relaxed(),
                };
                let mut view = Vec::new();
                for dy in -9..=9 {
                    for dx in -9..=9 {
                        let c = g.cell.offset(dx, dy);
                        if dx * dx + dy * dy < VIEW_RADIUS2
                            && cells.standable.contains(c)
                            && sees(game.rules(), cells, &state.lit, watcher, c, false)
                        {
                            view.push(c);
                        }
                    }
                }
                PlayGuard {
                    guard: g.guard,
                    cell: g.cell,
                    facing: g.facing,
                    mode: g.mode,
                    view,
                    goal: mind.alert.map(|a| a.goal),
                    heard: mind.heard_thief || mind.hearing_guard.is_some(),
                }
            })
            .collect();
        PlayFrame {
            turn: state.turn,
            thief: state.thief.cell,
            guards,
            lit: state.lit.clone(),
            fog: fog.then(|| state.seen.clone()),
            taken: state.thief.loot.clone(),
        }
    }
}
