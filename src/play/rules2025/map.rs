//! The map as the 2025 rules read it: each cell's cached flags and guard move cost, the item list in
//! the game's order, the treasures, and the per-turn `lit` and `seen` layers.
//!
//! The flags are computed once from terrain and items, as `cacheCellInfo` does (`create-map.ts:7007-7061`),
//! and afterwards only a solved treasure lock changes one (`game.ts:1179`). Off-map cells read as the
//! game's `emptyCell` (`game-map.ts:236-252`): grass that blocks nothing and that no guard may enter.

use crate::model::{Cell, Rect};

use super::kinds::{ItemType, TerrainType};

/// An infinite guard move cost or distance.
pub(super) const INF: u32 = u32::MAX;

/// The move cost at which a neighbour forbids a diagonal step past it (`game-map.ts:953-962`: meant for
/// water, so tables and beds count too).
const CORNER_COST: u32 = 64;

/// One cell's cached properties (`Cell`, `game-map.ts:183-198`).
#[derive(Clone, Copy, Debug)]
#[expect(
    clippy::struct_excessive_bools,
    reason = "the game's five cached cell flags, each read by name by its own rule"
)]
pub(super) struct CellInfo {
    pub terrain: TerrainType,
    /// What a guard's path pays to enter the cell; [`INF`] where no guard may go.
    pub move_cost: u32,
    pub blocks_player_move: bool,
    pub blocks_player_sight: bool,
    /// Blocks guards' sight and light.
    pub blocks_sight: bool,
    pub blocks_sound: bool,
    pub hides_player: bool,
}

/// The game's `emptyCell`, which `cells.at` returns off the map.
const OFF_MAP: CellInfo = CellInfo {
    terrain: TerrainType::GroundGrass,
    move_cost: INF,
    blocks_player_move: false,
    blocks_player_sight: false,
    blocks_sight: false,
    blocks_sound: false,
    hides_player: false,
};

/// An item on the map. `id` is its place in the setup's list: the thief's "item used" and "pick target"
/// name an item by it, as the game holds the object itself.
#[derive(Clone, Copy, Debug)]
pub(super) struct Item {
    pub id: usize,
    pub cell: Cell,
    pub kind: ItemType,
}

/// A treasure's book puzzle and whether it was taken (`TreasureInfo`, `game-map.ts:516-521`).
#[derive(Clone, Debug)]
pub(super) struct Treasure {
    pub switches: Vec<Cell>,
    pub switches_used: usize,
    pub cell: Cell,
    pub stolen: bool,
}

/// The map: cells row by row, `y` growing north as in the game.
#[derive(Clone)]
pub(super) struct Map {
    pub width: i32,
    pub height: i32,
    pub cells: Vec<CellInfo>,
    /// Graded light of each cell, 0 to 1 (`Cell.lit`).
    pub lit: Vec<f64>,
    /// Cells the thief has seen (`Cell.seen`).
    pub seen: Vec<bool>,
    /// Cells the thief's view was taken from: the thief's own sight blockers never change, so a view
    /// from the same cell sees the same cells again and need not be walked twice.
    pub viewed_from: Vec<bool>,
    /// Items in the game's order: later pushes go to the end, removals keep the rest in order.
    pub items: Vec<Item>,
    pub treasures: Vec<Treasure>,
    /// The id the next item added during play gets.
    next_id: usize,
    /// Each enterable cell's region: the cells a guard can walk to from it (move costs never change
    /// in play); [`INF`] for cells no guard may enter.
    pub region: Vec<u32>,
}

