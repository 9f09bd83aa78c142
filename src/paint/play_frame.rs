//! What the map shows of a game being play-tested, built once per turn from the game: a module of
//! its own, apart from the drawing (`play`), because the [`Scene`](super::Scene) holds a frame and the
//! drawing reads the scene: kept together, they would tie each other in an import cycle.

use crate::analysis::stealth::CellSet;
use crate::model::{Cell, Dir, Grid};
use crate::play::{GuardMode, Session};

/// How far a guard's view is looked for: the alert cutoff of lit cells (§3.3), `d² < 75`, which is
/// also the farthest any rule set's guard sees.
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
    /// How much light each cell holds, 0 to 1 (graded under the 2025 rules).
    pub light: Grid<f32>,
    /// The cells the thief has seen, when the fog of war is shown.
    pub fog: Option<CellSet>,
    /// The cells whose coins the thief took.
    pub taken: Vec<Cell>,
}

impl PlayFrame {
    /// The frame of `game` now; `fog` darkens the cells the thief has not seen.
    pub fn new(game: &dyn Session, fog: bool) -> Self {
        let now = game.snapshot();
        let level = game.level();
        let guards = now
            .guards
            .into_iter()
            .map(|g| {
                let mut view = Vec::new();
                for dy in -9..=9 {
                    for dx in -9..=9 {
                        let c = g.cell.offset(dx, dy);
                        if dx * dx + dy * dy < VIEW_RADIUS2
                            && level.in_bounds(c)
                            && game.may_stand(c)
                            && game.guard_sees(g.guard, c)
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
                    goal: g.goal,
                    heard: g.heard,
                }
            })
            .collect();
        PlayFrame {
            turn: now.turn,
            thief: now.thief,
            guards,
            lit: now.lit,
            light: now.light,
            fog: fog.then_some(now.seen),
            taken: now.taken,
        }
    }
}
