//! The siheyuan generator's output is frozen: shared passes are reused by the other generators, and any
//! change to them must leave every siheyuan level byte-identical. This hashes the JSON of fifty levels.
//!
//! A hash alone only says the levels did not change, not that they were right when it was recorded. So the
//! same fifty levels are also held to facts of the original game's own output: every check of
//! `map_problems` and `plan_problems` holds on all 300 maps the original 2023 generator made for games 1–30
//! (`tests/data/lll2023-maps.jsonl`, see `tests/data/README.md`), which shows each is a property of the
//! original rather than of our code, and then must hold on the hashed levels drawn as the original draws its
//! maps (its legend, `render_as_original`). Our generator is not bit-exact with the original (other random
//! streams), so no map is compared cell for cell: what the check proves is that the frozen levels have
//! the original's structure — map size for the plan, the unbroken outer wall with one portcullis, the front
//! yard and its pillars, the grounds' bands and path, the start before the door in the eastern half, the
//! mirror symmetry of walls, windows, doors and floors, no bare ground inside the house, the coins of the
//! plan, the level-dependent glyphs (lit torches, creaky boards, torch-carrying guards) and the plan's loot
//! split — not that any figure has the original's distribution (that is `tests/fidelity.rs`).

use std::sync::OnceLock;

#[path = "common/legend2023.rs"]
mod legend2023;

use mansion_forge::generate::campaign;
use mansion_forge::generate::rng::fnv1a;
use mansion_forge::model::{ItemKind, Level};

/// FNV-1a of the JSON of games 0–4, levels 0–9, recorded when the shared passes were split out.
const GOLDEN: u64 = 0x32fb_4574_4b9b_e55d;

/// Games 0–4, levels 0–9: the levels the hash covers.
fn hashed_levels() -> &'static [Level] {
    static LEVELS: OnceLock<Vec<Level>> = OnceLock::new();
    LEVELS.get_or_init(|| {
        (0..5)
            .flat_map(|game| campaign::plan(game).generate_all())
            .collect()
    })
}

#[test]
fn siheyuan_levels_are_unchanged() {
    let mut text = String::new();
    for level in hashed_levels() {
        text.push_str(&serde_json::to_string(level).expect("json"));
    }
    assert_eq!(
        fnv1a(text.as_bytes()),
        GOLDEN,
        "hash {:#x}",
        fnv1a(text.as_bytes())
    );
}

/// One map as the original's test vectors describe it: its plan, its coin and guard counts, and its cells
/// in the vectors' legend (`rows[y][x]`, y = 0 the south edge).
#[derive(Clone)]
struct Map {
    name: String,
    level: u32,
    rooms_x: i32,
    rooms_y: i32,
    loot: u32,
    coins: usize,
    guards: usize,
    rows: Vec<Vec<char>>,
}

impl Map {
    fn w(&self) -> i32 {
        self.rows[0].len() as i32
    }
    fn h(&self) -> i32 {
        self.rows.len() as i32
    }
    fn at(&self, x: i32, y: i32) -> char {
        self.rows[y as usize][x as usize]
    }
}

/// The original's 300 maps.
fn original_maps() -> Vec<Map> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/lll2023-maps.jsonl");
    let text = std::fs::read_to_string(path).expect("the original's maps in tests/data");
    text.lines()
        .map(|line| {
            let v: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
            let int = |key: &str| v[key].as_u64().expect("a count");
            let mut rows: Vec<Vec<char>> = v["ascii"]
                .as_str()
                .expect("ascii")
                .lines()
                .map(|r| r.chars().collect())
                .collect();
            rows.reverse();
            assert_eq!(
                (rows[0].len() as u64, rows.len() as u64),
                (int("w"), int("h"))
            );
            Map {
                name: format!("original game {} level {}", int("game"), int("index")),
                level: int("index") as u32,
                rooms_x: int("rooms_x") as i32,
                rooms_y: int("rooms_y") as i32,
                loot: int("plan_loot") as u32,
                coins: int("coins") as usize,
                guards: int("guards") as usize,
                rows,
            }
        })
        .collect()
}

/// Our level drawn in the original vectors' legend: on each cell the guard, else the player start, else
/// the item, else the terrain.
fn render_as_original(level: &Level, name: String) -> Map {
    let plan = level.plan.expect("a siheyuan level has a plan");
    let rows = legend2023::render(level);
    let count = |kind: ItemKind| level.items.iter().filter(|i| i.kind == kind).count();
    Map {
        name,
        level: level.level,
        rooms_x: plan.rooms_x,
        rooms_y: plan.rooms_y,
        loot: plan.loot,
        coins: count(ItemKind::Coin),
        guards: level.guards.len(),
        rows,
    }
}

