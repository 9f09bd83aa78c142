//! The one dispatcher: every [`Command`] — from a menu, a button, a key, the palette, a prompt or a
//! test — is carried out here, on the document's state or on the panel it is for. Panels only push
//! commands, so menus, shortcuts and the palette can never do the same thing two ways.

use crate::analysis::stealth::LitMap;
use crate::app::commands::command::Command;
use crate::app::commands::pending::{Pending, Replacement};
use crate::app::files::file_state::PathPurpose;
use crate::app::map::tool::Tool;
use crate::app::panel_set::Panels;
use crate::app::panels::campaign_panel::campaign_level;
use crate::app::state::{EditorState, Focus, MessageKind};
use crate::edit::{self, Edit};
use crate::model::{Cell, LockOrigin, RoomId};

/// Carries out `command`. While a game is played, commands that edit the map are refused: the
/// play-test never changes the document.
#[expect(
    clippy::too_many_lines,
    reason = "one arm per command: the exhaustive match is the point"
)]
pub fn apply(command: Command, state: &mut EditorState, panels: &mut Panels) {
    if panels.play.playing() && edits_the_map(&command) {
        state.say(
            MessageKind::Warning,
            format!(
                "{}: not while play-testing (F8 or Escape stops the game)",
                command.label()
            ),
        );
        return;
    }
    match command {
        Command::ToggleOverlay(overlay) => state.view.overlays.toggle(overlay),
        Command::ToggleLayer(layer) => state.view.layers.toggle(layer),
        Command::ToggleGrid => state.view.show_grid ^= true,
        Command::SetAnalysisRules(rules) => {
            if state.view.analysis_rules != rules {
                state.view.analysis_rules = rules;
                state.refresh_stealth();
            }
        }
        Command::ToggleSettledLight => {
            state.view.lit_map = match state.view.lit_map {
                LitMap::AsGenerated => LitMap::Settled,
                LitMap::Settled => LitMap::AsGenerated,
            };
        }
        Command::FitToWindow => state.view.camera.request_fit(),
        Command::ZoomIn => state.view.camera.request_zoom(1.25),
        Command::ZoomOut => state.view.camera.request_zoom(0.8),
        Command::CompareWithLastRegeneration => state.compare_with_last_regeneration(),
        Command::CompareWithStep(done) => state.compare_with_step(done),
        Command::StopComparing => state.comparison = None,
        Command::ShowSideBySide => panels.side_by_side.show_for(state),
        Command::SideBySideWithLastRegeneration => {
            state.compare_with_last_regeneration();
            if state.comparison.is_some() {
                panels.side_by_side.show_for(state);
            }
        }
        Command::LeaveSideBySide => panels.side_by_side.open = false,
        Command::CompareMatches(picks) => panels.side_by_side.compare_picks(state, &picks),
        Command::SelectRoom(room) => {
            state.selection.room = room.filter(|&r| r < state.doc.level.rooms.len());
        }
        Command::SelectLoot(item) => state.selection.loot = item,
        Command::FocusFinding(index) => {
            let place = state.analysis.findings.get(index).map(|f| (f.cell, f.room));
            focus_place(state, place);
        }
        Command::FocusViolation(index) => {
            let place = state
                .analysis
                .violations
                .get(index)
                .map(|v| (v.cell, v.room));
            focus_place(state, place);
        }
        Command::FocusRoom(room) => state.focus_on(Focus {
            cell: None,
            room: Some(room),
        }),
        Command::Undo => _ = state.undo(),
        Command::Redo => _ = state.redo(),
        Command::HistoryGoto(done) => state.history_goto(done),
        Command::Run(command) => _ = state.run(&command),
        Command::RegenerateUnlocked => {
            _ = state.run(&edit::Command::Regenerate {
                seed: rand::random(),
            });
        }
        Command::RegenerateSameSeed => {
            let seed = state.doc.recipe.seed;
            state.run(&edit::Command::Regenerate { seed });
        }
        Command::RegenerateUntil => {
            let rules = panels.play.rules_for(state.level()).id();
            panels.until.start(state, rules, rand::random());
        }
        Command::RegenerateWithSeed(seed) => _ = state.run(&edit::Command::Regenerate { seed }),
        Command::Reroll(step) => _ = state.run(&edit::Command::Reroll(step)),
        Command::ToggleLock => toggle_lock(state),
        Command::TogglePatrolsIn => toggle_patrols_in(state),
        Command::ToggleReopenLastFile => state.settings.reopen_last_file ^= true,
        Command::Copy => _ = panels.tools.copy(state),
        Command::Cut => panels.tools.cut(state),
        Command::Paste => paste(state, panels),
        Command::Cancel => panels.side_by_side.cancel(&mut panels.tools),
        Command::SetTool(tool) => {
            panels.tools.tool = tool;
            panels.tools.drag_from = None;
        }
        Command::Regenerate => panels.campaign.open_mansion(state, campaign_level(state)),
        Command::OpenMansion(level) => panels.campaign.open_mansion(state, level),
        Command::RandomSeed => {
            let game_seed = u64::from(rand::random::<u32>());
            let level = campaign_level(state);
            let exact = panels.campaign.exact;
            replace(
                state,
                Replacement::Mansion {
                    game_seed,
                    level,
                    exact,
                },
            );
        }
        Command::OpenVariant { game_seed, level } => {
            replace(state, Replacement::Variant { game_seed, level });
        }
        Command::ApplyRecipe(recipe) => replace(state, Replacement::Recipe(recipe)),
        Command::OpenNamed { recipe, name } => {
            replace(state, Replacement::GameMansion { recipe, name });
        }
        Command::New => replace(state, Replacement::New),
        Command::Open => replace(state, Replacement::Open(None)),
        Command::OpenRecent(n) => {
            if let Some(path) = state.files.recent.get(n).cloned() {
                replace(state, Replacement::Open(Some(path)));
            }
        }
        Command::Save => match state.files.path.clone() {
            Some(path) => state.save_to(&path),
            None => state.files.ask = Some(PathPurpose::SaveAs { then: None }),
        },
        Command::SaveAs => state.files.ask = Some(PathPurpose::SaveAs { then: None }),
        Command::Export(format) => state.files.ask = Some(PathPurpose::Export(format)),
        Command::CompareWithFile => state.files.ask = Some(PathPurpose::Compare),
        Command::Quit => state.request(Pending::Quit),
        Command::AskDailyRun => panels.runs.ask(state),
        Command::AskLevelSeed => panels.level_seed.ask(state),
        Command::OpenDailyRun { game, date } => panels.runs.open(state, game, date),
        Command::AskRun => panels.runs.ask_seed(),
        Command::OpenRun { game, seed } => panels.runs.open_run(state, game, &seed),
        Command::OpenRunMansion(pick) => panels.runs.open_mansion(state, pick),
        Command::ToggleBrowser => panels.browser.toggle(&state.doc.recipe.generator),
        Command::SearchSeeds => panels.browser.search(&state.doc.recipe.generator),
        Command::CancelSearch => panels.browser.cancel(),
        Command::ToggleTimeline => panels.timeline.open ^= true,
        Command::PlayPause => panels.timeline.play_or_pause(),
        Command::StepBack => panels.timeline.step(false, state.horizon()),
        Command::StepForward => panels.timeline.step(true, state.horizon()),
        Command::SetTurn(turn) => panels.timeline.set_turn(turn, state.horizon()),
        Command::SetSpeed(speed) => panels.timeline.speed = speed.max(1),
        Command::CommandPalette => panels.palette.open_with(""),
        Command::GoToRoom => panels.palette.open_with("room "),
        Command::ToggleControls => panels.layout.controls ^= true,
        Command::ToggleDetails if panels.narrow => panels.details_while_narrow ^= true,
        Command::ToggleDetails => panels.layout.details ^= true,
        Command::PlayFromStart
        | Command::PlayFromHere
        | Command::PlayGhostRoute
        | Command::StopPlaying
        | Command::PlayMove(_)
        | Command::PlayStepBack
        | Command::RestartPlay
        | Command::PlayNextTurn
        | Command::ToggleAutoPlay
        | Command::ToggleFog
        | Command::SetPlaySeed(_)
        | Command::SetPlayRules(_)
        | Command::SavePlayThrough
        | Command::OpenPlayThrough => play(&command, state, panels),
        Command::RunPlaytest => {
            let rules = panels.play.rules_for(state.level());
            panels.playtest.start(state, rules);
        }
        Command::PlaytestRun => {
            let run = panels.runs.shown.as_ref().map(|(_, run)| run);
            match run.or(panels.campaign.run()) {
                Some(run) => {
                    let recipes = run.mansions.iter().map(|m| m.recipe.clone()).collect();
                    let title = run.title.clone();
                    panels
                        .playtest
                        .start_curve(title, recipes, panels.play.rules);
                }
                None => state.say(
                    MessageKind::Warning,
                    "No run to playtest: the Campaign panel lists none",
                ),
            }
        }
        Command::ReplayBotRun { spec, seed } => {
            let rules = panels.play.rules_for(state.level());
            panels.play.replay_bot(state, rules, spec, seed);
        }
    }
}

