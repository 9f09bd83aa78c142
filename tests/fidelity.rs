//! Fidelity: over many games, each level's mean and standard deviation of every `stats` figure must
//! match the original's measurements under two-sample z-tests whose standard errors come from the samples.
//!
//! The measurements are `tests/data/original-stats.json`: the original generator (7DRL 2023, March 2023
//! version, seeded), 2,000 games × 10 levels, `[mean, population sd]` of each `stats` figure per level. It is a
//! byte-identical copy of the project's `shared/reference/original-stats.json`, kept in the repository so a
//! fresh clone runs this test alone; `tests/data/README.md` says where it came from.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::sync::OnceLock;

use mansion_forge::analysis::stats::level_stats;
use mansion_forge::generate::campaign;

/// Games generated for the comparison (each gives all ten levels).
const GAMES: u64 = 2000;
/// Largest accepted |z|.
///
/// Measured (`cargo test --test fidelity -- --nocapture` prints every z): the largest |z| of the 220
/// level × figure comparisons is 2.63 (level 5 route loops). 17 figures are constant in the original
/// (sd 0, such as level 0's guards), which leaves 203 noisy comparisons.
///
/// False alarms: were our generator exactly the original, each |z| would exceed 3.5 with probability
/// 4.7·10⁻⁴, so by Bonferroni at most 9.4 % of the generator changes that re-roll every level would trip it
/// by chance (fewer in truth: the figures are correlated). The games are seeded, so the test never flickers,
/// and its printed table tells one figure at the edge from a real drift. 4.0 would cut that to 1.3 % at the
/// cost of the power below.
///
/// Power: the guards figure has sd 0.85 (level 1) to 3.3 (level 7); with 2,000 games a side, a 5 % drift
/// in guards moves a level's z by 0.05·mean / (sd·√(2/2000)) = 3.7 (levels 1–2) to 5.4 (level 6) on
/// average, above 3.5 everywhere. What that buys is a 5 % drift of guards in every level failing the
/// comparison: on the measured data it is rejected at 6 (× 1.05) and 7 (× 0.95) of the 9 levels with
/// guards, against 5 and 3 at the former bound of 4.5, and alike when the drift comes as whole guards
/// added to or taken from some mansions (`a_five_percent_drift_in_guards_fails`). It does not promise to
/// catch a 5 % drift confined to one level: the drift adds to the level's chance offset, and at levels
/// 1–2, where it adds 3.7, such a drift passes about 4 times in 10 (on this sample, × 1.05 at level 1 or
/// 2 alone passes).
const MAX_Z: f64 = 3.5;

/// "Within a few percent": the headline figures with a mean of at least 3 must also lie within 7%
/// (`a_drift_within_the_z_bound_but_past_seven_percent_fails` shows it catching what the z-test does not).
const PERCENT_CHECKED: [&str; 12] = [
    "rooms",
    "courtyards",
    "private_rooms",
    "dead_ends",
    "doors",
    "loot",
    "loot_dead_end",
    "loot_private",
    "loot_other",
    "guards",
    "patrol_routes",
    "windows",
];
const MIN_MEAN_FOR_PERCENT: f64 = 3.0;
/// Dead ends and loot classes have a coefficient of variation near 0.8, so at 2,000 games their combined
/// standard error is about 2.5%: 7% is "a few percent" without failing on noise. The z-test is primary.
const MAX_RELATIVE: f64 = 0.07;

/// reference[level][figure] = (mean, population sd).
type Reference = BTreeMap<String, BTreeMap<String, (f64, f64)>>;
/// figures[level][figure] = one value per game.
type Figures = BTreeMap<String, BTreeMap<String, Vec<f64>>>;

fn reference() -> (Reference, f64) {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/original-stats.json"
    );
    let text = std::fs::read_to_string(path).expect("the reference statistics in tests/data");
    let json: serde_json::Value = serde_json::from_str(&text).expect("valid reference JSON");
    let games = json["games"].as_f64().expect("games count");
    let mut out = Reference::new();
    for (level, figures) in json["levels"].as_object().expect("levels object") {
        let entry = out.entry(level.clone()).or_default();
        for (key, pair) in figures.as_object().expect("figures object") {
            let mean = pair[0].as_f64().expect("mean");
            let sd = pair[1].as_f64().expect("sd");
            entry.insert(key.clone(), (mean, sd));
        }
    }
    (out, games)
}

