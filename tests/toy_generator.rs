//! A generator added through the registry alone — declared here, in a test, and registered while
//! running — shows up everywhere a built-in one does: the command line (`generate`, `search`), the
//! editor's generator picker, presets (saved and loaded back), and the seed browser's keys, with its own
//! figure. Nothing outside this file names it: that is the promise of `generate::registry`.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use egui::Vec2;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use mansion_forge::app::{Browser, Editor, EditorState};
use mansion_forge::edit::Document;
use mansion_forge::generate::figures::{Figure, GeneratorFigures};
use mansion_forge::generate::params::{ParamSpec, numeric};
use mansion_forge::generate::recipe::Recipe;
use mansion_forge::generate::registry::{self, Declare, GeneratorParams, Kind};
use mansion_forge::generate::rogue_grid::{RogueGrid, RogueGridParams};
use mansion_forge::generate::{GenerateError, Generator, Request, Rerolls};
use mansion_forge::io::{level_file, preset};
use mansion_forge::model::{Level, OriginKind};
use serde::{Deserialize, Serialize};

/// The toy: a Rogue grid one to six rooms across and two deep, under its own name.
struct Toy;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
struct ToyParams {
    rooms_across: i32,
}

impl Default for ToyParams {
    fn default() -> Self {
        ToyParams { rooms_across: 3 }
    }
}

struct ToyGenerator(ToyParams);

impl Generator for ToyGenerator {
    fn id(&self) -> &'static str {
        "toy"
    }
    fn version(&self) -> u32 {
        1
    }
    fn generate(&self, request: &Request) -> Result<Level, GenerateError> {
        let grid = RogueGrid {
            params: RogueGridParams {
                cells_x: self.0.rooms_across,
                cells_y: 2,
                ..RogueGridParams::default()
            },
        };
        let mut level = grid.generate(request)?;
        level.generator = "toy".to_string();
        Ok(level)
    }
}

impl Declare for Toy {
    type Params = ToyParams;
    const ID: &'static str = "toy";
    const LABEL: &'static str = "Toy grid";
    const ABOUT: &'static str = "A test's toy: a small grid of rooms.";
    const ROOMS: OriginKind = OriginKind::GridCell;
    const PARAMS: &'static [ParamSpec] =
        &[numeric("rooms_across", 1.0, 6.0, "Rooms across.").shown("Rooms across", "rooms")];

    fn defaults() -> ToyParams {
        ToyParams::default()
    }
    fn generator(params: &ToyParams) -> Box<dyn Generator> {
        Box::new(ToyGenerator(params.clone()))
    }
    fn figures(params: &ToyParams, _seed: u64, _level: u32) -> GeneratorFigures {
        let rooms = params.rooms_across.clamp(0, 6) as usize;
        GeneratorFigures(vec![("toy_rooms_across", Figure::Count(rooms))])
    }
}

fn register_toy() {
    registry::register(&Kind::<Toy>::KIND);
}

fn scratch(test: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("toy-{test}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch folder");
    dir
}

fn cli(args: &[&str]) -> ExitCode {
    mansion_forge::cli::run(std::iter::once("mansion-forge").chain(args.iter().copied()))
}

#[test]
fn the_command_line_generates_and_searches_with_the_toy() {
    register_toy();
    let dir = scratch("cli");
    let out = dir.join("toy.json");
    let out_text = out.to_str().expect("UTF-8");
    let args = [
        "generate",
        "--seed",
        "3",
        "--level",
        "4",
        "--generator",
        "toy",
        "--param",
        "rooms-across=4",
        "--out",
        out_text,
    ];
    assert_eq!(cli(&args), ExitCode::SUCCESS);
    let level = level_file::load(&out).expect("the toy's level loads");
    assert_eq!(level.generator, "toy");
    assert_eq!(level.level, 4);

    let bad = [
        "generate",
        "--seed",
        "3",
        "--level",
        "4",
        "--generator",
        "toy",
    ];
    let bad_param = [&bad[..], &["--param", "rooms_down=2"]].concat();
    assert_ne!(
        cli(&bad_param),
        ExitCode::SUCCESS,
        "the toy has no rooms_down"
    );

    let search = [
        "search",
        "--games",
        "2",
        "--generator",
        "toy",
        "--where",
        "toy_rooms_across == 3",
        "--limit",
        "1",
    ];
    assert_eq!(cli(&search), ExitCode::SUCCESS, "its own figure is a key");
}

#[test]
fn a_toy_preset_saves_and_loads_back() {
    register_toy();
    let dir = scratch("preset");
    let kind = registry::find("toy").expect("registered");
    let recipe = Recipe {
        generator: kind
            .defaults()
            .with(&[("rooms_across".into(), "5".into())])
            .expect("a parameter of the toy"),
        level: 2,
        seed: 77,
        rerolls: Rerolls::default(),
        exact: false,
    };
    let doc = Document::new(recipe).expect("the toy builds");
    let path = dir.join("toy.ron");
    preset::save(&path, &doc, "toy").expect("saved");
    let text = std::fs::read_to_string(&path).expect("written");
    assert!(text.contains("generator: \"toy\""), "{text}");
    assert!(text.contains("rooms_across: 5"), "{text}");
    let loaded = preset::load(&path).expect("loads back");
    assert_eq!(loaded.document, doc);
    assert_eq!(
        loaded.document.recipe.generator.get::<Toy>(),
        Some(&ToyParams { rooms_across: 5 })
    );
}

/// Scrolls a widget into view, then clicks it, as a designer would.
fn press(harness: &mut Harness<'static, Editor>, label: &str) {
    harness.get_by_label(label).scroll_to_me();
    harness.run_steps(10);
    harness.get_by_label(label).click();
    harness.run_steps(3);
}

#[test]
fn the_picker_offers_the_toy_and_applies_it() {
    register_toy();
    let state = EditorState::new_default();
    let mut harness = Harness::builder()
        .with_size(Vec2::new(1400.0, 1300.0))
        .build_eframe(move |_cc| Editor::new(state));
    harness.run_steps(3);
    press(&mut harness, "Generator and parameters");
    press(&mut harness, "Generator");
    // The combo box's popup lists every generator by its label.
    let option = harness
        .query_all_by_label("Toy grid")
        .last()
        .expect("offered");
    option.click();
    harness.run_steps(3);
    assert!(harness.query_all_by_label("Rooms across (rooms)").count() >= 1);
    press(&mut harness, "Apply generator");
    let generator: &GeneratorParams = &harness.state().state.doc.recipe.generator;
    assert_eq!(generator.id(), "toy");
    assert_eq!(generator.get::<Toy>(), Some(&ToyParams::default()));
    assert_eq!(harness.state().state.level().generator, "toy");
}

#[test]
fn the_seed_browser_learns_the_toys_figures() {
    register_toy();
    let toy = registry::find("toy").expect("registered").defaults();
    let mut browser = Browser::new();
    browser.refresh_keys(&toy);
    let keys = &browser.keys;
    assert!(keys.iter().any(|k| k == "toy_rooms_across"), "{keys:?}");
}
