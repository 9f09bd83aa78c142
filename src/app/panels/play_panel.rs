//! The Play panel: play-testing the level inside the editor. A game of the game's own turn loop
//! ([`crate::play::Session`], under the level's rules or the ones the designer chose) on a copy of the
//! document's level: the keyboard moves the thief, the guards act by the rules each turn, and the map
//! shows the game (its guards, their modes and views, the light, the fog of war) instead of the
//! document's guards. The panel shows the rules, the turn, health, loot and the event log in words; a
//! route of the stealth analysis can be played turn by turn.
//!
//! Nothing here changes the document: a game is the panel's own state, and a change of the document
//! (an edit, a regeneration, another file) ends it (see [`PlayPanel::follow`]).

use std::collections::VecDeque;
use std::path::Path;

use egui::Ui;

use crate::analysis::stealth::Cancel;
use crate::app::commands::command::Command;
use crate::app::panel::Panel;
use crate::app::panels::describe;
use crate::app::panels::play_help::{moves_help, rules_choice};
use crate::app::panels::play_words::{ending_text, event_text};
use crate::app::panels::widgets::command_button;
use crate::app::state::{EditorState, MessageKind};
use crate::io::playthrough::{self, PlayThrough};
use crate::model::{Cell, ItemKind, Level};
use crate::paint::PlayFrame;
use crate::play::{Move, Refusal, RuleSet, Session, TurnReport, advice, route_moves, rule_sets};
use crate::playtest::{self, BotSpec, Course, DEFAULT_MAX_TURNS};

/// The turns the event log keeps: a long game (a route auto-played, a play-through opened) holds the
/// last of them, not every turn.
pub const LOG_TURNS: usize = 10_000;
/// The event lines the panel draws, newest first: a frame draws these, however long the game.
const LOG_LINES: usize = 300;

/// Turns per second a route plays by itself.
pub const AUTO_SPEED: f32 = 4.0;

/// A route of the analysis being played: its moves and how far along it is.
#[derive(Clone, Debug)]
struct Playback {
    /// What is played, in words: the route to a loot, a bot's run.
    what: String,
    /// Every move of the route.
    moves: Vec<Move>,
    /// The next move to play.
    next: usize,
    /// Whether it plays by itself.
    auto: bool,
    /// The part of a turn waited since the last automatic move.
    progress: f32,
}

/// The figures the panel prints of the game now, taken once per turn.
#[derive(Clone, Debug)]
struct Status {
    turn: usize,
    health: u8,
    loot: usize,
    fully_mapped: bool,
    over: Option<crate::play::Ending>,
    /// The moves that would be played from here.
    open: Vec<Move>,
}

/// The Play panel's state: the game under way, if any, and its settings.
#[derive(Clone, Debug, Default)]
pub struct PlayPanel {
    /// The game being played.
    game: Option<Box<dyn Session>>,
    /// The last [`LOG_TURNS`] turns played, in order (taken back with the game's turns).
    log: VecDeque<TurnReport>,
    /// The route being played.
    playback: Option<Playback>,
    /// What the map shows of the game now.
    frame: Option<PlayFrame>,
    /// What the panel prints of the game now.
    status: Option<Status>,
    /// The seed of the guards' draws.
    pub seed: u32,
    /// The id of the rules chosen for the next game; `None`: the level's own.
    pub rules: Option<&'static str>,
    /// Whether the cells the thief has not seen are darkened.
    pub fog: bool,
    /// The last map cell the pointer was on, for "Play from here" from a menu.
    pub last_cell: Option<Cell>,
    /// A note for the status bar, left by [`Self::follow`].
    note: Option<String>,
}

impl PlayPanel {
    /// Whether a game is under way.
    pub fn playing(&self) -> bool {
        self.game.is_some()
    }

    /// The game under way.
    pub fn game(&self) -> Option<&dyn Session> {
        self.game.as_deref()
    }

