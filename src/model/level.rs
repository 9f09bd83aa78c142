//! The level: its map, its parts (`parts`) and the one slot a generator may fill ([`Extension`]).
//!
//! Kept in a module of its own (the model's root re-exports it) so that the limits, locks and checks of
//! the model import it directly rather than through the root that also imports them. Its file form is
//! written out here once ([`LevelForm`]): the slot is saved under its variant's key beside the shared
//! fields, so a level without one reads and writes byte for byte as before the slot existed.

use serde::{Deserialize, Serialize};

use super::cell::Cell;
use super::diagnostic::Diagnostic;
use super::extension::{Extension, Part};
use super::grid::Shape;
use super::lll2025::Level2025;
use super::numbers::Numbers;
use super::parts::{
    Adjacency, AdjacencyId, Entrance, Guard, PatrolRoute, Plan, Room, RoomId, SplitPoint,
};
use super::rect::Rect;
use super::terrain::{Item, ItemKind, Terrain};

/// A complete level.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(from = "LevelForm")]
pub struct Level {
    /// Generator id, e.g. `siheyuan`.
    pub generator: String,
    /// Level number 0–9 (difficulty), which sets the dressing and patrol rules.
    pub level: u32,
    /// The seed the generator drew from; with the generator, level and parameters it rebuilds this
    /// level exactly.
    pub seed: u64,
    /// The siheyuan's room grid and loot budget; `None` for the other generators.
    pub plan: Option<Plan>,
    /// Columns of the map, 1 to [`MAX_SIDE`](super::limits::MAX_SIDE) in a valid level.
    pub width: i32,
    /// Rows of the map, 1 to [`MAX_SIDE`](super::limits::MAX_SIDE) in a valid level.
    pub height: i32,
    /// Row-major terrain, reached through [`Level::terrain`] and [`Level::index`] (never by hand).
    terrain: Vec<Terrain>,
    /// The rooms, indexed by [`RoomId`]; the exterior, when there is one, is among them.
    pub rooms: Vec<Room>,
    /// Every contact between two rooms, indexed by [`AdjacencyId`], doors or not.
    pub adjacencies: Vec<Adjacency>,
    /// Items in placement order (doors, furniture, exterior bushes, coins).
    pub items: Vec<Item>,
    /// Patrol routes; a route may be walked by one guard, several, or none (below level 1).
    pub patrols: Vec<PatrolRoute>,
    /// The guards, each on a route of [`Level::patrols`].
    pub guards: Vec<Guard>,
    /// Where long patrol chains were cut into shorter routes, one guard each (the higher the level, the
    /// shorter the pieces); the validator looks at them when rooms are left unpatrolled.
    pub split_points: Vec<SplitPoint>,
    /// The cell the player begins on: just outside the front door, or on the up-stairs.
    pub player_start: Cell,
    /// Where the player comes in, and the rooms depth is counted from.
    pub entrance: Entrance,
    /// Shortfalls, clamped parameters and fix-ups; shown in the UI, never hidden.
    pub diagnostics: Vec<Diagnostic>,
    /// What the generator keeps beyond the shared contract, in the variant it owns; `None` (and absent
    /// from files) for the generators that keep nothing more.
    pub extension: Option<Box<Extension>>,
    /// The numbers guards and coins go by where they differ from their places in the lists (after an
    /// edit removed one, or a regeneration kept some); absent from files while they do not.
    pub numbers: Numbers,
}

/// A level as its files hold it: the shared fields, then each generator's slot under its own key.
/// Read into a [`Level`] whole; written from one borrowed ([`LevelFormRef`]), field for field the same.
#[derive(Deserialize)]
#[serde(rename = "Level")]
struct LevelForm {
    generator: String,
    level: u32,
    seed: u64,
    plan: Option<Plan>,
    width: i32,
    height: i32,
    terrain: Vec<Terrain>,
    rooms: Vec<Room>,
    adjacencies: Vec<Adjacency>,
    items: Vec<Item>,
    patrols: Vec<PatrolRoute>,
    guards: Vec<Guard>,
    split_points: Vec<SplitPoint>,
    player_start: Cell,
    entrance: Entrance,
    diagnostics: Vec<Diagnostic>,
    /// [`Extension::Lll2025`]'s key; a new variant adds its own key here and in [`LevelFormRef`].
    #[serde(default)]
    lll2025: Option<Box<Level2025>>,
    #[serde(default)]
    numbers: Numbers,
}

/// The file form of a level, borrowed from it for writing (no copy of a large level).
#[derive(Serialize)]
#[serde(rename = "Level")]
struct LevelFormRef<'a> {
    generator: &'a str,
    level: u32,
    seed: u64,
    plan: Option<Plan>,
    width: i32,
    height: i32,
    terrain: &'a [Terrain],
    rooms: &'a [Room],
    adjacencies: &'a [Adjacency],
    items: &'a [Item],
    patrols: &'a [PatrolRoute],
    guards: &'a [Guard],
    split_points: &'a [SplitPoint],
    player_start: Cell,
    entrance: &'a Entrance,
    diagnostics: &'a [Diagnostic],
    #[serde(skip_serializing_if = "Option::is_none")]
    lll2025: Option<&'a Level2025>,
    #[serde(skip_serializing_if = "Numbers::is_plain")]
    numbers: &'a Numbers,
}

