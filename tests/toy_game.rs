//! A game added through the registries alone — its generator, its runs (by a seed and by a day) and its
//! rule set declared here, in a test, and registered while running — reaches the command line
//! (`generate`, `campaign`, `play` with `--game`), the editor's run dialogs and Campaign panel, and
//! play by its own rules. Nothing outside this file names it: that is the promise of `generate::game`
//! and `play::rule_sets`.

#[path = "common/ui.rs"]
mod ui;

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use egui_kittest::kittest::Queryable;
use mansion_forge::analysis::stealth::{Cancel, Stealth};
use mansion_forge::generate::date::Date;
use mansion_forge::generate::game::{Game, Mansion, Run};
use mansion_forge::generate::games;
use mansion_forge::generate::params::{ParamSpec, numeric};
use mansion_forge::generate::recipe::Recipe;
use mansion_forge::generate::registry::{self, Declare, GeneratorParams, Kind};
use mansion_forge::generate::rogue_grid::{RogueGrid, RogueGridParams};
use mansion_forge::generate::{GenerateError, Generator, Request, Rerolls};
use mansion_forge::model::{Cell, Level, OriginKind};
use mansion_forge::play::{
    Lll2023, Move, Refusal, RuleSet, Session, Snapshot, TurnReport, rule_sets,
};
use serde::{Deserialize, Serialize};

/// The toy game's generator: a Rogue grid some rooms across and two deep.
struct Heist;

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
struct HeistParams {
    rooms_across: i32,
}

struct HeistGenerator(HeistParams);

impl Generator for HeistGenerator {
    fn id(&self) -> &'static str {
        "heist"
    }
    fn version(&self) -> u32 {
        1
    }
    fn generate(&self, request: &Request) -> Result<Level, GenerateError> {
        let grid = RogueGrid {
            params: RogueGridParams {
                cells_x: self.0.rooms_across.clamp(2, 6),
                cells_y: 2,
                ..RogueGridParams::default()
            },
        };
        let mut level = grid.generate(request)?;
        level.generator = "heist".to_string();
        Ok(level)
    }
}

impl Declare for Heist {
    type Params = HeistParams;
    const ID: &'static str = "heist";
    const LABEL: &'static str = "Heist grid";
    const ABOUT: &'static str = "The toy game's generator.";
    const ROOMS: OriginKind = OriginKind::GridCell;
    const PARAMS: &'static [ParamSpec] =
        &[numeric("rooms_across", 2.0, 6.0, "Rooms across.").shown("Rooms across", "rooms")];

    fn defaults() -> HeistParams {
        HeistParams { rooms_across: 2 }
    }
    fn generator(params: &HeistParams) -> Box<dyn Generator> {
        Box::new(HeistGenerator(params.clone()))
    }
}

/// The toy game: a run is four mansions growing one room wider each, seeded from the run's text; a
/// day's run is two of them.
struct ToyGame;

/// Mansion `n` of the run seeded `seed`.
fn heist_mansion(seed: &str, n: u32) -> Mansion {
    let seed_bits = seed
        .bytes()
        .fold(n.into(), |h: u64, b| h.rotate_left(7) ^ u64::from(b));
    let rooms_across = 2 + n.cast_signed();
    Mansion {
        label: format!("Heist {n}: {rooms_across} rooms across"),
        grid: (rooms_across.unsigned_abs(), 2),
        recipe: Recipe {
            generator: GeneratorParams::of::<Heist>(HeistParams { rooms_across }),
            level: n + 1,
            seed: seed_bits,
            rerolls: Rerolls::default(),
            exact: false,
        },
    }
}

impl Game for ToyGame {
    fn id(&self) -> &'static str {
        "toy_heist"
    }
    fn label(&self) -> &'static str {
        "Toy heist"
    }
    fn generator(&self) -> &'static str {
        "heist"
    }
    fn rules(&self) -> &'static str {
        "toy-rules"
    }
    fn seed_hint(&self) -> &'static str {
        "vault"
    }
    fn run(&self, seed: &str) -> Result<Run, String> {
        Ok(Run {
            title: format!("Heists of '{seed}'"),
            seed: seed.to_string(),
            mansions: (0..4).map(|n| heist_mansion(seed, n)).collect(),
        })
    }
    fn has_daily(&self) -> bool {
        true
    }
    fn daily(&self, date: Date) -> Option<Run> {
        let seed = format!("day {date}");
        Some(Run {
            title: format!("Heists of {date}"),
            mansions: (1..3).map(|n| heist_mansion(&seed, n)).collect(),
            seed,
        })
    }
}

/// The toy game's rules: the 2023 game's, under their own name.
struct ToyRules;

impl RuleSet for ToyRules {
    fn id(&self) -> &'static str {
        "toy-rules"
    }
    fn label(&self) -> &'static str {
        "Toy rules"
    }
    fn about(&self) -> &'static str {
        "The 2023 rules, renamed."
    }
    fn generators(&self) -> &'static [&'static str] {
        &["heist"]
    }
    fn analysed(&self) -> bool {
        true
    }
    fn analysis_model(&self) -> &'static str {
        Lll2023.analysis_model()
    }
    fn analyse(&self, level: &Level, horizon: usize, cancel: &Cancel) -> Option<Stealth> {
        Lll2023.analyse(level, horizon, cancel)
    }
    fn start(&self, level: Level, seed: u32, cell: Cell, turn: usize) -> Box<dyn Session> {
        Box::new(ToySession(Lll2023.start(level, seed, cell, turn)))
    }
}

/// A game under the toy rules: the 2023 game's, saying whose rules it plays.
#[derive(Clone)]
struct ToySession(Box<dyn Session>);

