//! Reading a note's words back into its [`Diagnostic`]: the inverse of its `Display`, for level files.
//!
//! Each reader takes the fixed words of one variant apart and parses the values between them. A reader
//! may accept more than its variant writes (`+5` for 5, say); the caller keeps a parse only when the
//! variant writes exactly the words it was read from, so a file always saves back as it was.

use super::{
    DEFAULT_WEIGHTS, Diagnostic, KeptName, NO_OUTSIDE_RING, NotKept, Number, Placed,
    STAIRS_SHARE_ROOM,
};
use crate::model::cell::Cell;

/// The variant these words would come from, if any.
fn parse(text: &str) -> Option<Diagnostic> {
    match text {
        DEFAULT_WEIGHTS => return Some(Diagnostic::DefaultWeights),
        NO_OUTSIDE_RING => return Some(Diagnostic::NoOutsideRing),
        STAIRS_SHARE_ROOM => return Some(Diagnostic::StairsShareRoom),
        _ => {}
    }
    if let Some(rest) = text.strip_prefix("parameter ") {
        return parameter(rest);
    }
    if let Some(reason) = text.strip_prefix("generation failed: ") {
        return Some(Diagnostic::GenerationFailed {
            reason: reason.to_string(),
        });
    }
    if let Some(rest) = text.strip_suffix(": regeneration plans it anew") {
        return not_kept(rest);
    }
    if let Some(rest) = text.strip_prefix("only ") {
        return single_module(rest);
    }
    counted(text).or_else(|| shortfall(text))
}

/// The notes that carry one count between fixed words, and the packing past its target.
fn counted(text: &str) -> Option<Diagnostic> {
    let between = |head: &str, tail: &str| text.strip_prefix(head)?.strip_suffix(tail);
    if let Some(n) = between("locks honoured on attempt ", "") {
        return Some(Diagnostic::LocksHonoured {
            attempt: n.parse().ok()?,
        });
    }
    if let Some(n) = between(
        "closed growth reopened ",
        " time(s) to reach the minimum size",
    ) {
        return Some(Diagnostic::GrowthReopened {
            times: n.parse().ok()?,
        });
    }
    if let Some(n) = between("the reachability fix added ", " door(s)") {
        return Some(Diagnostic::FixDoors {
            added: n.parse().ok()?,
        });
    }
    if let Some(n) = between(
        "hallway widths too wide for hall_max_length ",
        " are dropped",
    ) {
        return Some(Diagnostic::HallWidthsDropped {
            hall_max_length: n.parse().ok()?,
        });
    }
    if let Some(n) = between(
        "no room for the Entrance Hall on the front row: locked room ",
        " stands in for it",
    ) {
        return Some(Diagnostic::EntranceStandIn {
            placement: n.parse().ok()?,
        });
    }
    let (placed, target) = text
        .strip_suffix(": packing went on to reach the locked rooms")?
        .split_once(" rooms placed for a target of ")?;
    Some(Diagnostic::PastTarget {
        placed: placed.parse().ok()?,
        target: target.parse().ok()?,
    })
}

/// `{name} = {asked} clamped to {used} (range {lo}–{hi})` or `{name} = {asked} made odd: {used}`.
fn parameter(rest: &str) -> Option<Diagnostic> {
    let (name, rest) = rest.split_once(" = ")?;
    let name = name.to_string();
    if let Some((asked, used)) = rest.split_once(" made odd: ") {
        return Some(Diagnostic::MadeOdd {
            name,
            asked: asked.parse().ok()?,
            used: used.parse().ok()?,
        });
    }
    let (asked, rest) = rest.split_once(" clamped to ")?;
    let (used, range) = rest.split_once(" (range ")?;
    let (lo, hi) = range.strip_suffix(')')?.split_once('–')?;
    Some(Diagnostic::Clamped {
        name,
        asked: number(asked)?,
        used: number(used)?,
        lo: number(lo)?,
        hi: number(hi)?,
    })
}

