//! The panels and windows around the map: the menu bar and status bar, the editing, campaign, run, play, stealth and validation panels, the legends, the timeline, the picker and the command palette, with the widgets and names they share.

pub(super) mod campaign_panel;
pub(super) mod chrome;
pub(super) mod describe;
pub(super) mod edit_panels;
pub(super) mod findings;
pub(super) mod legend;
pub(super) mod level_seed_panel;
pub(super) mod lock_notes;
pub(super) mod palette;
pub(super) mod param_fields;
pub(super) mod picker;
pub(super) mod play_panel;
pub(super) mod play_words;
pub(super) mod runs_panel;
pub(super) mod stealth_panels;
pub(super) mod timeline;
pub(super) mod validation_panel;
pub(super) mod widgets;