/// Guard move cost of an item (`guardMoveCostForItemType`, `game-map.ts:346-384`).
fn item_move_cost(kind: ItemType) -> u32 {
    use ItemType as I;
    match kind {
        I::Chair => 32,
        I::Table | I::BedL | I::BedR => 64,
        I::Bush => 10,
        I::DrawersShort
        | I::DrawersTall
        | I::Bookshelf
        | I::Shelf
        | I::Stove
        | I::TorchUnlit
        | I::TorchLit
        | I::TreasureLock
        | I::TreasurePlinth
        | I::VaultTreasureBox
        | I::EmptyVaultTreasureBox
        | I::LootedVaultTreasureBox
        | I::TreasureA
        | I::TreasureB
        | I::TreasureC
        | I::TreasureD
        | I::TreasureE => INF,
        I::Coin
        | I::Health
        | I::DoorNS
        | I::DoorEW
        | I::LockedDoorNS
        | I::LockedDoorEW
        | I::PortcullisNS
        | I::PortcullisEW
        | I::TorchCarry
        | I::PurseCarry
        | I::Key
        | I::KeyCarry
        | I::Note => 0,
    }
}

/// `cacheCellInfo` (`create-map.ts:7007-7061`): a terrain pass, then an item pass raising costs and
/// adding blockers and hiding places. The game runs it before coins, treasures, notes and food are
/// placed; none of those changes a flag or raises a cost above the plinth's, and a lock the generator
/// removes clears its `blocksPlayerMove` again (`create-map.ts:6262`), so running it on the finished
/// item list gives the same cells.
fn cache_cell_info(terrain: &[TerrainType], width: i32, items: &[Item]) -> Vec<CellInfo> {
    use ItemType as I;
    let mut cells: Vec<CellInfo> = terrain
        .iter()
        .map(|&t| {
            let wall = t.is_wall();
            let move_cost = if wall || t.is_window() {
                INF
            } else if t == TerrainType::GroundWater {
                64
            } else {
                0
            };
            CellInfo {
                terrain: t,
                move_cost,
                blocks_player_move: wall,
                // A lone pillar (Wall0000) does not hide what is behind it (`create-map.ts:7019`).
                blocks_player_sight: wall && t != TerrainType::Wall(0),
                blocks_sight: wall,
                blocks_sound: wall,
                hides_player: false,
            }
        })
        .collect();
    for item in items {
        let Some(c) = index_in(width, cells.len(), item.cell).map(|i| &mut cells[i]) else {
            continue;
        };
        let kind = item.kind;
        c.move_cost = c.move_cost.max(item_move_cost(kind));
        if matches!(
            kind,
            I::DoorNS | I::DoorEW | I::LockedDoorNS | I::LockedDoorEW
        ) {
            c.blocks_player_sight = true;
        }
        if kind.is_door()
            || matches!(
                kind,
                I::Bush | I::DrawersTall | I::Bookshelf | I::Shelf | I::Stove
            )
        {
            c.blocks_sight = true;
        }
        if matches!(kind, I::Table | I::Bush | I::BedL | I::BedR) {
            c.hides_player = true;
        }
        // `blocksPlayerMovement`, `create-map.ts:6999-7005`.
        if matches!(
            kind,
            I::DrawersTall | I::Bookshelf | I::Shelf | I::Stove | I::TreasureLock
        ) {
            c.blocks_player_move = true;
        }
    }
    cells
}

fn index_in(width: i32, len: usize, c: Cell) -> Option<usize> {
    if c.x < 0 || c.y < 0 || c.x >= width {
        return None;
    }
    let i = c.y as usize * width as usize + c.x as usize;
    (i < len).then_some(i)
}

impl Map {
    /// The map of `terrain` (row by row) with `items` in the game's order; nothing lit, nothing seen.
    pub fn new(
        width: i32,
        height: i32,
        terrain: &[TerrainType],
        items: Vec<Item>,
        treasures: Vec<Treasure>,
    ) -> Map {
        let cells = cache_cell_info(terrain, width, &items);
        let len = cells.len();
        let next_id = items.iter().map(|it| it.id + 1).max().unwrap_or(0);
        let mut map = Map {
            next_id,
            width,
            height,
            cells,
            lit: vec![0.0; len],
            seen: vec![false; len],
            viewed_from: vec![false; len],
            items,
            treasures,
            region: Vec::new(),
        };
        map.region = map.regions();
        map
    }