/// A whole number when the words are exactly an integer's, else a real one.
fn number(words: &str) -> Option<Number> {
    match words.parse::<i32>() {
        Ok(n) if n.to_string() == words => Some(Number::Whole(n)),
        _ => words.parse::<f64>().ok().map(Number::Real),
    }
}

/// `{built} module built, a single room: …`, after its leading "only ".
fn single_module(rest: &str) -> Option<Diagnostic> {
    let (built, rest) = rest.split_once(" module built, a single room: a minimum of ")?;
    let min_modules = rest.strip_suffix(
        " modules (from min_fill) lets growth stop at its first module; raise min_fill for a real \
         mansion",
    )?;
    Some(Diagnostic::SingleModule {
        built: built.parse().ok()?,
        min_modules: min_modules.parse().ok()?,
    })
}

/// `{wanted} {noun} wanted, {placed} {outcome}` for one of the [`Placed`] kinds.
fn shortfall(text: &str) -> Option<Diagnostic> {
    Placed::ALL.iter().copied().find_map(|what| {
        let (wanted, rest) = text.split_once(&format!(" {} wanted, ", what.noun()))?;
        let placed = rest.strip_suffix(what.outcome())?.strip_suffix(' ')?;
        Some(Diagnostic::Shortfall {
            what,
            wanted: wanted.parse().ok()?,
            placed: placed.parse().ok()?,
        })
    })
}

/// `{patrol} {why}`, the words of [`Diagnostic::PatrolNotKept`] before ": regeneration plans it anew".
fn not_kept(rest: &str) -> Option<Diagnostic> {
    let (patrol, why) = if let Some(why) = rest.strip_prefix("an empty kept patrol ") {
        (KeptName::Empty, why)
    } else if let Some(at) = rest.strip_prefix("the kept guard at ") {
        let (cell, why) = cell_then(at)?;
        (KeptName::Guard(cell), why.strip_prefix(' ')?)
    } else {
        let (cell, why) = cell_then(rest.strip_prefix("the kept patrol from ")?)?;
        (KeptName::Patrol(cell), why.strip_prefix(' ')?)
    };
    Some(Diagnostic::PatrolNotKept {
        patrol,
        why: why_not_kept(why)?,
    })
}

/// The words of a [`NotKept`].
fn why_not_kept(why: &str) -> Option<NotKept> {
    match why {
        "has no route" => return Some(NotKept::NoRoute),
        "walks a room that is no longer there" => return Some(NotKept::RoomGone),
        "has a guard off its route's start" => return Some(NotKept::GuardOffStart),
        _ => {}
    }
    if let Some(at) = why.strip_prefix("leaves the locked rooms at ") {
        return whole_cell(at).map(NotKept::LeavesLocks);
    }
    if let Some(at) = why.strip_prefix("steps on ") {
        let at = at.strip_suffix(", which is no longer walkable")?;
        return whole_cell(at).map(NotKept::NotWalkable);
    }
    let (from, to) = why.strip_prefix("cannot step from ")?.split_once(" to ")?;
    Some(NotKept::CannotStep {
        from: whole_cell(from)?,
        to: whole_cell(to)?,
    })
}

/// The `(x, y)` at the start of `words`, and the words after it.
fn cell_then(words: &str) -> Option<(Cell, &str)> {
    let end = words.find(')')? + 1;
    Some((whole_cell(&words[..end])?, &words[end..]))
}

/// `(x, y)`, all of `words`.
fn whole_cell(words: &str) -> Option<Cell> {
    let (x, y) = words
        .strip_prefix('(')?
        .strip_suffix(')')?
        .split_once(", ")?;
    Some(Cell::new(x.parse().ok()?, y.parse().ok()?))
}

/// A note read from a level file: the variant whose words these are exactly, else a [`Diagnostic::Note`]
/// keeping them, so that writing it back gives the same words.
impl From<String> for Diagnostic {
    fn from(text: String) -> Diagnostic {
        match parse(&text) {
            Some(note) if note.to_string() == text => note,
            _ => Diagnostic::Note(text),
        }
    }
}