/// Carries out a command of the play-test.
fn play(command: &Command, state: &mut EditorState, panels: &mut Panels) {
    match command {
        Command::PlayFromStart => {
            let start = state.level().player_start;
            panels.play.start(state, start, 0);
        }
        Command::PlayFromHere => {
            let cell = state.view.cursor_cell.or(panels.play.last_cell);
            let turn = if panels.timeline.open {
                panels.timeline.turn
            } else {
                0
            };
            match cell {
                Some(cell) => _ = panels.play.start(state, cell, turn),
                None => state.say(
                    MessageKind::Warning,
                    "Point at a cell of the map, then press F6 to play from it",
                ),
            }
        }
        Command::PlayGhostRoute => panels.play.play_route(state),
        Command::StopPlaying if panels.play.playing() => {
            panels.play.stop();
            state.say(MessageKind::Info, "Stopped playing");
        }
        Command::PlayMove(mv) => _ = panels.play.play(state, *mv),
        Command::PlayStepBack => panels.play.step_back(state),
        Command::RestartPlay => panels.play.restart(),
        Command::PlayNextTurn => panels.play.next_turn(state),
        Command::ToggleAutoPlay => panels.play.toggle_auto(state),
        Command::ToggleFog => panels.play.toggle_fog(),
        Command::SetPlaySeed(seed) => panels.play.set_seed(*seed),
        Command::SetPlayRules(rules) => panels.play.set_rules(*rules),
        Command::SavePlayThrough if !panels.play.playing() => {
            state.say(
                MessageKind::Warning,
                "No game to save: F5 plays from the start",
            );
        }
        Command::SavePlayThrough => state.files.ask = Some(PathPurpose::SavePlayThrough),
        Command::OpenPlayThrough => state.files.ask = Some(PathPurpose::OpenPlayThrough),
        _ => {}
    }
}

