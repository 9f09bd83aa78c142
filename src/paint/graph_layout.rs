//! Where overlay 1, the room graph, is drawn, worked out once per level ([`GraphLayout::new`], kept in
//! the [`MapFacts`](super::MapFacts)): each room's node on the room cell nearest the room's centroid (a
//! middle of a rectangle, and still inside an L or a U), keeping off guards, the player start, loot and
//! furniture when a cell nearly as central is free. The exterior's node sits just outside the front
//! door; an edge through another outside door ends just outside that door, so no edge crosses the map
//! to it.
//!
//! Apart from the drawing ([`super::room_graph`]) because the facts hold the layout and the drawing
//! reads the scene, which holds the facts: in one file the two would form an import cycle.

use crate::model::topology::room_of_cell;
use crate::model::{AdjacencyId, Cell, Grid, ItemKind, Level, RoomId};

/// Where the room graph is drawn, in cells.
#[derive(Clone, Debug, Default)]
pub struct GraphLayout {
    /// The cell each room's node sits on (`None` for a room with no cell on the map).
    pub nodes: Vec<Option<Cell>>,
    /// One per door between two rooms with nodes.
    pub edges: Vec<GraphEdge>,
}

/// A room-graph edge: from one room's end through the door cells to the other's.
#[derive(Clone, Debug)]
pub struct GraphEdge {
    /// The door (an index into `Level::adjacencies`) the edge stands for; the painter reads its kind
    /// (door, courtyard link, front door) to pick the edge's colour and dashes.
    pub adjacency: AdjacencyId,
    /// Node or end cell, door cells, node or end cell.
    pub cells: Vec<Cell>,
    /// An end that is not a node (an outside door other than the front door), drawn as a small dot.
    pub stub: Option<Cell>,
    /// The door the player comes in by, between the exterior and a room. A back gate or a side door
    /// leads outdoors too but is drawn as any other door, ending in its outside dot.
    pub front: bool,
}

/// What a cell's node would cover, in squared cells of distance a node moves to avoid it.
fn cost_grid(level: &Level) -> Grid<f32> {
    let mut cost = Grid::new(level.shape(), 0.0_f32);
    for item in &level.items {
        let c = match item.kind {
            ItemKind::Coin => 9.0,
            ItemKind::Door(_) | ItemKind::Portcullis(_) => 0.0,
            _ => 1.0,
        };
        if let Some(slot) = cost.get_mut(item.cell) {
            *slot = slot.max(c);
        }
    }
    let mut actors: Vec<Cell> = level.guards.iter().map(|g| g.start).collect();
    actors.push(level.player_start);
    if level.exterior().is_none() {
        actors.push(level.entrance.cell);
        actors.extend(level.entrance.exit_cell);
    }
    for c in actors {
        cost.set(c, 1e4);
    }
    cost
}

/// The cell of `cells` on the map nearest the point `(x, y)` (cell space), each cell's `cost` added to
/// its squared distance; the first such cell on a tie.
fn nearest(level: &Level, cells: &[Cell], (x, y): (f32, f32), cost: &Grid<f32>) -> Option<Cell> {
    let score = |c: &Cell| {
        let (dx, dy) = (c.x as f32 + 0.5 - x, c.y as f32 + 0.5 - y);
        dx * dx + dy * dy + cost.at(*c)
    };
    cells
        .iter()
        .filter(|&&c| level.in_bounds(c))
        .min_by(|a, b| score(a).total_cmp(&score(b)))
        .copied()
}

impl GraphLayout {
    /// Lays out `level`'s room graph: the nodes, then an edge for each door between two of them.
    pub fn new(level: &Level) -> Self {
        let cost = cost_grid(level);
        let exterior = level.exterior();
        let door = level.entrance.cell;
        let nodes: Vec<Option<Cell>> = level
            .rooms
            .iter()
            .enumerate()
            .map(|(r, room)| {
                let target = if Some(r) == exterior {
                    (door.x as f32 + 0.5, door.y as f32 + 0.5)
                } else {
                    let n = room.cells.len().max(1) as f32;
                    let (sx, sy) = room.cells.iter().fold((0.0, 0.0), |(sx, sy), c| {
                        (sx + c.x as f32 + 0.5, sy + c.y as f32 + 0.5)
                    });
                    (sx / n, sy / n)
                };
                nearest(level, &room.cells, target, &cost)
            })
            .collect();
        let owner = exterior.map(|_| room_of_cell(level));
        let mut edges = Vec::new();
        for (i, adj) in level.adjacencies.iter().enumerate() {
            if !adj.door || adj.left == adj.right {
                continue;
            }
            let mut stub = None;
            let mut end = |r: RoomId| -> Option<Cell> {
                let node = nodes.get(r).copied().flatten()?;
                if Some(r) != exterior || adj.door_cells.contains(&door) {
                    return Some(node);
                }
                // Another outside door: end just outside it.
                let outside = adj.door_cell_for(r).and_then(|d| {
                    d.neighbours4()
                        .into_iter()
                        .find(|&n| owner.as_ref().and_then(|o| o.at(n)) == Some(r))
                });
                stub = outside;
                Some(outside.unwrap_or(node))
            };
            let (Some(a), Some(b)) = (end(adj.left), end(adj.right)) else {
                continue;
            };
            let mut cells = vec![a];
            cells.extend(&adj.door_cells);
            cells.push(b);
            edges.push(GraphEdge {
                adjacency: i,
                cells,
                stub,
                front: exterior.is_some_and(|e| adj.left == e || adj.right == e)
                    && adj.door_cells.contains(&door),
            });
        }
        GraphLayout { nodes, edges }
    }
}