/// Our figures over `GAMES` games, computed once and shared by the tests of this file.
fn measured() -> &'static Figures {
    static FIGURES: OnceLock<Figures> = OnceLock::new();
    FIGURES.get_or_init(|| {
        let mut figures = Figures::new();
        for game in 0..GAMES {
            let plan = campaign::plan(1_000_000 + game);
            for level in plan.generate_all() {
                let stats =
                    serde_json::to_value(level_stats(&level, game)).expect("stats serialise");
                let entry = figures.entry(level.level.to_string()).or_default();
                for (key, value) in stats.as_object().expect("object") {
                    entry
                        .entry(key.clone())
                        .or_default()
                        .push(value.as_f64().unwrap_or(0.0));
                }
            }
        }
        figures
    })
}

/// Sample moments of one figure at one level: mean, population variance, and the kurtosis μ₄/σ⁴ that the
/// standard error of a standard deviation needs.
struct Moments {
    n: f64,
    mean: f64,
    var: f64,
    kurtosis: f64,
}

impl Moments {
    fn of(values: &[f64]) -> Self {
        let n = values.len() as f64;
        let mean = values.iter().sum::<f64>() / n;
        let var = values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / n;
        let fourth = values.iter().map(|v| (v - mean).powi(4)).sum::<f64>() / n;
        let kurtosis = if var > 0.0 { fourth / (var * var) } else { 1.0 };
        Self {
            n,
            mean,
            var,
            kurtosis,
        }
    }
}

/// Our standard deviation of `values` and the two-sample z of it against the reference's `ref_sd` over
/// `ref_games` games. The large-sample variance of a sample sd is `σ²(κ − 1)/(4n)` with κ the kurtosis;
/// the reference file holds no fourth moment, so both sides use ours, which is the same distribution's
/// when the generators agree (and the test is of that hypothesis). Both sds 0 gives 0; one of them 0 and
/// the other not gives infinity.
fn sd_and_z(values: &[f64], ref_sd: f64, ref_games: f64) -> (f64, f64) {
    let ours = Moments::of(values);
    let sd = ours.var.sqrt();
    let spread = (ours.kurtosis - 1.0).max(0.0) / 4.0;
    let se = (ours.var * spread / ours.n + ref_sd * ref_sd * spread / ref_games).sqrt();
    let z = if se == 0.0 {
        if (sd - ref_sd).abs() < 1e-9 {
            0.0
        } else {
            f64::INFINITY
        }
    } else {
        (sd - ref_sd) / se
    };
    (sd, z)
}

/// Mean of `values` and the two-sample z of that mean against the reference's `(mean, sd)` over
/// `ref_games` games; an exact figure (both sds 0) gives 0 when equal and infinity otherwise.
fn mean_and_z(values: &[f64], (ref_mean, ref_sd): (f64, f64), ref_games: f64) -> (f64, f64) {
    let Moments { n, mean, var, .. } = Moments::of(values);
    let se = (var / n + ref_sd * ref_sd / ref_games).sqrt();
    let z = if se == 0.0 {
        if (mean - ref_mean).abs() < 1e-9 {
            0.0
        } else {
            f64::INFINITY
        }
    } else {
        (mean - ref_mean) / se
    };
    (mean, z)
}

/// One figure of one level the comparison rejects, and why.
#[derive(Debug)]
struct Failure {
    level: String,
    key: String,
    /// Rejected by the z-test (rather than by the 7 % bound alone).
    by_z: bool,
    message: String,
}

