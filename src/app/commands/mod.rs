//! Every user action: the one `Command` list with its words and keys, the named list the palette and menus offer, the dispatcher that carries them out, and the questions asked before an action with consequences.

pub(super) mod command;
pub(super) mod command_list;
pub(super) mod confirm;
pub(super) mod dialogs;
pub(super) mod dispatch;
pub(super) mod help;
pub(super) mod keys;
pub(super) mod menus;
pub(super) mod pending;
pub(super) mod replace;