    /// Labels the regions of enterable cells: a guard step between two enterable cells is allowed
    /// both ways or neither (the corner rule looks at the same two cells), so they partition.
    fn regions(&self) -> Vec<u32> {
        let mut region = vec![INF; self.cells.len()];
        let mut stack = Vec::new();
        let mut next = 0;
        for start in 0..self.cells.len() {
            if region[start] != INF || self.cells[start].move_cost == INF {
                continue;
            }
            region[start] = next;
            stack.push(start);
            while let Some(i) = stack.pop() {
                let from = self.cell_at(i);
                for (dx, dy) in [
                    (1, 0),
                    (-1, 0),
                    (0, 1),
                    (0, -1),
                    (1, 1),
                    (1, -1),
                    (-1, 1),
                    (-1, -1),
                ] {
                    let to = from.offset(dx, dy);
                    if let Some(j) = self.index(to)
                        && region[j] == INF
                        && self.guard_move_cost(from, to) != INF
                    {
                        region[j] = next;
                        stack.push(j);
                    }
                }
            }
            next += 1;
        }
        region
    }

    /// The row-major index of `c`, or `None` off the map.
    pub fn index(&self, c: Cell) -> Option<usize> {
        if c.x < 0 || c.y < 0 || c.x >= self.width || c.y >= self.height {
            return None;
        }
        Some(c.y as usize * self.width as usize + c.x as usize)
    }

    /// The cell at row-major index `i`.
    pub fn cell_at(&self, i: usize) -> Cell {
        let w = self.width as usize;
        Cell::new((i % w) as i32, (i / w) as i32)
    }

    /// Whether `c` is on the map.
    pub fn contains(&self, c: Cell) -> bool {
        self.index(c).is_some()
    }

    /// The cached properties of `c` (`cells.at`), the game's empty cell off the map.
    pub fn cell(&self, c: Cell) -> CellInfo {
        self.index(c).map_or(OFF_MAP, |i| self.cells[i])
    }

    /// The light on `c`, 0 off the map.
    pub fn lit_at(&self, c: Cell) -> f64 {
        self.index(c).map_or(0.0, |i| self.lit[i])
    }

    /// `guardMoveCost` (`game-map.ts:944-965`): the cost of entering `to` from a neighbour `from`;
    /// infinite to cut a corner past a cell of cost 64 or more.
    pub fn guard_move_cost(&self, from: Cell, to: Cell) -> u32 {
        let cost = self.cell(to).move_cost;
        if cost == INF {
            return cost;
        }
        if from.x != to.x
            && from.y != to.y
            && (self.cell(Cell::new(from.x, to.y)).move_cost >= CORNER_COST
                || self.cell(Cell::new(to.x, from.y)).move_cost >= CORNER_COST)
        {
            return INF;
        }
        cost
    }

    /// The 3×3 block around `c`, clipped to the map: every guard's query rectangle
    /// (`guard.ts:747-750`) and the cells a step may go to (`game-map.ts:971-972`).
    pub fn around(&self, c: Cell) -> Rect {
        Rect {
            x0: (c.x - 1).max(0),
            y0: (c.y - 1).max(0),
            x1: (c.x + 2).min(self.width),
            y1: (c.y + 2).min(self.height),
        }
    }

    /// Whether an item on `c` satisfies `test`.
    pub fn has_item(&self, c: Cell, test: impl Fn(ItemType) -> bool) -> bool {
        self.items.iter().any(|it| it.cell == c && test(it.kind))
    }

