//! The 2023 turn loop (`play::Game<Rules2023>`) against the original game itself. The other play tests
//! judge the loop with the analysis's own sight and earshot, so they compare the code with itself; these
//! play-throughs were recorded by running the original (mcneja/7drl-2023 at 7d3f921) headless on the
//! exact 2023 mansions (`tests/data/play2023/`, provenance and format in its README). Every record is
//! replayed here move for move, and every turn is compared: the thief's cell, health and loot, every
//! guard's cell, facing, mode and timeout, the guards' draws, the lit cells, the number of cells seen
//! and "fully mapped".
//!
//! All records are played in one pass, so that a failing run lists the first difference of every
//! play-through (a divergence early in a play-through makes everything after it differ, so only the
//! first one says anything) and a summary by kind of difference.

use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;

use mansion_forge::analysis::stealth::undisturbed::Mode;
use mansion_forge::analysis::wall_glyph_bits;
use mansion_forge::generate::siheyuan::exact;
use mansion_forge::model::{Axis, Cell, ItemKind, Level};
use mansion_forge::play::{AlertMode, Draws, Ending, Game, GuardMode, Move, parse_moves};
use serde::Deserialize;

/// One play-through as recorded from the original.
#[derive(Deserialize)]
struct Record {
    name: String,
    game: u32,
    level: u32,
    fnv: String,
    rng_seed: u32,
    start: (i32, i32),
    start_turn: usize,
    moves: Vec<String>,
    turns: Vec<Turn>,
}

/// The original's state after one move (turn 0: before the first).
#[derive(Deserialize)]
struct Turn {
    t: usize,
    #[serde(rename = "move")]
    mv: Option<String>,
    passed: bool,
    player: (i32, i32),
    health: u8,
    loot: usize,
    draws: u64,
    lit: String,
    /// `[x, y, dx, dy, mode, modeTimeout]` per guard, in `map.guards` order.
    guards: Vec<(i32, i32, i32, i32, String, i32)>,
    game_mode: String,
    mapped: bool,
    /// How many cells the original's thief has seen (`cell.seen`), the exterior marked at creation included.
    seen: usize,
    #[serde(default)]
    events: Vec<String>,
}

/// The records, in file order.
fn records() -> Vec<Record> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/play2023/playthroughs.jsonl"
    );
    std::fs::read_to_string(path)
        .expect("the play-throughs in tests/data/play2023")
        .lines()
        .map(|line| serde_json::from_str(line).expect("a play-through record"))
        .collect()
}

/// The FNV-1a of the records: offset 0x811c9dc5, prime 0x01000193, over 16-bit values fed low byte first.
fn fnv16(values: impl IntoIterator<Item = u16>) -> String {
    let mut hash: u32 = 0x811c_9dc5;
    for byte in values.into_iter().flat_map(u16::to_le_bytes) {
        hash ^= u32::from(byte);
        hash = hash.wrapping_mul(0x0100_0193);
    }
    format!("{hash:08x}")
}

/// The original's item index (its `ItemType` enum).
fn item_index(kind: ItemKind) -> u16 {
    match kind {
        ItemKind::Chair => 0,
        ItemKind::Table => 1,
        ItemKind::Bush => 2,
        ItemKind::Coin => 3,
        ItemKind::Door(Axis::NS) => 4,
        ItemKind::Door(Axis::EW) => 5,
        ItemKind::Portcullis(Axis::NS) => 6,
        ItemKind::Portcullis(Axis::EW) => 7,
        ItemKind::TorchUnlit => 8,
        ItemKind::TorchLit => 9,
        other => panic!("the 2023 game has no {other:?}"),
    }
}

/// The exact-mode vectors' `fnv` of a mansion (`tests/data/lll2023-exact/README.md`), which the records
/// carry so that a play-through is known to start on the original's map.
fn level_fnv(level: &Level) -> String {
    let mut values: Vec<u16> = vec![level.width as u16, level.height as u16];
    for y in 0..level.height {
        for x in 0..level.width {
            let c = Cell::new(x, y);
            values.push(u16::from(
                level.terrain(c).original_index(wall_glyph_bits(level, c)),
            ));
        }
    }
    for item in &level.items {
        values.extend([
            item.cell.x as u16,
            item.cell.y as u16,
            item_index(item.kind),
        ]);
    }
    for guard in &level.guards {
        let path = &level.patrols[guard.route].cells;
        values.extend([
            guard.start.x as u16,
            guard.start.y as u16,
            u16::from(guard.carries_torch),
            path.len() as u16,
        ]);
        values.extend(path.iter().flat_map(|c| [c.x as u16, c.y as u16]));
    }
    values.extend([level.player_start.x as u16, level.player_start.y as u16]);
    fnv16(values)
}

