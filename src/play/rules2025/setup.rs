//! A level as the 2025 game holds it when play begins: its own terrain and item kinds, the item list in
//! its order (several items may share a cell), guards with their routes and loads, treasures with their
//! book switches, and the few facts of the run the rules read.

use crate::model::{Axis, Cell, Dir, ItemKind, Level, Level2025, LevelType2025, Terrain};

use super::facing::update_dir;
use super::field::Search;
use super::guard::Guard;
use super::kinds::{ItemType, TerrainType};
use super::map::{Item, Map};

/// The game's level type (`LevelType`, `game-map.ts:115-121`). Only two matter to the rules: a
/// Warrens level reveals no exterior at the start, and a Fortress ending a run sounds the alarm when
/// its treasure is taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LevelType {
    /// Courtyard manor.
    Manor,
    /// The manor in the other colours.
    ManorRed,
    /// Room blocks with outdoor lanes.
    Mansion,
    /// Rooms around courtyards, back doors locked.
    Fortress,
    /// Caves: no outside around them.
    Warrens,
}

/// One guard at the start of play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GuardSetup {
    /// The patrol route in the game's order (it loops).
    pub route: Vec<Cell>,
    /// The route index as the game holds it when play begins: after the guards planned their first
    /// steps (`chooseGuardMoves` in `setupLevel`, `game.ts:438`), which moved it past a route cell the
    /// guard stands on.
    pub route_index: usize,
    /// Where it stands.
    pub pos: Cell,
    /// Its facing, a unit step.
    pub dir: (i32, i32),
    /// Carries a torch (a light of radius² 15; only torch carriers relight torches).
    pub torch: bool,
    /// Carries a purse: one loot to pickpocket.
    pub purse: bool,
    /// Carries the key to the locked doors.
    pub key: bool,
}

/// A treasure and the bookshelves that unlock it, in the order they must be pressed (none when it is
/// not locked).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TreasureSetup {
    /// The treasure's cell (its plinth).
    pub cell: Cell,
    /// The switches' cells.
    pub switches: Vec<Cell>,
}

/// A level of the 2025 game at the start of play, in the game's own terms.
#[derive(Clone, Debug, PartialEq)]
pub struct Setup {
    /// Columns.
    pub width: i32,
    /// Rows.
    pub height: i32,
    /// Terrain row by row from the south-west corner (`y` grows north, as in the game).
    pub terrain: Vec<TerrainType>,
    /// Every item in the game's list order; a cell may hold several.
    pub items: Vec<(Cell, ItemType)>,
    /// The guards in the game's list order at the start.
    pub guards: Vec<GuardSetup>,
    /// The treasures (`map.treasures`), in the game's order.
    pub treasures: Vec<TreasureSetup>,
    /// Where the thief starts.
    pub player_start: Cell,
    /// The level's place in the run (`state.level`): knock-outs last `max(1, 40 − 2·index) + rand(20)`.
    pub level_index: u32,
    /// The level type.
    pub level_type: LevelType,
    /// The last level of the run: its treasure sounds the alarm when it is a Fortress.
    pub final_level: bool,
    /// A daily run: the thief has 3 health, not 5.
    pub daily: bool,
    /// Loot to take before the level may be left (the plan's `totalLoot`).
    pub loot_available: u32,
    /// The map's backtracking estimate (`backtrackingCoefficient`), which sets the par time after
    /// which the vaults are emptied.
    pub backtracking: f64,
}

/// The game's terrain for the model's; walls take their glyph from their wall-line neighbours as the
/// game's `fixupWalls` does (`create-map.ts:7063-7101`). Vault and treasure floors are the game's own.
fn terrain_of(level: &Level, c: Cell) -> TerrainType {
    use TerrainType as T;
    match level.terrain(c) {
        Terrain::Ground | Terrain::Void => T::GroundNormal,
        Terrain::Grass => T::GroundGrass,
        Terrain::Water => T::GroundWater,
        Terrain::Marble => T::GroundMarble,
        Terrain::Wood | Terrain::Floor => T::GroundWood,
        Terrain::WoodCreaky => T::GroundWoodCreaky,
        Terrain::VaultFloor => T::GroundVault,
        Terrain::TreasureFloor => T::GroundTreasure,
        Terrain::Window(Dir::E) => T::OneWayWindowE,
        Terrain::Window(Dir::W) => T::OneWayWindowW,
        Terrain::Window(Dir::N) => T::OneWayWindowN,
        Terrain::Window(Dir::S) => T::OneWayWindowS,
        Terrain::Portcullis(Axis::NS) => T::PortcullisNS,
        Terrain::Portcullis(Axis::EW) => T::PortcullisEW,
        Terrain::Door(Axis::NS) => T::DoorNS,
        Terrain::Door(Axis::EW) => T::DoorEW,
        Terrain::GardenDoor(Axis::NS) => T::GardenDoorNS,
        Terrain::GardenDoor(Axis::EW) => T::GardenDoorEW,
        Terrain::Wall => {
            let wall_line = |dx, dy| {
                matches!(
                    level.terrain(c.offset(dx, dy)),
                    Terrain::Wall | Terrain::Window(_) | Terrain::Portcullis(_) | Terrain::Door(_)
                )
            };
            let bits = u8::from(wall_line(0, 1)) << 3
                | u8::from(wall_line(0, -1)) << 2
                | u8::from(wall_line(1, 0)) << 1
                | u8::from(wall_line(-1, 0));
            T::Wall(bits)
        }
    }
}

