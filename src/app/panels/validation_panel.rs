//! The validation panel: every broken invariant and every finding in one table (`egui_extras`), playability
//! errors first, then warnings and generator notes — what is wrong in a designer's words, and where. A
//! click on a row centres the map on it. The spec's invariant number is technical detail: it stays in
//! the row's tooltip.

use egui::{RichText, Ui};
use egui_extras::{Column, TableBuilder};

use crate::analysis::validate::FindingKind;
use crate::app::commands::command::Command;
use crate::app::panel::Panel;
use crate::app::panels::findings::Severity;
use crate::app::state::EditorState;
use crate::model::{Cell, RoomId};
use crate::paint::palette;

/// Row height: one line of body text and a little air.
const ROW: f32 = 20.0;

/// One row of the table.
struct Row {
    severity: Severity,
    message: String,
    cell: Option<Cell>,
    room: Option<RoomId>,
    /// The technical side, for the tooltip (the spec invariant), if any.
    detail: Option<String>,
    /// What a click does.
    focus: Command,
}

impl Row {
    fn tag(&self) -> (&'static str, egui::Color32) {
        match self.severity {
            Severity::Error => ("Error", palette::TEXT_ERROR),
            Severity::Warning => ("Warning", palette::TEXT_WARNING),
            Severity::Note => ("Note", palette::TEXT_NOTE),
        }
    }

    fn place(&self) -> String {
        match (self.cell, self.room) {
            (Some(c), _) => format!("({}, {})", c.x, c.y),
            (None, Some(r)) => format!("room {r}"),
            (None, None) => String::new(),
        }
    }
}

/// Every row, errors first: the validator's playability errors, the editor's findings by severity,
/// then the generator notes (a hand edit may break those on purpose).
fn rows(state: &EditorState) -> Vec<Row> {
    let violations = state.analysis.violations.iter().enumerate();
    let mut rows: Vec<Row> = violations
        .map(|(i, v)| Row {
            severity: match v.kind {
                FindingKind::Playability => Severity::Error,
                FindingKind::GeneratorNote => Severity::Note,
            },
            message: v.message.clone(),
            cell: v.cell,
            room: v.room,
            detail: Some(format!(
                "{} (spec §8, invariant {})",
                match v.kind {
                    FindingKind::Playability => "The level cannot be played as meant",
                    FindingKind::GeneratorNote => "A generator guarantee a hand edit may break",
                },
                v.invariant
            )),
            focus: Command::FocusViolation(i),
        })
        .collect();
    rows.extend(state.analysis.findings.iter().enumerate().map(|(i, f)| {
        // A lock that keeps new guards out leaves its room unpatrolled on purpose.
        let kept_out = f.unpatrolled
            && f.room
                .is_some_and(|r| state.doc.is_locked(r) && !state.doc.allows_patrols(r));
        Row {
            severity: if kept_out { Severity::Note } else { f.severity },
            message: if kept_out {
                format!("{}: its lock keeps new guards out", f.message)
            } else {
                f.message.clone()
            },
            cell: f.cell,
            room: f.room,
            detail: kept_out.then(|| Command::TogglePatrolsIn.tooltip()),
            focus: Command::FocusFinding(i),
        }
    }));
    rows.sort_by_key(|r| r.severity);
    rows
}

/// The panel: a heading with the count, then the table (or "No findings.").
#[derive(Default)]
pub struct ValidationPanel;

impl Panel for ValidationPanel {
    fn ui(&mut self, ui: &mut Ui, state: &EditorState, commands: &mut Vec<Command>) {
        let rows = rows(state);
        ui.heading(format!("Validation ({})", rows.len()));
        if rows.is_empty() {
            ui.weak("No findings.");
            return;
        }
        let focused = |r: &Row| {
            state
                .selection
                .focus
                .is_some_and(|f| f.cell == r.cell && f.room == r.room)
        };
        TableBuilder::new(ui)
            .id_salt("validation-table")
            .striped(true)
            .vscroll(false)
            .sense(egui::Sense::click())
            .column(Column::auto().at_least(44.0))
            .column(Column::remainder())
            .column(Column::auto().at_least(52.0))
            .header(ROW, |mut header| {
                for title in ["", "What", "Where"] {
                    header.col(|ui| {
                        ui.strong(title);
                    });
                }
            })
            .body(|mut body| {
                // Text that is not selectable leaves the click to the row.
                body.ui_mut().style_mut().interaction.selectable_labels = false;
                // Each row as tall as its message wrapped in the "What" column.
                let width = body.widths().get(1).copied().unwrap_or(200.0);
                let heights: Vec<f32> = {
                    let ui = body.ui_mut();
                    let font = egui::TextStyle::Body.resolve(ui.style());
                    rows.iter()
                        .map(|r| {
                            let galley = ui.painter().layout(
                                r.message.clone(),
                                font.clone(),
                                palette::TEXT_MEASURED,
                                width,
                            );
                            (galley.size().y + 4.0).max(ROW)
                        })
                        .collect()
                };
                body.heterogeneous_rows(heights.into_iter(), |mut table_row| {
                    let row = &rows[table_row.index()];
                    table_row.set_selected(focused(row));
                    let (tag, colour) = row.tag();
                    table_row.col(|ui| {
                        ui.label(RichText::new(tag).color(colour));
                    });
                    table_row.col(|ui| {
                        ui.add(egui::Label::new(&row.message).wrap());
                    });
                    table_row.col(|ui| {
                        ui.weak(row.place());
                    });
                    let clickable = row.cell.is_some() || row.room.is_some();
                    let mut hover = row.message.clone();
                    if let Some(detail) = &row.detail {
                        hover = format!("{hover}\n{detail}");
                    }
                    if clickable {
                        hover = format!("{hover}\n{}", row.focus.description());
                    }
                    if table_row.response().on_hover_text(hover).clicked() && clickable {
                        commands.push(row.focus.clone());
                    }
                });
            });
    }
}