fn our_maps() -> Vec<Map> {
    hashed_levels()
        .iter()
        .enumerate()
        .map(|(i, level)| {
            render_as_original(level, format!("our game {} level {}", i / 10, level.level))
        })
        .collect()
}

/// Structural class of a character for the mirror check; `None` for an item, guard or the start, which
/// hide the terrain beneath.
fn class(c: char) -> Option<char> {
    match c {
        '#' | '=' | '+' | '\'' | 'g' | 'P' | ':' | '"' | '~' | ',' => Some(c),
        '.' | ';' => Some('.'),
        _ => None,
    }
}

/// What one map breaks of the facts every original map keeps.
fn map_problems(m: &Map) -> Vec<String> {
    let (w, h, l) = (m.w(), m.h(), m.level);
    let mut out = Vec::new();
    let mut fail = |what: String| out.push(format!("{}: {what}", m.name));
    if ![6, 8, 10].contains(&(w - 5 * m.rooms_x)) || !(5..=9).contains(&(h - 5 * m.rooms_y)) {
        fail(format!("{w}×{h} for a {}×{} plan", m.rooms_x, m.rooms_y));
        return out;
    }
    let cells = || (0..h).flat_map(move |y| (0..w).map(move |x| (x, y)));
    let find = |want: char| {
        cells()
            .filter(|&(x, y)| m.at(x, y) == want)
            .collect::<Vec<_>>()
    };
    let is_guard = |c: char| c == 'G' || c == 'F';
    // The outer wall: walls and windows, and one portcullis, on the south wall.
    let portcullis = find('P');
    if portcullis.len() != 1 || portcullis[0].1 != 3 {
        fail(format!("portcullis cells {portcullis:?}, not one on y = 3"));
    }
    let px = portcullis.first().map_or(-1, |p| p.0);
    for (x, y) in cells() {
        let c = m.at(x, y);
        let on_ring = ((x == 3 || x == w - 4) && (3..=h - 4).contains(&y))
            || ((y == 3 || y == h - 4) && (3..=w - 4).contains(&x));
        let inside = (4..=w - 5).contains(&x) && (4..=h - 5).contains(&y);
        let pillar = y == 1 && (x.min(w - 1 - x) - 3) % 5 == 0 && x.min(w - 1 - x) < w / 2;
        let bush_ok = (y == h - 1 && x % 2 == 0)
            || ((x == 0 || x == w - 1) && (3..=h - 3).contains(&y) && (h - y) % 2 == 1);
        let ok = if on_ring {
            c == '#' || c == '=' || c == 'P'
        } else if inside {
            c != ','
        } else if y <= 2 {
            // The front yard: bare ground, the pillars, the start and outside guards on the path.
            if pillar {
                c == '#'
            } else {
                c == ','
                    || (y == 2 && (c == '@' || (is_guard(c) && l >= 6 && (2..=w - 3).contains(&x))))
            }
        } else if x <= 1 || x >= w - 2 || y >= h - 2 {
            c == '"' || (c == '*' && bush_ok)
        } else if x == 2 || x == w - 3 || y == h - 3 {
            c == ',' || (is_guard(c) && l >= 6)
        } else {
            true
        };
        if !ok {
            fail(format!("{c:?} at ({x}, {y})"));
        }
    }
    let start = find('@');
    if start.len() != 1 || start[0] != (px, 2) || 2 * px < w - 1 {
        fail(format!("start {start:?} for a portcullis at x = {px}"));
    }
    // Mirror symmetry of walls, windows, doors and floors, but for the front door and its mirror cell.
    for (x, y) in cells() {
        let mirror = w - 1 - x;
        if y == 3 && (x == px || mirror == px) {
            continue;
        }
        if let (Some(a), Some(b)) = (class(m.at(x, y)), class(m.at(mirror, y)))
            && a != b
        {
            fail(format!("({x}, {y}) is {a:?}, its mirror {b:?}"));
        }
    }
    let guards = find('G').len() + find('F').len();
    if m.coins as u32 != m.loot || guards != m.guards || (l == 0 && guards > 0) {
        fail(format!(
            "{} coins for a loot of {}, {guards} guards drawn of {}",
            m.coins, m.loot, m.guards
        ));
    }
    for (c, from, what) in [
        ('!', 1, "lit torch"),
        (';', 4, "creaky board"),
        ('F', 2, "torch guard"),
    ] {
        if l < from && !find(c).is_empty() {
            fail(format!("a {what} at level {l}"));
        }
    }
    out
}

