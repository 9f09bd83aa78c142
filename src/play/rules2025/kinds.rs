//! The 2025 game's own enumerations, in its order: terrain (`game-map.ts:143-181`), items
//! (`game-map.ts:263-299`) and guard modes (`guard.ts:13-30`).
//!
//! The order is part of the rules: the game compares kinds by position ("every terrain from the first
//! wall on", "every item from `TreasureA` on"), so each enum keeps the game's index and says which ranges
//! the rules test.

/// A cell's terrain (`TerrainType`, `game-map.ts:143-181`): 8 floors, the 16 wall glyphs, 4 one-way
/// windows, 2 portcullises, 2 doors and 2 garden doors — 34 values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TerrainType {
    /// Gravel path and front yard.
    GroundNormal,
    /// Grass.
    GroundGrass,
    /// A pool: guards wade slowly, the thief hides under water for a few turns.
    GroundWater,
    /// Private floors.
    GroundMarble,
    /// Public floors.
    GroundWood,
    /// Boards that creak when a move ends on them.
    GroundWoodCreaky,
    /// Vault floor.
    GroundVault,
    /// The floor under a treasure's plinth.
    GroundTreasure,
    /// A wall glyph; the bits are its wall neighbours, N S E W from the high bit (`Wall0000`…`Wall1111`).
    Wall(u8),
    /// One-way window the thief may leave through eastward.
    OneWayWindowE,
    /// One-way window, westward.
    OneWayWindowW,
    /// One-way window, northward.
    OneWayWindowN,
    /// One-way window, southward.
    OneWayWindowS,
    /// Portcullis in a vertical wall.
    PortcullisNS,
    /// Portcullis in a horizontal wall.
    PortcullisEW,
    /// Doorway in a vertical wall.
    DoorNS,
    /// Doorway in a horizontal wall.
    DoorEW,
    /// Garden gateway in a vertical line.
    GardenDoorNS,
    /// Garden gateway in a horizontal line.
    GardenDoorEW,
}

impl TerrainType {
    /// The terrain of the game's index (0–33), or `None` past the end.
    pub fn from_index(index: u8) -> Option<TerrainType> {
        use TerrainType as T;
        Some(match index {
            0 => T::GroundNormal,
            1 => T::GroundGrass,
            2 => T::GroundWater,
            3 => T::GroundMarble,
            4 => T::GroundWood,
            5 => T::GroundWoodCreaky,
            6 => T::GroundVault,
            7 => T::GroundTreasure,
            8..=23 => T::Wall(index - 8),
            24 => T::OneWayWindowE,
            25 => T::OneWayWindowW,
            26 => T::OneWayWindowN,
            27 => T::OneWayWindowS,
            28 => T::PortcullisNS,
            29 => T::PortcullisEW,
            30 => T::DoorNS,
            31 => T::DoorEW,
            32 => T::GardenDoorNS,
            33 => T::GardenDoorEW,
            _ => return None,
        })
    }