/// The records' `lit`: the FNV of the lit cells' row-major indices, ascending.
fn lit_fnv(game: &Game) -> String {
    let level = game.level();
    let lit = game.state().lit();
    let mut indices = Vec::new();
    for y in 0..level.height {
        for x in 0..level.width {
            if lit.contains(Cell::new(x, y)) {
                indices.push((y * level.width + x) as u16);
            }
        }
    }
    fnv16(indices)
}

/// The original's name of a mode: our variants are named as the original's `GuardMode` (`guard.ts:14-24`),
/// and their `Debug` is that name. A mode only the 2025 game has is spelled the same way and simply
/// never equals a 2023 record's.
fn mode_name(mode: GuardMode) -> String {
    format!("{mode:?}")
}

/// A guard's timeout where the original's `modeTimeout` means something: Patrol and a chase leave it
/// at whatever the last mode set (`guard.ts:88-90` sets none), so it is compared in the other modes only.
fn timeout(game: &Game, g: usize) -> Option<i32> {
    let state = game.state();
    if let Some(alert) = state.minds[g].alert {
        return (alert.mode != AlertMode::Chase).then_some(i32::from(alert.turns));
    }
    match state.guards.states[g].mode {
        Mode::Patrol => None,
        Mode::RelightTorch { timeout, .. } => Some(i32::from(timeout)),
        Mode::PostRelightTorch { turns, .. } => Some(i32::from(turns)),
    }
}

/// How many of the seed's draws `draws` has made, if at most `limit`.
fn draws_made(seed: u32, draws: Draws, limit: u64) -> Option<u64> {
    let mut probe = Draws::new(seed);
    for n in 0..=limit {
        if probe == draws {
            return Some(n);
        }
        probe.next_unit();
    }
    None
}

/// A difference found in a turn: what differs, and the original's and our values.
type Difference = (String, String);

/// Whether the original's thief left the level this turn (between mansions, or the game won).
fn left_level(turn: &Turn) -> bool {
    matches!(turn.game_mode.as_str(), "BetweenMansions" | "Win")
}

/// The differences between our game and the original's turn, in the order they are looked at: the
/// thief, each guard, the draws, the light, the map. Empty when the turn agrees.
fn differences(game: &Game, want: &Turn, seed: u32) -> Vec<Difference> {
    let mut out = thief_differences(game, want);
    out.extend(guard_differences(game, want));
    out.extend(world_differences(game, want, seed));
    out
}

/// The thief: its cell (or that it left), health, loot, and whether it was caught.
fn thief_differences(game: &Game, want: &Turn) -> Vec<Difference> {
    let state = game.state();
    let mut out = Vec::new();
    if left_level(want) {
        if state.over != Some(Ending::LeftLevel) {
            let detail = format!("the original left the level; ours: over = {:?}", state.over);
            out.push(("left level".into(), detail));
        }
    } else {
        let thief = state.thief.cell;
        if (thief.x, thief.y) != want.player {
            let detail = format!(
                "original {:?}, ours ({}, {})",
                want.player, thief.x, thief.y
            );
            out.push(("thief cell".into(), detail));
        }
    }
    if state.health != want.health {
        let detail = format!("original {}, ours {}", want.health, state.health);
        out.push(("health".into(), detail));
    }
    if state.thief.loot.len() != want.loot {
        let detail = format!("original {}, ours {}", want.loot, state.thief.loot.len());
        out.push(("loot".into(), detail));
    }
    let dead = want.game_mode == "Dead";
    if dead != (state.over == Some(Ending::Caught)) {
        let detail = format!("original {}, ours over = {:?}", want.game_mode, state.over);
        out.push(("caught".into(), detail));
    }
    out
}