/// The game's item for the model's.
fn item_of(kind: ItemKind) -> ItemType {
    use ItemType as I;
    match kind {
        ItemKind::Chair => I::Chair,
        ItemKind::Table => I::Table,
        ItemKind::Bush => I::Bush,
        ItemKind::Coin => I::Coin,
        ItemKind::Door(Axis::NS) => I::DoorNS,
        ItemKind::Door(Axis::EW) => I::DoorEW,
        ItemKind::Portcullis(Axis::NS) => I::PortcullisNS,
        ItemKind::Portcullis(Axis::EW) => I::PortcullisEW,
        ItemKind::TorchUnlit => I::TorchUnlit,
        ItemKind::TorchLit => I::TorchLit,
        ItemKind::LockedDoor(Axis::NS) => I::LockedDoorNS,
        ItemKind::LockedDoor(Axis::EW) => I::LockedDoorEW,
        ItemKind::Health => I::Health,
        ItemKind::BedLeft => I::BedL,
        ItemKind::BedRight => I::BedR,
        ItemKind::DrawersShort => I::DrawersShort,
        ItemKind::DrawersTall => I::DrawersTall,
        ItemKind::Bookshelf => I::Bookshelf,
        ItemKind::Shelf => I::Shelf,
        ItemKind::Stove => I::Stove,
        ItemKind::VaultBox => I::VaultTreasureBox,
        ItemKind::Plinth => I::TreasurePlinth,
        ItemKind::Note => I::Note,
        ItemKind::TreasureLock => I::TreasureLock,
        ItemKind::Treasure(look) => {
            ItemType::from_index(I::TreasureA.index() + look.min(4)).unwrap_or(I::TreasureA)
        }
    }
}

/// The level type of the model's 2025 part.
fn level_type_of(t: LevelType2025) -> LevelType {
    match t {
        LevelType2025::Manor => LevelType::Manor,
        LevelType2025::ManorRed => LevelType::ManorRed,
        LevelType2025::Mansion => LevelType::Mansion,
        LevelType2025::Fortress => LevelType::Fortress,
    }
}

/// `estimateBacktracking` (`create-map.ts:2360-2425`) on the model's rooms: door hops between rooms
/// (Floyd–Warshall), then a nearest-neighbour tour from room 0; the average hop per room.
fn estimate_backtracking(level: &Level) -> f64 {
    let n = level.rooms.len();
    if n < 2 {
        return 1.0;
    }
    let mut dist = vec![vec![f64::INFINITY; n]; n];
    for (r, row) in dist.iter_mut().enumerate() {
        row[r] = 0.0;
    }
    for adj in level.adjacencies.iter().filter(|a| a.door) {
        if adj.left < n && adj.right < n && adj.left != adj.right {
            dist[adj.left][adj.right] = 1.0;
            dist[adj.right][adj.left] = 1.0;
        }
    }
    for k in 0..n {
        for i in 0..n {
            for j in 0..n {
                if dist[i][j] > dist[i][k] + dist[k][j] {
                    dist[i][j] = dist[i][k] + dist[k][j];
                }
            }
        }
    }
    let mut visited = vec![false; n];
    let (mut here, mut total) = (0, 0.0);
    loop {
        visited[here] = true;
        let next =
            (0..n)
                .filter(|&r| !visited[r])
                .fold(None, |best: Option<usize>, r| match best {
                    Some(b) if dist[here][b] <= dist[here][r] => Some(b),
                    _ => Some(r),
                });
        match next {
            Some(r) if dist[here][r].is_finite() => {
                total += dist[here][r];
                here = r;
            }
            _ => break,
        }
    }
    total / (n - 1) as f64
}

