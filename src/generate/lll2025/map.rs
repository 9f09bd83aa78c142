//! The game's own map while a level is built: its terrain and item kinds in the game's enum order (the
//! generator compares them by order, e.g. "door-like" is everything from the portcullis on, and the §14
//! hash feeds their indices), cells row by row, and the item list in placement order.

use crate::model::SeedRandom;

/// The move cost of a cell no guard may enter (an infinite cost in the game).
pub const IMPASSABLE: u8 = u8::MAX;

/// The game's terrain kinds (`game-map.ts` `TerrainType`), in its order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Terrain {
    /// Gravel path and front yard.
    GroundNormal,
    /// Grass: courtyards, outdoors, and every cell not yet drawn.
    GroundGrass,
    /// Pools.
    GroundWater,
    /// Private floors.
    GroundMarble,
    /// Public floors.
    GroundWood,
    /// A wood cell that creaks when stepped on.
    GroundWoodCreaky,
    /// Vault floor (and a treasure courtyard's square).
    GroundVault,
    /// A treasure plinth's cell.
    GroundTreasure,
    /// A wall, its glyph's neighbour bits (NSEW) once the glyph pass has run; 0 before.
    Wall(u8),
    /// One-way window looking east.
    OneWayWindowE,
    /// One-way window looking west.
    OneWayWindowW,
    /// One-way window looking north.
    OneWayWindowN,
    /// One-way window looking south.
    OneWayWindowS,
    /// Portcullis in a vertical wall.
    PortcullisNS,
    /// Portcullis in a horizontal wall.
    PortcullisEW,
    /// Door in a vertical wall.
    DoorNS,
    /// Door in a horizontal wall.
    DoorEW,
    /// Courtyard-to-courtyard marker in a vertical line.
    GardenDoorNS,
    /// Courtyard-to-courtyard marker in a horizontal line.
    GardenDoorEW,
}

impl Terrain {
    /// The terrain's index in the game's enum (the §14 hash feeds it).
    pub fn index(self) -> u16 {
        use Terrain as T;
        match self {
            T::GroundNormal => 0,
            T::GroundGrass => 1,
            T::GroundWater => 2,
            T::GroundMarble => 3,
            T::GroundWood => 4,
            T::GroundWoodCreaky => 5,
            T::GroundVault => 6,
            T::GroundTreasure => 7,
            T::Wall(bits) => 8 + u16::from(bits & 15),
            T::OneWayWindowE => 24,
            T::OneWayWindowW => 25,
            T::OneWayWindowN => 26,
            T::OneWayWindowS => 27,
            T::PortcullisNS => 28,
            T::PortcullisEW => 29,
            T::DoorNS => 30,
            T::DoorEW => 31,
            T::GardenDoorNS => 32,
            T::GardenDoorEW => 33,
        }
    }

    /// What the wall-glyph pass counts as a wall neighbour: walls, windows, gates and doors, not garden
    /// doors (`Wall0000…DoorEW`).
    fn joins_walls(self) -> bool {
        (Terrain::Wall(0)..=Terrain::DoorEW).contains(&self)
    }

    /// Walls, windows, gates and doors: what blocks a plain walk (`≥ Wall0000`).
    pub fn is_wall_or_better(self) -> bool {
        self >= Terrain::Wall(0)
    }

    /// Portcullises, doors and garden doors (`≥ PortcullisNS`).
    pub fn is_door_like(self) -> bool {
        self >= Terrain::PortcullisNS
    }

    /// One of the four windows.
    pub fn is_window(self) -> bool {
        (Terrain::OneWayWindowE..=Terrain::OneWayWindowS).contains(&self)
    }

    /// A wall or a window (not a door).
    pub fn is_wall_or_window(self) -> bool {
        (Terrain::Wall(0)..=Terrain::OneWayWindowS).contains(&self)
    }