    /// The kinds of the items on `c`, in list order.
    pub fn kinds_at(&self, c: Cell) -> impl Iterator<Item = ItemType> + Clone + '_ {
        self.items
            .iter()
            .filter(move |it| it.cell == c)
            .map(|it| it.kind)
    }

    /// The kinds of the items on each cell, in list order, made in one pass over the items: for a
    /// question asked of every cell, which [`Map::kinds_at`] would answer with a pass per cell.
    pub fn kinds_by_cell(&self) -> KindsByCell {
        let mut starts = vec![0u32; self.cells.len() + 1];
        let on_map: Vec<(usize, ItemType)> = self
            .items
            .iter()
            .filter_map(|it| Some((self.index(it.cell)?, it.kind)))
            .collect();
        for &(i, _) in &on_map {
            starts[i + 1] += 1;
        }
        for i in 0..self.cells.len() {
            starts[i + 1] += starts[i];
        }
        let mut next = starts.clone();
        let mut kinds = vec![ItemType::Coin; on_map.len()];
        for (i, kind) in on_map {
            kinds[next[i] as usize] = kind;
            next[i] += 1;
        }
        KindsByCell { starts, kinds }
    }

    /// The place in the list of the first item on `c` that satisfies `test`.
    pub fn find_item(&self, c: Cell, test: impl Fn(ItemType) -> bool) -> Option<usize> {
        self.items
            .iter()
            .position(|it| it.cell == c && test(it.kind))
    }

    /// Adds an item at the end of the list, as the game's `items.push` does.
    pub fn push_item(&mut self, cell: Cell, kind: ItemType) {
        self.items.push(Item {
            id: self.next_id,
            cell,
            kind,
        });
        self.next_id += 1;
    }

    /// The item whose id is `id`, if it is still on the map.
    pub fn item_by_id(&self, id: usize) -> Option<&Item> {
        self.items.iter().find(|it| it.id == id)
    }

    /// `allSeen` (`game-map.ts:621-623`).
    pub fn all_seen(&self) -> bool {
        self.seen.iter().all(|&s| s)
    }

    /// `tryGetPosLookAt` (`game-map.ts:1259-1324`): where a guard standing at its post turns to look.
    /// A one-cell post also turns its back on an adjacent locked door, then on a doorway
    /// (`game-map.ts:1263-1289`); any guard looks out of an adjacent window (`1291-1300`); a guard on a
    /// chair looks at a table or torch beside it (`1302-1321`). The first match wins, W, E, S, N.
    pub fn look_at(&self, pos: Cell, include_doors: bool) -> Option<Cell> {
        let (x, y) = (pos.x, pos.y);
        let terrain = |dx: i32, dy: i32| self.cell(Cell::new(x + dx, y + dy)).terrain;
        let sides = [(-1, 0), (1, 0), (0, -1), (0, 1)];
        if include_doors {
            for (dx, dy) in sides {
                if self.has_item(pos.offset(dx, dy), ItemType::is_locked_door) {
                    return Some(pos.offset(-dx, -dy));
                }
            }
            let doorways = [
                (-1, 0, TerrainType::DoorNS),
                (1, 0, TerrainType::DoorNS),
                (0, -1, TerrainType::DoorEW),
                (0, 1, TerrainType::DoorEW),
            ];
            for (dx, dy, kind) in doorways {
                if terrain(dx, dy) == kind {
                    return Some(pos.offset(-dx, -dy));
                }
            }
        }
        let windows = [
            (-1, 0, TerrainType::OneWayWindowW),
            (1, 0, TerrainType::OneWayWindowE),
            (0, -1, TerrainType::OneWayWindowS),
            (0, 1, TerrainType::OneWayWindowN),
        ];
        for (dx, dy, kind) in windows {
            if terrain(dx, dy) == kind {
                return Some(pos.offset(dx, dy));
            }
        }
        if self.has_item(pos, |k| k == ItemType::Chair) {
            let faced = |k: ItemType| {
                matches!(
                    k,
                    ItemType::Table | ItemType::TorchLit | ItemType::TorchUnlit
                )
            };
            for (dx, dy) in sides {
                if self.has_item(pos.offset(dx, dy), faced) {
                    return Some(pos.offset(dx, dy));
                }
            }
        }
        None
    }
}

