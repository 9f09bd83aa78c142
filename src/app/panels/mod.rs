//! The panels and windows around the map, each a struct behind the one `Panel` trait (`app::panel`):
//! the document, picker, tools, overlays, legends, campaign, runs, level-seed, inspector, validation,
//! play, playtest, regenerate-until, timeline and palette panels; beside them what they share without being panels (widgets, words,
//! parameter fields, the stealth legends) and the frame (`chrome`: menu bar and status bar).

pub(super) mod campaign_panel;
pub(super) mod chrome;
pub(super) mod describe;
pub(super) mod edit_panels;
pub(super) mod findings;
pub(super) mod inspector;
pub(super) mod legend;
pub(super) mod level_seed_panel;
pub(super) mod lock_notes;
pub(super) mod note_words;
pub(super) mod overlays_panel;
pub(super) mod palette;
pub(super) mod param_fields;
pub(super) mod picker;
pub(super) mod play_help;
pub(super) mod play_panel;
pub(super) mod play_words;
pub(super) mod playtest_panel;
pub(super) mod runs_panel;
pub(super) mod stealth_legends;
pub(super) mod timeline;
pub(super) mod until_panel;
pub(super) mod validation_panel;
pub(super) mod widgets;
