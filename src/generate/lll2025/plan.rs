//! The game's campaign plan and daily runs (spec §4.2–4.3): which level type each of the ten levels has,
//! its room-slot grid, its loot and the seed string of its own random stream.
//!
//! The plan draws from the run's main stream (`'game g'` by the vectors' convention, `'Daily YYYY/MM/DD'`
//! for a daily); each level's size is drawn from the level's own stream, which the generator later resets
//! and reads again (§3), so a level is a pure function of its [`PlanEntry`].

use serde::{Deserialize, Serialize};

use crate::generate::date::Date;
use crate::model::{SeedRandom, js_number};

/// Levels in a campaign, and the loot they share (`game.ts:19-22`).
pub const LEVELS: usize = 10;
/// The loot a normal campaign shares out over its levels in proportion to their slot areas.
pub const TOTAL_LOOT: u32 = 100;

/// The 2025 level types the campaign uses: the model's, as the converted level records them.
pub use crate::model::LevelType2025 as LevelType;

/// One level of a plan: everything the generator is given (`GameMapRoughPlan`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlanEntry {
    /// The level number 0–9, which sets the difficulty rules (also in a daily, whose picks keep theirs).
    pub level: u32,
    /// The level type.
    pub level_type: LevelType,
    /// Room slots west–east.
    pub rooms_x: u32,
    /// Room slots south–north.
    pub rooms_y: u32,
    /// Coins plus guard purses this level holds.
    pub loot: u32,
    /// The level stream's seed string, `'lvl' + L + u` with `u` written as JavaScript writes it.
    pub seed: String,
}

impl PlanEntry {
    /// The level's own stream, at its start (where the generator's reset puts it).
    pub fn rng(&self) -> SeedRandom {
        SeedRandom::new(&self.seed)
    }
}

impl PlanEntry {
    /// The project's 64-bit seed of this level: the bits of the fraction `u` its seed string spells
    /// (`'lvl' + L + u`), so [`level_seed_string`] gives the string back and a recipe can name a game's
    /// level by a number like any other. `None` when the string is not of that form.
    pub fn seed_bits(&self) -> Option<u64> {
        let fraction = self.seed.strip_prefix(&format!("lvl{}", self.level))?;
        let u: f64 = fraction.parse().ok()?;
        (level_seed_string(self.level, u.to_bits()) == self.seed).then_some(u.to_bits())
    }
}

