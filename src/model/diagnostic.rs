//! A level's diagnostics as typed values: what a generator noted about the level it built (a clamped
//! parameter, a shortfall, a fix-up, a patrol it could not keep) with the numbers and cells of the note,
//! put into words only where a designer reads them (issue 23: values stay typed end to end).
//!
//! Code that sorts or filters notes asks a note its [`DiagnosticKind`] instead of reading its words.
//!
//! A level file stores each note as its words, exactly as files did before the notes were typed, so
//! level files, presets' fingerprints and the generators' golden hashes are unchanged. Loading reads the
//! words back into the variant that says them ([`words`]); words this version does not say (a file from
//! another version, a hand edit) stay as they are in [`Diagnostic::Note`], so a file saves back byte for
//! byte.

mod words;

use std::fmt;

use serde::{Deserialize, Serialize};

use super::cell::Cell;

/// One note a generator made about a level it built: shown in the validation panel and on the command
/// line, never hidden. Written to level files as its words (its [`Display`](fmt::Display)).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(into = "String", from = "String")]
pub enum Diagnostic {
    /// A numeric parameter lay outside its range and was clamped into it (`other-generators.md` §0.3:
    /// out-of-range values never fail a generation, they are clamped and said).
    Clamped {
        /// The parameter's name on the command line and in presets.
        name: String,
        /// The value the recipe asked for.
        asked: Number,
        /// The value the generator used: the nearer end of the range.
        used: Number,
        /// The lower end of the range, which may depend on other parameters (`room_max` ≥ `room_min`).
        lo: Number,
        /// The upper end of the range.
        hi: Number,
    },
    /// A width that must be odd (a tile-growth module or corridor, which centres on a cell) was even
    /// after clamping, and was stepped down to the next odd value (up at the lower end of its range).
    MadeOdd {
        /// The parameter's name on the command line and in presets.
        name: String,
        /// The even value, after clamping.
        asked: i32,
        /// The odd value used.
        used: i32,
    },
    /// Every tile-growth module weight was 0, so no module type could be drawn: the default weights
    /// were used instead.
    DefaultWeights,
    /// Packed-mansion hallway widths whose shortest hallway (width × `hall_min_length_factor`) is longer
    /// than `hall_max_length` were dropped, since no hallway of theirs could be placed.
    HallWidthsDropped {
        /// The longest hallway allowed, after clamping.
        hall_max_length: i32,
    },
    /// Fewer modules, rooms or coins were placed than wanted, because the space ran out.
    Shortfall {
        /// What was placed, which also says why the placing stopped.
        what: Placed,
        /// How many were wanted.
        wanted: usize,
        /// How many were placed.
        placed: usize,
    },
    /// Tile growth built at most one module, a single room: a minimum fill this low lets the growth stop
    /// at its root, which is rarely what a designer meant.
    SingleModule {
        /// The modules built (0 or 1).
        built: usize,
        /// The minimum module count that `min_fill` gave.
        min_modules: usize,
    },
    /// Tile growth closed (no open door left) below its minimum size and was reopened to reach it.
    GrowthReopened {
        /// How many times it was reopened.
        times: usize,
    },
    /// The packed mansion's reachability fix added doors so that every room can be reached.
    FixDoors {
        /// How many doors it added.
        added: usize,
    },
    /// No room for the packed mansion's Entrance Hall was left on the front row (locked rooms took it),
    /// so a locked room on the front row serves as the entrance.
    EntranceStandIn {
        /// The plan placement of the locked room that stands in.
        placement: usize,
    },
    /// The packed mansion placed more rooms than its target, because packing went on until the locked
    /// rooms were reached.
    PastTarget {
        /// The rooms placed.
        placed: usize,
        /// The recipe's target.
        target: usize,
    },
    /// A regeneration with locks found a level that keeps them only on a later attempt, with a seed
    /// derived from the recipe's (`edit::rebuild`).
    LocksHonoured {
        /// The attempt that succeeded, counting from 1.
        attempt: u64,
    },
    /// A patrol kept by locks could not be kept in the regenerated level, so the patrol pass planned
    /// its rooms anew (issue 21).
    PatrolNotKept {
        /// Which patrol: by its guard, or by its route's start.
        patrol: KeptName,
        /// Why it could not be kept.
        why: NotKept,
    },
    /// Some cell of the ring around the building could not be walked, so the level has no outside
    /// patrols (spec §2.6: the outside routes walk the whole ring).
    NoOutsideRing,
    /// A Rogue grid of one cell: its one room holds both the up and the down stairs.
    StairsShareRoom,
    /// A generation that cannot fail without locks failed anyway: a bug, said in the level rather than
    /// by a panic.
    GenerationFailed {
        /// What failed, in the generator's words.
        reason: String,
    },
    /// Words this version does not say, read from a file written by another version or by hand; kept
    /// as they are so that the file saves back unchanged. Generators never make these.
    Note(String),
}

