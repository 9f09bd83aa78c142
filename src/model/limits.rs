//! The limits a level or preset must keep to be accepted from a file.
//!
//! Files are untrusted: they may parse cleanly and still name a 2,000,000,000-room plan or a cell at
//! `i32::MAX`. Every loader checks a level against these limits once, at the edge ([`super::ValidLevel`]),
//! so code past it can index, allocate and loop without defending itself again. Each limit is well above
//! what any generator makes, and low enough that the analysis, the editor and every export of a level at
//! the limit stay within memory and a few seconds — the patrol limits included, since the stealth
//! analysis simulates every guard's whole cycle: `tests/limits.rs` runs every command on the costliest
//! level they allow, and `benches/limits.rs` times it (`docs/limits.md`).

use super::level::Level;
use super::parts::Plan;

/// The largest map side. The largest generated maps are about 360 cells wide (a 32×32 tile-growth grid of
/// 11-cell modules); the siheyuan's largest is under 100.
pub const MAX_SIDE: i32 = 512;

/// The highest level number (levels are 0–9: dressing and patrol rules follow it).
pub const MAX_LEVEL: u32 = 9;

/// Characters of a generator id (ids are lowercase words joined by `_`; which ids are known is the
/// generator registry's business, checked where files are read).
pub const MAX_GENERATOR_ID_CHARS: usize = 40;

/// Free ground between each outer wall of a siheyuan and the map edge.
pub const SIHEYUAN_OUTER_BORDER: i32 = 3;

/// The widest siheyuan room grid: 15 slots across (odd, for the mirror axis). The campaign plans stay
/// within 7×5; beyond 15×12 a mansion no longer fits the screen of the original game.
pub const MAX_ROOMS_X: i32 = 15;
/// The deepest siheyuan room grid: 12 slots from front to back (see [`MAX_ROOMS_X`]).
pub const MAX_ROOMS_Y: i32 = 12;
/// The largest loot budget of a plan; the largest plan has far fewer free floor cells than this.
pub const MAX_LOOT: u32 = 1000;

/// Guards of a level: about four times the most a generator makes (68, on a 32×32 tile-growth map).
pub const MAX_GUARDS: usize = 256;
/// Cells of one patrol route (waits are repeated cells): about eight times the longest route a generator
/// makes (1,288 cells).
pub const MAX_ROUTE_CELLS: usize = 10_000;
/// Turns of every guard's patrol cycle together (see [`patrol_turns`]): what the stealth analysis
/// simulates, cell set by cell set, so it bounds the analysis's time and memory. About four times the
/// most a generator makes (11,534 turns, 68 guards on a 32×32 tile-growth map).
pub const MAX_PATROL_TURNS: usize = 50_000;

/// The turns after which a guard walking a route of `cells` cells is where it started, facing the same
/// way: a loop's length, or there and back (stealth-rules §4.2).
pub fn route_period(cells: usize, loops: bool) -> usize {
    match cells {
        0 | 1 => 1,
        _ if loops => cells,
        _ => 2 * (cells - 1),
    }
}

/// Every guard's patrol cycle, in turns, added up: a route walked by three guards counts three times.
pub fn patrol_turns(level: &Level) -> usize {
    level
        .guards
        .iter()
        .filter_map(|g| level.patrols.get(g.route))
        .map(|route| route_period(route.cells.len(), route.loops()))
        .fold(0, usize::saturating_add)
}

/// Whether the level's guards and patrols keep to [`MAX_GUARDS`] (guards, and routes), [`MAX_ROUTE_CELLS`]
/// and [`MAX_PATROL_TURNS`]; the message says which limit is passed, in a designer's words.
pub fn check_patrols(level: &Level) -> Result<(), String> {
    if level.guards.len() > MAX_GUARDS {
        return Err(format!(
            "{} guards, more than the {MAX_GUARDS} a level may have",
            level.guards.len()
        ));
    }
    if level.patrols.len() > MAX_GUARDS {
        return Err(format!(
            "{} patrol routes, more than the {MAX_GUARDS} a level may have",
            level.patrols.len()
        ));
    }
    if let Some((i, route)) = level
        .patrols
        .iter()
        .enumerate()
        .find(|(_, r)| r.cells.len() > MAX_ROUTE_CELLS)
    {
        return Err(format!(
            "patrol route {i} is {} cells long, more than the {MAX_ROUTE_CELLS} a route may have",
            route.cells.len()
        ));
    }
    let turns = patrol_turns(level);
    if turns > MAX_PATROL_TURNS {
        return Err(format!(
            "the guards' patrols take {turns} turns to repeat, all together; a level may have at most \
             {MAX_PATROL_TURNS} (fewer guards, or shorter routes)"
        ));
    }
    Ok(())
}

