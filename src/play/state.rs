//! What a game keeps per turn, and the light as the original casts it: the turn loop writes it, the
//! game keeps one per turn played so that a designer can step back.

use crate::analysis::stealth::light::{CARRIED_RADIUS2, TORCH_RADIUS2, cast, torch_light};
use crate::analysis::stealth::patch::Patch;
use crate::analysis::stealth::undisturbed::Guards;
use crate::analysis::stealth::{CellRules, CellSet};
use crate::model::{Cell, Level};

use super::draws::Draws;
use super::mind::Mind;
use super::report::TurnReport;
use super::thief::Thief;

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Ending {
    /// The thief's health reached 0.
    Caught,
    /// The thief stepped off the map.
    LeftLevel,
}

/// Everything that changes from turn to turn: one of these is kept per turn played.
#[derive(Clone, Debug)]
pub struct State {
    /// Turns played (turn 0 is the start).
    pub turn: usize,
    /// The thief.
    pub thief: Thief,
    /// Its health.
    pub health: u8,
    /// The guards' relaxed states and the torches.
    pub guards: Guards,
    /// Each guard's alert state, parallel to `guards.states`.
    pub minds: Vec<Mind>,
    /// The cells the thief has seen (§2.5).
    pub seen: CellSet,
    /// The cells the thief's view has been walked from (its cells and their peeking neighbours).
    pub walked: CellSet,
    /// The light of the burning torches as last cast, and which torches burned then: carriers move
    /// every turn, torches rarely change, so only the carriers are cast again.
    pub torch_lit: (Vec<bool>, CellSet),
    /// Each guard's carried light as last cast (parallel to `guards.states`; `None` for a guard
    /// without a torch or not cast yet): only the carriers that moved since are cast again.
    pub carried_lit: Vec<Option<Patch>>,
    /// The guards' random draws.
    pub draws: Draws,
    /// Why the game ended, if it has.
    pub over: Option<Ending>,
    /// What the last turn did (`None` at the start).
    pub last: Option<TurnReport>,
}

/// In the words the play panel's status and the CLI's errors use.
impl std::fmt::Display for Ending {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Ending::Caught => "the thief was caught",
            Ending::LeftLevel => "the thief left the level",
        })
    }
}

impl State {
    /// `computeLighting` (§2.1), kept as its parts: the burning torches' light (cast again only if
    /// a torch changed since) and every carried torch where its guard stands (cast again only if it
    /// moved). A guard's sight asks whether one cell is lit ([`State::is_lit`]), so the parts are
    /// not joined into one map-wide set every time a carrier steps.
    pub fn recast(&mut self, cells: &CellRules, level: &Level) {
        let burning: Vec<bool> = self.guards.torches.iter().map(|t| t.lit).collect();
        let (was, light) = &mut self.torch_lit;
        if burning != *was {
            let only_lit =
                was.len() == burning.len() && was.iter().zip(&burning).all(|(w, b)| !w || *b);
            if only_lit {
                for (torch, _) in self
                    .guards
                    .torches
                    .iter()
                    .zip(was.iter())
                    .filter(|(t, w)| t.lit && !**w)
                {
                    cast(cells, torch.cell, TORCH_RADIUS2).add_to(light);
                }
            } else {
                let at: Vec<Cell> = self
                    .guards
                    .torches
                    .iter()
                    .filter(|t| t.lit)
                    .map(|t| t.cell)
                    .collect();
                *light = torch_light(cells, &at);
            }
            *was = burning;
        }
        self.carried_lit.resize(self.guards.states.len(), None);
        for (g, carried) in self.guards.states.iter().zip(&mut self.carried_lit) {
            let moved = carried
                .as_ref()
                .is_none_or(|light| light.centre() != g.cell);
            if level.guards[g.guard].carries_torch && moved {
                *carried = Some(cast(cells, g.cell, CARRIED_RADIUS2));
            }
        }
    }

    /// Whether `cell` is lit, by the light as last cast.
    pub fn is_lit(&self, cell: Cell) -> bool {
        let light = &self.torch_lit.1;
        light.shape().contains(cell)
            && (light.contains(cell) || self.carried_lit.iter().flatten().any(|c| c.contains(cell)))
    }

    /// Every lit cell, by the light as last cast.
    pub fn lit(&self) -> CellSet {
        let mut lit = self.torch_lit.1.clone();
        for light in self.carried_lit.iter().flatten() {
            light.add_to(&mut lit);
        }
        lit
    }
}