    /// The rules a new game on `level` is played by: the chosen ones, else the level's own.
    pub fn rules_for(&self, level: &crate::model::Level) -> &'static dyn RuleSet {
        rule_sets::chosen(self.rules, level).unwrap_or_else(|_| rule_sets::of_level(level))
    }

    /// The turns played so far, oldest first: the last `LOG_TURNS` of them.
    pub fn log(&self) -> &VecDeque<TurnReport> {
        &self.log
    }

    /// Adds a turn to the log, forgetting the oldest past [`LOG_TURNS`].
    fn logged(&mut self, report: TurnReport) {
        if self.log.len() == LOG_TURNS {
            self.log.pop_front();
        }
        self.log.push_back(report);
    }

    /// What the map draws of the game now.
    pub fn frame(&self) -> Option<&PlayFrame> {
        self.frame.as_ref().filter(|_| self.playing())
    }

    /// Whether a route plays by itself now.
    pub fn auto_playing(&self) -> bool {
        self.playing() && self.playback.as_ref().is_some_and(|p| p.auto)
    }

    /// Starts a game on the document's level with the thief on `cell` after `turn` undisturbed turns.
    pub fn start(&mut self, state: &mut EditorState, cell: Cell, turn: usize) -> bool {
        let level = state.level();
        if !level.in_bounds(cell) {
            state.say(
                MessageKind::Warning,
                "Point at a cell of the map to play from it",
            );
            return false;
        }
        let rules = self.rules_for(level);
        let game = rules.start(level.clone(), self.seed, cell, turn);
        if !game.may_stand(cell) {
            state.say(
                MessageKind::Warning,
                format!(
                    "The thief cannot stand on ({}, {}): choose a floor cell",
                    cell.x, cell.y
                ),
            );
            return false;
        }
        self.begin(game);
        state.say(
            MessageKind::Info,
            format!(
                "Playing from ({}, {}) at turn {turn} by the {} rules: arrows or WASD step, Shift \
                 leaps, Space waits, Backspace takes back, F8 stops",
                cell.x,
                cell.y,
                rules.id()
            ),
        );
        true
    }

    fn begin(&mut self, game: Box<dyn Session>) {
        self.game = Some(game);
        self.log.clear();
        self.playback = None;
        self.refresh();
    }

    /// Plays the analysis's route to the chosen loot, or the first ghost route when none is chosen.
    pub fn play_route(&mut self, state: &mut EditorState) {
        let Some(stealth) = state.analysis.map.stealth.as_ref() else {
            state.say(
                MessageKind::Warning,
                "The stealth analysis is still running",
            );
            return;
        };
        let chosen = state.shown_loot();
        let found = match chosen {
            Some(item) => stealth.routes.iter().find(|r| r.item == item),
            None => stealth.routes.iter().find(|r| r.ghost),
        };
        let Some(loot) = found else {
            state.say(
                MessageKind::Warning,
                "No route to play: choose a loot with a ghost route in the inspector",
            );
            return;
        };
        let Some((route, moves)) = loot.route.as_ref().and_then(|r| Some((r, route_moves(r)?)))
        else {
            state.say(
                MessageKind::Warning,
                format!(
                    "The analysis found no route to {}",
                    describe::loot_name(state.level(), loot.item)
                ),
            );
            return;
        };
        let (item, ghost) = (loot.item, loot.ghost);
        let Some(&from) = route.path.first() else {
            return;
        };
        let game = self
            .rules_for(state.level())
            .start(state.level().clone(), self.seed, from, 0);
        self.begin(game);
        self.playback = Some(Playback {
            what: format!("Route to {}", describe::loot_name(state.level(), item)),
            moves,
            next: 0,
            auto: true,
            progress: 0.0,
        });
        let kind = if ghost {
            "ghost route"
        } else {
            "least-seen route"
        };
        state.say(
            MessageKind::Info,
            format!(
                "Playing the {kind} to {}: Next turn steps, Auto-play pauses",
                describe::loot_name(state.level(), item)
            ),
        );
    }

    /// Replays the run `seed` of the simulated thief `spec` (`crate::playtest`) under `rules`, from its
    /// start, turn by turn and by itself: the bot's game is played first, then its moves are played
    /// again here, so the panel shows the same game.
    pub fn replay_bot(
        &mut self,
        state: &mut EditorState,
        rules: &'static dyn RuleSet,
        spec: BotSpec,
        seed: u32,
    ) {
        let course = Course::new(state.level().clone(), rules);
        let played = playtest::run(&course, &spec, seed, DEFAULT_MAX_TURNS, &Cancel::new());
        let Some((bot_game, result)) = played else {
            state.say(
                MessageKind::Warning,
                format!("{spec} has no run to replay here: the analysis found no route"),
            );
            return;
        };
        self.seed = seed;
        self.begin(course.game(seed));
        let ending = if result.caught {
            "caught"
        } else if result.left {
            "left the level"
        } else {
            "stopped"
        };
        self.playback = Some(Playback {
            what: format!("{spec}'s run {seed} ({ending} at turn {})", result.turns),
            moves: bot_game.moves().to_vec(),
            next: 0,
            auto: true,
            progress: 0.0,
        });
        state.say(
            MessageKind::Info,
            format!("Replaying {spec}'s run {seed}: Next turn steps, Auto-play pauses"),
        );
    }

    /// Stops the game.
    pub fn stop(&mut self) {
        self.game = None;
        self.playback = None;
        self.frame = None;
        self.log.clear();
    }

    /// Plays one move; a refused one says why and passes no turn.
    pub fn play(&mut self, state: &mut EditorState, mv: Move) -> bool {
        let Some(game) = self.game.as_mut() else {
            state.say(
                MessageKind::Warning,
                "No game under way: F5 plays from the start",
            );
            return false;
        };
        match game.play(mv) {
            Ok(report) => {
                self.logged(report);
                self.refresh();
                true
            }
            Err(refusal @ Refusal::Rejected(_)) => {
                let why = advice::refusal_words(game.as_ref(), mv, &refusal);
                let keys = advice::keys(mv);
                state.say(MessageKind::Warning, format!("Move {keys} refused: {why}"));
                false
            }
            Err(Refusal::Over(ending)) => {
                state.say(
                    MessageKind::Warning,
                    format!(
                        "The game is over ({}): Backspace takes back",
                        ending_text(ending)
                    ),
                );
                false
            }
        }
    }

    /// Plays the next move of the route being played.
    pub fn next_turn(&mut self, state: &mut EditorState) {
        let Some(playback) = self.playback.as_mut() else {
            state.say(
                MessageKind::Warning,
                "No route is being played (F7 plays one)",
            );
            return;
        };
        let Some(&mv) = playback.moves.get(playback.next) else {
            playback.auto = false;
            state.say(MessageKind::Info, "The route is played to its end");
            return;
        };
        playback.next += 1;
        if !self.play(state, mv)
            && let Some(p) = self.playback.as_mut()
        {
            p.auto = false;
        }
    }

    /// Plays `dt` seconds of a route playing by itself.
    pub fn advance(&mut self, state: &mut EditorState, dt: f32) {
        let Some(playback) = self.playback.as_mut().filter(|p| p.auto) else {
            return;
        };
        playback.progress += dt.max(0.0) * AUTO_SPEED;
        let mut due = 0;
        while playback.progress >= 1.0 {
            playback.progress -= 1.0;
            due += 1;
        }
        for _ in 0..due {
            self.next_turn(state);
        }
    }

    /// Pauses or resumes a route playing by itself.
    pub fn toggle_auto(&mut self, state: &mut EditorState) {
        match self.playback.as_mut() {
            Some(p) => p.auto ^= true,
            None => state.say(
                MessageKind::Warning,
                "No route is being played (F7 plays one)",
            ),
        }
    }

    /// Takes back the last turn.
    pub fn step_back(&mut self, state: &mut EditorState) {
        let Some(game) = self.game.as_mut() else {
            return;
        };
        if game.step_back() {
            let now = game.turn();
            while self.log.back().is_some_and(|r| r.turn > now) {
                self.log.pop_back();
            }
            if let Some(p) = self.playback.as_mut() {
                p.next = p.next.saturating_sub(1);
                p.auto = false;
            }
            self.refresh();
        } else {
            state.say(MessageKind::Info, "At the start of the game");
        }
    }

    /// Back to where the game started.
    pub fn restart(&mut self) {
        if let Some(game) = self.game.as_mut() {
            game.restart();
            self.log.clear();
            if let Some(p) = self.playback.as_mut() {
                p.next = 0;
            }
            self.refresh();
        }
    }

    /// A new seed for the guards' draws; a game under way restarts with it.
    pub fn set_seed(&mut self, seed: u32) {
        self.seed = seed;
        self.start_again();
    }

    /// Other rules (`None`: the level's own); a game under way restarts under them.
    pub fn set_rules(&mut self, rules: Option<&'static str>) {
        self.rules = rules;
        self.start_again();
    }

    /// The game under way started again from its start, with the panel's seed and rules now.
    fn start_again(&mut self) {
        if let Some(game) = self.game.take() {
            let (cell, turn) = game.start();
            let playback = self.playback.take();
            let level = game.level().clone();
            let rules = self.rules_for(&level);
            self.begin(rules.start(level, self.seed, cell, turn));
            self.playback = playback.map(|p| Playback {
                next: 0,
                progress: 0.0,
                ..p
            });
        }
    }

    /// Shows or hides the fog of war.
    pub fn toggle_fog(&mut self) {
        self.fog ^= true;
        self.refresh();
    }

    /// Ends the game when the document's level is no longer the one played; says so once.
    pub fn follow(&mut self, state: &EditorState) {
        if self
            .game
            .as_ref()
            .is_some_and(|g| g.level() != state.level())
        {
            self.stop();
            self.note = Some("The level changed: the play-test stopped".to_string());
        }
    }

    /// The note [`Self::follow`] left for the status bar.
    pub fn take_note(&mut self) -> Option<String> {
        self.note.take()
    }

    /// Saves the game's moves as a play-through at `path`.
    pub fn save_to(&self, state: &mut EditorState, path: &Path) {
        let Some(game) = &self.game else {
            state.say(
                MessageKind::Warning,
                "No game to save: F5 plays from the start",
            );
            return;
        };
        match playthrough::write(path, &PlayThrough::of(game.as_ref())) {
            Ok(()) => state.say(
                MessageKind::Success,
                format!("Saved {} moves to {}", game.moves().len(), path.display()),
            ),
            Err(e) => state.say(MessageKind::Error, e.to_string()),
        }
    }

    /// Reads the play-through at `path` and replays it on the document's level.
    pub fn open_from(&mut self, state: &mut EditorState, path: &Path) {
        let game = playthrough::read(path).and_then(|p| {
            let game = p.start(state.level())?;
            Ok((p, game))
        });
        match game {
            Ok((p, game)) => {
                // Played here turn by turn, so the event log has every turn.
                self.seed = p.file.seed;
                self.rules = Some(p.rules.id());
                self.begin(game);
                for &mv in &p.moves {
                    if let Some(game) = self.game.as_mut() {
                        match game.play(mv) {
                            Ok(report) => self.logged(report),
                            Err(Refusal::Over(_)) => break,
                            Err(Refusal::Rejected(_)) => {}
                        }
                    }
                }
                self.refresh();
                state.say(
                    MessageKind::Success,
                    format!("Replayed {} moves from {}", p.moves.len(), path.display()),
                );
            }
            Err(e) => state.say(MessageKind::Error, e.to_string()),
        }
    }

    fn refresh(&mut self) {
        self.frame = self.game.as_deref().map(|g| PlayFrame::new(g, self.fog));
        self.status = self.game.as_deref().map(|g| {
            let now = g.snapshot();
            Status {
                turn: now.turn,
                health: now.health,
                loot: now.loot,
                fully_mapped: now.fully_mapped,
                over: now.over,
                open: advice::open_moves(g),
            }
        });
    }

    /// The event log, newest first: the last [`LOG_LINES`] events.
    fn event_log(&self, ui: &mut Ui, level: &Level) {
        egui::ScrollArea::vertical()
            .id_salt("play-log")
            .max_height(150.0)
            .auto_shrink([false, true])
            .show(ui, |ui| {
                let newest = self
                    .log
                    .iter()
                    .rev()
                    .flat_map(|r| r.events.iter().rev().map(|e| (r.turn, e)))
                    .take(LOG_LINES);
                let mut any = false;
                for (turn, event) in newest {
                    ui.label(event_text(level, turn, event));
                    any = true;
                }
                if !any {
                    ui.weak("Nothing has happened yet.");
                }
            });
    }
}

