//! What a cell is made of and what stands on it: terrain and items.
//!
//! Kept apart from the level so that locks and checks can name terrain without going through the model's
//! root, which re-exports these.

use serde::{Deserialize, Serialize};

use super::cell::{Axis, Cell, Dir};

/// Terrain of one cell.
///
/// The original distinguishes 16 wall glyphs by their neighbours; they are purely cosmetic (spec §5.11), so
/// the model keeps one `Wall` and `analysis::wall_glyph_bits` derives the glyph, which also stays
/// right after hand edits. [`Terrain::original_index`] gives the original's numbering for compatibility.
/// `Void` and `Floor` serve the other generators (`other-generators.md` §0.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Terrain {
    /// Bare outdoor ground: yard and path around the house (`Outside` of the shared contract).
    Ground,
    /// Courtyard and garden lawn.
    Grass,
    /// The pool of a large courtyard: walkable, but so slow that guards route around it (see
    /// `topology::move_costs`).
    Water,
    /// Stone floor of the private rooms at the back of the house.
    Marble,
    /// Board floor of public rooms and corridors.
    Wood,
    /// Boards that creak: a player ending a move on one is heard. Laid at random in public rooms from
    /// level 4.
    WoodCreaky,
    /// Solid wall, whichever of the original's 16 glyphs it is drawn with.
    Wall,
    /// A one-way window; the direction points from the enclosed room toward the open side.
    Window(Dir),
    /// The gate in the outer wall between the exterior and the house; the axis is the wall line's.
    Portcullis(Axis),
    /// A doorway between two rooms: a closable door when an [`ItemKind::Door`] stands on it, else an
    /// open archway.
    Door(Axis),
    /// An open gateway in a garden wall between two courtyards; it never has a door item.
    GardenDoor(Axis),
    /// Impassable unbuilt space (rock).
    Void,
    /// Plain floor of a generator that does not distinguish floor materials.
    Floor,
    /// The floor of a 2025 vault (and a treasure courtyard's square): walkable like marble.
    VaultFloor,
    /// The cell under a 2025 treasure's plinth: the floor the treasure stands on.
    TreasureFloor,
}

impl Terrain {
    /// Door-like: portcullis, door or garden door. No template decoration stands 4-adjacent to one.
    pub fn is_door_like(self) -> bool {
        matches!(
            self,
            Terrain::Portcullis(_) | Terrain::Door(_) | Terrain::GardenDoor(_)
        )
    }

    /// Blocking: walls and windows, impassable to guards and the player.
    pub fn is_blocking(self) -> bool {
        matches!(self, Terrain::Wall | Terrain::Window(_) | Terrain::Void)
    }

    /// Glyph-wall: walls, windows, portcullises and doors (not garden doors); picks wall glyphs.
    pub fn is_glyph_wall(self) -> bool {
        matches!(
            self,
            Terrain::Wall | Terrain::Window(_) | Terrain::Portcullis(_) | Terrain::Door(_)
        )
    }

    /// Walkable floor that loot may lie on.
    pub fn is_loot_floor(self) -> bool {
        matches!(
            self,
            Terrain::Wood | Terrain::Marble | Terrain::Floor | Terrain::VaultFloor
        )
    }

    /// The index of this terrain in the original game's terrain list (spec §2.1); walls take `glyph_bits`.
    pub fn original_index(self, glyph_bits: u8) -> u8 {
        match self {
            Terrain::Ground | Terrain::Void => 0,
            Terrain::Grass => 1,
            Terrain::Water => 2,
            // The 2023 game has no vault floors: marble is the nearest it knows.
            Terrain::Marble | Terrain::VaultFloor | Terrain::TreasureFloor => 3,
            Terrain::Wood | Terrain::Floor => 4,
            Terrain::WoodCreaky => 5,
            Terrain::Wall => 6 + (glyph_bits & 15),
            Terrain::Window(Dir::E) => 22,
            Terrain::Window(Dir::W) => 23,
            Terrain::Window(Dir::N) => 24,
            Terrain::Window(Dir::S) => 25,
            Terrain::Portcullis(Axis::NS) => 26,
            Terrain::Portcullis(Axis::EW) => 27,
            Terrain::Door(Axis::NS) => 28,
            Terrain::Door(Axis::EW) => 29,
            Terrain::GardenDoor(Axis::NS) => 30,
            Terrain::GardenDoor(Axis::EW) => 31,
        }
    }
}

