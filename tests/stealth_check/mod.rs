//! An independent, deliberately plain reading of the rules a ghost route must obey, written from
//! `stealth-rules.md` without the analysis's bit sets: guards walked turn by turn (§4.2, §3.2), the
//! thief's moves (§5.1–§5.2), bumps and cancelled moves (§4.3, §5.2 rule 4), creaky boards (§3.6), and
//! the relaxed sight test with its own line of sight (§3.3–§3.4). The guards' cells and facings come
//! from the undisturbed replay with relighting (`undisturbed::replay`, a plain turn loop with its own
//! tests), and the lit cells from the analysis (`Stealth::lit_at`: the torches burning at the end of
//! the turn and carried light at the carriers' cells of `t − 1` and `t`, a superset of each guard's
//! light); the light casting has its own hand-worked tests.

use mansion_forge::analysis::stealth::undisturbed::{TorchRules, replay};
use mansion_forge::analysis::stealth::{Route, Stealth};
use mansion_forge::model::{Cell, Dir, ItemKind, Level, Terrain};

fn delta(d: Dir) -> (i32, i32) {
    match d {
        Dir::N => (0, 1),
        Dir::S => (0, -1),
        Dir::E => (1, 0),
        Dir::W => (-1, 0),
    }
}

fn dir_of(v: (i32, i32)) -> Dir {
    match v {
        (0, 1) => Dir::N,
        (0, -1) => Dir::S,
        (1, 0) => Dir::E,
        _ => Dir::W,
    }
}

fn item(level: &Level, c: Cell) -> Option<ItemKind> {
    level.items.iter().find(|i| i.cell == c).map(|i| i.kind)
}

fn is_wall(level: &Level, c: Cell) -> bool {
    !level.in_bounds(c) || matches!(level.terrain(c), Terrain::Wall | Terrain::Void)
}

fn blocks_sight(level: &Level, c: Cell) -> bool {
    is_wall(level, c)
        || matches!(
            item(level, c),
            Some(ItemKind::Door(_) | ItemKind::Portcullis(_) | ItemKind::Bush)
        )
}

/// The thief may end a move here.
fn standable(level: &Level, c: Cell) -> bool {
    !is_wall(level, c)
        && !matches!(
            level.terrain(c),
            Terrain::Window(_) | Terrain::Portcullis(_)
        )
        && !matches!(
            item(level, c),
            Some(ItemKind::TorchLit | ItemKind::TorchUnlit)
        )
}

/// A move in direction `d` may pass over this cell.
fn passable(level: &Level, c: Cell, d: Dir) -> bool {
    !is_wall(level, c) && !matches!(level.terrain(c), Terrain::Window(w) if w != d)
}

/// §3.4, stepping from the guard; x first on exact corners.
fn clear_line(level: &Level, g: Cell, p: Cell) -> bool {
    let (a, b) = ((p.x - g.x).abs(), (p.y - g.y).abs());
    let sx = if p.x > g.x { 1 } else { -1 };
    let sy = if p.y > g.y { 1 } else { -1 };
    let (mut x, mut y, mut e) = (g.x, g.y, b - a);
    for _ in 0..(a + b - 1).max(0) {
        if e > 0 {
            y += sy;
            e -= 2 * a;
        } else {
            x += sx;
            e += 2 * b;
        }
        if blocks_sight(level, Cell::new(x, y)) {
            return false;
        }
    }
    true
}

fn sees(level: &Level, g: Cell, dir: Dir, p: Cell, lit: bool) -> bool {
    let (dx, dy) = (p.x - g.x, p.y - g.y);
    let (fx, fy) = delta(dir);
    let hidden = matches!(item(level, p), Some(ItemKind::Table | ItemKind::Bush));
    fx * dx + fy * dy >= 0
        && dx * dx + dy * dy < if lit { 40 } else { 3 }
        && !hidden
        && clear_line(level, g, p)
}

/// Path cost from `a` to `b` (2 orthogonal, 3 diagonal, through anything but walls) is at most 17.
fn within_earshot(level: &Level, a: Cell, b: Cell) -> bool {
    let mut best = std::collections::HashMap::from([(a, 0)]);
    let mut frontier = vec![(0, a)];
    while let Some((cost, c)) = frontier.pop() {
        if best[&c] < cost {
            continue;
        }
        for dx in -1..=1 {
            for dy in -1..=1 {
                let n = c.offset(dx, dy);
                let next = cost + if dx == 0 || dy == 0 { 2 } else { 3 };
                if (dx, dy) == (0, 0) || next > 17 || is_wall(level, n) {
                    continue;
                }
                if best.get(&n).is_none_or(|&old| next < old) {
                    best.insert(n, next);
                    frontier.push((next, n));
                }
            }
        }
    }
    best.contains_key(&b)
}

/// Checks `route` to `loot` turn by turn; returns in how many turns a guard notices the thief (it ends
/// the turn in view, or a guard hears it land on a creaky board).
pub fn check_route(level: &Level, s: &Stealth, route: &Route, loot: Cell) -> Result<usize, String> {
    let path = &route.path;
    if path.first() != Some(&level.player_start) {
        return Err(format!(
            "does not start at the player start: {:?}",
            path.first()
        ));
    }
    let exterior = level.exterior().map(|r| &level.rooms[r].cells);
    let last = *path.last().ok_or("empty route")?;
    let is_exit = last == level.player_start || exterior.is_some_and(|cells| cells.contains(&last));
    if path.len() < 2 || !is_exit {
        return Err(format!("does not end outside: {last:?}"));
    }
    let replayed = replay(&TorchRules::GAME_2023, level, path.len());
    let guards: Vec<&[(Cell, Dir)]> = replayed.guards.iter().map(|g| &g.steps[..]).collect();
    let mut taken = false;
    let mut noticed = 0;
    for t in 1..path.len() {
        let (p, q) = (path[t - 1], path[t]);
        let (dx, dy) = (q.x - p.x, q.y - p.y);
        let legal_shape = match (dx.abs(), dy.abs()) {
            (0, 0) => true,
            (1, 0) | (0, 1) => standable(level, q),
            (2, 0) | (0, 2) => {
                let d = dir_of((dx / 2, dy / 2));
                let middle = p.offset(dx / 2, dy / 2);
                taken |= middle == loot;
                passable(level, middle, d) && standable(level, q)
            }
            _ => false,
        };
        if !legal_shape {
            return Err(format!("turn {t}: no move goes from {p:?} to {q:?}"));
        }
        taken |= q == loot;
        let lit = s.lit_at(t).contains(q);
        for guard in &guards {
            let (before, _) = guard[t - 1];
            let (after, _) = guard[t];
            if q == before {
                return Err(format!("turn {t}: lands on a guard at {q:?}"));
            }
            if q == after && after != before {
                return Err(format!("turn {t}: a guard walks into the thief at {q:?}"));
            }
        }
        let heard = p != q
            && level.terrain(q) == Terrain::WoodCreaky
            && guards
                .iter()
                .any(|guard| within_earshot(level, q, guard[t - 1].0));
        let seen = guards.iter().any(|guard| {
            let (g, facing) = guard[t];
            sees(level, g, facing, q, lit)
        });
        noticed += usize::from(seen || heard);
    }
    if !taken {
        return Err(format!("never takes the loot at {loot:?}"));
    }
    Ok(noticed)
}
