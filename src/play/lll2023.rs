//! The 7DRL 2023 game as a rule set: its declaration ([`Lll2023`]) and its game ([`Game`] under
//! [`Rules2023`]) seen as a [`Session`]. The stealth analysis models these rules.

use crate::analysis::stealth::{self, Cancel, Stealth, Summary};
use crate::model::{Cell, Grid, Level};

use super::game::{Game, Refusal};
use super::moves::Move;
use super::report::TurnReport;
use super::rules::Rules2023;
use super::senses::{Watcher, sees};
use super::session::{GuardView, RuleSet, Session, Snapshot};
use super::state::Ending;

/// The rules of Lurk Leap Loot as of the 7DRL 2023 version (commit 7d3f921).
pub struct Lll2023;

impl RuleSet for Lll2023 {
    fn id(&self) -> &'static str {
        "2023"
    }
    fn label(&self) -> &'static str {
        "Lurk Leap Loot 2023"
    }
    fn about(&self) -> &'static str {
        "The 7DRL 2023 game (commit 7d3f921): the thief moves, then each guard senses and acts in \
         list order; relaxed guards see 40 lit and 3 dark, any guard relights a torch"
    }
    fn generators(&self) -> &'static [&'static str] {
        &[]
    }
    fn analysed(&self) -> bool {
        true
    }
    /// The simplifications of `analysis::stealth`'s closed-form model.
    fn analysis_model(&self) -> &'static str {
        "Model: guards never react, and relight torches as in the game; routes count carried light at \
         the carrier's last two cells and a torch relit in a turn as lit all that turn; water is open \
         floor; routes searched within a horizon and end outside (the game also needs the whole map \
         seen); guards that block one another are followed for 4,096 turns past the settle turn. \
         Watched shares are approximate on cells only another carrier's light shows when the guards' \
         joint cycle passes 20,000 turns (sampled over 4,096 turns or more) and on a few very crowded \
         cells (guards taken as independent)."
    }
    /// The closed-form patrols of the analysis are the 2023 guards' (`stealth-rules.md` §7).
    fn analyse(&self, level: &Level, horizon: usize, cancel: &Cancel) -> Option<Stealth> {
        stealth::analyze_unless_cancelled(level, horizon, cancel)
    }
    fn summarize(&self, level: &Level) -> Option<Summary> {
        Some(stealth::summarize(level))
    }
    fn start(&self, level: Level, seed: u32, cell: Cell, turn: usize) -> Box<dyn Session> {
        Box::new(Game::from(level, seed, cell, turn))
    }
}

impl Session for Game<Rules2023> {
    fn rules(&self) -> &'static dyn RuleSet {
        &Lll2023
    }
    fn level(&self) -> &Level {
        Game::level(self)
    }
    fn seed(&self) -> u32 {
        Game::seed(self)
    }
    fn start(&self) -> (Cell, usize) {
        Game::start(self)
    }
    fn moves(&self) -> &[Move] {
        Game::moves(self)
    }
    fn play(&mut self, mv: Move) -> Result<TurnReport, Refusal> {
        Game::play(self, mv)
    }
    fn step_back(&mut self) -> bool {
        Game::step_back(self)
    }
    fn restart(&mut self) {
        Game::restart(self);
    }
    fn snapshot(&self) -> Snapshot {
        let state = self.state();
        let shape = self.level().shape();
        let guards = self
            .guards()
            .into_iter()
            .zip(&state.minds)
            .map(|(g, mind)| GuardView {
                guard: g.guard,
                cell: g.cell,
                facing: g.facing,
                mode: g.mode,
                goal: mind.alert.map(|a| a.goal),
                heard: mind.heard_thief || mind.hearing_guard.is_some(),
            })
            .collect();
        let lit = state.lit();
        Snapshot {
            turn: state.turn,
            thief: state.thief.cell,
            health: state.health,
            loot: state.thief.loot.len(),
            taken: state.thief.loot.clone(),
            guards,
            light: Grid::from_values(
                shape,
                (0..shape.len())
                    .map(|i| f32::from(u8::from(lit.contains(shape.cell(i)))))
                    .collect(),
            )
            .unwrap_or_else(|| Grid::new(shape, 0.0)),
            lit,
            seen: state.seen.clone(),
            fully_mapped: self.fully_mapped(),
            over: state.over,
        }
    }
    fn turn(&self) -> usize {
        self.state().turn
    }
    fn over(&self) -> Option<Ending> {
        self.state().over
    }
    fn thief(&self) -> Cell {
        self.state().thief.cell
    }
    fn has_taken(&self, cell: Cell) -> bool {
        self.state().thief.loot.contains(&cell)
    }
    fn has_seen(&self, cell: Cell) -> bool {
        self.state().seen.contains(cell)
    }
    fn seen_count(&self) -> usize {
        self.state().seen.len()
    }
    fn fully_mapped(&self) -> bool {
        Game::fully_mapped(self)
    }
    fn last(&self) -> Option<&TurnReport> {
        self.state().last.as_ref()
    }
    fn guard_sees(&self, guard: usize, cell: Cell) -> bool {
        let state = self.state();
        // One guard looked up, not every guard's report built: a simulated thief asks this many times
        // a turn.
        let Some((g, mind)) = state
            .guards
            .states
            .iter()
            .zip(&state.minds)
            .find(|(g, _)| g.guard == guard)
        else {
            return false;
        };
        let watcher = Watcher {
            cell: g.cell,
            facing: g.facing,
            alert: !mind.mode(g.mode).relaxed(),
        };
        sees(
            self.rules(),
            self.cells(),
            state.is_lit(cell),
            watcher,
            cell,
            false,
        )
    }
    fn may_stand(&self, cell: Cell) -> bool {
        self.cells().standable.contains(cell)
    }
    fn boxed_clone(&self) -> Box<dyn Session> {
        Box::new(self.clone())
    }
    fn reseeded(&self, seed: u32) -> Box<dyn Session> {
        Box::new(Game::reseeded(self, seed))
    }
}