impl From<LevelForm> for Level {
    fn from(form: LevelForm) -> Self {
        let LevelForm {
            generator,
            level,
            seed,
            plan,
            width,
            height,
            terrain,
            rooms,
            adjacencies,
            items,
            patrols,
            guards,
            split_points,
            player_start,
            entrance,
            diagnostics,
            lll2025,
            numbers,
        } = form;
        Level {
            generator,
            level,
            seed,
            plan,
            width,
            height,
            terrain,
            rooms,
            adjacencies,
            items,
            patrols,
            guards,
            split_points,
            player_start,
            entrance,
            diagnostics,
            extension: lll2025.map(|part| Box::new(Extension::Lll2025(*part))),
            numbers,
        }
    }
}

impl Serialize for Level {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.form(true).serialize(serializer)
    }
}

/// A level serialised without its [`Numbers`]: what it holds, not what its guards and coins are called
/// (see [`Level::content`]).
pub struct Content<'a>(&'a Level);

impl Serialize for Content<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.form(false).serialize(serializer)
    }
}

impl Level {
    /// The level as its file holds it, with its numbers when `numbered` and they are not the plain ones.
    fn form(&self, numbered: bool) -> LevelFormRef<'_> {
        let Level {
            generator,
            level,
            seed,
            plan,
            width,
            height,
            terrain,
            rooms,
            adjacencies,
            items,
            patrols,
            guards,
            split_points,
            player_start,
            entrance,
            diagnostics,
            extension,
            numbers,
        } = self;
        LevelFormRef {
            generator,
            level: *level,
            seed: *seed,
            plan: *plan,
            width: *width,
            height: *height,
            terrain,
            rooms,
            adjacencies,
            items,
            patrols,
            guards,
            split_points,
            player_start: *player_start,
            entrance,
            diagnostics,
            lll2025: extension.as_deref().and_then(Part::of),
            numbers: if numbered { numbers } else { Numbers::PLAIN },
        }
    }

    /// The level to serialise without the numbers its guards and coins go by: a preset's fingerprint
    /// names what the level holds, so presets saved before levels kept numbers still match.
    pub fn content(&self) -> Content<'_> {
        Content(self)
    }
}

impl Level {
    /// An empty level of `width × height` cells of `fill`, with no rooms yet: the generators' starting
    /// point. Negative sizes make an empty map.
    ///
    /// # Examples
    ///
    /// Cells are read and written through the level, which ignores cells off the map; items stack
    /// bottom to top on a cell, and the top one is what a player sees:
    ///
    /// ```
    /// use mansion_forge::model::{Cell, Item, ItemKind, Level, Rect, Terrain};
    ///
    /// let mut level = Level::blank("siheyuan", 0, 1, (6, 4), Terrain::Ground);
    /// assert_eq!((level.width, level.height), (6, 4));
    /// assert_eq!(level.terrain_cells().len(), 24);
    /// level.fill_terrain(Rect { x0: 1, y0: 1, x1: 5, y1: 3 }, Terrain::Wood);
    /// assert_eq!(level.terrain(Cell::new(1, 1)), Terrain::Wood);
    /// assert_eq!(level.terrain(Cell::new(0, 0)), Terrain::Ground);
    ///
    /// let off_map = Cell::new(6, 0);
    /// assert!(!level.in_bounds(off_map));
    /// level.set_terrain(off_map, Terrain::Wall);
    /// assert_eq!(level.terrain(off_map), Terrain::Void, "off the map reads as void");
    ///
    /// let cell = Cell::new(2, 2);
    /// level.items.push(Item { kind: ItemKind::Chair, cell });
    /// level.items.push(Item { kind: ItemKind::Coin, cell });
    /// level.items.push(Item { kind: ItemKind::Coin, cell: Cell::new(3, 1) });
    /// assert_eq!(level.count_items(ItemKind::Coin), 2);
    /// assert_eq!(level.item_at(cell).map(|item| item.kind), Some(ItemKind::Coin));
    /// assert_eq!(level.stack_at(cell).count(), 2);
    /// assert!(level.has_stacks());
    /// assert_eq!(level.all_cells().count(), 24);
    /// ```
    pub fn blank(
        generator: &str,
        level_index: u32,
        seed: u64,
        (width, height): (i32, i32),
        fill: Terrain,
    ) -> Level {
        let shape = Shape::new(width, height);
        Level {
            generator: generator.to_string(),
            level: level_index,
            seed,
            plan: None,
            width: shape.width(),
            height: shape.height(),
            terrain: vec![fill; shape.len()],
            rooms: Vec::new(),
            adjacencies: Vec::new(),
            items: Vec::new(),
            patrols: Vec::new(),
            guards: Vec::new(),
            split_points: Vec::new(),
            player_start: Cell::new(0, 0),
            entrance: Entrance {
                room: 0,
                cell: Cell::new(0, 0),
                exterior: None,
                depth_seeds: Vec::new(),
                exit_cell: None,
            },
            diagnostics: Vec::new(),
            extension: None,
            numbers: Numbers::default(),
        }
    }