/// Whether `command` edits the map (refused while a game is played). Opening or regenerating a
/// document is allowed: it ends the game.
fn edits_the_map(command: &Command) -> bool {
    matches!(
        command,
        Command::Run(_)
            | Command::Undo
            | Command::Redo
            | Command::HistoryGoto(_)
            | Command::Cut
            | Command::Paste
            | Command::ToggleLock
            | Command::TogglePatrolsIn
    )
}

/// Centres the map on a finding's or violation's place (its cell, else its room) and selects its room;
/// `None` (an index past the list) does nothing.
fn focus_place(state: &mut EditorState, place: Option<(Option<Cell>, Option<RoomId>)>) {
    if let Some((cell, room)) = place {
        state.focus_on(Focus { cell, room });
    }
}

/// Asks to show another document (with the unsaved-changes prompt when needed).
fn replace(state: &mut EditorState, replacement: Replacement) {
    state.request(Pending::Replace(replacement));
}

/// Locks the selected room, or unlocks it: a lock an edit made becomes the designer's; the designer's
/// own lock comes off.
fn toggle_lock(state: &mut EditorState) {
    let Some(room) = state.selection.room else {
        state.say(MessageKind::Warning, "select a room to lock it");
        return;
    };
    let edit = if state.doc.lock_origin(room) == Some(LockOrigin::Designer) {
        Edit::Unlock { room }
    } else {
        Edit::Lock { room }
    };
    state.run(&edit::Command::Edit(edit));
}

/// Lets new patrols into the selected locked room, or keeps them out again.
fn toggle_patrols_in(state: &mut EditorState) {
    let Some(room) = state.selection.room.filter(|&r| state.doc.is_locked(r)) else {
        state.say(
            MessageKind::Warning,
            "select a locked room to choose whether new patrols may enter it",
        );
        return;
    };
    let allow = !state.doc.allows_patrols(room);
    state.run(&edit::Command::Edit(Edit::AllowPatrols { room, allow }));
}

/// Starts pasting the copied cells where the designer clicks next, or says there is nothing copied.
fn paste(state: &mut EditorState, panels: &mut Panels) {
    let tools = &mut panels.tools;
    match &tools.clipboard {
        Some(clip) => {
            let text = format!(
                "Click where the {} × {} copy's bottom-left (south-west) corner goes (Escape cancels)",
                clip.width, clip.height
            );
            tools.pasting = true;
            tools.tool = Tool::Select;
            state.say(MessageKind::Info, text);
        }
        None => state.say(
            MessageKind::Warning,
            "Nothing copied yet: drag out cells with the Select tool, then Ctrl+C",
        ),
    }
}