/// What sort of note a [`Diagnostic`] is, for the code that sorts, filters or picks notes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DiagnosticKind {
    /// A parameter the recipe gave was changed to fit (clamped, made odd, replaced or dropped): the
    /// designer typed those values, so the editor repeats these notes in full.
    Parameter,
    /// Fewer things were placed than wanted.
    Shortfall,
    /// The generator repaired its own result (reopened growth, added doors).
    FixUp,
    /// The locks shaped the result (a stand-in entrance, extra rooms, a later attempt).
    Lock,
    /// A patrol kept by locks was planned anew.
    KeptPatrol,
    /// The patrol pass left something out (the outside patrols).
    Patrol,
    /// The parameters make an unusual but valid layout.
    Layout,
    /// The generation failed.
    Failure,
    /// Words this version does not know.
    Note,
}

impl Diagnostic {
    /// The sort of note this is.
    pub fn kind(&self) -> DiagnosticKind {
        match self {
            Diagnostic::Clamped { .. }
            | Diagnostic::MadeOdd { .. }
            | Diagnostic::DefaultWeights
            | Diagnostic::HallWidthsDropped { .. } => DiagnosticKind::Parameter,
            Diagnostic::Shortfall { .. } | Diagnostic::SingleModule { .. } => {
                DiagnosticKind::Shortfall
            }
            Diagnostic::GrowthReopened { .. } | Diagnostic::FixDoors { .. } => {
                DiagnosticKind::FixUp
            }
            Diagnostic::EntranceStandIn { .. }
            | Diagnostic::PastTarget { .. }
            | Diagnostic::LocksHonoured { .. } => DiagnosticKind::Lock,
            Diagnostic::PatrolNotKept { .. } => DiagnosticKind::KeptPatrol,
            Diagnostic::NoOutsideRing => DiagnosticKind::Patrol,
            Diagnostic::StairsShareRoom => DiagnosticKind::Layout,
            Diagnostic::GenerationFailed { .. } => DiagnosticKind::Failure,
            Diagnostic::Note(_) => DiagnosticKind::Note,
        }
    }
}

/// A parameter's value in a note: whole for counts and sizes, real for chances and shares.
///
/// Two numbers are equal when they read the same: a note is stored as its words, and a real parameter
/// clamped to a whole value (`5` for `5.0`) reads back as a whole number.
#[derive(Clone, Copy, Debug)]
pub enum Number {
    /// An integer parameter.
    Whole(i32),
    /// A floating-point parameter, `NaN` included (a recipe may ask for it; it is clamped to the range's
    /// lower end).
    Real(f64),
}

impl PartialEq for Number {
    fn eq(&self, other: &Self) -> bool {
        self.to_string() == other.to_string()
    }
}

impl Eq for Number {}

impl From<i32> for Number {
    fn from(value: i32) -> Self {
        Number::Whole(value)
    }
}

impl From<f64> for Number {
    fn from(value: f64) -> Self {
        Number::Real(value)
    }
}

impl fmt::Display for Number {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Number::Whole(n) => write!(f, "{n}"),
            Number::Real(x) => write!(f, "{x}"),
        }
    }
}

/// What a [`Diagnostic::Shortfall`] counts; each has its own words for what stopped the placing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, strum::VariantArray)]
pub enum Placed {
    /// Tile-growth modules: no free grid position was left.
    Modules,
    /// Packed-mansion rooms: no space was left on the plan grid.
    Rooms,
    /// Coins: no free floor was left.
    Loot,
}

impl Placed {
    /// Every kind, for parsing and tests.
    pub const ALL: &'static [Placed] = <Placed as strum::VariantArray>::VARIANTS;

    /// The noun after the wanted count.
    fn noun(self) -> &'static str {
        match self {
            Placed::Modules => "modules",
            Placed::Rooms => "rooms",
            Placed::Loot => "loot",
        }
    }

    /// The words after the placed count: the verb and why the placing stopped.
    fn outcome(self) -> &'static str {
        match self {
            Placed::Modules => "built: no free grid position left",
            Placed::Rooms => "placed: no space left",
            Placed::Loot => "placed: no free floor left",
        }
    }
}

/// How a note names a kept patrol: by its first guard's start, else by its route's first cell (below
/// level 1 routes have no guards), in the words a designer sees on the map.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum KeptName {
    /// "the kept guard at (x, y)".
    Guard(Cell),
    /// "the kept patrol from (x, y)".
    Patrol(Cell),
    /// A kept patrol with neither guard nor cells (only a broken preset has one).
    Empty,
}