/// What one game's ten plans break of spec §3, as every original game keeps it: room-grid sizes by level
/// and the loot split in proportion to area, the remainder to level 9.
fn plan_problems(game: &[Map]) -> Vec<String> {
    let mut out = Vec::new();
    let area: i32 = game.iter().map(|m| m.rooms_x * m.rooms_y).sum();
    for (l, m) in game.iter().enumerate() {
        let l = l as i32;
        let max_x = 3 + 2 * l.min(3);
        let ry = if l == 0 {
            2..=2
        } else {
            3..=3 + (l - 1).min(4)
        };
        let loot = 100 * m.rooms_x * m.rooms_y / area;
        if m.level as i32 != l
            || m.rooms_x % 2 == 0
            || !(3..=max_x).contains(&m.rooms_x)
            || !ry.contains(&m.rooms_y)
            || (l < 9 && m.loot as i32 != loot)
        {
            out.push(format!(
                "{}: plan {}×{} loot {}",
                m.name, m.rooms_x, m.rooms_y, m.loot
            ));
        }
    }
    if game.len() != 10 || game.iter().map(|m| m.loot).sum::<u32>() != 100 {
        out.push(format!("{}: the loot does not sum to 100", game[0].name));
    }
    out
}

fn problems(maps: &[Map]) -> Vec<String> {
    let mut out: Vec<String> = maps.iter().flat_map(map_problems).collect();
    out.extend(maps.chunks(10).flat_map(plan_problems));
    out
}

/// The checks state facts of the original: all 300 of its maps keep them.
#[test]
fn every_original_map_keeps_the_checks() {
    let maps = original_maps();
    assert_eq!(maps.len(), 300);
    let problems = problems(&maps);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The fifty hashed levels keep every check the original's maps keep.
#[test]
fn the_hashed_levels_keep_what_every_original_map_keeps() {
    let maps = our_maps();
    assert_eq!(maps.len(), 50);
    let problems = problems(&maps);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The checks can fail: one cell or one count changed in an original map is caught.
#[test]
fn the_checks_catch_a_broken_map() {
    type Break = Box<dyn Fn(&mut Map)>;
    let maps = original_maps();
    let map = maps.iter().find(|m| m.level == 7).expect("a level 7 map");
    assert_eq!(map_problems(map), Vec::<String>::new());
    let px = (0..map.w())
        .find(|&x| map.at(x, 3) == 'P')
        .expect("a portcullis");
    let breaks: [(&str, Break); 8] = [
        ("outer wall opened", Box::new(|m| m.rows[3][5] = '.')),
        (
            "start moved",
            Box::new(move |m| m.rows[2].swap(px as usize, px as usize + 1)),
        ),
        ("bare ground inside", Box::new(|m| m.rows[6][6] = ',')),
        ("pillar missing", Box::new(|m| m.rows[1][3] = ',')),
        (
            "a wall off the mirror",
            Box::new(|m| {
                let (y, x) = (1..m.rows.len() - 1)
                    .flat_map(|y| (4..m.rows[0].len() / 2).map(move |x| (y, x)))
                    .find(|&(y, x)| m.rows[y][x] == '#' && y > 4 && (y as i32) < m.h() - 5)
                    .expect("an inner wall");
                m.rows[y][x] = '.';
            }),
        ),
        ("a coin too few", Box::new(|m| m.coins -= 1)),
        ("bush on the path", Box::new(|m| m.rows[5][2] = '*')),
        ("plan width too large", Box::new(|m| m.rooms_x += 2)),
    ];
    for (what, break_it) in breaks {
        let mut broken = map.clone();
        break_it(&mut broken);
        assert!(!map_problems(&broken).is_empty(), "{what} passes");
    }
    let game: Vec<Map> = maps[..10].to_vec();
    assert_eq!(plan_problems(&game), Vec::<String>::new());
    let mut uneven = game.clone();
    uneven[3].loot += 1;
    uneven[9].loot -= 1;
    assert!(
        !plan_problems(&uneven).is_empty(),
        "a loot split off the areas passes"
    );
}