/// Every guard in list order: cell, facing, mode and, where it means something, the timeout.
fn guard_differences(game: &Game, want: &Turn) -> Vec<Difference> {
    let ours = game.guards();
    if ours.len() != want.guards.len() {
        let detail = format!("original {} guards, ours {}", want.guards.len(), ours.len());
        return vec![("guards".into(), detail)];
    }
    let line = |c: (i32, i32), f: (i32, i32), m: &str, t: Option<i32>| {
        format!("{c:?} facing {f:?} {m} timeout {t:?}")
    };
    let mut out = Vec::new();
    for (g, (mine, theirs)) in ours.iter().zip(&want.guards).enumerate() {
        let (x, y, dx, dy, ref mode, t) = *theirs;
        let cell = (mine.cell.x, mine.cell.y);
        let facing = mine.facing.delta();
        let my_mode = mode_name(mine.mode);
        let my_timeout = timeout(game, g);
        let their_timeout = match mode.as_str() {
            "Patrol" | "ChaseVisibleTarget" => None,
            _ => Some(t),
        };
        let theirs_line = line((x, y), (dx, dy), mode, their_timeout);
        let mine_line = line(cell, facing, &my_mode, my_timeout);
        for (field, same) in [
            ("cell", cell == (x, y)),
            ("facing", facing == (dx, dy)),
            ("mode", my_mode == *mode),
            ("timeout", my_mode != *mode || my_timeout == their_timeout),
        ] {
            if !same {
                let detail = format!("guard {g}: original {theirs_line}; ours {mine_line}");
                out.push((format!("guard {field}"), detail));
            }
        }
    }
    out
}

/// The guards' draws, the lit cells, the thief's seen cells and "fully mapped".
fn world_differences(game: &Game, want: &Turn, seed: u32) -> Vec<Difference> {
    let state = game.state();
    let mut out = Vec::new();
    let made = draws_made(seed, state.draws, want.draws + 64);
    if made != Some(want.draws) {
        let detail = format!("original {} draws so far, ours {made:?}", want.draws);
        out.push(("draws".into(), detail));
    }
    let lit = lit_fnv(game);
    if lit != want.lit {
        let detail = format!("original lit fnv {}, ours {lit}", want.lit);
        out.push(("lit cells".into(), detail));
    }
    // The seen cells, the outside the original marks seen when it creates the mansion included
    // (`create-map.ts:2048-2089`, `2155-2174`), and "fully mapped", which leaving needs (spec §5.8).
    let seen = state.seen.len();
    if seen != want.seen {
        let detail = format!("original {} cells seen, ours {seen}", want.seen);
        out.push(("seen cells".into(), detail));
    }
    if !left_level(want) && game.fully_mapped() != want.mapped {
        let detail = format!(
            "original {}, ours {} ({seen} of {} cells seen)",
            want.mapped,
            game.fully_mapped(),
            game.level().shape().len(),
        );
        out.push(("fully mapped".into(), detail));
    }
    out
}

/// A play-through's first difference from the original.
struct Divergence {
    /// What differs first: "thief cell", "guard mode", "move refused", ….
    kind: String,
    /// The turn with its context: the move, what the original did, who stood where, every difference.
    text: String,
}

/// Our game of `record`, with the moves to play.
fn replay(record: &Record, level: Level) -> (Game, Vec<Move>) {
    let start = Cell::new(record.start.0, record.start.1);
    let game = Game::from(level, record.rng_seed, start, record.start_turn);
    let moves = parse_moves(&record.moves.join(" ")).expect("the records use the play syntax");
    assert_eq!(record.turns.len(), moves.len() + 1, "{}", record.name);
    (game, moves)
}

/// The turn `turn` of `record` with the differences found there, for a report.
fn describe(
    record: &Record,
    turn: &Turn,
    prev: Option<&Turn>,
    diffs: &[Difference],
    extra: &str,
) -> String {
    let mut text = format!(
        "{} (game {}, level {}, seed {}): turn {} move {}",
        record.name,
        record.game,
        record.level,
        record.rng_seed,
        turn.t,
        turn.mv.as_deref().unwrap_or("(start)"),
    );
    if !turn.events.is_empty() {
        let _ = write!(text, " [original: {}]", turn.events.join(", "));
    }
    if let Some(prev) = prev {
        let guards: Vec<_> = prev.guards.iter().map(|g| (g.0, g.1, &g.4)).collect();
        let _ = write!(
            text,
            "\n    before the move: thief {:?}, guards {guards:?}",
            prev.player
        );
    }
    text.push_str(extra);
    for (what, detail) in diffs {
        let _ = write!(text, "\n    {what}: {detail}");
    }
    text
}

