//! §2.4: the plan → cells (walls on grid lines, shared by neighbours), rooms, adjacency records with
//! their shared wall runs, and the entrance.

use super::doors::{Contact, Run};
use super::params::ID;
use super::plan::{PlacementKind, Plan};
use crate::generate::Request;
use crate::generate::build::{exterior_room, room_from_cells, split_unbuilt};
use crate::model::{
    Adjacency, Axis, Cell, Dir, Entrance, Grid, Level, RoomKind, RoomOrigin, Segment, Terrain,
};

/// Square size and border of the cell frame.
#[derive(Clone, Copy)]
pub struct Frame {
    /// Cells per plan square (`tiles_per_square`).
    pub s: i32,
    /// Cells of outside ground before plan grid line 0, on every side.
    pub border: i32,
}

impl Frame {
    /// Cell coordinate of plan grid line `k`.
    pub fn line(&self, k: i32) -> i32 {
        self.border + k * self.s
    }

    /// The wall run of a shared run, corner cells excluded, going N (vertical) or E (horizontal).
    pub fn segment(&self, run: Run) -> Segment {
        match run {
            Run::Vertical { x, lo, hi } => Segment {
                origin: Cell::new(self.line(x), self.line(lo) + 1),
                dir: Dir::N,
                len: (hi - lo) * self.s - 1,
            },
            Run::Horizontal { y, lo, hi } => Segment {
                origin: Cell::new(self.line(lo) + 1, self.line(y)),
                dir: Dir::E,
                len: (hi - lo) * self.s - 1,
            },
        }
    }
}

fn axis(dir: Dir) -> Axis {
    match dir {
        Dir::N | Dir::S => Axis::NS,
        Dir::E | Dir::W => Axis::EW,
    }
}

/// Renders the plan with its doors; `front_offset` is the front door's offset along the Entrance Hall's
/// front wall. Returns a structural level (no finishing passes yet).
pub fn render(
    plan: &Plan,
    contacts: &[Contact],
    entrance: usize,
    front_offset: i32,
    frame: Frame,
    request: &Request,
) -> Level {
    let size = |squares: i32| squares * frame.s + 1 + 2 * frame.border;
    let mut level = Level::blank(
        ID,
        request.level,
        request.seed,
        (size(plan.grid_w), size(plan.grid_h)),
        Terrain::Ground,
    );
    let mut built = Grid::new(level.shape(), false);
    for p in &plan.placements {
        let (x0, x1) = (frame.line(p.x), frame.line(p.x + p.w));
        let (y0, y1) = (frame.line(p.y), frame.line(p.y + p.h));
        for x in x0..=x1 {
            for y in y0..=y1 {
                built.set(Cell::new(x, y), true);
                let ring = x == x0 || x == x1 || y == y0 || y == y1;
                let t = if ring { Terrain::Wall } else { Terrain::Floor };
                level.set_terrain(Cell::new(x, y), t);
            }
        }
    }
    split_unbuilt(&mut level, &built);
    level.rooms.push(exterior_room(&level));
    for p in &plan.placements {
        let kind = match p.kind {
            PlacementKind::Room => RoomKind::Room,
            PlacementKind::Hall | PlacementKind::Entrance => RoomKind::Hall,
        };
        let cells = (frame.line(p.x) + 1..frame.line(p.x + p.w))
            .flat_map(|x| {
                (frame.line(p.y) + 1..frame.line(p.y + p.h)).map(move |y| Cell::new(x, y))
            })
            .collect();
        let origin = RoomOrigin::Placement {
            x: p.x,
            y: p.y,
            w: p.w,
            h: p.h,
        };
        level.rooms.push(room_from_cells(kind, cells, origin));
    }
    let room = |placement: usize| placement + 1;
    let hall = &plan.placements[entrance];
    let front = frame.segment(Run::Horizontal {
        y: hall.y,
        lo: hall.x,
        hi: hall.x + hall.w,
    });
    let front_door = front.cell(front_offset - 1);
    level.set_terrain(front_door, Terrain::Door(Axis::EW));
    level.adjacencies.push(Adjacency {
        left: room(entrance),
        right: 0,
        segment: Some(front),
        mirror: None,
        door: true,
        door_cells: vec![front_door],
        via: Vec::new(),
    });
    for c in contacts {
        let seg = frame.segment(c.run);
        let pa = &plan.placements[c.a];
        // A vertical run's left side is west; a horizontal run's left side is north.
        let a_is_left = match c.run {
            Run::Vertical { x, .. } => pa.x < x,
            Run::Horizontal { y, .. } => pa.y >= y,
        };
        let (left, right) = if a_is_left {
            (room(c.a), room(c.b))
        } else {
            (room(c.b), room(c.a))
        };
        let door_cells = if c.door {
            let cell = seg.cell(c.door_offset - 1);
            level.set_terrain(cell, Terrain::Door(axis(seg.dir)));
            vec![cell]
        } else {
            Vec::new()
        };
        level.adjacencies.push(Adjacency {
            left,
            right,
            segment: Some(seg),
            mirror: None,
            door: c.door,
            door_cells,
            via: Vec::new(),
        });
    }
    level.player_start = front_door.offset(0, -1);
    level.entrance = Entrance {
        room: room(entrance),
        cell: front_door,
        exterior: Some(0),
        depth_seeds: vec![room(entrance)],
        exit_cell: None,
    };
    level
}