/// Characters of a name (generator id, preset name) quoted back in an error message.
pub const MAX_QUOTED_CHARS: usize = 40;

impl Plan {
    /// Checks a siheyuan plan against the limits above; the message says which field is out of range.
    pub fn check(&self) -> Result<(), String> {
        if !(1..=MAX_ROOMS_X).contains(&self.rooms_x) || self.rooms_x % 2 != 1 {
            return Err(format!(
                "rooms_x {} is not an odd number from 1 to {MAX_ROOMS_X}",
                self.rooms_x
            ));
        }
        if !(1..=MAX_ROOMS_Y).contains(&self.rooms_y) {
            return Err(format!(
                "rooms_y {} is not from 1 to {MAX_ROOMS_Y}",
                self.rooms_y
            ));
        }
        if self.loot > MAX_LOOT {
            return Err(format!("loot {} is above {MAX_LOOT}", self.loot));
        }
        Ok(())
    }
}

/// A name or value taken from a file, fit for a one-line message: control characters and the
/// invisible direction marks escaped (so a name can neither break the line, drive a terminal nor
/// reorder what follows it) and cut after [`MAX_QUOTED_CHARS`] characters with `…`.
pub fn quote(text: &str) -> String {
    let mut out = String::new();
    for (i, c) in text.chars().enumerate() {
        if i == MAX_QUOTED_CHARS {
            out.push('…');
            break;
        }
        if c.is_control() || is_direction_mark(c) {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

/// Whether `c` is one of Unicode's invisible direction marks and overrides (LRM, RLM, ALM, the
/// embeddings, overrides and isolates), which reorder the text shown after them.
pub fn is_direction_mark(c: char) -> bool {
    matches!(c, '\u{200e}' | '\u{200f}' | '\u{061c}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// A whole message line fit for a terminal: every control character and direction mark escaped,
/// whatever part of the message it came from (the last guard, behind [`quote`]).
pub fn printable_line(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    for c in line.chars() {
        if c.is_control() || is_direction_mark(c) {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

/// Characters of a whole message built from what a file or argument says (a parser's complaint).
pub const MAX_MESSAGE_CHARS: usize = 400;

/// A parser's message fit to show: every `` `quoted` `` span (where parsers echo the input) cut by
/// [`quote`], control characters escaped, and the whole cut after [`MAX_MESSAGE_CHARS`] characters.
pub fn fit_message(message: &str) -> String {
    let spans: Vec<String> = message
        .split('`')
        .enumerate()
        .map(|(i, span)| {
            if i % 2 == 1 {
                quote(span)
            } else {
                quote_all(span)
            }
        })
        .collect();
    let joined = spans.join("`");
    if joined.chars().count() > MAX_MESSAGE_CHARS {
        let mut cut: String = joined.chars().take(MAX_MESSAGE_CHARS).collect();
        cut.push('…');
        cut
    } else {
        joined
    }
}

/// Control characters escaped, nothing cut.
fn quote_all(text: &str) -> String {
    text.chars()
        .flat_map(|c| {
            let escaped: Vec<char> = if c.is_control() {
                c.escape_default().collect()
            } else {
                vec![c]
            };
            escaped
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_echoes_in_messages_are_cut() {
        let echo = "v".repeat(100_000);
        let message = fit_message(&format!("unknown variant `{echo}`, expected `Wall`\n"));
        assert!(message.chars().count() < 120, "{message}");
        assert!(message.contains("`Wall`"), "{message}");
        assert!(message.ends_with("\\n"), "{message}");
        assert!(fit_message(&"x ".repeat(10_000)).chars().count() <= MAX_MESSAGE_CHARS + 1);
    }

    #[test]
    fn plans_outside_the_limits_are_refused() {
        let ok = Plan {
            rooms_x: 7,
            rooms_y: 5,
            loot: 20,
        };
        assert!(ok.check().is_ok());
        for bad in [
            Plan {
                rooms_x: 2_000_000_000,
                ..ok
            },
            Plan { rooms_x: 4, ..ok },
            Plan { rooms_x: -1, ..ok },
            Plan { rooms_y: 0, ..ok },
            Plan {
                rooms_y: i32::MAX,
                ..ok
            },
            Plan {
                loot: u32::MAX,
                ..ok
            },
        ] {
            assert!(bad.check().is_err(), "{bad:?}");
        }
    }
}