impl Panel for PlayPanel {
    /// The panel: turn, health, loot, mapping and ending, the controls, and the event log, newest
    /// first.
    fn ui(&mut self, ui: &mut Ui, state: &EditorState, commands: &mut Vec<Command>) {
        let (Some(game), Some(s)) = (&self.game, &self.status) else {
            return;
        };
        let coins = state
            .level()
            .items
            .iter()
            .filter(|i| i.kind == ItemKind::Coin)
            .count();
        ui.horizontal(|ui| {
            ui.vertical(|ui| {
                ui.set_width(470.0);
                ui.horizontal(|ui| {
                    ui.strong("Play-test");
                    rules_choice(ui, self.rules, game.rules(), state, commands);
                });
                let ending = s.over.map_or("playing", ending_text);
                ui.label(format!(
                    "Turn {}   Health {}   Loot {} / {coins}   Fully mapped: {}   {ending}",
                    s.turn,
                    s.health,
                    s.loot,
                    if s.fully_mapped { "yes" } else { "no" },
                ));
                if let Some(p) = &self.playback {
                    ui.label(format!("{}: move {} of {}", p.what, p.next, p.moves.len()));
                }
                ui.horizontal_wrapped(|ui| {
                    command_button(ui, Command::PlayStepBack, commands);
                    command_button(ui, Command::RestartPlay, commands);
                    if self.playback.is_some() {
                        command_button(ui, Command::PlayNextTurn, commands);
                        let label = if self.auto_playing() {
                            "Pause"
                        } else {
                            "Auto-play"
                        };
                        if ui
                            .button(label)
                            .on_hover_text(Command::ToggleAutoPlay.tooltip())
                            .clicked()
                        {
                            commands.push(Command::ToggleAutoPlay);
                        }
                    }
                    command_button(ui, Command::StopPlaying, commands);
                });
                ui.horizontal(|ui| {
                    let mut fog = self.fog;
                    if ui
                        .checkbox(&mut fog, "fog of war")
                        .on_hover_text(Command::ToggleFog.description())
                        .changed()
                    {
                        commands.push(Command::ToggleFog);
                    }
                    let mut seed = self.seed;
                    ui.label("Guards' seed");
                    if ui
                        .add(egui::DragValue::new(&mut seed))
                        .on_hover_text(Command::SetPlaySeed(0).description())
                        .changed()
                    {
                        commands.push(Command::SetPlaySeed(seed));
                    }
                });
                moves_help(ui, &s.open, s.turn);
            });
            ui.separator();
            ui.vertical(|ui| {
                ui.strong("Events");
                self.event_log(ui, state.level());
            });
        });
    }
}
