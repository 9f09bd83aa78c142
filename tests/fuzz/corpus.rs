//! The seed files the mutators start from: real levels of every generator (the campaign's siheyuan
//! mansions, each registered generator at a few seeds and level numbers, and each game's exact and
//! daily mansions), every preset in
//! `presets/`, presets with locks and hand edits made here, and lock snapshots of every generator for
//! the "foreign lock" mutation. Built once per run, deterministically.

use std::path::Path;

use mansion_forge::edit::{Command, Document, Edit, locks};
use mansion_forge::generate::date::Date;
use mansion_forge::generate::recipe::{GeneratorParams, Recipe};
use mansion_forge::generate::registry::{self, GeneratorKind};
use mansion_forge::generate::{Request, Rerolls, campaign, games};
use mansion_forge::io::level_file::{self, Format};
use mansion_forge::io::preset::{self, Preset};
use mansion_forge::model::{ItemKind, Level, LockedRoom, RoomKind};

/// One seed level, with the text of both level-file formats.
pub struct SeedLevel {
    pub name: String,
    pub level: Level,
    pub ron: String,
    pub json: String,
}

/// One seed preset: its text and, when it parses, the preset itself (for typed mutations).
pub struct SeedPreset {
    pub name: String,
    pub text: String,
    pub preset: Option<Preset>,
}

pub struct Corpus {
    pub levels: Vec<SeedLevel>,
    pub presets: Vec<SeedPreset>,
    /// Lock snapshots by the generator id of the level they were taken from.
    pub locks: Vec<(String, LockedRoom)>,
}

impl Corpus {
    /// The corpus; `presets_dir` is the repository's `presets/` folder.
    pub fn build(presets_dir: &Path) -> Corpus {
        let mut levels = Vec::new();
        for game in [0, 7] {
            for number in [0, 4, 9] {
                if let Some(level) = campaign::plan(game).generate(number) {
                    levels.push(seed_level(format!("campaign {game} level {number}"), level));
                }
            }
        }
        for id in registry::all()
            .iter()
            .filter(|k| !k.follows_campaign())
            .map(|k| k.id())
        {
            let generator = registry::by_id(id, &[])
                .expect("a registered generator")
                .generator();
            for (seed, number) in [(1, 1), (2, 7)] {
                let request = Request {
                    level: number,
                    seed,
                    locks: &[],
                    rerolls: Rerolls::default(),
                };
                if let Ok(level) = generator.generate(&request) {
                    levels.push(seed_level(
                        format!("{id} seed {seed} level {number}"),
                        level,
                    ));
                }
            }
        }
        // Each game's own runs: its exact mode and a daily run, whose levels carry what plain
        // generation of a seed does not (an exact mansion's plan, a daily mansion's level seed).
        let day = "2026-03-14".parse::<Date>().ok();
        for game in games::all() {
            let exact = game.exact("7").and_then(Result::ok);
            let daily = day.and_then(|date| game.daily(date));
            for run in exact.into_iter().chain(daily) {
                for pick in [0, 2] {
                    if let Ok(mansion) = run.mansion(pick)
                        && let Ok(level) = mansion.recipe.build()
                    {
                        levels.push(seed_level(
                            format!("{} {}", run.title, mansion.label),
                            level,
                        ));
                    }
                }
            }
        }
        let mut locks = Vec::new();
        for seed in &levels {
            let level = &seed.level;
            let rooms = (0..level.rooms.len())
                .filter(|&r| level.rooms[r].kind != RoomKind::Exterior)
                .step_by(3)
                .take(4);
            for room in rooms {
                if let Some(lock) = locks::snapshot(level, room) {
                    locks.push((level.generator.clone(), lock));
                }
            }
        }
        let mut presets = preset_files(presets_dir);
        presets.extend(edited_presets());
        Corpus {
            levels,
            presets,
            locks,
        }
    }
}

fn seed_level(name: String, level: Level) -> SeedLevel {
    let ron = level_file::to_string(&level, Format::Ron).expect("a generated level serialises");
    let json = level_file::to_string(&level, Format::Json).expect("a generated level serialises");
    SeedLevel {
        name,
        level,
        ron,
        json,
    }
}

/// The presets shipped in `presets/`, in name order.
fn preset_files(dir: &Path) -> Vec<SeedPreset> {
    let mut paths: Vec<_> = std::fs::read_dir(dir)
        .map(|entries| entries.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    paths.sort();
    paths
        .into_iter()
        .filter(|p| p.extension().is_some_and(|e| e == "ron"))
        .filter_map(|path| {
            let text = std::fs::read_to_string(&path).ok()?;
            Some(SeedPreset {
                name: path.file_name()?.to_string_lossy().into_owned(),
                preset: preset::parse(&text, &path).ok(),
                text,
            })
        })
        .collect()
}

/// A preset of every generator with two locked rooms, a re-generation and a few hand edits, so that the
/// lock and edit fields the shipped presets mostly leave empty are seeded too.
fn edited_presets() -> Vec<SeedPreset> {
    let mut out = Vec::new();
    for kind in registry::all() {
        let id = kind.id();
        let recipe = match preset_params(kind) {
            Some(generator) => Recipe {
                generator,
                level: 6,
                seed: 5,
                rerolls: Rerolls::default(),
                exact: false,
            },
            None => Recipe::campaign_level(3, 6),
        };
        let Ok(mut doc) = Document::new(recipe) else {
            continue;
        };
        let rooms: Vec<usize> = (0..doc.level.rooms.len())
            .filter(|&r| doc.level.rooms[r].kind != RoomKind::Exterior)
            .collect();
        for &room in rooms.iter().skip(1).step_by(4).take(2) {
            let _ = doc.apply(Edit::Lock { room });
        }
        let _ = doc.execute(&Command::Regenerate { seed: 9 });
        if let Some(&room) = rooms.get(2) {
            let cell = doc.level.rooms[room].cells.first().copied();
            if let Some(cell) = cell {
                let _ = doc.apply(Edit::SetItem {
                    cell,
                    item: Some(ItemKind::Table),
                });
            }
        }
        if !doc.level.guards.is_empty() {
            let _ = doc.apply(Edit::MoveWaypoint {
                route: doc.level.guards[0].route,
                index: 0,
                to: doc.level.player_start,
            });
        }
        let preset = Preset::of(&doc, &format!("{id} with locks and edits"));
        if let Ok(text) = preset::to_string(&preset) {
            out.push(SeedPreset {
                name: format!("{id}-edited.ron"),
                text,
                preset: Some(preset),
            });
        }
    }
    out
}

/// The default parameters of a generator other than the campaign's (whose plan the campaign draws).
fn preset_params(kind: &dyn GeneratorKind) -> Option<GeneratorParams> {
    (!kind.follows_campaign()).then(|| kind.defaults())
}