/// The comparison: every figure of every level of `figures` against the reference, under the z bound and,
/// for the headline figures, the 7 % bound. Returns the failures and the printed table.
fn compare(figures: &Figures, reference: &Reference, ref_games: f64) -> (Vec<Failure>, String) {
    let mut failures = Vec::new();
    let mut report = String::new();
    let mut largest = (0.0f64, String::new());
    let mut largest_sd = (0.0f64, String::new());
    for (level, ref_figures) in reference {
        for (key, &(ref_mean, ref_sd)) in ref_figures {
            let values = &figures[level][key];
            let (mean, z) = mean_and_z(values, (ref_mean, ref_sd), ref_games);
            let (sd, z_sd) = sd_and_z(values, ref_sd, ref_games);
            writeln!(
                report,
                "L{level} {key:>20}: ours {mean:8.3} ± {sd:7.3} original {ref_mean:8.3} ± {ref_sd:7.3}  z {z:6.2}  z(sd) {z_sd:6.2}"
            )
            .expect("a String takes any text");
            if z.abs() > largest.0 {
                largest = (z.abs(), format!("L{level} {key}"));
            }
            if z_sd.abs() > largest_sd.0 {
                largest_sd = (z_sd.abs(), format!("L{level} {key}"));
            }
            let mut fail = |by_z: bool, message: String| {
                failures.push(Failure {
                    level: level.clone(),
                    key: key.clone(),
                    by_z,
                    message,
                });
            };
            let relative = (mean - ref_mean) / ref_mean;
            if z.abs() > MAX_Z {
                fail(
                    true,
                    format!("L{level} {key}: ours {mean:.3}, original {ref_mean:.3}, z = {z:.2}"),
                );
            } else if PERCENT_CHECKED.contains(&key.as_str())
                && ref_mean >= MIN_MEAN_FOR_PERCENT
                && relative.abs() > MAX_RELATIVE
            {
                fail(
                    false,
                    format!(
                        "L{level} {key}: ours {mean:.3}, original {ref_mean:.3}, off by {:.1}%",
                        relative * 100.0
                    ),
                );
            }
            if z_sd.abs() > MAX_Z {
                fail(
                    true,
                    format!("L{level} {key}: sd ours {sd:.3}, original {ref_sd:.3}, z = {z_sd:.2}"),
                );
            }
        }
    }
    write!(
        report,
        "largest |z| of a mean {:.2} ({}), of an sd {:.2} ({}), bound {MAX_Z}",
        largest.0, largest.1, largest_sd.0, largest_sd.1
    )
    .expect("a String takes any text");
    (failures, report)
}

#[test]
fn level_means_and_spreads_match_the_original() {
    let (reference, ref_games) = reference();
    // The counts `MAX_Z`'s comment reasons with: 220 comparisons, 17 of them of a constant figure.
    let pairs: Vec<(f64, f64)> = reference
        .values()
        .flat_map(|f| f.values().copied())
        .collect();
    assert_eq!(pairs.len(), 220);
    assert_eq!(pairs.iter().filter(|(_, sd)| *sd == 0.0).count(), 17);
    let (failures, report) = compare(measured(), &reference, ref_games);
    println!("{report}");
    let failures: Vec<&str> = failures.iter().map(|f| f.message.as_str()).collect();
    assert!(
        failures.is_empty(),
        "means or sds differ from the original:\n{}",
        failures.join("\n")
    );
}

/// The measured figures with `key` at every level replaced by `drift(level, our level mean, game index,
/// value)`.
fn drifted(key: &str, drift: impl Fn(&str, f64, usize, f64) -> f64) -> Figures {
    let mut figures = measured().clone();
    for (level, figures) in &mut figures {
        let values = figures.get_mut(key).expect("a stats figure");
        let mean = values.iter().sum::<f64>() / values.len() as f64;
        for (game, value) in values.iter_mut().enumerate() {
            *value = drift(level, mean, game, *value);
        }
    }
    figures
}

/// The levels at which `compare` rejects `key` (by the z-test when `by_z`, else by the 7 % bound alone),
/// failing if it rejects any other figure: a drift of one figure must be reported as that figure.
fn rejected(figures: &Figures, key: &str, by_z: bool) -> Vec<String> {
    let (reference, ref_games) = reference();
    let (failures, _) = compare(figures, &reference, ref_games);
    let others: Vec<&str> = failures
        .iter()
        .filter(|f| f.key != key)
        .map(|f| f.message.as_str())
        .collect();
    assert!(others.is_empty(), "a drift in {key} flags {others:?}");
    failures
        .iter()
        .filter(|f| f.by_z == by_z)
        .map(|f| f.level.clone())
        .collect()
}