impl Setup {
    /// The setup of a level of the model, as far as the model keeps the game's level.
    ///
    /// What the model cannot say, and what this assumes instead:
    /// - **Plinths.** A treasure or lock on treasure floor with no plinth under it (a level of format 1,
    ///   or one edited by hand) is given one. A locked treasure keeps no switches (the model has no book
    ///   puzzle), so it stays locked.
    /// - **A guard not on its route's first cell** (the game's level-1 guard, moved inside the front
    ///   gate, `create-map.ts:6656-6664`) faces south, toward the gate, and picks its route index from
    ///   where it stands (`enterPatrolMode`), as the game's does.
    /// - **The run.** The model knows the level's number but not the run: `level_index` is the level
    ///   number (a daily run counts its own places, 0–2), `daily` and `final_level` are false, and the
    ///   loot to take is the coins and purses on the map (the plan's total when nothing was short).
    /// - **Backtracking** is estimated on the model's rooms, whose exterior is every outdoor room of
    ///   the game in one: exact where the game has one outdoor room.
    pub fn from_level(level: &Level) -> Setup {
        let extra = level.part::<Level2025>();
        let mut terrain = Vec::with_capacity(level.terrain_cells().len());
        for y in 0..level.height {
            for x in 0..level.width {
                terrain.push(terrain_of(level, Cell::new(x, y)));
            }
        }
        let mut items = Vec::with_capacity(level.items.len());
        for it in &level.items {
            let kind = item_of(it.kind);
            let on_plinth = level.terrain(it.cell) == Terrain::TreasureFloor
                && (kind.is_treasure() || kind == ItemType::TreasureLock);
            if on_plinth && !items.contains(&(it.cell, ItemType::TreasurePlinth)) {
                items.push((it.cell, ItemType::TreasurePlinth));
            }
            items.push((it.cell, kind));
        }
        let treasures = items
            .iter()
            .filter(|(_, k)| *k == ItemType::TreasurePlinth)
            .map(|&(cell, _)| TreasureSetup {
                cell,
                switches: Vec::new(),
            })
            .collect();
        let mut guards: Vec<GuardSetup> = level
            .guards
            .iter()
            .enumerate()
            .map(|(i, g)| {
                let route = level
                    .patrols
                    .get(g.route)
                    .map_or_else(|| vec![g.start], |p| p.cells.clone());
                let loads = extra
                    .and_then(|e| e.guards.get(i))
                    .copied()
                    .unwrap_or_default();
                let next = route[1 % route.len()];
                let dir = if route.first() == Some(&g.start) {
                    update_dir((1, 0), g.start, next)
                } else {
                    (0, -1)
                };
                GuardSetup {
                    dir,
                    route,
                    route_index: 0,
                    pos: g.start,
                    torch: g.carries_torch,
                    purse: loads.purse,
                    key: loads.key,
                }
            })
            .collect();
        let loot = level.count_items(ItemKind::Coin) + guards.iter().filter(|g| g.purse).count();
        let mut setup = Setup {
            width: level.width,
            height: level.height,
            terrain,
            items,
            guards: Vec::new(),
            treasures,
            player_start: level.player_start,
            level_index: level.level,
            level_type: extra.map_or(LevelType::Manor, |e| level_type_of(e.level_type)),
            final_level: false,
            daily: false,
            loot_available: loot as u32,
            backtracking: estimate_backtracking(level),
        };
        let map = setup.map();
        for g in guards
            .iter_mut()
            .filter(|g| g.route.first() != Some(&g.pos))
        {
            g.route_index = Search::default().resume_index(&map, &g.route, 0, g.pos, |_| false);
        }
        // The first `chooseGuardMoves` (`guard.ts:714-717`): a guard on its route cell heads for the next.
        for g in &mut guards {
            if g.route[g.route_index] == g.pos {
                g.route_index = (g.route_index + 1) % g.route.len();
            }
        }
        setup.guards = guards;
        setup
    }

    /// The map of this setup, with its cached cell flags and nothing lit or seen.
    pub(super) fn map(&self) -> Map {
        let items = self
            .items
            .iter()
            .enumerate()
            .map(|(id, &(cell, kind))| Item { id, cell, kind })
            .collect();
        let treasures = self
            .treasures
            .iter()
            .map(|t| super::map::Treasure {
                switches: t.switches.clone(),
                switches_used: 0,
                cell: t.cell,
                stolen: false,
            })
            .collect();
        Map::new(self.width, self.height, &self.terrain, items, treasures)
    }

    /// The guards at the start, in list order.
    pub(super) fn guards(&self) -> Vec<Guard> {
        self.guards
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let mut g = Guard::new(i, s.pos, s.dir, s.route_index);
                g.has_torch = s.torch;
                g.has_purse = s.purse;
                g.has_key = s.key;
                g
            })
            .collect()
    }
}