impl Session for ToySession {
    fn rules(&self) -> &'static dyn RuleSet {
        &ToyRules
    }
    fn level(&self) -> &Level {
        self.0.level()
    }
    fn seed(&self) -> u32 {
        self.0.seed()
    }
    fn start(&self) -> (Cell, usize) {
        self.0.start()
    }
    fn moves(&self) -> &[Move] {
        self.0.moves()
    }
    fn play(&mut self, mv: Move) -> Result<TurnReport, Refusal> {
        self.0.play(mv)
    }
    fn step_back(&mut self) -> bool {
        self.0.step_back()
    }
    fn restart(&mut self) {
        self.0.restart();
    }
    fn snapshot(&self) -> Snapshot {
        self.0.snapshot()
    }
    fn last(&self) -> Option<&TurnReport> {
        self.0.last()
    }
    fn guard_sees(&self, guard: usize, cell: Cell) -> bool {
        self.0.guard_sees(guard, cell)
    }
    fn may_stand(&self, cell: Cell) -> bool {
        self.0.may_stand(cell)
    }
    fn boxed_clone(&self) -> Box<dyn Session> {
        Box::new(self.clone())
    }
    fn reseeded(&self, seed: u32) -> Box<dyn Session> {
        Box::new(ToySession(self.0.reseeded(seed)))
    }
}

fn register_toy() {
    registry::register(&Kind::<Heist>::KIND);
    games::register(&ToyGame);
    rule_sets::register(&ToyRules);
}

fn scratch(test: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("toy-game-{test}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch folder");
    dir
}

fn cli(args: &[&str]) -> ExitCode {
    mansion_forge::cli::run(std::iter::once("mansion-forge").chain(args.iter().copied()))
}

fn level_json(path: &Path) -> serde_json::Value {
    let text = std::fs::read_to_string(path).expect("written");
    serde_json::from_str(&text).expect("level JSON")
}

#[test]
fn the_command_line_makes_and_plays_the_toys_runs() {
    register_toy();
    let dir = scratch("cli");
    let out = dir.join("heist.json");
    let out = out.to_str().expect("UTF-8");
    let made = cli(&[
        "generate",
        "--game",
        "toy-heist",
        "--game-seed",
        "vault",
        "--level",
        "2",
        "--format",
        "json",
        "--out",
        out,
    ]);
    assert_eq!(made, ExitCode::SUCCESS);
    let level = level_json(Path::new(out));
    let expected = heist_mansion("vault", 2).recipe.build().expect("builds");
    assert_eq!(level["generator"], "heist");
    assert_eq!(level["seed"], expected.seed);
    assert_eq!(level["level"], 3, "the run's mansion 2 is level 3");

    // A day's run: two mansions, the campaign folder holds both.
    let folder = dir.join("day");
    let folder = folder.to_str().expect("UTF-8");
    let campaign = cli(&[
        "campaign",
        "--game",
        "toy_heist",
        "--daily",
        "2026-01-01",
        "--out",
        folder,
    ]);
    assert_eq!(campaign, ExitCode::SUCCESS);
    let summary = std::fs::read_to_string(Path::new(folder).join("summary.json")).expect("summary");
    let summary: serde_json::Value = serde_json::from_str(&summary).expect("JSON");
    assert_eq!(summary["run"], "day 2026-01-01");
    assert_eq!(summary["levels"].as_array().map(Vec::len), Some(2));

    // What the toy lacks is refused by name, and a level of the toy's generator plays by its rules.
    assert_ne!(
        cli(&["generate", "--game", "toy_heist", "--level-seed", "lvl10.5"]),
        ExitCode::SUCCESS
    );
    assert_ne!(
        cli(&[
            "generate",
            "--game",
            "toy_heist",
            "--daily",
            "2026-01-01",
            "--level",
            "2"
        ]),
        ExitCode::SUCCESS,
        "a toy day has two mansions"
    );
    let heist = Recipe::build(&heist_mansion("vault", 0).recipe).expect("builds");
    assert_eq!(rule_sets::of_level(&heist).id(), ToyRules.id());
    let mut session = rule_sets::of_level(&heist).start(heist.clone(), 1, heist.player_start, 0);
    session.play(Move::Wait).expect("a wait is played");
    assert_eq!(session.rules().id(), "toy-rules");
    assert_eq!(session.snapshot().turn, 1);
    let played = cli(&[
        "play",
        "--game",
        "toy_heist",
        "--game-seed",
        "vault",
        "--level",
        "0",
        "--moves",
        "w w",
    ]);
    assert_eq!(played, ExitCode::SUCCESS);
}

#[test]
fn the_editor_opens_a_toy_day_in_the_campaign_panel() {
    register_toy();
    let mut harness = ui::harness();
    harness.get_by_label("File").click();
    harness.run_steps(2);
    harness.get_by_label("Open daily run…").click();
    harness.run_steps(3);
    // Two games have daily runs now: the dialog asks which.
    harness.get_by_label("Game").click();
    harness.run_steps(3);
    harness
        .query_all_by_label("Toy heist")
        .last()
        .expect("offered")
        .click();
    harness.run_steps(3);
    harness
        .get_by_label("Date (UTC)")
        .set_text_value_accesskit("2026-01-01");
    harness.run_steps(2);
    harness.get_by_label("Open").click();
    harness.run_steps(4);
    let day = ToyGame
        .daily(Date::new(2026, 1, 1).expect("a date"))
        .expect("a day");
    assert_eq!(harness.state().state.doc.recipe, day.mansions[0].recipe);
    assert_eq!(harness.state().state.level().generator, "heist");
    harness.get_by_label("Heists of 2026-01-01");
    harness
        .get_by_label_contains(&day.mansions[1].label)
        .click();
    harness.run_steps(4);
    assert_eq!(harness.state().state.doc.recipe, day.mansions[1].recipe);
}