    /// The game's index of this terrain.
    pub fn index(self) -> u8 {
        use TerrainType as T;
        match self {
            T::GroundNormal => 0,
            T::GroundGrass => 1,
            T::GroundWater => 2,
            T::GroundMarble => 3,
            T::GroundWood => 4,
            T::GroundWoodCreaky => 5,
            T::GroundVault => 6,
            T::GroundTreasure => 7,
            T::Wall(bits) => 8 + (bits & 15),
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

    /// One of the sixteen wall glyphs.
    pub fn is_wall(self) -> bool {
        matches!(self, TerrainType::Wall(_))
    }

    /// A one-way window (`isWindowTerrainType`, `game-map.ts:1327-1329`).
    pub fn is_window(self) -> bool {
        matches!(
            self,
            TerrainType::OneWayWindowE
                | TerrainType::OneWayWindowW
                | TerrainType::OneWayWindowN
                | TerrainType::OneWayWindowS
        )
    }

    /// `type >= Wall0000`: walls and everything built into a wall line (windows, gates, doors). The
    /// game asks this of a cell an actor stands in to let light through it (`game-map.ts:788-791`) and
    /// to stop the pre-revealed flood (`create-map.ts:6984`).
    pub fn in_wall_line(self) -> bool {
        self.index() >= 8
    }

    /// A portcullis cell.
    pub fn is_portcullis(self) -> bool {
        matches!(self, TerrainType::PortcullisNS | TerrainType::PortcullisEW)
    }

    /// A doorway cell (not a garden gateway).
    pub fn is_door(self) -> bool {
        matches!(self, TerrainType::DoorNS | TerrainType::DoorEW)
    }
}

/// An item kind (`ItemType`, `game-map.ts:263-299`), with the game's index as discriminant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum ItemType {
    /// A chair or stool.
    Chair,
    /// A table: a hiding place.
    Table,
    /// The west half of a bed: a hiding place.
    BedL,
    /// The east half of a bed.
    BedR,
    /// Low drawers: leapt over, never stood on.
    DrawersShort,
    /// Tall drawers: block sight and movement.
    DrawersTall,
    /// A bookshelf; bumping it reads a title (and works a treasure's switch).
    Bookshelf,
    /// A shelf.
    Shelf,
    /// A stove: a light source of radius² 25.
    Stove,
    /// A bush: a hiding place that blocks sight.
    Bush,
    /// A coin: one loot.
    Coin,
    /// Food: one health.
    Health,
    /// A door in a vertical wall.
    DoorNS,
    /// A door in a horizontal wall.
    DoorEW,
    /// A locked door in a vertical wall: needs the key.
    LockedDoorNS,
    /// A locked door in a horizontal wall.
    LockedDoorEW,
    /// The gate of a portcullis in a vertical wall.
    PortcullisNS,
    /// The gate of a portcullis in a horizontal wall.
    PortcullisEW,
    /// A torch not burning.
    TorchUnlit,
    /// A burning torch: a light source of radius² 45.
    TorchLit,
    /// Drawing only: a guard's torch.
    TorchCarry,
    /// Drawing only: a guard's purse.
    PurseCarry,
    /// Drawing only: the key as loot flies.
    Key,
    /// Drawing only: a guard's key.
    KeyCarry,
    /// A vault's box of gold; taking it sounds the alarm.
    VaultTreasureBox,
    /// A vault box emptied when the par time ran out.
    EmptyVaultTreasureBox,
    /// A vault box the thief emptied.
    LootedVaultTreasureBox,
    /// A clue note; bumping it reads it.
    Note,
    /// The lock over a treasure until its switches are worked.
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

impl ItemType {
    const ALL: [ItemType; 35] = {
        use ItemType as I;
        [
            I::Chair,
            I::Table,
            I::BedL,
            I::BedR,
            I::DrawersShort,
            I::DrawersTall,
            I::Bookshelf,
            I::Shelf,
            I::Stove,
            I::Bush,
            I::Coin,
            I::Health,
            I::DoorNS,
            I::DoorEW,
            I::LockedDoorNS,
            I::LockedDoorEW,
            I::PortcullisNS,
            I::PortcullisEW,
            I::TorchUnlit,
            I::TorchLit,
            I::TorchCarry,
            I::PurseCarry,
            I::Key,
            I::KeyCarry,
            I::VaultTreasureBox,
            I::EmptyVaultTreasureBox,
            I::LootedVaultTreasureBox,
            I::Note,
            I::TreasureLock,
            I::TreasurePlinth,
            I::TreasureA,
            I::TreasureB,
            I::TreasureC,
            I::TreasureD,
            I::TreasureE,
        ]
    };

    /// The item of the game's index (0–34), or `None` past the end.
    pub fn from_index(index: u8) -> Option<ItemType> {
        ItemType::ALL.get(usize::from(index)).copied()
    }

    /// The game's index of this item.
    pub fn index(self) -> u8 {
        self as u8
    }

    /// `type >= TreasureA` (`game-map.ts:561`, `576`; `game.ts:590`): one of the five treasures.
    pub fn is_treasure(self) -> bool {
        self >= ItemType::TreasureA
    }

    /// `isDoorItemType` (`game-map.ts:1331-1333`): doors, locked doors and portcullis gates.
    pub fn is_door(self) -> bool {
        (ItemType::DoorNS..=ItemType::PortcullisEW).contains(&self)
    }

    /// A locked door (`game.ts:2127-2129`).
    pub fn is_locked_door(self) -> bool {
        matches!(self, ItemType::LockedDoorNS | ItemType::LockedDoorEW)
    }

    /// A portcullis gate.
    pub fn is_portcullis(self) -> bool {
        matches!(self, ItemType::PortcullisNS | ItemType::PortcullisEW)
    }
}

/// A guard's mode (`guard.ts:13-30`), with the game's index as discriminant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum GuardMode {
    /// Walking the route.
    Patrol,
    /// Saw the thief at a distance: stands and looks.
    Look,
    /// Turns to look at a torch the thief lit.
    LookAtTorch,
    /// Heard a noise: stands and listens.
    Listen,
    /// Chases the thief it sees.
    ChaseVisibleTarget,
    /// Goes where it lost sight of the thief.
    MoveToLastSighting,
    /// Searches around the last sighting.
    InvestigateLastSighting,
    /// Goes where it heard a noise.
    MoveToLastSound,
    /// Goes where another guard shouted.
    MoveToGuardShout,
    /// Goes to a knocked-out guard.
    MoveToDownedGuard,
    /// Goes to the place of a stolen treasure (or an alarm).
    MoveToMissingTreasure,
    /// Looks at the place of a stolen treasure.
    LookAtMissingTreasure,
    /// Wakes a knocked-out guard.
    WakeGuard,
    /// A torch carrier walking to an unlit torch.
    MoveToTorch,
    /// A torch carrier lighting a torch.
    LightTorch,
    /// Knocked out.
    Unconscious,
}

impl GuardMode {
    const ALL: [GuardMode; 16] = {
        use GuardMode as M;
        [
            M::Patrol,
            M::Look,
            M::LookAtTorch,
            M::Listen,
            M::ChaseVisibleTarget,
            M::MoveToLastSighting,
            M::InvestigateLastSighting,
            M::MoveToLastSound,
            M::MoveToGuardShout,
            M::MoveToDownedGuard,
            M::MoveToMissingTreasure,
            M::LookAtMissingTreasure,
            M::WakeGuard,
            M::MoveToTorch,
            M::LightTorch,
            M::Unconscious,
        ]
    };

