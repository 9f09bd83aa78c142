//! Renders the whole set of documentation screenshots the README shows into `screenshots/` in one run
//! (`mansion-forge screenshot` renders one at a time):
//! `cargo run --example screenshot [game-seed] [level] [name]...`; names pick some of the set
//! (`sight routes timeline`), none renders all.

use anyhow::Context as _;
use std::path::{Path, PathBuf};

use mansion_forge::app::{
    Command, Criterion, DialogChoice, Editor, EditorState, FileDialogs, Overlay, PathPurpose,
    ScreenshotRequest, Shown, Source, Tool, save_editor, screenshot,
};
use mansion_forge::edit::{self, Document, Edit};
use mansion_forge::generate::lll2025::{declaration::recipe_of, plan};
use mansion_forge::io::preset;
use mansion_forge::model::{Dir, ItemKind, RoomKind, Terrain};
use mansion_forge::play::{Move, parse_moves};

fn timed(out: &Path, render: impl FnOnce() -> anyhow::Result<()>) -> anyhow::Result<()> {
    let started = std::time::Instant::now();
    render()?;
    println!(
        "{} in {:.2} s",
        out.display(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

/// The default mansion with every fourth chamber (three of them) locked, then regenerated around
/// them with a fixed seed.
fn chambers_locked_and_regenerated() -> EditorState {
    let mut state = EditorState::new_default();
    let chambers: Vec<usize> = state
        .level()
        .rooms
        .iter()
        .enumerate()
        .filter(|(_, r)| r.kind == RoomKind::Room)
        .map(|(i, _)| i)
        .step_by(4)
        .take(3)
        .collect();
    for &room in &chambers {
        state.run(&edit::Command::Edit(Edit::Lock { room }));
    }
    state.run(&edit::Command::Regenerate { seed: 2024 });
    state
}

/// The locked and regenerated mansion with a hand edit (a chair placed in another chamber, which locks
/// it: the teal lock), a locked room selected and the paint tool chosen so the palette shows.
fn locks_editor() -> anyhow::Result<Editor> {
    let mut state = chambers_locked_and_regenerated();
    let level = state.level();
    let free = level
        .rooms
        .iter()
        .enumerate()
        .filter(|&(r, room)| room.kind == RoomKind::Room && !state.doc.is_locked(r))
        .find_map(|(_, room)| {
            room.cells
                .iter()
                .copied()
                .find(|&c| level.item_at(c).is_none() && !level.terrain(c).is_blocking())
        })
        .context("a free cell in an unlocked chamber")?;
    state.run(&edit::Command::Edit(Edit::SetItem {
        cell: free,
        item: Some(ItemKind::Chair),
    }));
    state.selection.room = state.doc.locked_rooms().first().copied();
    state.view.overlays.set(Overlay::RoomGraph, true);
    let mut editor = Editor::new(state);
    editor.panels.tools.tool = Tool::Paint;
    Ok(editor)
}

/// The unsaved-changes prompt: a painted cell, then a click on another mansion of the campaign list.
fn prompt_editor() -> Editor {
    let mut state = EditorState::new_default();
    let cell = state.level().rooms[3].cells[0];
    state.run(&edit::Command::Edit(Edit::PaintCells {
        cells: vec![(cell, Terrain::Water)],
    }));
    let mut editor = Editor::new(state);
    editor.apply(Command::OpenMansion(2));
    editor
}

/// Every overlay on and the patrol timeline open, so the legend panel holds every legend.
fn every_legend_editor() -> Editor {
    let mut state = EditorState::new_default();
    for &overlay in Overlay::ALL {
        state.view.overlays.set(overlay, true);
    }
    let mut editor = Editor::new(state);
    editor.apply(Command::ToggleTimeline);
    editor.apply(Command::SetTurn(40));
    editor
}

/// The compare view marking what the regeneration changed: the locked rooms stay unmarked.
fn compare_editor() -> Editor {
    let mut editor = Editor::new(chambers_locked_and_regenerated());
    editor.apply(Command::CompareWithLastRegeneration);
    editor
}

/// The default mansion after 100 runs of each bot: the Playtest section's figures, the map's heat map of
/// where thieves were caught, and the difficulty curve of game 1's ten mansions (20 runs per bot each).
fn playtest_editor() -> Editor {
    let mut editor = Editor::new(EditorState::new_default());
    editor.panels.playtest.runs = 20;
    editor.apply(Command::PlaytestRun);
    editor.panels.playtest.finish();
    editor.panels.playtest.runs = 100;
    editor.apply(Command::RunPlaytest);
    editor.panels.playtest.finish();
    editor
}

/// Before and after regenerating the default mansion around three locked chambers, side by side: both
/// maps marked, the locked rooms unmarked in each, the side panels folded so the two maps have room.
fn side_by_side_editor() -> Editor {
    let mut editor = Editor::new(chambers_locked_and_regenerated());
    editor.apply(Command::SideBySideWithLastRegeneration);
    editor.panels.layout.controls = false;
    editor.panels.layout.details = false;
    editor
}

/// The seed browser after a search of 200 games for mansions of 25–30 rooms with at most 4 guards.
fn browser_editor() -> anyhow::Result<Editor> {
    let mut editor = Editor::new(EditorState::new_default());
    editor.apply(Command::ToggleBrowser);
    editor.panels.browser.games = 200;
    editor.panels.browser.criteria = vec![
        Criterion {
            key: "rooms".into(),
            min: 25.0,
            max: 30.0,
        },
        Criterion {
            key: "guards".into(),
            min: 0.0,
            max: 4.0,
        },
    ];
    editor.apply(Command::SearchSeeds);
    let started = std::time::Instant::now();
    while !editor.panels.browser.poll() {
        anyhow::ensure!(started.elapsed().as_secs() < 120, "the search did not end");
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    Ok(editor)
}

/// A generator's preset with every overlay on and its parameters shown.
fn preset_editor(path: &str) -> anyhow::Result<Editor> {
    let doc = preset::load(Path::new(path))?.document;
    let mut state = EditorState::with_document(doc, Source::File(path.to_string()));
    for &overlay in Overlay::ALL {
        state.view.overlays.set(overlay, true);
    }
    let mut editor = Editor::new(state);
    editor.panels.picker.open = true;
    Ok(editor)
}

/// The hand-edited preset, whose edits break two generator guarantees on purpose (notes), with one more
/// edit that walls in a coin (a playability error), so the validation panel shows both kinds.
fn validation_editor() -> anyhow::Result<Editor> {
    let path = "presets/locked-and-edited.ron";
    let doc = preset::load(Path::new(path))?.document;
    let mut state = EditorState::with_document(doc, Source::File(path.to_string()));
    let coin = state
        .level()
        .items
        .iter()
        .find(|i| i.kind == ItemKind::Coin)
        .map(|i| i.cell)
        .context("a coin")?;
    state.run(&edit::Command::Edit(Edit::PaintTerrain {
        cell: coin,
        terrain: Terrain::Wall,
    }));
    state.view.overlays.set(Overlay::Loot, true);
    Ok(Editor::new(state))
}

/// File ▸ Open in a session where the system dialog cannot be shown: the editor's own dialog, on the
/// repository's `presets/` folder, with a preset picked.
fn file_dialog_editor() -> Editor {
    let mut state = EditorState::new_default();
    let mut dialogs = FileDialogs {
        choice: DialogChoice::Builtin("no session D-Bus, and no zenity".to_string()),
        last_folder: Some(PathBuf::from("presets")),
        ..FileDialogs::default()
    };
    dialogs.open_in_app(&mut state, PathPurpose::Open);
    let mut editor = Editor::new(state);
    editor.panels.file_dialogs = dialogs;
    editor
}

/// The patrol timeline open at `turn`, with no overlay, so the guards' view areas and the light show.
fn timeline_editor(seed: u64, level: u32, turn: usize) -> anyhow::Result<Editor> {
    let mut editor = Editor::new(EditorState::generated(seed, level)?);
    editor.apply(Command::ToggleTimeline);
    editor.apply(Command::SetTurn(turn));
    Ok(editor)
}

/// Guard sight, or the routes to loot, with the room of the first loot without a ghost route selected
/// (else room 12), so the inspector lists that loot's route.
fn stealth_editor(seed: u64, level: u32, overlay: Overlay) -> anyhow::Result<Editor> {
    let state = EditorState::generated(seed, level)?;
    with_unghosted_room(state, overlay, Some(12))
}

/// `state` with `overlay` on and the room of its first loot without a ghost route selected (else
/// `fallback`), so that the inspector lists that loot's route.
fn with_unghosted_room(
    mut state: EditorState,
    overlay: Overlay,
    fallback: Option<usize>,
) -> anyhow::Result<Editor> {
    state.view.overlays.set(overlay, true);
    let stealth = state
        .analysis
        .map
        .stealth
        .as_ref()
        .context("stealth analysis")?;
    let room = stealth
        .routes
        .iter()
        .find(|r| !r.ghost)
        .and_then(|r| state.analysis.room_at(r.cell))
        .or(fallback);
    let mut editor = Editor::new(state);
    editor.apply(Command::SelectRoom(room));
    Ok(editor)
}

/// Game 1's seventh mansion by the 2025 generator, zoomed on the first cell whose stack (bottom to
/// top) is `stack` (kinds by name: any treasure's look will do), with its room selected so the inspector lists the room's stacks.
fn stack_2025_editor(stack: &[ItemKind]) -> anyhow::Result<Editor> {
    let entry = plan::game_plan("game 1")
        .into_iter()
        .find(|e| e.level == 7)
        .context("game 1 has a level 7")?;
    let recipe = recipe_of(&entry).context("game 1's mansion 7 has a recipe")?;
    let state = EditorState::with_document(Document::new(recipe)?, Source::Recipe);
    let level = state.level();
    let cell = level
        .items
        .iter()
        .map(|it| it.cell)
        .find(|&c| {
            level
                .stack_at(c)
                .map(|it| it.kind.name())
                .eq(stack.iter().map(|k| k.name()))
        })
        .with_context(|| format!("a stack {stack:?} in game 1's mansion 7"))?;
    let room = state.analysis.room_at(cell);
    let mut editor = Editor::new(state);
    editor.apply(Command::SelectRoom(room));
    let camera = &mut editor.state.view.camera;
    camera.request_fit();
    camera.request_zoom(3.0);
    camera.request_centre((cell.x as f32 + 0.5, cell.y as f32 + 0.5));
    Ok(editor)
}

/// The first four overlays on (room graph, distances, loot, patrols), fitted to the window and then
/// zoomed `zoom` times around the middle of the map.
fn overlays_editor(seed: u64, level: u32, zoom: f32) -> anyhow::Result<Editor> {
    Ok(with_all_overlays(
        EditorState::generated(seed, level)?,
        zoom,
    ))
}

/// The ~180-room "Sprawl" preset with every build overlay on, fitted: the declutter stress case.
fn sprawl_editor() -> anyhow::Result<Editor> {
    let path = Path::new("presets/tile-growth-sprawl.ron");
    let doc = preset::load(path)?.document;
    let state = EditorState::with_document(doc, Source::File(path.display().to_string()));
    Ok(with_all_overlays(state, 1.0))
}

/// Turns on the four build overlays and asks for a fit at `zoom` times the fitted scale.
fn with_all_overlays(mut state: EditorState, zoom: f32) -> Editor {
    for overlay in [
        Overlay::RoomGraph,
        Overlay::Distances,
        Overlay::Loot,
        Overlay::Patrols,
    ] {
        state.view.overlays.set(overlay, true);
    }
    state.view.camera.request_fit();
    state.view.camera.request_zoom(zoom);
    Editor::new(state)
}

/// A play-test of game 1, mansion 9 from the player start: fifteen moves (found by trying random
/// moves) after which one guard looks and another chases, with the event log telling how.
fn play_testing_editor() -> anyhow::Result<Editor> {
    let mut editor = Editor::new(EditorState::generated(1, 9)?);
    editor.apply(Command::PlayFromStart);
    for mv in parse_moves("E S w S W w E N W N W E L:N L:S L:W")? {
        editor.apply(Command::PlayMove(mv));
    }
    // Close on the front of the mansion, where the thief, the chaser and the looking guard are.
    let camera = &mut editor.state.view.camera;
    camera.request_fit();
    camera.request_zoom(2.0);
    camera.request_centre((20.5, 7.0));
    Ok(editor)
}

/// A newcomer's first play-test: game 1's mansion 5 from the player start, where a step north into the
/// portcullis is refused; the status bar says to leap, the panel lists the moves that go and the hint.
fn play_test_start_editor() -> anyhow::Result<Editor> {
    let mut editor = Editor::new(EditorState::generated(1, 5)?);
    editor.apply(Command::PlayFromStart);
    editor.apply(Command::PlayMove(Move::Step(Dir::N)));
    let start = editor.state.level().player_start;
    let camera = &mut editor.state.view.camera;
    camera.request_fit();
    camera.request_zoom(2.0);
    camera.request_centre((start.x as f32 + 0.5, start.y as f32 + 4.0));
    Ok(editor)
}

/// The daily run of 2027-03-14 opened from File ▸ Open daily run…, its second mansion chosen from the
/// Campaign panel's list: the title and the Document panel say what it is, the list shows what each
/// mansion opens, and the campaign's own list is folded away.
fn daily_run_editor() -> anyhow::Result<Editor> {
    let date = mansion_forge::generate::date::Date::new(2027, 3, 14).context("a date")?;
    let mut editor = Editor::new(EditorState::new_default());
    editor.apply(Command::OpenDailyRun {
        game: "lll2025",
        date,
    });
    editor.apply(Command::OpenRunMansion(1));
    editor.state.view.overlays.set(Overlay::RoomGraph, true);
    Ok(editor)
}

/// A play-test by the 2025 rules of the daily run of 2026-03-14, its first mansion, from the player
/// start: 19 moves (found by trying moves that go for the guards) after which one guard lies knocked
/// out and another chases the thief, under the game's graded light.
fn play_testing_2025_editor() -> anyhow::Result<Editor> {
    let run = plan::daily_run(2026, 3, 14);
    let recipe = recipe_of(run.levels()[0]).context("the daily's first mansion has a recipe")?;
    let doc = Document::new(recipe)?;
    let source = Source::Named("Daily run of 2026-03-14, mansion 1 of 3".to_string());
    let mut editor = Editor::new(EditorState::with_document(doc, source));
    editor.apply(Command::SetPlaySeed(1));
    editor.apply(Command::PlayFromStart);
    let moves = "L:N L:N N L:N N w L:N L:W W L:S L:S L:N N N L:S N L:E N N";
    for mv in parse_moves(moves)? {
        editor.apply(Command::PlayMove(mv));
    }
    let camera = &mut editor.state.view.camera;
    camera.request_fit();
    camera.request_zoom(2.0);
    camera.request_centre((10.5, 12.0));
    Ok(editor)
}

/// A 2025 daily mansion (2026-03-14, the first of three) analysed by its own, the 2025 rules, with
/// `overlay` on and the room of a coin with no ghost route selected.
fn stealth_2025_editor(overlay: Overlay) -> anyhow::Result<Editor> {
    let run = plan::daily_run(2026, 3, 14);
    let recipe = recipe_of(run.levels()[0]).context("the daily's first mansion has a recipe")?;
    let state = EditorState::with_document(Document::new(recipe)?, Source::Recipe);
    with_unghosted_room(state, overlay, None)
}

/// The two stacks of a 2025 mansion: a vault's treasure on its plinth under its lock, and a coin on a
/// chair.
fn stack_shots(wanted: &dyn Fn(&str) -> bool) -> anyhow::Result<()> {
    let stacks: [(&str, &[ItemKind]); 2] = [
        (
            "stack-vault-2025",
            &[
                ItemKind::Plinth,
                ItemKind::Treasure(0),
                ItemKind::TreasureLock,
            ],
        ),
        ("stack-chair-2025", &[ItemKind::Chair, ItemKind::Coin]),
    ];
    for (name, stack) in stacks.into_iter().filter(|s| wanted(s.0)) {
        let out = PathBuf::from(format!("screenshots/{name}.png"));
        timed(&out, || save_editor(stack_2025_editor(stack)?, &out))?;
    }
    Ok(())
}

/// A function that sets up an editor for one screenshot; those that cannot fail are wrapped in `Ok` in
/// the table.
type MakeEditor = fn() -> anyhow::Result<Editor>;

fn main() -> anyhow::Result<()> {
    let mut args = std::env::args().skip(1);
    let seed = args.next().map_or(Ok(1), |s| s.parse())?;
    let level = args.next().map_or(Ok(9), |s| s.parse())?;
    let only: Vec<String> = args.collect();
    let wanted = |name: &str| only.is_empty() || only.iter().any(|o| o == name);
    let shots: [(&str, &[Overlay], Option<usize>); 7] = [
        ("map", &[], None),
        ("room-graph", &[Overlay::RoomGraph], None),
        ("distances", &[Overlay::Distances], None),
        ("loot", &[Overlay::Loot], None),
        ("patrols", &[Overlay::Patrols], None),
        ("all-overlays", Overlay::ALL, None),
        ("inspector", &[], Some(12)),
    ];
    for (name, overlays, select_room) in shots.into_iter().filter(|s| wanted(s.0)) {
        let out = PathBuf::from(format!("screenshots/{name}.png"));
        timed(&out, || {
            screenshot(&ScreenshotRequest {
                shown: Shown::Campaign { seed, level },
                overlays: overlays.to_vec(),
                select_room,
                out: out.clone(),
            })
        })?;
    }
    let editors: [(&str, MakeEditor); 14] = [
        ("prompt", || Ok(prompt_editor())),
        ("every-legend", || Ok(every_legend_editor())),
        ("browser", browser_editor),
        ("compare", || Ok(compare_editor())),
        ("side-by-side", || Ok(side_by_side_editor())),
        ("all-overlays-180-rooms", sprawl_editor),
        ("validation", validation_editor),
        ("file-dialog", || Ok(file_dialog_editor())),
        ("locks", locks_editor),
        ("play-testing", play_testing_editor),
        ("play-test-start", play_test_start_editor),
        ("play-testing-2025", play_testing_2025_editor),
        ("daily-run", daily_run_editor),
        ("playtest", || Ok(playtest_editor())),
    ];
    for (name, editor) in editors.into_iter().filter(|e| wanted(e.0)) {
        let out = PathBuf::from(format!("screenshots/{name}.png"));
        timed(&out, || save_editor(editor()?, &out))?;
    }
    for (name, overlay) in [("sight", Overlay::Sight), ("routes", Overlay::Routes)] {
        if wanted(name) {
            let out = PathBuf::from(format!("screenshots/{name}.png"));
            timed(&out, || {
                save_editor(stealth_editor(seed, level, overlay)?, &out)
            })?;
        }
    }
    for (name, overlay) in [
        ("sight-2025", Overlay::Sight),
        ("routes-2025", Overlay::Routes),
    ] {
        if wanted(name) {
            let out = PathBuf::from(format!("screenshots/{name}.png"));
            timed(&out, || save_editor(stealth_2025_editor(overlay)?, &out))?;
        }
    }
    stack_shots(&wanted)?;
    if wanted("sight-settled") {
        let out = PathBuf::from("screenshots/sight-settled.png");
        timed(&out, || {
            let mut editor = stealth_editor(seed, level, Overlay::Sight)?;
            editor.apply(Command::ToggleSettledLight);
            save_editor(editor, &out)
        })?;
    }
    for (name, zoom) in [("all-overlays-fit", 1.0), ("all-overlays-zoomed", 2.5)] {
        if wanted(name) {
            let out = PathBuf::from(format!("screenshots/{name}.png"));
            timed(&out, || {
                save_editor(overlays_editor(seed, level, zoom)?, &out)
            })?;
        }
    }
    if wanted("timeline") {
        let out = PathBuf::from("screenshots/timeline.png");
        timed(&out, || {
            save_editor(timeline_editor(seed, level, 40)?, &out)
        })?;
    }
    for (name, preset) in [
        ("tile-growth", "presets/tile-growth-chambers.ron"),
        ("packed-mansion", "presets/packed-mansion-manor.ron"),
        ("rogue-grid", "presets/rogue-grid-rogue-classic.ron"),
        ("lll2025-manor", "presets/lll2025-game-1-manor.ron"),
        ("lll2025-mansion", "presets/lll2025-game-1-mansion.ron"),
        ("lll2025-fortress", "presets/lll2025-game-1-fortress.ron"),
    ]
    .into_iter()
    .filter(|p| wanted(p.0))
    {
        let out = PathBuf::from(format!("screenshots/{name}.png"));
        timed(&out, || save_editor(preset_editor(preset)?, &out))?;
    }
    Ok(())
}