/// The fraction a 64-bit seed stands for: the double its bits spell when that lies in [0, 1) (a game's
/// level seeds are stored so), otherwise its top 53 bits over 2⁵³, so every seed gives a fraction of
/// the kind the game draws.
pub fn seed_fraction(seed: u64) -> f64 {
    let own = f64::from_bits(seed);
    if (0.0..1.0).contains(&own) {
        own
    } else {
        (seed >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// The level stream's seed string of level `level` made with the project's seed `seed`: the game's
/// `'lvl' + L + u`, `u` the seed's fraction ([`seed_fraction`]) written as JavaScript writes it.
pub fn level_seed_string(level: u32, seed: u64) -> String {
    format!("lvl{level}{}", js_number(seed_fraction(seed)))
}

/// Reads a level's seed string, `'lvl' + L + u` (L the level 0–9, u a fraction in [0, 1) as JavaScript
/// writes it, the way the game seeds a level's stream), into the level and the project's 64-bit seed
/// whose [`level_seed_string`] is that text. Any other text is refused with what was expected: the
/// game would seed a stream with it, but no plan of the game makes it, and a recipe could not name it.
///
/// # Examples
///
/// A level's seed string gives its level number and a 64-bit seed that spells it back; text the game
/// never makes is refused:
///
/// ```
/// use mansion_forge::generate::lll2025::plan::{level_seed_string, parse_level_seed};
///
/// let (level, seed) = parse_level_seed("lvl10.3206486422043705").expect("a game's level seed");
/// assert_eq!(level, 1);
/// assert_eq!(seed, 0.3206486422043705f64.to_bits());
/// assert_eq!(level_seed_string(level, seed), "lvl10.3206486422043705");
///
/// for bad in ["", "lvl", "level10.5", "lvl11.5", "lvl10.50", "lvl1NaN"] {
///     let why = parse_level_seed(bad).expect_err(bad);
///     assert!(why.contains("expected the game's 'lvl'"), "{bad}: {why}");
/// }
/// ```
pub fn parse_level_seed(text: &str) -> Result<(u32, u64), String> {
    let expected = "expected the game's 'lvl' + level 0–9 + a fraction in [0, 1) as JavaScript writes it, \
                    such as 'lvl10.3206486422043705'";
    let rest = text
        .strip_prefix("lvl")
        .ok_or_else(|| format!("it does not start with 'lvl': {expected}"))?;
    let mut chars = rest.chars();
    let level = chars
        .next()
        .and_then(|c| c.to_digit(10))
        .ok_or_else(|| format!("no level digit after 'lvl': {expected}"))?;
    let u: f64 = chars
        .as_str()
        .parse()
        .map_err(|_| format!("what follows the level is not a number: {expected}"))?;
    if !(0.0..1.0).contains(&u) || level_seed_string(level, u.to_bits()) != text {
        return Err(format!(
            "the fraction is not one the game draws, written its way: {expected}"
        ));
    }
    Ok((level, u.to_bits()))
}

/// The plan entry of a level known by its seed string alone: the string gives the level and the stream,
/// the caller the level type and loot (a game's plan draws those from its main stream, which the string
/// does not hold), and the room grid is what the game draws from that stream for that type.
pub fn level_seed_entry(text: &str, level_type: LevelType, loot: u32) -> Result<PlanEntry, String> {
    let (level, _) = parse_level_seed(text)?;
    let (rooms_x, rooms_y) = level_size(level as usize, level_type, &mut SeedRandom::new(text));
    Ok(PlanEntry {
        level,
        level_type,
        rooms_x,
        rooms_y,
        loot,
        seed: text.to_string(),
    })
}

/// `levelShapeInfo`: per level the slot-count range in x and y and the area range (§4.3).
const SHAPES: [[u32; 6]; LEVELS] = [
    [3, 3, 2, 2, 6, 6],
    [3, 5, 2, 5, 6, 12],
    [3, 5, 2, 6, 9, 15],
    [3, 5, 2, 6, 12, 18],
    [3, 7, 3, 6, 15, 21],
    [3, 7, 3, 6, 18, 24],
    [3, 7, 3, 6, 21, 30],
    [5, 7, 4, 6, 24, 36],
    [5, 9, 4, 6, 30, 42],
    [7, 9, 5, 9, 35, 63],
];

/// `makeLevelSize`: coin flips for each of x and y above its minimum, an odd x, the area limits by
/// adjusting y, and a Mansion's sizes quantised to 5, 8 or 11 slots.
fn level_size(level: usize, level_type: LevelType, rng: &mut SeedRandom) -> (u32, u32) {
    let [xmin, xmax, ymin, ymax, amin, amax] = SHAPES[level];
    let mut x = xmin + (xmin..xmax).filter(|_| rng.chance(0.5)).count() as u32;
    let mut y = ymin + (ymin..ymax).filter(|_| rng.chance(0.5)).count() as u32;
    if x.is_multiple_of(2) {
        // The draw is made only above the minimum (the game's `&&`); xmin is odd, so it always is.
        if x > xmin && rng.chance(0.5) {
            x -= 1;
        } else {
            x += 1;
        }
    }
    y = y.min(amax / x).max(amin.div_ceil(x));
    if level_type == LevelType::Mansion {
        let quantise = |v: u32| 3 * ((f64::from(v + 1) / 3.0 + 0.5).floor() as u32).clamp(2, 4) - 1;
        x = quantise(x);
        y = quantise(y);
    }
    (x, y)
}

/// `createGameMapRoughPlans(10, 100)`: the ten-level plan drawn from the run's main stream (§4.2).
pub fn campaign_plan(main: &mut SeedRandom) -> Vec<PlanEntry> {
    let mansion0 = 4 + main.below(3);
    let mansion1 = mansion0 + 2 + main.below(7 - mansion0);
    let mut fortress_extra = if main.chance(0.2) { 5 } else { LEVELS };
    if fortress_extra >= mansion0 {
        fortress_extra += 1;
    }
    if fortress_extra >= mansion1 {
        fortress_extra += 1;
    }
    let mut manor = if main.chance(0.5) {
        LevelType::Manor
    } else {
        LevelType::ManorRed
    };
    let mut plan = Vec::with_capacity(LEVELS);
    for level in 0..LEVELS {
        let seed = format!("lvl{level}{}", js_number(main.random()));
        let level_type = if level == LEVELS - 1 || level == fortress_extra {
            LevelType::Fortress
        } else if level == mansion0 || level == mansion1 {
            LevelType::Mansion
        } else {
            manor
        };
        manor = match level_type {
            LevelType::Manor => LevelType::ManorRed,
            LevelType::ManorRed => LevelType::Manor,
            LevelType::Mansion | LevelType::Fortress => {
                if main.chance(0.5) {
                    LevelType::Manor
                } else {
                    LevelType::ManorRed
                }
            }
        };
        let (rooms_x, rooms_y) = level_size(level, level_type, &mut SeedRandom::new(&seed));
        plan.push(PlanEntry {
            level: level as u32,
            level_type,
            rooms_x,
            rooms_y,
            loot: 0,
            seed,
        });
    }
    let total_area: u32 = plan.iter().map(|p| p.rooms_x * p.rooms_y).sum();
    for entry in &mut plan {
        entry.loot = TOTAL_LOOT * entry.rooms_x * entry.rooms_y / total_area;
    }
    let placed: u32 = plan.iter().map(|p| p.loot).sum();
    plan[LEVELS - 1].loot += TOTAL_LOOT - placed;
    plan
}

/// The plan of the run whose main stream is seeded with `seed` (`'game 7'` in the vectors' convention).
///
/// # Examples
///
/// The plan of the run `'game 1'`, as the game draws it: a level type, a room-slot grid and a share of
/// the 100 loot per level, and each level's own seed string:
///
/// ```
/// use mansion_forge::generate::lll2025::plan::{self, LEVELS, LevelType, TOTAL_LOOT};
///
/// let plan = plan::game_plan("game 1");
/// assert_eq!(plan.len(), LEVELS);
/// assert_eq!(plan.iter().map(|entry| entry.loot).sum::<u32>(), TOTAL_LOOT);
/// let first = &plan[0];
/// assert_eq!((first.level, first.level_type), (0, LevelType::ManorRed));
/// assert_eq!((first.rooms_x, first.rooms_y, first.loot), (3, 2, 2));
/// assert_eq!(first.seed, "lvl00.5997985005033076");
/// // The last level of every run is a Fortress.
/// assert_eq!(plan[9].level_type, LevelType::Fortress);
/// assert_eq!(plan::game_plan("game 1"), plan);
/// assert_ne!(plan::game_plan("game 2"), plan);
/// ```
pub fn game_plan(seed: &str) -> Vec<PlanEntry> {
    campaign_plan(&mut SeedRandom::new(seed))
}

/// A day's run (`createGameRoughPlansDailyRun`): the full ten-level plan of `'Daily YYYY/MM/DD'` and the
/// three plan indices played, in order of play. The picked levels keep their level numbers and loot.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DailyRun {
    /// The main stream's seed string.
    pub seed: String,
    /// The ten-level plan the daily draws first.
    pub plan: Vec<PlanEntry>,
    /// The plan indices played: `3 + rand(2)`, `5 + rand(2)`, `7 + rand(3)`.
    pub picks: [usize; 3],
}

impl DailyRun {
    /// The three mansions of the day, in order of play.
    pub fn levels(&self) -> [&PlanEntry; 3] {
        self.picks.map(|i| &self.plan[i])
    }
}

/// The seed string of a day's run: `'Daily '` and the UTC date as `YYYY/MM/DD`, zero-padded.
pub fn daily_seed(year: u32, month: u32, day: u32) -> String {
    format!("Daily {year:04}/{month:02}/{day:02}")
}

/// The daily run of a calendar date.
pub fn daily_run_of(date: Date) -> DailyRun {
    daily_run(date.year, date.month, date.day)
}

/// The daily run of a UTC date (`game.ts:3343-3348`).
///
/// # Examples
///
/// A day's run is three levels picked from the ten-level plan of `'Daily YYYY/MM/DD'`, one from each
/// third of the campaign, keeping their level numbers:
///
/// ```
/// use mansion_forge::generate::date::Date;
/// use mansion_forge::generate::lll2025::plan::{self, daily_run, daily_run_of};
///
/// let run = daily_run(2025, 1, 1);
/// assert_eq!(run.seed, "Daily 2025/01/01");
/// assert_eq!(run.plan, plan::game_plan("Daily 2025/01/01"));
/// assert_eq!(run.plan[0].seed, "lvl00.9822169391668752");
/// let [a, b, c] = run.picks;
/// assert!((3..5).contains(&a) && (5..7).contains(&b) && (7..10).contains(&c));
/// let levels = run.levels();
/// assert_eq!(levels.map(|entry| entry.level), [a as u32, b as u32, c as u32]);
///
/// let date: Date = "2025-01-01".parse().expect("a date");
/// assert_eq!(daily_run_of(date), run);
/// assert_ne!(daily_run(2025, 1, 2).plan, run.plan);
/// ```
pub fn daily_run(year: u32, month: u32, day: u32) -> DailyRun {
    let seed = daily_seed(year, month, day);
    let mut main = SeedRandom::new(&seed);
    let plan = campaign_plan(&mut main);
    let picks = [3 + main.below(2), 5 + main.below(2), 7 + main.below(3)];
    DailyRun { seed, plan, picks }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn game_1_has_the_specs_plan() {
        let plan = game_plan("game 1");
        let got: Vec<(&str, u32, u32, u32)> = plan
            .iter()
            .map(|p| (p.level_type.name(), p.rooms_x, p.rooms_y, p.loot))
            .collect();
        assert_eq!(
            got,
            [
                ("ManorRed", 3, 2, 2),
                ("Manor", 3, 4, 4),
                ("ManorRed", 3, 4, 4),
                ("Manor", 3, 5, 6),
                ("Mansion", 5, 5, 10),
                ("Manor", 5, 4, 8),
                ("Mansion", 5, 5, 10),
                ("ManorRed", 7, 5, 14),
                ("Manor", 7, 6, 17),
                ("Fortress", 7, 7, 25),
            ]
        );
        assert_eq!(plan[0].seed, "lvl00.5997985005033076");
        assert_eq!(plan[1].seed, "lvl10.3206486422043705");
        assert_eq!(plan[2].seed, "lvl20.9119392865699552");
    }

    #[test]
    fn game_level_seeds_survive_the_trip_through_64_bits() {
        for game in 1..=200 {
            for entry in game_plan(&format!("game {game}")) {
                let bits = entry
                    .seed_bits()
                    .expect("a game's level seed is 'lvl' + L + u");
                assert_eq!(level_seed_string(entry.level, bits), entry.seed);
            }
        }
    }

    #[test]
    fn a_level_seed_string_gives_back_its_plan_entry() {
        for game in 1..=100 {
            for entry in game_plan(&format!("game {game}")) {
                let (level, bits) = parse_level_seed(&entry.seed).expect("a game's level seed");
                assert_eq!((level, Some(bits)), (entry.level, entry.seed_bits()));
                let alone = level_seed_entry(&entry.seed, entry.level_type, entry.loot)
                    .expect("a game's level seed");
                assert_eq!(
                    alone, entry,
                    "the sizes are drawn from the level's own stream"
                );
            }
        }
    }

    #[test]
    fn text_that_is_no_game_level_seed_is_refused() {
        for text in [
            "",
            "lvl",
            "level10.5",
            "lvlx0.5",
            "lvl1",
            "lvl1abc",
            "lvl11.5",
            "lvl1-0.5",
            "lvl10.50",
            "lvl1.5",
            "lvl1NaN",
            "lvl1Infinity",
        ] {
            let refused = parse_level_seed(text).expect_err(text);
            assert!(
                refused.contains("expected the game's 'lvl'"),
                "{text}: {refused}"
            );
        }
        assert_eq!(parse_level_seed("lvl30.5"), Ok((3, 0.5f64.to_bits())));
        assert_eq!(parse_level_seed("lvl90"), Ok((9, 0)));
    }

    #[test]
    fn any_seed_gives_a_fraction_below_one() {
        for seed in [
            0,
            1,
            u64::MAX,
            1.0f64.to_bits(),
            f64::NAN.to_bits(),
            (-0.5f64).to_bits(),
        ] {
            let u = seed_fraction(seed);
            assert!((0.0..1.0).contains(&u), "{seed}: {u}");
        }
        assert_eq!(
            seed_fraction(0.25f64.to_bits()).to_bits(),
            0.25f64.to_bits()
        );
        assert_eq!(level_seed_string(3, 0.5f64.to_bits()), "lvl30.5");
    }

    #[test]
    fn daily_seed_is_zero_padded() {
        assert_eq!(daily_seed(2025, 1, 1), "Daily 2025/01/01");
        assert_eq!(daily_run(2025, 1, 1).plan[0].seed, "lvl00.9822169391668752");
    }
}