    /// The map's size, the one way from cells to indices of per-cell tables.
    pub fn shape(&self) -> Shape {
        Shape::new(self.width, self.height)
    }

    /// Whether `c` is on the map (and covered by the terrain).
    pub fn in_bounds(&self, c: Cell) -> bool {
        self.index(c).is_some()
    }

    /// The flat index of `c` into [`Level::terrain_cells`] and every [`Grid`](super::grid::Grid) of this
    /// level's shape, or `None` when `c` is off the map (or the terrain does not cover it, in a broken
    /// file).
    pub fn index(&self, c: Cell) -> Option<usize> {
        self.shape().index(c).filter(|&i| i < self.terrain.len())
    }

    /// The terrain in row-major order.
    pub fn terrain_cells(&self) -> &[Terrain] {
        &self.terrain
    }

    /// Terrain at `c`; out-of-map cells read as `Void`.
    pub fn terrain(&self, c: Cell) -> Terrain {
        self.index(c).map_or(Terrain::Void, |i| self.terrain[i])
    }

    /// Sets the terrain of every cell of `rect` that lies on the map, a row at a time.
    pub fn fill_terrain(&mut self, rect: Rect, t: Terrain) {
        let (x0, x1) = (rect.x0.max(0), rect.x1.min(self.width));
        let (y0, y1) = (rect.y0.max(0), rect.y1.min(self.height));
        if x0 >= x1 {
            return;
        }
        let run = (x1 - x0) as usize;
        for y in y0..y1 {
            if let Some(start) = self.index(Cell::new(x0, y))
                && let Some(cells) = self.terrain.get_mut(start..start + run)
            {
                cells.fill(t);
            }
        }
    }

    /// Sets terrain at `c`; ignores out-of-map cells.
    pub fn set_terrain(&mut self, c: Cell, t: Terrain) {
        if let Some(i) = self.index(c) {
            self.terrain[i] = t;
        }
    }

    /// The item on top of `c`'s stack, if any: the one a player sees and takes first.
    pub fn item_at(&self, c: Cell) -> Option<&Item> {
        self.items.iter().rev().find(|it| it.cell == c)
    }

    /// The items on `c`, bottom to top.
    pub fn stack_at(&self, c: Cell) -> impl Iterator<Item = &Item> + '_ {
        self.items.iter().filter(move |it| it.cell == c)
    }

    /// Whether some cell holds more than one item, which only level format 2 can say.
    pub fn has_stacks(&self) -> bool {
        let mut cells: Vec<Cell> = self.items.iter().map(|it| it.cell).collect();
        cells.sort_unstable();
        cells.windows(2).any(|pair| pair[0] == pair[1])
    }

    /// How many items of exactly `kind` the level has (axes count apart for doors).
    pub fn count_items(&self, kind: ItemKind) -> usize {
        self.items.iter().filter(|it| it.kind == kind).count()
    }

    /// What the generator keeps beyond the shared contract, if anything.
    pub fn extension(&self) -> Option<&Extension> {
        self.extension.as_deref()
    }

    /// The generator's own data of type `P`, when the level's slot holds it.
    ///
    /// ```
    /// use mansion_forge::generate::recipe::Recipe;
    /// use mansion_forge::generate::registry;
    /// use mansion_forge::model::Level2025;
    ///
    /// let lll2025 = registry::find("lll2025").expect("a built-in generator");
    /// let level = Recipe::for_game(&lll2025.defaults(), 1, 3).build().expect("builds");
    /// let part = level.part::<Level2025>().expect("a 2025 level keeps its room types");
    /// assert_eq!(part.room_types.len(), level.rooms.len());
    ///
    /// let siheyuan = Recipe::campaign_level(1, 3).build().expect("builds");
    /// assert!(siheyuan.part::<Level2025>().is_none());
    /// ```
    pub fn part<P: Part>(&self) -> Option<&P> {
        self.extension.as_deref().and_then(P::of)
    }

    /// The generator's own data of type `P` to edit, when the level's slot holds it.
    pub fn part_mut<P: Part>(&mut self) -> Option<&mut P> {
        self.extension.as_deref_mut().and_then(P::of_mut)
    }

    /// The exterior room, if the level has an outside.
    pub fn exterior(&self) -> Option<RoomId> {
        self.entrance.exterior
    }

    /// Adjacencies touching `room`, in id order.
    pub fn adjacencies_of(&self, room: RoomId) -> impl Iterator<Item = (AdjacencyId, &Adjacency)> {
        self.adjacencies
            .iter()
            .enumerate()
            .filter(move |(_, a)| a.touches(room))
    }

    /// Cells of the whole map, x outer and y inner.
    pub fn all_cells(&self) -> impl Iterator<Item = Cell> + '_ {
        (0..self.width).flat_map(move |x| (0..self.height).map(move |y| Cell::new(x, y)))
    }
}