/// Item kinds (spec §2.2). Door and portcullis items sit on door terrain and mark a closable door.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ItemKind {
    /// Furniture a guard may sit at as a patrol station; slows a walking guard a little.
    Chair,
    /// Furniture the player can hide under; it slows a walking guard more than a chair, so patrols
    /// step around it.
    Table,
    /// A shrub, outside the house or in a small courtyard: hides the player and blocks sight.
    Bush,
    /// Loot: what the player comes to steal.
    Coin,
    /// A closable door on [`Terrain::Door`]; it blocks sight, where an archway does not. The axis is the
    /// wall line's.
    Door(Axis),
    /// The gate itself on [`Terrain::Portcullis`]; it blocks sight.
    Portcullis(Axis),
    /// A torch that is not burning: it lights nothing but stands in the way like a lit one.
    TorchUnlit,
    /// A burning torch: lights the cells around it, so the player is seen there; impassable.
    TorchLit,
    /// A 2025 locked door on [`Terrain::Door`]: a wall to whoever lacks the key guard's key. The axis is
    /// the wall line's.
    LockedDoor(Axis),
    /// 2025 food: heals the player; walkable.
    Health,
    /// The west half of a 2025 bed; the player hides in it, guards walk round it.
    BedLeft,
    /// The east half of a 2025 bed.
    BedRight,
    /// Low drawers (2025): the player can leap them, guards walk round.
    DrawersShort,
    /// Tall drawers (2025): block the player and guards.
    DrawersTall,
    /// A 2025 bookshelf, lining libraries; blocks movement (a book-puzzle switch when titled).
    Bookshelf,
    /// A 2025 kitchen or vault shelf; blocks movement.
    Shelf,
    /// A 2025 kitchen stove; blocks movement.
    Stove,
    /// A 2025 vault's treasure box: bonus loot, guards walk round it.
    VaultBox,
    /// The 2025 plinth a treasure stands on, on treasure floor: the thief takes the treasure from
    /// beside it; guards walk round it.
    Plinth,
    /// A 2025 clue note for a locked treasure; walkable.
    Note,
    /// The lock over a 2025 locked treasure; blocks the player until the book puzzle is solved.
    TreasureLock,
    /// A 2025 treasure on its plinth (the game's five looks, 0–4): the big loot of the level.
    Treasure(u8),
}

impl ItemKind {
    /// The item as a designer names it ("chair", "locked door"), in history labels and tooltips.
    pub fn name(self) -> &'static str {
        match self {
            ItemKind::Chair => "chair",
            ItemKind::Table => "table",
            ItemKind::Bush => "bush",
            ItemKind::Coin => "coin",
            ItemKind::Door(_) => "door",
            ItemKind::Portcullis(_) => "portcullis",
            ItemKind::TorchUnlit => "unlit torch",
            ItemKind::TorchLit => "lit torch",
            ItemKind::LockedDoor(_) => "locked door",
            ItemKind::Health => "food (health)",
            ItemKind::BedLeft => "bed (west half)",
            ItemKind::BedRight => "bed (east half)",
            ItemKind::DrawersShort => "low drawers",
            ItemKind::DrawersTall => "tall drawers",
            ItemKind::Bookshelf => "bookshelf",
            ItemKind::Shelf => "shelf",
            ItemKind::Stove => "stove",
            ItemKind::VaultBox => "vault treasure box",
            ItemKind::Plinth => "treasure plinth",
            ItemKind::Note => "clue note",
            ItemKind::TreasureLock => "treasure lock",
            ItemKind::Treasure(_) => "treasure",
        }
    }

    /// Either kind of torch, lit or not: both stand in the way of a walker.
    pub fn is_torch(self) -> bool {
        matches!(self, ItemKind::TorchLit | ItemKind::TorchUnlit)
    }

    /// Furniture nobody walks through (2025 tall drawers, shelves, stoves, the treasure lock): the
    /// analyses treat its cell as blocked, as they do a torch.
    pub fn blocks_movement(self) -> bool {
        self.is_torch()
            || matches!(
                self,
                ItemKind::DrawersTall
                    | ItemKind::Bookshelf
                    | ItemKind::Shelf
                    | ItemKind::Stove
                    | ItemKind::TreasureLock
                    | ItemKind::LockedDoor(_)
            )
    }
}

impl ItemKind {
    /// Whether the 2025 game puts `above` straight on top of an item of this kind (spec 2025 §5.2,
    /// §7.19, §7.21, §7.22): a coin on any loot-holding furniture, food on a table, a clue note on
    /// drawers or a shelf, a treasure on its plinth, and a lock over the treasure. These are the only
    /// stacks a level holds.
    pub fn carries(self, above: ItemKind) -> bool {
        use ItemKind as K;
        match above {
            K::Coin => matches!(
                self,
                K::Chair
                    | K::Table
                    | K::DrawersShort
                    | K::DrawersTall
                    | K::Bookshelf
                    | K::Shelf
                    | K::Bush
            ),
            K::Health => self == K::Table,
            K::Note => matches!(self, K::DrawersShort | K::DrawersTall | K::Shelf),
            K::Treasure(_) => self == K::Plinth,
            K::TreasureLock => matches!(self, K::Treasure(_)),
            _ => false,
        }
    }
}

/// One item on one cell. The items of one cell form a stack, bottom to top in the order of the level's
/// item list: the 2025 game puts a coin on a chair, food on a table, a lock over a treasure
/// ([`ItemKind::carries`]). The 2023 generators never stack (level format 1 has a single item per cell).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Item {
    /// What stands here.
    pub kind: ItemKind,
    /// Where it stands.
    pub cell: Cell,
}
