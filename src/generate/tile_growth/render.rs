//! §1.4: module grid → cells, regions → rooms, shared sides → adjacencies, and the entrance.

use super::growth::{Growth, SIDES, bit, step};
use super::params::{ID, Settings};
use crate::generate::Request;
use crate::generate::build::{exterior_room, room_from_cells, split_unbuilt};
use crate::model::{
    Adjacency, Axis, Cell, Dir, Entrance, Grid, Level, RoomKind, RoomOrigin, Segment, Terrain,
};

/// Cell geometry of the module grid.
struct Frame {
    border: i32,
    /// `M − 1`: the step between module origins.
    step: i32,
    half_width: i32,
}

impl Frame {
    /// South-west ring corner of module `(i, j)`.
    fn origin(&self, (i, j): (i32, i32)) -> Cell {
        Cell::new(self.border + i * self.step, self.border + j * self.step)
    }

    fn centre(&self, pos: (i32, i32)) -> Cell {
        self.origin(pos).offset(self.step / 2, self.step / 2)
    }

    /// The wall run on side `d` of a module, crossings excluded, running E or N.
    fn side(&self, pos: (i32, i32), d: Dir) -> Segment {
        let o = self.origin(pos);
        let n = self.step;
        let (origin, dir) = match d {
            Dir::S => (o.offset(1, 0), Dir::E),
            Dir::N => (o.offset(1, n), Dir::E),
            Dir::W => (o.offset(0, 1), Dir::N),
            Dir::E => (o.offset(n, 1), Dir::N),
        };
        Segment {
            origin,
            dir,
            len: n - 1,
        }
    }
}

fn door_axis(d: Dir) -> Axis {
    match d {
        Dir::E | Dir::W => Axis::NS,
        Dir::N | Dir::S => Axis::EW,
    }
}

/// Whether module `m` is drawn as a chamber.
fn is_chamber(growth: &Growth, settings: &Settings, m: usize) -> bool {
    settings.chamber_types.contains(&growth.modules[m].chosen)
}

/// Union–find over linked modules of one style; locked and grown modules never merge.
fn regions(growth: &Growth, settings: &Settings) -> Vec<usize> {
    fn find(parent: &mut [usize], mut a: usize) -> usize {
        while parent[a] != a {
            parent[a] = parent[parent[a]];
            a = parent[a];
        }
        a
    }
    let mut parent: Vec<usize> = (0..growth.modules.len()).collect();
    for a in 0..growth.modules.len() {
        for d in [Dir::E, Dir::N] {
            let Some(b) = growth.at(step(growth.modules[a].pos, d)) else {
                continue;
            };
            let same_style = is_chamber(growth, settings, a) == is_chamber(growth, settings, b);
            let same_lock = growth.modules[a].lock == growth.modules[b].lock;
            if growth.modules[a].links & bit(d) != 0 && same_style && same_lock {
                let (ra, rb) = (find(&mut parent, a), find(&mut parent, b));
                parent[ra.max(rb)] = ra.min(rb);
            }
        }
    }
    (0..growth.modules.len())
        .map(|m| find(&mut parent, m))
        .collect()
}

/// Draws walls, floors and openings of every module; returns which cells are built.
fn draw_modules(
    level: &mut Level,
    growth: &Growth,
    settings: &Settings,
    frame: &Frame,
    region: &[usize],
) -> Grid<bool> {
    let mut built = Grid::new(level.shape(), false);
    let n = frame.step;
    let h = frame.half_width;
    for (m, module) in growth.modules.iter().enumerate() {
        let o = frame.origin(module.pos);
        let chamber = is_chamber(growth, settings, m);
        for x in o.x..=o.x + n {
            for y in o.y..=o.y + n {
                let c = Cell::new(x, y);
                built.set(Cell::new(x, y), true);
                let inside = x > o.x && x < o.x + n && y > o.y && y < o.y + n;
                let t = if chamber && inside {
                    Terrain::Floor
                } else {
                    Terrain::Wall
                };
                level.set_terrain(c, t);
            }
        }
        if chamber {
            continue;
        }
        let centre = frame.centre(module.pos);
        let mut arms = module.links;
        if m == growth.root {
            arms |= bit(Dir::S);
        }
        for dx in -h..=h {
            for dy in -h..=h {
                level.set_terrain(centre.offset(dx, dy), Terrain::Floor);
            }
        }
        for d in SIDES.into_iter().filter(|&d| arms & bit(d) != 0) {
            let (ux, uy) = d.delta();
            for k in 1..n / 2 {
                for w in -h..=h {
                    let (px, py) = if ux == 0 { (w, 0) } else { (0, w) };
                    level.set_terrain(centre.offset(ux * k + px, uy * k + py), Terrain::Floor);
                }
            }
        }
    }
    for (a, module) in growth.modules.iter().enumerate() {
        for d in [Dir::E, Dir::N] {
            let Some(b) = growth.at(step(module.pos, d)) else {
                continue;
            };
            if module.links & bit(d) == 0 {
                continue;
            }
            let side = frame.side(module.pos, d);
            let middle = side.cell(side.len / 2);
            let (ca, cb) = (
                is_chamber(growth, settings, a),
                is_chamber(growth, settings, b),
            );
            if region[a] != region[b] {
                level.set_terrain(middle, Terrain::Door(door_axis(d)));
            } else if ca && cb {
                for c in side.cells() {
                    level.set_terrain(c, Terrain::Floor);
                }
            } else {
                for k in -h..=h {
                    level.set_terrain(side.cell(side.len / 2 + k), Terrain::Floor);
                }
            }
        }
    }
    built
}