/// Why a kept patrol could not be kept: the validator's route checks it would fail in the new level.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NotKept {
    /// The route has no cells.
    NoRoute,
    /// The route steps on this cell, which no present lock covers.
    LeavesLocks(Cell),
    /// A room the route visits is not in the new level.
    RoomGone,
    /// This cell of the route is a wall, water or otherwise impassable now.
    NotWalkable(Cell),
    /// Two consecutive cells are not neighbours, or the step cuts a blocked corner.
    CannotStep {
        /// The cell stepped from.
        from: Cell,
        /// The cell stepped to.
        to: Cell,
    },
    /// A guard of the patrol does not stand on its route's first cell.
    GuardOffStart,
}

/// A cell as notes write it: `(x, y)`.
struct At(Cell);

impl fmt::Display for At {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.0.x, self.0.y)
    }
}

impl fmt::Display for KeptName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            KeptName::Guard(c) => write!(f, "the kept guard at {}", At(c)),
            KeptName::Patrol(c) => write!(f, "the kept patrol from {}", At(c)),
            KeptName::Empty => f.write_str("an empty kept patrol"),
        }
    }
}

impl fmt::Display for NotKept {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            NotKept::NoRoute => f.write_str("has no route"),
            NotKept::LeavesLocks(c) => write!(f, "leaves the locked rooms at {}", At(c)),
            NotKept::RoomGone => f.write_str("walks a room that is no longer there"),
            NotKept::NotWalkable(c) => write!(f, "steps on {}, which is no longer walkable", At(c)),
            NotKept::CannotStep { from, to } => {
                write!(f, "cannot step from {} to {}", At(from), At(to))
            }
            NotKept::GuardOffStart => f.write_str("has a guard off its route's start"),
        }
    }
}

/// The words of [`Diagnostic::DefaultWeights`].
const DEFAULT_WEIGHTS: &str = "all module weights are 0: the default weights are used";
/// The words of [`Diagnostic::NoOutsideRing`].
const NO_OUTSIDE_RING: &str = "no clear ring around the building: no outside patrols";
/// The words of [`Diagnostic::StairsShareRoom`].
const STAIRS_SHARE_ROOM: &str = "a 1×1 grid: both stairs are in the one room";

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Diagnostic::Clamped {
                name,
                asked,
                used,
                lo,
                hi,
            } => write!(
                f,
                "parameter {name} = {asked} clamped to {used} (range {lo}–{hi})"
            ),
            Diagnostic::MadeOdd { name, asked, used } => {
                write!(f, "parameter {name} = {asked} made odd: {used}")
            }
            Diagnostic::DefaultWeights => f.write_str(DEFAULT_WEIGHTS),
            Diagnostic::HallWidthsDropped { hall_max_length } => write!(
                f,
                "hallway widths too wide for hall_max_length {hall_max_length} are dropped"
            ),
            Diagnostic::Shortfall {
                what,
                wanted,
                placed,
            } => write!(
                f,
                "{wanted} {} wanted, {placed} {}",
                what.noun(),
                what.outcome()
            ),
            Diagnostic::SingleModule { built, min_modules } => write!(
                f,
                "only {built} module built, a single room: a minimum of {min_modules} modules (from \
                 min_fill) lets growth stop at its first module; raise min_fill for a real mansion"
            ),
            Diagnostic::GrowthReopened { times } => write!(
                f,
                "closed growth reopened {times} time(s) to reach the minimum size"
            ),
            Diagnostic::FixDoors { added } => {
                write!(f, "the reachability fix added {added} door(s)")
            }
            Diagnostic::EntranceStandIn { placement } => write!(
                f,
                "no room for the Entrance Hall on the front row: locked room {placement} stands in \
                 for it"
            ),
            Diagnostic::PastTarget { placed, target } => write!(
                f,
                "{placed} rooms placed for a target of {target}: packing went on to reach the \
                 locked rooms"
            ),
            Diagnostic::LocksHonoured { attempt } => {
                write!(f, "locks honoured on attempt {attempt}")
            }
            Diagnostic::PatrolNotKept { patrol, why } => {
                write!(f, "{patrol} {why}: regeneration plans it anew")
            }
            Diagnostic::NoOutsideRing => f.write_str(NO_OUTSIDE_RING),
            Diagnostic::StairsShareRoom => f.write_str(STAIRS_SHARE_ROOM),
            Diagnostic::GenerationFailed { reason } => write!(f, "generation failed: {reason}"),
            Diagnostic::Note(words) => f.write_str(words),
        }
    }
}

/// A note in a level file: the words of its variant.
impl From<Diagnostic> for String {
    fn from(note: Diagnostic) -> String {
        note.to_string()
    }
}
