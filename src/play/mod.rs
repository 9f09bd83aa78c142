//! The game's own turn loop, as a library: what happens when the thief acts (`stealth-rules.md` §5).
//!
//! The analysis (`crate::analysis::stealth`) reasons about every route at once; this module plays one
//! game forward, one move at a time, so that a route can be replayed and checked against the rules the
//! game itself applies. It holds no UI types: the CLI and the editor drive it.
//!
//! The rules are a seam: [`Rules`] is everything a game version decides about a move, and
//! [`Rules2023`] is the 7DRL 2023 version. The 2025 game (§10) changes how far a leap goes, what it
//! knocks over and what it sounds like; it is to be a second implementation of [`Rules`], so that
//! [`apply_move`] and the turn loop around it never ask which version they play.
//!
//! The thief's action is here (§4.6 step 1 and the noise of step 2, the submersion counter of step 3),
//! and the guards' undisturbed turn (§4.6 step 4 with no thief: patrols, torch spotting and relighting,
//! §7 Step 0) is the analysis's (`crate::analysis::stealth::undisturbed`), which the loop's relaxed
//! guards reuse. The guards' senses (§3.3–§3.6) are pure functions:
//! [`sees`], [`hidden`], [`hears`]. Still to come: shouts and alert modes, and calling the senses in
//! the turn, which will read what a move reports: the cells passed, the noise made, the torch
//! toggled and whether a turn passed.

pub mod advice;
mod checkpoints;
mod draws;
mod game;
mod kept;
mod lll2023;
mod lll2025;
mod mind;
mod moves;
mod report;
pub mod rule_sets;
mod rules;
pub mod rules2025;
mod senses;
mod session;
mod state;
mod thief;
mod turn;
mod view;

pub use draws::Draws;
pub use game::{Game, Refusal};
pub use lll2023::Lll2023;
pub use lll2025::Lll2025;
pub use mind::{Alert, AlertMode, Mind};
pub use moves::{Move, ParseMoveError, move_between, parse_moves, route_moves};
pub use report::{Event, GuardMode, GuardReport, TorchChange, TurnReport};
pub use rules::{Noise, Reach, Rejection, Rules, Rules2023, Surroundings};
pub use senses::{Watcher, hears, hidden, sees, within_earshot};
pub use session::{GuardView, RuleSet, Session, Snapshot};
pub use state::{Ending, State};
pub use thief::{MoveOutcome, Thief, apply_move};
pub use view::ThiefSight;