/// The kinds of the items on each cell of a map (by cell index), in list order.
pub struct KindsByCell {
    starts: Vec<u32>,
    kinds: Vec<ItemType>,
}

impl KindsByCell {
    /// The kinds of the items on cell `i`, in list order.
    pub fn at(&self, i: usize) -> impl Iterator<Item = ItemType> + Clone + '_ {
        self.kinds[self.starts[i] as usize..self.starts[i + 1] as usize]
            .iter()
            .copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn room() -> Map {
        // 5 × 4: walls around, one window in the west wall at (0, 2), water at (3, 1).
        let (w, h) = (5, 4);
        let mut terrain = vec![TerrainType::GroundWood; (w * h) as usize];
        for y in 0..h {
            for x in 0..w {
                if x == 0 || y == 0 || x == w - 1 || y == h - 1 {
                    terrain[(y * w + x) as usize] = TerrainType::Wall(15);
                }
            }
        }
        terrain[(2 * w) as usize] = TerrainType::OneWayWindowW;
        terrain[(w + 3) as usize] = TerrainType::GroundWater;
        let items = vec![
            Item {
                id: 0,
                cell: Cell::new(1, 1),
                kind: ItemType::Chair,
            },
            Item {
                id: 1,
                cell: Cell::new(2, 1),
                kind: ItemType::Table,
            },
        ];
        Map::new(w, h, &terrain, items, Vec::new())
    }

    /// The index answers for every cell what a pass over the items does, stacks in list order, and
    /// leaves out an item off the map.
    #[test]
    fn the_kinds_by_cell_are_the_items_on_each_cell() {
        let mut map = room();
        map.push_item(Cell::new(1, 1), ItemType::Coin);
        map.push_item(Cell::new(3, 2), ItemType::TorchLit);
        map.push_item(Cell::new(9, 9), ItemType::Coin);
        let kinds = map.kinds_by_cell();
        for i in 0..map.cells.len() {
            let c = map.cell_at(i);
            let listed: Vec<ItemType> = kinds.at(i).collect();
            assert_eq!(listed, map.kinds_at(c).collect::<Vec<_>>(), "{c:?}");
        }
        let stack: Vec<ItemType> = kinds.at(map.index(Cell::new(1, 1)).unwrap()).collect();
        assert_eq!(stack, [ItemType::Chair, ItemType::Coin]);
    }

    #[test]
    fn move_costs_follow_the_items_and_the_corner_rule() {
        let map = room();
        assert_eq!(map.cell(Cell::new(1, 1)).move_cost, 32);
        assert_eq!(map.cell(Cell::new(2, 1)).move_cost, 64);
        assert_eq!(map.cell(Cell::new(3, 1)).move_cost, 64);
        assert!(map.cell(Cell::new(2, 1)).hides_player);
        // Diagonal from (1, 2) to (2, 1): passes the chair (32) and (2, 2) (0): allowed.
        assert_eq!(map.guard_move_cost(Cell::new(1, 2), Cell::new(2, 1)), 64);
        // Diagonal from (2, 2) to (3, 1)... passes the table (64): forbidden.
        assert_eq!(map.guard_move_cost(Cell::new(2, 2), Cell::new(3, 1)), INF);
        assert_eq!(map.guard_move_cost(Cell::new(1, 1), Cell::new(0, 1)), INF);
        assert_eq!(map.cell(Cell::new(-1, 0)).move_cost, INF);
    }

    #[test]
    fn a_guard_on_a_chair_looks_out_of_the_window_before_at_the_table() {
        let map = room();
        assert_eq!(map.look_at(Cell::new(1, 2), false), Some(Cell::new(0, 2)));
        assert_eq!(map.look_at(Cell::new(1, 1), false), Some(Cell::new(2, 1)));
        assert_eq!(map.look_at(Cell::new(2, 2), false), None);
    }
}
