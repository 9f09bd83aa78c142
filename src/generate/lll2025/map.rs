//! The game's own map while a level is built: its terrain and item kinds in the game's enum order (the
//! generator compares them by order, e.g. "door-like" is everything from the portcullis on, and the §14
//! hash feeds their indices), cells row by row, and the item list in placement order.

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
#[allow(missing_docs)] // The game's names; the spec's §5.2 describes each.
pub enum ItemKind {
    Chair,
    Table,
    BedL,
    BedR,
    DrawersShort,
    DrawersTall,
    Bookshelf,
    Shelf,
    Stove,
    Bush,
    Coin,
    Health,
    DoorNS,
    DoorEW,
    LockedDoorNS,
    LockedDoorEW,
    PortcullisNS,
    PortcullisEW,
    TorchUnlit,
    TorchLit,
    TorchCarry,
    PurseCarry,
    Key,
    KeyCarry,
    VaultTreasureBox,
    EmptyVaultTreasureBox,
    LootedVaultTreasureBox,
    Note,
    TreasureLock,
    TreasurePlinth,
    TreasureA,
    TreasureB,
    TreasureC,
    TreasureD,
    TreasureE,
}

impl ItemKind {
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

    /// Whether any item lies on (x, y) (`isItemAtPos`; there are no guards yet).
    pub fn item_at(&self, x: i32, y: i32) -> bool {
        self.items.iter().any(|i| i.x == x && i.y == y)
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