    /// A floor that is not water.
    pub fn is_walkable(self) -> bool {
        self < Terrain::Wall(0) && self != Terrain::GroundWater
    }
}

/// The game's item kinds (`ItemType`), in its order; the carried and emptied kinds are runtime-only.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ItemKind {
    /// A chair (guards pay 32 to cross it; holds loot).
    Chair,
    /// A table (holds loot and food).
    Table,
    /// A bed's west half.
    BedL,
    /// A bed's east half.
    BedR,
    /// Low drawers.
    DrawersShort,
    /// Tall drawers (block the player).
    DrawersTall,
    /// A bookshelf (a book-puzzle switch when titled).
    Bookshelf,
    /// A kitchen or vault shelf.
    Shelf,
    /// A kitchen stove.
    Stove,
    /// A bush (hides the player).
    Bush,
    /// A coin of the level's loot.
    Coin,
    /// Food that heals.
    Health,
    /// A closable door in a vertical wall.
    DoorNS,
    /// A closable door in a horizontal wall.
    DoorEW,
    /// A locked door in a vertical wall.
    LockedDoorNS,
    /// A locked door in a horizontal wall.
    LockedDoorEW,
    /// A portcullis in a vertical wall.
    PortcullisNS,
    /// A portcullis in a horizontal wall.
    PortcullisEW,
    /// An unlit torch.
    TorchUnlit,
    /// A lit torch.
    TorchLit,
    /// A torch a guard carries (runtime only).
    TorchCarry,
    /// A purse a guard carries (runtime only).
    PurseCarry,
    /// A dropped key (runtime only).
    Key,
    /// A key a guard carries (runtime only).
    KeyCarry,
    /// A vault's treasure box (bonus loot).
    VaultTreasureBox,
    /// A vault box emptied at par time (runtime only).
    EmptyVaultTreasureBox,
    /// A vault box the player looted (runtime only).
    LootedVaultTreasureBox,
    /// A clue note for a locked treasure.
    Note,
    /// The lock over a locked treasure.
    TreasureLock,
    /// A treasure's plinth.
    TreasurePlinth,
    /// Treasure, first look.
    TreasureA,
    /// Treasure, second look.
    TreasureB,
    /// Treasure, third look.
    TreasureC,
    /// Treasure, fourth look.
    TreasureD,
    /// Treasure, fifth look.
    TreasureE,
}

impl ItemKind {
    /// The kind's index in the game's enum (the §14 hash feeds it).
    pub fn index(self) -> u16 {
        self as u16
    }

    /// What a guard pays to step onto the item's cell (`guardMoveCostForItemType`); infinite for
    /// furniture a guard walks round.
    pub fn guard_cost(self) -> f64 {
        use ItemKind as I;
        match self {
            I::Chair => 32.0,
            I::Table | I::BedL | I::BedR => 64.0,
            I::Bush => 10.0,
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
            | I::Note => 0.0,
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
            | I::TreasureE => f64::INFINITY,
        }
    }

    /// Items that need a wall behind them in a bedroom (`isTallItemType`).
    pub fn is_tall(self) -> bool {
        use ItemKind::{
            Bookshelf, DrawersShort, DrawersTall, EmptyVaultTreasureBox, LootedVaultTreasureBox,
            Shelf, Stove, TorchLit, TorchUnlit, VaultTreasureBox,
        };
        matches!(
            self,
            Bookshelf
                | DrawersShort
                | VaultTreasureBox
                | EmptyVaultTreasureBox
                | LootedVaultTreasureBox
                | DrawersTall
                | Shelf
                | TorchUnlit
                | TorchLit
                | Stove
        )
    }

    /// Items the player cannot step onto (`blocksPlayerMovement`).
    pub fn blocks_player(self) -> bool {
        use ItemKind::{Bookshelf, DrawersTall, Shelf, Stove, TreasureLock};
        matches!(self, DrawersTall | Bookshelf | Shelf | Stove | TreasureLock)
    }
}