    /// The mode of the game's index (0–15), or `None` past the end.
    pub fn from_index(index: u8) -> Option<GuardMode> {
        GuardMode::ALL.get(usize::from(index)).copied()
    }

    /// The game's index of this mode (the reference data records it).
    pub fn index(self) -> u8 {
        self as u8
    }

    /// `isRelaxedGuardMode` (`guard.ts:765-769`): patrolling and the torch errands; the others are alert.
    pub fn is_relaxed(self) -> bool {
        matches!(
            self,
            GuardMode::Patrol | GuardMode::MoveToTorch | GuardMode::LightTorch
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indices_round_trip_in_the_games_order() {
        for i in 0..34 {
            assert_eq!(TerrainType::from_index(i).map(TerrainType::index), Some(i));
        }
        assert_eq!(TerrainType::from_index(34), None);
        for i in 0..35 {
            assert_eq!(ItemType::from_index(i).map(ItemType::index), Some(i));
        }
        assert_eq!(ItemType::from_index(30), Some(ItemType::TreasureA));
        for i in 0..16 {
            assert_eq!(GuardMode::from_index(i).map(GuardMode::index), Some(i));
        }
        assert!(ItemType::LockedDoorEW.is_door() && !ItemType::TorchUnlit.is_door());
    }
}
