//! The seed browser's window: criteria with their histograms, the search's progress, and the matches
//! as a grid of thumbnails with their figures. The state and the search are `browser`'s; this only
//! draws and turns clicks into commands.

use std::fmt::Write as _;
use std::sync::atomic::Ordering;

use egui::{ColorImage, Context, TextureHandle, TextureOptions, Ui};

use crate::app::browser::histogram::{self, Histogram};
use crate::app::browser::search::{Batch, Browser, Criterion};
use crate::app::commands::command::Command;
use crate::app::panel::Panel;
use crate::app::panels::describe;
use crate::app::state::EditorState;

/// Thumbnails per row, and their width in points.
const COLUMNS: usize = 4;
const THUMB_WIDTH: f32 = 150.0;

impl Browser {}

fn search_row(ui: &mut Ui, browser: &mut Browser, commands: &mut Vec<Command>) {
    ui.horizontal_wrapped(|ui| {
        let label = ui.label("Games");
        ui.add(egui::DragValue::new(&mut browser.games).range(1..=100_000))
            .on_hover_text("Games to search: each is a campaign of ten mansions")
            .labelled_by(label.id);
        let label = ui.label("from seed");
        ui.add(egui::DragValue::new(&mut browser.first_seed))
            .labelled_by(label.id);
        ui.checkbox(&mut browser.stealth, "Stealth figures")
            .on_hover_text(
                "Also measure how each mansion plays (slower): watched share, ghost loot …",
            );
        if let Some(job) = &browser.job {
            let done = job.progress.games_done.load(Ordering::Relaxed);
            let share = done as f32 / job.games.max(1) as f32;
            ui.add(
                egui::ProgressBar::new(share)
                    .desired_width(120.0)
                    .show_percentage(),
            );
            if ui.button(Command::CancelSearch.label()).clicked() {
                commands.push(Command::CancelSearch);
            }
        } else {
            let search = Command::SearchSeeds;
            if ui
                .button(search.label())
                .on_hover_text(search.tooltip())
                .clicked()
            {
                commands.push(search);
            }
        }
    });
    if let Some(error) = &browser.error {
        ui.colored_label(crate::paint::palette::WARNING, error);
    }
}

/// One row per criterion: key, range, and the key's histogram over the last batch.
fn criteria(ui: &mut Ui, browser: &mut Browser) {
    let keys = browser.keys.clone();
    let batch = browser.batch.as_ref();
    let mut remove = None;
    for (i, c) in browser.criteria.iter_mut().enumerate() {
        ui.horizontal(|ui| {
            let label = ui.label(format!("Criterion {}", i + 1));
            egui::ComboBox::from_id_salt(("criterion-key", i))
                .selected_text(describe::figure(&c.key))
                .show_ui(ui, |ui| {
                    for key in &keys {
                        ui.selectable_value(&mut c.key, key.clone(), describe::figure(key))
                            .on_hover_text(format!("{key} in the command line's stats"));
                    }
                })
                .response
                .on_hover_text(format!("{} in the command line's stats", c.key))
                .labelled_by(label.id);
            let label = ui.label("from");
            ui.add(egui::DragValue::new(&mut c.min).speed(0.1))
                .labelled_by(label.id);
            let label = ui.label("to");
            ui.add(egui::DragValue::new(&mut c.max).speed(0.1))
                .labelled_by(label.id);
            if ui.small_button("Remove").clicked() {
                remove = Some(i);
            }
        });
        if let Some(hist) = batch
            .and_then(|b| b.values.get(&c.key))
            .and_then(|v| Histogram::of(v))
        {
            histogram::show(ui, &hist, c.min, c.max, 420.0);
            let within = hist.count_within(c.min, c.max);
            let total: usize = hist.counts.iter().sum();
            ui.weak(format!(
                "{within} of {total} mansions ({:.1} %) in range",
                100.0 * within as f64 / total.max(1) as f64
            ));
        }
    }
    if let Some(i) = remove {
        browser.criteria.remove(i);
    }
    if ui.button("Add criterion").clicked() {
        browser.criteria.push(Criterion {
            key: keys.first().cloned().unwrap_or_else(|| "rooms".to_string()),
            min: 0.0,
            max: 1000.0,
        });
    }
}