/// One item on a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Item {
    /// Cell x (east).
    pub x: i32,
    /// Cell y (north).
    pub y: i32,
    /// What it is.
    pub kind: ItemKind,
}

/// The map under construction: cells row by row from the south-west, and items in placement order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Map {
    /// Width in cells.
    pub w: i32,
    /// Height in cells.
    pub h: i32,
    cells: Vec<Terrain>,
    /// Items in the order the game places them (the last on a cell is drawn on top).
    pub items: Vec<Item>,
}

impl Map {
    /// A blank map: all grass (`createBlankGameMap`).
    pub fn new(w: i32, h: i32) -> Self {
        Map {
            w,
            h,
            cells: vec![Terrain::GroundGrass; (w * h) as usize],
            items: Vec::new(),
        }
    }

    /// Whether (x, y) is on the map.
    pub fn contains(&self, x: i32, y: i32) -> bool {
        x >= 0 && y >= 0 && x < self.w && y < self.h
    }

    /// The cells that are neither wall nor window and are not 4-connected to `start` through such cells
    /// (doors and gates included), in row order: what a thief coming in at `start` cannot reach.
    pub fn cut_off_from(&self, start: (i32, i32)) -> Vec<(i32, i32)> {
        let index = |x: i32, y: i32| (y * self.w + x) as usize;
        let mut seen = vec![false; (self.w * self.h).max(0) as usize];
        if self.contains(start.0, start.1) {
            let mut stack = vec![start];
            seen[index(start.0, start.1)] = true;
            while let Some((x, y)) = stack.pop() {
                for (nx, ny) in [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)] {
                    if self.contains(nx, ny)
                        && !seen[index(nx, ny)]
                        && !self.at(nx, ny).is_wall_or_window()
                    {
                        seen[index(nx, ny)] = true;
                        stack.push((nx, ny));
                    }
                }
            }
        }
        (0..self.h)
            .flat_map(|y| (0..self.w).map(move |x| (x, y)))
            .filter(|&(x, y)| !self.at(x, y).is_wall_or_window() && !seen[index(x, y)])
            .collect()
    }

    /// The terrain at (x, y); off the map the game answers with a fresh grass cell.
    pub fn at(&self, x: i32, y: i32) -> Terrain {
        if self.contains(x, y) {
            self.cells[(y * self.w + x) as usize]
        } else {
            Terrain::GroundGrass
        }
    }

    /// Sets the terrain at (x, y); off the map the write goes to a throw-away cell, as in the game.
    pub fn set(&mut self, x: i32, y: i32, terrain: Terrain) {
        if self.contains(x, y) {
            self.cells[(y * self.w + x) as usize] = terrain;
        }
    }

    /// Sets every cell of `[x0, x1) × [y0, y1)` (`setRectTerrainType`).
    pub fn fill(&mut self, x0: i32, y0: i32, x1: i32, y1: i32, terrain: Terrain) {
        for x in x0..x1 {
            for y in y0..y1 {
                self.set(x, y, terrain);
            }
        }
    }

    /// Appends an item (`placeItem`).
    pub fn place(&mut self, x: i32, y: i32, kind: ItemKind) {
        self.items.push(Item { x, y, kind });
    }

    /// The cells of every item of `kind`, in item order (the order the game's scans meet them).
    pub fn cells_of(&self, kind: ItemKind) -> Vec<(i32, i32)> {
        self.items
            .iter()
            .filter(|i| i.kind == kind)
            .map(|i| (i.x, i.y))
            .collect()
    }

    /// Whether any 4-neighbour passes `test`.
    fn any_neighbour(&self, x: i32, y: i32, test: impl Fn(Terrain) -> bool) -> bool {
        [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)]
            .into_iter()
            .any(|(a, b)| test(self.at(a, b)))
    }

    /// A 4-neighbour is a door, gate or garden door (`doorAdjacent`).
    pub fn door_adjacent(&self, x: i32, y: i32) -> bool {
        self.any_neighbour(x, y, Terrain::is_door_like)
    }

    /// A 4-neighbour is a window (`windowAdjacent`).
    pub fn window_adjacent(&self, x: i32, y: i32) -> bool {
        self.any_neighbour(x, y, Terrain::is_window)
    }

    /// A 4-neighbour is a wall or window (`wallOrWindowAdjacent`).
    pub fn wall_or_window_adjacent(&self, x: i32, y: i32) -> bool {
        self.any_neighbour(x, y, Terrain::is_wall_or_window)
    }

    /// The cell is not itself wall-or-better and a neighbour is (`isAdjacentToWall`).
    pub fn next_to_wall(&self, x: i32, y: i32) -> bool {
        !self.at(x, y).is_wall_or_better() && self.any_neighbour(x, y, Terrain::is_wall_or_better)
    }

    /// `fixupWalls`: every plain wall takes the glyph of its wall neighbours (N 8, S 4, E 2, W 1; off
    /// the map counts as none).
    pub fn fix_walls(&mut self) {
        // A plain wall's glyph reads only whether its neighbours join walls, which no glyph written
        // here changes, so the cells may be taken in storage order.
        let (w, h) = (self.w, self.h);
        for y in 0..h {
            for x in 0..w {
                let at = (y * w + x) as usize;
                if self.cells[at] != Terrain::Wall(0) {
                    continue;
                }
                let joins = |dx: i32, dy: i32| {
                    let (a, b) = (x + dx, y + dy);
                    a >= 0
                        && b >= 0
                        && a < w
                        && b < h
                        && self.cells[(b * w + a) as usize].joins_walls()
                };
                let bits = (u8::from(joins(0, 1)) << 3)
                    | (u8::from(joins(0, -1)) << 2)
                    | (u8::from(joins(1, 0)) << 1)
                    | u8::from(joins(-1, 0));
                self.cells[at] = Terrain::Wall(bits);
            }
        }
    }

    /// `cacheCellInfo`'s move costs, row by row: walls and windows infinite, water 64, else 0, raised to
    /// the dearest item on the cell. Computed before loot, so later items never change patrol paths.
    /// The game's finite costs are whole numbers up to 64, so each is its byte, and an infinite cost is
    /// [`IMPASSABLE`].
    pub fn move_costs(&self) -> Vec<u8> {
        let mut costs: Vec<u8> = self
            .cells
            .iter()
            .map(|&t| match t {
                Terrain::Wall(_)
                | Terrain::OneWayWindowE
                | Terrain::OneWayWindowW
                | Terrain::OneWayWindowN
                | Terrain::OneWayWindowS => IMPASSABLE,
                Terrain::GroundWater => 64,
                _ => 0,
            })
            .collect();
        for item in &self.items {
            if self.contains(item.x, item.y) {
                let at = (item.y * self.w + item.x) as usize;
                let cost = item.kind.guard_cost();
                let cost = if cost.is_finite() {
                    cost as u8
                } else {
                    IMPASSABLE
                };
                costs[at] = costs[at].max(cost);
            }
        }
        costs
    }

    /// `tryPlaceItem`: skips cells next to a door, and torches next to a window.
    pub fn try_place(&mut self, x: i32, y: i32, kind: ItemKind) {
        if self.door_adjacent(x, y) {
            return;
        }
        if matches!(kind, ItemKind::TorchUnlit | ItemKind::TorchLit) && self.window_adjacent(x, y) {
            return;
        }
        self.place(x, y, kind);
    }
}

/// `randomlyLitTorch`: unlit at level 0 (no draw), else lit with p 0.95 — the torch every furnishing
/// rule draws.
pub fn random_torch(level: u32, rng: &mut SeedRandom) -> ItemKind {
    if level == 0 || rng.chance(0.05) {
        ItemKind::TorchUnlit
    } else {
        ItemKind::TorchLit
    }
}
