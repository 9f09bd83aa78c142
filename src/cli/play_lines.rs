//! The lines `play` prints: a turn, a refused move and the summary, each one JSON object. The game's
//! [`TurnReport`] writes a cell as `{"x":…,"y":…}`; these print it as `[x, y]`, as `analyze` does, so a
//! turn of a level with a few guards stays one readable line. The model's serde form is left alone: level
//! files depend on it.

use serde::Serialize;

use crate::model::{Cell, Dir};
use crate::play::{Event, GuardMode, GuardReport, TorchChange, TurnReport};

/// A cell as printed.
type At = [i32; 2];

fn at(cell: Cell) -> At {
    [cell.x, cell.y]
}

/// One turn played.
#[derive(Serialize)]
pub(super) struct TurnLine<'a> {
    turn: usize,
    action: &'a str,
    thief: At,
    loot: usize,
    health: u8,
    guards: Vec<GuardLine>,
    torches: Vec<TorchLine>,
    events: Vec<EventLine>,
}

#[derive(Serialize)]
struct GuardLine {
    guard: usize,
    cell: At,
    facing: Dir,
    mode: GuardMode,
}

#[derive(Serialize)]
struct TorchLine {
    cell: At,
    lit: bool,
}

/// [`Event`] with its cells as `[x, y]`; the same tags and keys otherwise.
#[derive(Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
enum EventLine {
    Loot {
        cells: Vec<At>,
        total: usize,
    },
    TorchToggled {
        cell: At,
        lit: bool,
    },
    Heard {
        guard: usize,
        at: At,
    },
    Seen {
        guard: usize,
        from: At,
        thief: At,
    },
    Bumped {
        guard: usize,
    },
    Shout {
        guard: usize,
        from: At,
    },
    HeardShout {
        guard: usize,
        from: At,
    },
    Hit {
        guard: usize,
        health: u8,
    },
    Caught,
    Relit {
        guard: usize,
        cell: At,
    },
    Mode {
        guard: usize,
        from: GuardMode,
        to: GuardMode,
    },
    LeftLevel,
    KnockedOut {
        guard: usize,
    },
    Pickpocketed {
        guard: usize,
        purse: bool,
        key: bool,
    },
    Noise {
        noise: &'static str,
        heard_by: usize,
    },
    Unlocked {
        cell: At,
    },
}

impl<'a> TurnLine<'a> {
    pub(super) fn of(report: &'a TurnReport) -> Self {
        TurnLine {
            turn: report.turn,
            action: &report.action,
            thief: at(report.thief),
            loot: report.loot,
            health: report.health,
            guards: report.guards.iter().map(guard_line).collect(),
            torches: report.torches.iter().map(torch_line).collect(),
            events: report.events.iter().map(event_line).collect(),
        }
    }
}

fn guard_line(g: &GuardReport) -> GuardLine {
    GuardLine {
        guard: g.guard,
        cell: at(g.cell),
        facing: g.facing,
        mode: g.mode,
    }
}

fn torch_line(t: &TorchChange) -> TorchLine {
    TorchLine {
        cell: at(t.cell),
        lit: t.lit,
    }
}

fn event_line(event: &Event) -> EventLine {
    match event {
        Event::Loot { cells, total } => EventLine::Loot {
            cells: cells.iter().copied().map(at).collect(),
            total: *total,
        },
        Event::TorchToggled { cell, lit } => EventLine::TorchToggled {
            cell: at(*cell),
            lit: *lit,
        },
        Event::Heard { guard, at: where_ } => EventLine::Heard {
            guard: *guard,
            at: at(*where_),
        },
        Event::Seen { guard, from, thief } => EventLine::Seen {
            guard: *guard,
            from: at(*from),
            thief: at(*thief),
        },
        Event::Bumped { guard } => EventLine::Bumped { guard: *guard },
        Event::Shout { guard, from } => EventLine::Shout {
            guard: *guard,
            from: at(*from),
        },
        Event::HeardShout { guard, from } => EventLine::HeardShout {
            guard: *guard,
            from: at(*from),
        },
        Event::Hit { guard, health } => EventLine::Hit {
            guard: *guard,
            health: *health,
        },
        Event::Caught => EventLine::Caught,
        Event::Relit { guard, cell } => EventLine::Relit {
            guard: *guard,
            cell: at(*cell),
        },
        Event::Mode { guard, from, to } => EventLine::Mode {
            guard: *guard,
            from: *from,
            to: *to,
        },
        Event::LeftLevel => EventLine::LeftLevel,
        Event::KnockedOut { guard } => EventLine::KnockedOut { guard: *guard },
        Event::Pickpocketed { guard, purse, key } => EventLine::Pickpocketed {
            guard: *guard,
            purse: *purse,
            key: *key,
        },
        Event::Noise { noise, heard_by } => EventLine::Noise {
            noise,
            heard_by: *heard_by,
        },
        Event::Unlocked { cell } => EventLine::Unlocked { cell: at(*cell) },
    }
}

/// A move the rules refused: no turn passed; `turn` is the turn it would have been.
#[derive(Serialize)]
pub(super) struct RefusedLine<'a> {
    pub(super) turn: usize,
    pub(super) action: &'a str,
    pub(super) refused: &'a str,
}

/// The last line: how the moves went.
#[derive(Serialize, Default)]
pub(super) struct Summary {
    /// The id of the rule set played (`play::rule_sets`).
    pub(super) rules: &'static str,
    /// Turns played (refused moves pass none).
    pub(super) turns: usize,
    pub(super) loot: usize,
    pub(super) health: u8,
    /// The turns in which a guard saw, heard or bumped into the thief.
    pub(super) noticed_turns: Vec<usize>,
    /// Sight events, creaks heard and shouts, counted over every turn.
    pub(super) seen: usize,
    pub(super) heard: usize,
    pub(super) shouts: usize,
    pub(super) caught: bool,
    pub(super) left_level: bool,
    pub(super) fully_mapped: bool,
}

impl Summary {
    /// Counts what `report`'s turn did.
    pub(super) fn add(&mut self, report: &TurnReport) {
        self.turns += 1;
        if report.noticed() {
            self.noticed_turns.push(report.turn);
        }
        for event in &report.events {
            match event {
                Event::Seen { .. } => self.seen += 1,
                Event::Heard { .. } => self.heard += 1,
                Event::Shout { .. } => self.shouts += 1,
                _ => {}
            }
        }
    }
}

/// The summary line's wrapper: `{"summary":{…}}`.
#[derive(Serialize)]
pub(super) struct SummaryLine<'a> {
    pub(super) summary: &'a Summary,
}
