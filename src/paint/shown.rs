//! What the viewer chose to show: which analysis overlays ([`Overlays`]) and which parts of the map
//! ([`Layers`]). A module of its own, apart from `paint/mod.rs`, because the facts and the scene read
//! these choices and `mod.rs` in turn uses those modules: kept in the parent, they would tie its
//! children back to it in an import cycle.

use crate::analysis::Overlay;

/// Which overlays are shown.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Overlays([bool; Overlay::ALL.len()]);

impl Overlays {
    /// The overlays in a list (repeats are harmless).
    pub fn of(list: &[Overlay]) -> Self {
        let mut set = Overlays::default();
        for &overlay in list {
            set.set(overlay, true);
        }
        set
    }

    /// Every overlay on at once: the busiest map there is, which the editor-frame benchmark draws.
    pub fn all() -> Self {
        Overlays([true; Overlay::ALL.len()])
    }

    /// Whether `overlay` is shown.
    pub fn is_on(&self, overlay: Overlay) -> bool {
        self.0[overlay as usize]
    }

    /// Shows or hides `overlay`.
    pub fn set(&mut self, overlay: Overlay, on: bool) {
        self.0[overlay as usize] = on;
    }

    /// Flips `overlay`, as its number key does in the editor.
    pub fn toggle(&mut self, overlay: Overlay) {
        self.0[overlay as usize] ^= true;
    }

    /// The overlays shown, in key order.
    pub fn list(&self) -> Vec<Overlay> {
        Overlay::ALL
            .iter()
            .copied()
            .filter(|&o| self.is_on(o))
            .collect()
    }
}

/// Which parts of the map are drawn; overlays are chosen apart ([`Overlays`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[expect(
    clippy::struct_excessive_bools,
    reason = "four independent switches, each toggled on its own from the layers panel and read by name in the painter"
)]
pub struct Layers {
    /// Terrain, openings, stairs and the cell grid.
    pub terrain: bool,
    /// Furniture, loot and torches.
    pub items: bool,
    /// Guards and the player start.
    pub guards: bool,
    /// Every text: overlay tags and the numbers on nodes and guards.
    pub labels: bool,
}

impl Layers {
    /// Everything drawn: the editor's default and every picture.
    pub const ALL: Layers = Layers {
        terrain: true,
        items: true,
        guards: true,
        labels: true,
    };

    /// Whether `layer` is drawn.
    pub fn is_on(self, layer: Layer) -> bool {
        match layer {
            Layer::Terrain => self.terrain,
            Layer::Items => self.items,
            Layer::Guards => self.guards,
            Layer::Labels => self.labels,
        }
    }

    /// Flips `layer` on or off.
    pub fn toggle(&mut self, layer: Layer) {
        let flag = match layer {
            Layer::Terrain => &mut self.terrain,
            Layer::Items => &mut self.items,
            Layer::Guards => &mut self.guards,
            Layer::Labels => &mut self.labels,
        };
        *flag ^= true;
    }
}

/// One of the [`Layers`], so the editor can name, list and toggle them through one command.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, strum::VariantArray)]
pub enum Layer {
    /// [`Layers::terrain`].
    Terrain,
    /// [`Layers::items`].
    Items,
    /// [`Layers::guards`].
    Guards,
    /// [`Layers::labels`].
    Labels,
}

impl Layer {
    /// Every layer, in the order the layers panel and the command palette list them.
    pub const ALL: &'static [Layer] = <Layer as strum::VariantArray>::VARIANTS;

    /// The layer's name in the layers panel.
    pub fn label(self) -> &'static str {
        match self {
            Layer::Terrain => "Terrain",
            Layer::Items => "Items",
            Layer::Guards => "Guards",
            Layer::Labels => "Labels",
        }
    }

    /// What the layer holds, for tooltips.
    pub fn contents(self) -> &'static str {
        match self {
            Layer::Terrain => "walls, floors, doors, windows, stairs and the cell grid",
            Layer::Items => "furniture, loot and torches",
            Layer::Guards => "guards and the player start",
            Layer::Labels => "every text: overlay tags and the numbers on nodes and guards",
        }
    }
}

impl Default for Layers {
    fn default() -> Self {
        Layers::ALL
    }
}
