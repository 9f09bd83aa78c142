//! The ten-mansion campaign (spec §3): room-grid sizes by coin flips, 100 loot split by area, and one
//! independent level seed per mansion derived from the game seed.

use serde::{Deserialize, Serialize};

use super::rng::{Stream, mix64};
use super::siheyuan;
use crate::model::{Level, Plan};

/// Mansions per campaign.
pub const LEVELS: usize = 10;
/// Loot shared by the whole campaign.
pub const CAMPAIGN_LOOT: u32 = 100;

/// The plan of one game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Campaign {
    /// The seed the whole game is drawn from; each mansion's level seed is derived from it
    /// ([`level_seed`]).
    pub game_seed: u64,
    /// One plan per mansion, level 0 first: its room-grid size and its share of [`CAMPAIGN_LOOT`].
    pub plans: Vec<Plan>,
}

/// Draws the plan of a game: for each level, the width flips then the depth flips; then the loot split.
pub fn plan(game_seed: u64) -> Campaign {
    let plans = draw_plans(&mut Stream::new(game_seed, "campaign"));
    Campaign { game_seed, plans }
}

/// The ten plans drawn from `rng` (50 draws): the original's `createGameMapRoughPlans(10, 100)`, which the
/// exact 2023 mode draws from the game's one stream before the first level.
pub fn draw_plans(rng: &mut Stream) -> Vec<Plan> {
    let mut sizes = Vec::with_capacity(LEVELS);
    for level in 0..LEVELS as i32 {
        let width_heads: i32 = (0..level.min(3)).map(|_| rng.coin()).sum();
        let rooms_y = if level == 0 {
            2
        } else {
            3 + (0..(level - 1).min(4)).map(|_| rng.coin()).sum::<i32>()
        };
        sizes.push((3 + 2 * width_heads, rooms_y));
    }
    let total_area: i32 = sizes.iter().map(|(x, y)| x * y).sum();
    let mut plans: Vec<Plan> = sizes
        .iter()
        .map(|&(rooms_x, rooms_y)| Plan {
            rooms_x,
            rooms_y,
            loot: (CAMPAIGN_LOOT as i32 * rooms_x * rooms_y / total_area) as u32,
        })
        .collect();
    let assigned: u32 = plans.iter().map(|p| p.loot).sum();
    if let Some(last) = plans.last_mut() {
        last.loot += CAMPAIGN_LOOT - assigned;
    }
    plans
}

/// The seed of mansion `level` of a game: `SplitMix64` of the game seed and the level number.
pub fn level_seed(game_seed: u64, level: u32) -> u64 {
    mix64(game_seed ^ mix64(u64::from(level) + 1))
}

impl Campaign {
    /// Generates mansion `level` (0–9) of this game.
    pub fn generate(&self, level: u32) -> Option<Level> {
        let plan = *self.plans.get(level as usize)?;
        Some(siheyuan::generate(
            plan,
            level,
            level_seed(self.game_seed, level),
        ))
    }

    /// Generates all ten mansions.
    ///
    /// # Examples
    ///
    /// A game is ten mansions, level 0 first, each built from its own plan; the plans share out the
    /// campaign's 100 loot, and the same game seed always gives the same game:
    ///
    /// ```
    /// use mansion_forge::generate::campaign::{self, CAMPAIGN_LOOT, LEVELS};
    ///
    /// let game = campaign::plan(7);
    /// assert_eq!(game.plans.len(), LEVELS);
    /// assert_eq!(game.plans.iter().map(|p| p.loot).sum::<u32>(), CAMPAIGN_LOOT);
    ///
    /// let mansions = game.generate_all();
    /// assert_eq!(mansions.len(), 10);
    /// for (number, mansion) in mansions.iter().enumerate() {
    ///     assert_eq!(mansion.level as usize, number);
    ///     assert_eq!(mansion.plan, Some(game.plans[number]));
    ///     assert_eq!(mansion.seed, campaign::level_seed(7, mansion.level));
    /// }
    /// // Guards patrol from level 1 on; the first mansion has none.
    /// assert!(mansions[0].guards.is_empty());
    /// assert!(mansions[1..].iter().all(|m| !m.guards.is_empty()));
    /// assert_eq!(campaign::plan(7), game);
    /// assert!(game.generate(10).is_none());
    /// ```
    pub fn generate_all(&self) -> Vec<Level> {
        (0..LEVELS as u32)
            .filter_map(|l| self.generate(l))
            .collect()
    }
}