/// The power claimed on `MAX_Z`, through the same `compare` as the test above: the undrifted sample
/// passes, and a 5 % drift of guards in every level fails, whether it comes as a scaling of every
/// mansion's guards (× 1.05, × 0.95: mean and sd shift alike) or as one whole guard more or fewer in a
/// share of the mansions (the share making 5 % of the level's mean: the mean shifts, the sd barely). The
/// expected z of the drift exceeds the bound at every level, so most levels must catch it; each drifted
/// sample must be rejected at 5 or more of the 9 levels with guards (level 0 has none), and a guard fewer
/// in every mansion at all 9.
#[test]
fn a_five_percent_drift_in_guards_fails() {
    assert!(rejected(measured(), "guards", true).is_empty());
    let scaled = |factor: f64| drifted("guards", move |_, _, _, g| g * factor);
    // Adds `step` to the guards of a share 0.05 · mean of the mansions, spread evenly over the games.
    let whole = |step: f64| {
        drifted("guards", move |_, mean, game, g| {
            let share = 0.05 * mean;
            let hit = ((game + 1) as f64 * share).floor() > (game as f64 * share).floor();
            if hit && g + step >= 0.0 { g + step } else { g }
        })
    };
    for (drift, figures) in [
        ("× 1.05", scaled(1.05)),
        ("× 0.95", scaled(0.95)),
        ("+1 in 5 % of the mean", whole(1.0)),
        ("−1 in 5 % of the mean", whole(-1.0)),
    ] {
        let levels = rejected(&figures, "guards", true);
        println!("guards {drift}: rejected at levels {levels:?}");
        assert!(
            levels.len() >= 5,
            "guards {drift} rejected only at {levels:?}, bound {MAX_Z}"
        );
    }
    let one_fewer = drifted("guards", |_, _, _, g| (g - 1.0).max(0.0));
    assert_eq!(rejected(&one_fewer, "guards", true).len(), 9);
}

/// The 7 % bound catches what the z-test lets through: dead ends have a coefficient of variation near
/// 0.8, so at 2,000 games a side the standard error of a level's mean is about 2.5 % of it, and a mean
/// 7.5 % above the original's is only z ≈ 3.0 (levels 4–9, where the mean is at least 3). Every measured
/// level is scaled to exactly 7.5 % above the original's mean; the comparison must reject dead ends at
/// each of those levels, by the 7 % bound with z inside its bound.
#[test]
fn a_drift_within_the_z_bound_but_past_seven_percent_fails() {
    let (reference, _) = reference();
    let figures = drifted("dead_ends", |level, mean, _, d| {
        d * 1.075 * reference[level]["dead_ends"].0 / mean
    });
    let by_percent = rejected(&figures, "dead_ends", false);
    let expected: Vec<String> = reference
        .iter()
        .filter(|(_, figures)| figures["dead_ends"].0 >= MIN_MEAN_FOR_PERCENT)
        .map(|(level, _)| level.clone())
        .collect();
    println!("dead ends at +7.5 %: rejected by the 7 % bound alone at levels {by_percent:?}");
    assert_eq!(expected.len(), 6, "levels 4–9 have 3 or more dead ends");
    assert_eq!(by_percent, expected);
}