/// The first turn where our game and the record differ, with its context; `None` when every turn
/// agrees.
fn first_difference(record: &Record, level: Level) -> Option<Divergence> {
    let (mut game, moves) = replay(record, level);
    let first = &record.turns[0];
    let diffs = differences(&game, first, record.rng_seed);
    if !diffs.is_empty() {
        let text = describe(record, first, None, &diffs, "");
        let kind = diffs[0].0.clone();
        return Some(Divergence { kind, text });
    }
    for (i, mv) in moves.into_iter().enumerate() {
        let want = &record.turns[i + 1];
        let prev = &record.turns[i];
        let refusal = game.play(mv).err();
        // The move that leaves the level passes no time in the original (`game.ts:360-367`), but it
        // is played.
        let expected_turn = want.passed || left_level(want);
        if expected_turn != refusal.is_none() {
            let (kind, extra) = match refusal {
                None => (
                    "move played",
                    "\n    ours played it; the original refused it (no turn passed)".to_string(),
                ),
                Some(why) => (
                    "move refused",
                    format!("\n    ours refused it ({why}); the original played it"),
                ),
            };
            let text = describe(record, want, Some(prev), &[], &extra);
            let kind = kind.to_string();
            return Some(Divergence { kind, text });
        }
        let diffs = differences(&game, want, record.rng_seed);
        if !diffs.is_empty() {
            let text = describe(record, want, Some(prev), &diffs, "");
            let kind = diffs[0].0.clone();
            return Some(Divergence { kind, text });
        }
    }
    None
}

/// Every record's first divergence (`None` for a play-through that agrees on every turn), with the
/// number of moves replayed. A record whose level is not the original's is a divergence of its own.
fn divergences() -> (Vec<(String, Option<Divergence>)>, usize) {
    let records = records();
    assert!(records.len() >= 60, "{} play-throughs", records.len());
    let mut levels: HashMap<(u32, u32), Level> = HashMap::new();
    let mut moves = 0;
    let mut out = Vec::new();
    for record in &records {
        let level = levels
            .entry((record.game, record.level))
            .or_insert_with(|| {
                exact::level(record.game, record.level).expect("a level of the campaign")
            })
            .clone();
        let fnv = level_fnv(&level);
        let start = (level.player_start.x, level.player_start.y);
        if fnv != record.fnv || start != record.start {
            let text = format!(
                "{}: our exact level has fnv {fnv} and start {start:?}, the original's {} and {:?}",
                record.name, record.fnv, record.start
            );
            let kind = "level".to_string();
            out.push((record.name.clone(), Some(Divergence { kind, text })));
            continue;
        }
        moves += record.moves.len();
        out.push((record.name.clone(), first_difference(record, level)));
    }
    (out, moves)
}

/// The report: how many agree, the first divergences counted by kind, then each one in full.
fn report(found: &[(String, Option<Divergence>)], moves: usize) -> String {
    let agree = found.iter().filter(|(_, d)| d.is_none()).count();
    let mut kinds: BTreeMap<&str, usize> = BTreeMap::new();
    for d in found.iter().filter_map(|(_, d)| d.as_ref()) {
        *kinds.entry(&d.kind).or_default() += 1;
    }
    let mut text = format!(
        "{agree} of {} play-throughs agree with the original on every turn ({moves} moves replayed)\n\
         first differences by kind:\n",
        found.len()
    );
    for (kind, n) in &kinds {
        let _ = writeln!(text, "  {kind}: {n}");
    }
    for d in found.iter().filter_map(|(_, d)| d.as_ref()) {
        let _ = writeln!(text, "{}", d.text);
    }
    text
}

/// Every recorded play-through of the original replays turn for turn in our 2023 turn loop: all 90,
/// including the 13 that leave the level once the inside is mapped (the outside is seen from the
/// mansion's creation) and the 4 whose leap over a guard onto the portcullis is shortened onto the
/// guard (spec §9.6).
#[test]
fn the_turn_loop_plays_as_the_original() {
    // The records do hold the turns these two rules decide (the coverage table of `tests/data/play2023/README.md`).
    let records = records();
    let turns_with = |event: &str| {
        records
            .iter()
            .flat_map(|r| &r.turns)
            .filter(|t| t.events.iter().any(|e| e == event))
            .count()
    };
    assert_eq!(turns_with("left_level"), 13);
    assert_eq!(turns_with("short_leap_onto_guard"), 4);
    let (found, moves) = divergences();
    let all_agree = found.iter().all(|(_, d)| d.is_none());
    assert!(all_agree, "{}", report(&found, moves));
}