/// Renders the grown grid into a structural level (no finishing passes yet).
pub fn render(growth: &Growth, settings: &Settings, request: &Request) -> Level {
    let frame = Frame {
        border: settings.outer_border,
        step: settings.module_size - 1,
        half_width: settings.corridor_width / 2,
    };
    let size = |modules: i32| modules * frame.step + 1 + 2 * frame.border;
    let mut level = Level::blank(
        ID,
        request.level,
        request.seed,
        (size(settings.modules_x), size(settings.modules_y)),
        Terrain::Ground,
    );
    let region = regions(growth, settings);
    let built = draw_modules(&mut level, growth, settings, &frame, &region);
    let root = growth.modules[growth.root].pos;
    let front = frame.side(root, Dir::S);
    let front_door = front.cell(front.len / 2);
    level.set_terrain(front_door, Terrain::Door(Axis::EW));
    split_unbuilt(&mut level, &built);

    let mut room_of_region = vec![usize::MAX; growth.modules.len()];
    let mut members: Vec<Vec<usize>> = Vec::new();
    for (m, &r) in region.iter().enumerate() {
        if room_of_region[r] == usize::MAX {
            room_of_region[r] = members.len() + 1;
            members.push(Vec::new());
        }
        members[room_of_region[r] - 1].push(m);
    }
    level.rooms.push(exterior_room(&level));
    for list in &members {
        level
            .rooms
            .push(region_room(&level, growth, settings, &frame, list, &region));
    }
    let room = |m: usize| room_of_region[region[m]];
    let entrance_room = room(growth.root);
    level.adjacencies.push(Adjacency {
        left: entrance_room,
        right: 0,
        segment: Some(front),
        mirror: None,
        door: true,
        door_cells: vec![front_door],
        via: Vec::new(),
    });
    for (a, module) in growth.modules.iter().enumerate() {
        for d in [Dir::E, Dir::N] {
            let Some(b) = growth.at(step(module.pos, d)) else {
                continue;
            };
            if room(a) == room(b) {
                continue;
            }
            let side = frame.side(module.pos, d);
            let door = module.links & bit(d) != 0;
            // A run going N has its left (west) side in `a`; a run going E has its left (north) in `b`.
            let (left, right) = if d == Dir::E {
                (room(a), room(b))
            } else {
                (room(b), room(a))
            };
            level.adjacencies.push(Adjacency {
                left,
                right,
                segment: Some(side),
                mirror: None,
                door,
                door_cells: if door {
                    vec![side.cell(side.len / 2)]
                } else {
                    Vec::new()
                },
                via: Vec::new(),
            });
        }
    }
    level.player_start = front_door.offset(0, -1);
    level.entrance = Entrance {
        room: entrance_room,
        cell: front_door,
        exterior: Some(0),
        depth_seeds: vec![entrance_room],
        exit_cell: None,
    };
    level
}

/// One region's room: floor cells inside its modules plus the openings between them.
fn region_room(
    level: &Level,
    growth: &Growth,
    settings: &Settings,
    frame: &Frame,
    list: &[usize],
    region: &[usize],
) -> crate::model::Room {
    let mut cells = Vec::new();
    let n = frame.step;
    for &m in list {
        let module = &growth.modules[m];
        let o = frame.origin(module.pos);
        for x in o.x + 1..o.x + n {
            for y in o.y + 1..o.y + n {
                if level.terrain(Cell::new(x, y)) == Terrain::Floor {
                    cells.push(Cell::new(x, y));
                }
            }
        }
        for d in [Dir::E, Dir::N] {
            let same = growth
                .at(step(module.pos, d))
                .is_some_and(|b| region[b] == region[m]);
            if same && module.links & bit(d) != 0 {
                let side = frame.side(module.pos, d);
                cells.extend(side.cells().filter(|&c| level.terrain(c) == Terrain::Floor));
            }
        }
    }
    let kind = if is_chamber(growth, settings, list[0]) {
        RoomKind::Room
    } else {
        RoomKind::Corridor
    };
    let origin = RoomOrigin::Modules(list.iter().map(|&m| growth.modules[m].pos).collect());
    room_from_cells(kind, cells, origin)
}