fn results(ui: &mut Ui, browser: &mut Browser, commands: &mut Vec<Command>) {
    let Some(batch) = &browser.batch else {
        ui.weak("Set the criteria and search: the matches appear here.");
        return;
    };
    ui.label(summary(batch));
    compare_row(ui, &browser.picked, commands);
    let ctx = ui.ctx().clone();
    egui::Grid::new("seed-browser-matches")
        .num_columns(COLUMNS)
        .spacing([8.0, 8.0])
        .show(ui, |ui| {
            for (i, m) in batch.matches.iter().enumerate() {
                ui.vertical(|ui| {
                    let name = format!("game {} · mansion {}", m.game_seed, m.level);
                    let open = Command::OpenVariant {
                        game_seed: m.game_seed,
                        level: m.level,
                    };
                    let texture = m.picture.as_ref().map(|p| {
                        browser
                            .thumbnails
                            .entry((m.game_seed, m.level))
                            .or_insert_with(|| upload(&ctx, &name, p))
                            .clone()
                    });
                    let clicked = match texture {
                        Some(t) => {
                            let size = t.size_vec2();
                            let scale = THUMB_WIDTH / size.x.max(1.0);
                            let image =
                                egui::Image::new((t.id(), size * scale)).alt_text(name.clone());
                            ui.add(egui::Button::image(image))
                                .on_hover_text(open.tooltip())
                        }
                        None => ui.button(&name),
                    }
                    .clicked();
                    ui.horizontal(|ui| {
                        ui.label(&name);
                        tick(ui, &mut browser.picked, (m.game_seed, m.level), &name);
                    });
                    let figures: Vec<String> = m
                        .figures
                        .iter()
                        .map(|(k, v)| format!("{} {v}", describe::figure(k)))
                        .collect();
                    ui.weak(figures.join(" · "));
                    if clicked {
                        commands.push(open);
                    }
                });
                if (i + 1) % COLUMNS == 0 {
                    ui.end_row();
                }
            }
        });
}

/// What comparing the ticked matches side by side does, and its button.
fn compare_row(ui: &mut Ui, picked: &[(u64, u32)], commands: &mut Vec<Command>) {
    let compare = Command::CompareMatches(picked.to_vec());
    ui.horizontal_wrapped(|ui| {
        let ready = !picked.is_empty();
        if ui
            .add_enabled(ready, egui::Button::new(compare.label()))
            .on_hover_text(compare.tooltip())
            .clicked()
        {
            commands.push(compare);
        }
        ui.weak(match picked.len() {
            0 => "Tick one mansion to compare with the document, or two to compare with each other",
            1 => "The ticked mansion beside the document, or tick a second",
            _ => "The first ticked opens as the document, the second beside it",
        });
    });
}

/// A match's "Compare" box: ticking a third match lets go of the first ticked.
fn tick(ui: &mut Ui, picked: &mut Vec<(u64, u32)>, pick: (u64, u32), name: &str) {
    let mut on = picked.contains(&pick);
    if ui
        .checkbox(&mut on, "Compare")
        .on_hover_text(format!("Compare {name} side by side"))
        .changed()
    {
        picked.retain(|&p| p != pick);
        if on {
            picked.push(pick);
            if picked.len() > 2 {
                picked.remove(0);
            }
        }
    }
}

fn summary(batch: &Batch) -> String {
    let share = 100.0 * batch.matched as f64 / batch.measured.max(1) as f64;
    let mut text = format!(
        "{} of {} mansions match ({share:.1} %)",
        batch.matched, batch.measured
    );
    if batch.matched > batch.matches.len() {
        // Writing to a `String` cannot fail.
        let _ = write!(text, "; the first {} are shown", batch.matches.len());
    }
    if batch.cancelled {
        text.push_str("; cancelled before the end");
    }
    text
}

fn upload(ctx: &Context, name: &str, picture: &image::RgbaImage) -> TextureHandle {
    let size = [picture.width() as usize, picture.height() as usize];
    let image = ColorImage::from_rgba_unmultiplied(size, picture.as_raw());
    ctx.load_texture(name, image, TextureOptions::LINEAR)
}

impl Panel for Browser {
    /// The seed browser window, when open.
    fn ui(&mut self, ui: &mut Ui, _: &EditorState, commands: &mut Vec<Command>) {
        let ctx = &ui.ctx().clone();
        if !self.open {
            return;
        }
        self.poll();
        if self.running() {
            ctx.request_repaint_after(std::time::Duration::from_millis(50));
        }
        let mut open = true;
        egui::Window::new("Seed browser")
            .open(&mut open)
            .default_pos([280.0, 40.0])
            .default_size([680.0, 860.0])
            .vscroll(true)
            .show(ctx, |ui| {
                search_row(ui, self, commands);
                ui.separator();
                criteria(ui, self);
                ui.separator();
                results(ui, self, commands);
            });
        if !open {
            commands.push(Command::ToggleBrowser);
        }
    }
}