/// Spec §9 figures the reference file does not hold: mean cells per interior route, regions per interior
/// route, and the share of levels with an unpatrolled (orphaned) region (§8 "Not invariants").
///
/// The spec gives means only, rounded to 0.1 and measured over 4,000 campaigns, so each comparison is a
/// two-sample z-test whose standard errors take the spread from our sample: ours over our routes (or
/// games), the spec's over its 4,000 campaigns times its mean interior routes per level (§9 "routes"),
/// after half a unit of rounding is allowed. A fixed percentage would be too loose where routes are many
/// and too tight at level 0, where 1.4 routes a mansion leave a mean of 25 cells a standard error near 1 %.
/// That level's 26.1 here (z 2.25 against the spec's 25.4) is this sample's chance: the original's own
/// mansions give 25.58 ± 0.12 (`the_originals_own_routes_are_the_specs`).
#[test]
fn patrol_shapes_match_the_original() {
    const REGIONS_PER_ROUTE: [f64; 10] = [f64::NAN, 7.0, 7.0, 6.6, 6.2, 5.5, 4.8, 3.7, 3.7, 3.7];
    const ORPHAN_LEVELS: [f64; 10] = [0.0, 0.0, 0.004, 0.02, 0.04, 0.08, 0.16, 0.31, 0.31, 0.31];
    let mut cells: [Vec<f64>; 10] = Default::default();
    let mut per_route: [Vec<f64>; 10] = Default::default();
    let mut orphaned = [0.0f64; 10];
    for game in 0..GAMES {
        for level in campaign::plan(2_000_000 + game).generate_all() {
            let l = level.level as usize;
            let metrics = mansion_forge::analysis::patrol_metrics(&level);
            for route in level.patrols.iter().filter(|r| !r.outside) {
                cells[l].push(route.cells.len() as f64);
            }
            per_route[l].push((level.rooms.len() - 1) as f64 / metrics.routes.max(1) as f64);
            orphaned[l] += f64::from(u8::from(!metrics.unpatrolled.is_empty()));
        }
    }
    let games = GAMES as f64;
    for l in 0..10 {
        let route_cells = Moments::of(&cells[l]).mean;
        let z_cells = spec_z(&cells[l], ROUTE_CELLS[l], SPEC_CAMPAIGNS * ROUTES[l]);
        println!(
            "L{l}: {route_cells:.1} cells per route (original {}, z {z_cells:.2}), {:.2} regions per route, {:.3} of levels with orphans",
            ROUTE_CELLS[l],
            Moments::of(&per_route[l]).mean,
            orphaned[l] / games
        );
        assert!(
            z_cells <= MAX_Z,
            "L{l}: {route_cells:.1} cells per route, original {}, z {z_cells:.2}",
            ROUTE_CELLS[l]
        );
        if l > 0 {
            let z_regions = spec_z(&per_route[l], REGIONS_PER_ROUTE[l], SPEC_CAMPAIGNS);
            assert!(
                z_regions <= MAX_Z,
                "L{l}: {:.2} regions per route, original {}, z {z_regions:.2}",
                Moments::of(&per_route[l]).mean,
                REGIONS_PER_ROUTE[l]
            );
        }
        let share = orphaned[l] / games;
        let se = (ORPHAN_LEVELS[l].max(0.002) * (1.0 - ORPHAN_LEVELS[l]) / games).sqrt();
        assert!(
            (share - ORPHAN_LEVELS[l]).abs() < 4.5 * se + 0.005,
            "L{l}: {share:.3} of levels have orphans, original {}",
            ORPHAN_LEVELS[l]
        );
    }
}

/// Campaigns the spec's §9 table was measured over.
const SPEC_CAMPAIGNS: f64 = 4000.0;
/// Half a unit of the §9 table's last digit.
const ROUNDING: f64 = 0.05;
/// §9 "routes": interior routes per level.
const ROUTES: [f64; 10] = [1.4, 2.0, 2.8, 3.8, 4.5, 5.5, 6.5, 8.3, 8.4, 8.4];
/// §9 "route len": mean cells per interior route.
const ROUTE_CELLS: [f64; 10] = [25.4, 34.5, 34.9, 34.3, 32.5, 29.5, 25.1, 19.5, 19.4, 19.6];

/// |ours − spec|, less the spec's rounding, in combined standard errors (the spread taken from our
/// sample, `spec_n` values on the spec's side).
fn spec_z(ours: &[f64], spec: f64, spec_n: f64) -> f64 {
    let m = Moments::of(ours);
    let se = (m.var / m.n + m.var / spec_n).sqrt();
    ((m.mean - spec).abs() - ROUNDING).max(0.0) / se
}

/// The spec's route lengths against the original's own mansions (the exact 2023 mode, equal to the
/// original on every reference map), games 1–8,000: the same z-test as above, which checks the spec's
/// table rather than our generator, and gives the figure `docs/games.md` quotes (level 0: 25.58 ± 0.12).
#[test]
fn the_originals_own_routes_are_the_specs() {
    const GAMES: u32 = 8000;
    let mut cells: [Vec<f64>; 10] = Default::default();
    for game in 1..=GAMES {
        for level in mansion_forge::generate::siheyuan::exact::game(game) {
            for route in level.patrols.iter().filter(|r| !r.outside) {
                cells[level.level as usize].push(route.cells.len() as f64);
            }
        }
    }
    for (l, cells) in cells.iter().enumerate() {
        let m = Moments::of(cells);
        let z = spec_z(cells, ROUTE_CELLS[l], SPEC_CAMPAIGNS * ROUTES[l]);
        println!(
            "L{l}: the original's {:.2} ± {:.2} cells per route over {} routes (spec {}, z {z:.2})",
            m.mean,
            (m.var / m.n).sqrt(),
            m.n,
            ROUTE_CELLS[l]
        );
        assert!(z <= MAX_Z, "L{l}: z {z:.2}");
    }
}
