//! The guards' turn when nobody disturbs them (`stealth-rules.md` §7 Step 0): patrol steps (§4.2–§4.3),
//! rejoining the route (§4.4), torch spotting (§3.8) and relighting (§4.5), one guard at a time in list
//! order (§4.6), with the window facing of a standing guard (§3.2 (3)).
//!
//! With no thief in the game no relaxed guard sees, hears or bumps anyone, so the sight test of §4.6 e
//! never fires and the `lit` grid never changes what a guard does: the turn needs only which torches
//! are lit. The light each guard's sight test would use is still recorded, as the moment it was last
//! cast (§2.3: a relight, a torch carrier's move, the end of a turn), for the senses to come; and
//! [`GuardReplay::light_at`] casts it with the analysis's light.

mod alone;
mod block;
mod fields;
mod guards;
mod kept;
mod record;
mod rejoin;
mod settle;
mod spot;
mod state;
mod walk;

pub use alone::Alone;
pub use guards::{Acted, Guards};
pub use record::{GuardReplay, GuardSteps, replay};
pub use state::{GuardState, Mode, Relight, Torch, TorchRules};
pub use walk::{Goal, Ground, Standing, Stepped, Walker, advance, rejoin_index};
