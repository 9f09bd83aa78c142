//! What a run found: per-target figures, failures, and the report printed at the end, in which each
//! kind of failure appears once (see [`signature_of`]).

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::PathBuf;
use std::time::Duration;

use super::targets::Target;

/// What went wrong in a case.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Kind {
    Panic,
    Hang,
    Memory,
    /// A broken promise found without a crash (see [`Target::run`]).
    Broken,
}

impl Kind {
    pub fn name(self) -> &'static str {
        match self {
            Kind::Panic => "panic",
            Kind::Hang => "hang",
            Kind::Memory => "memory",
            Kind::Broken => "broken",
        }
    }
}

/// One failing case.
#[derive(Clone, Debug)]
pub struct Failure {
    pub kind: Kind,
    pub target: Target,
    pub case: u64,
    pub message: String,
    pub how: String,
    /// The input file written for it, if it was written.
    pub file: Option<PathBuf>,
}

/// Figures of one target.
#[derive(Clone, Debug, Default)]
pub struct TargetFigures {
    pub cases: u64,
    /// Cases whose input loaded (and went on through validation, analysis and exports).
    pub loaded: u64,
    /// Time spent in this target's cases, summed over threads.
    pub busy: Duration,
    /// The longest case in wall time, with its CPU time (what the watchdog limits; 10 ms steps).
    pub max_time: Duration,
    pub max_time_cpu: Duration,
    pub max_time_case: u64,
    pub peak_bytes: usize,
    pub peak_case: u64,
}

/// The result of a run.
#[derive(Debug)]
pub struct Summary {
    pub figures: Vec<(Target, TargetFigures)>,
    pub failures: Vec<Failure>,
    pub wall: Duration,
    pub threads: usize,
}

impl Summary {
    pub fn cases(&self) -> u64 {
        self.figures.iter().map(|(_, f)| f.cases).sum()
    }

    /// The report printed at the end of a run: per-target figures, then each kind of failure once.
    pub fn report(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(
            out,
            "{:<11} {:>9} {:>7} {:>9} {:>30} {:>22}",
            "target", "cases", "loaded", "cases/s", "max case time (CPU)", "peak allocation"
        );
        for (target, f) in &self.figures {
            let rate = f.cases as f64 / f.busy.as_secs_f64().max(1e-9);
            let _ = writeln!(
                out,
                "{:<11} {:>9} {:>6.1}% {:>9.0} {:>8.3} s ({:.2} s, #{:<7}) {:>10.1} MiB (#{:<7})",
                target.name(),
                f.cases,
                100.0 * f.loaded as f64 / f.cases.max(1) as f64,
                rate,
                f.max_time.as_secs_f64(),
                f.max_time_cpu.as_secs_f64(),
                f.max_time_case,
                f.peak_bytes as f64 / f64::from(1 << 20),
                f.peak_case
            );
        }
        let cases = self.cases();
        let _ = writeln!(
            out,
            "{:<11} {:>9} {:>7} {:>9.0} cases/s over {:.1} s on {} threads",
            "all",
            cases,
            "",
            cases as f64 / self.wall.as_secs_f64().max(1e-9),
            self.wall.as_secs_f64(),
            self.threads
        );
        let kinds = distinct(&self.failures);
        let _ = writeln!(
            out,
            "failures: {} in {} kind(s)",
            self.failures.len(),
            kinds.len()
        );
        for (first, n) in kinds.values() {
            let _ = writeln!(
                out,
                "  [{}] {}: {:.200}\n    {n} case(s); first #{} ({:.300}): {}",
                first.kind.name(),
                first.target.name(),
                first.message,
                first.case,
                first.how,
                first.file.as_ref().map_or_else(
                    || "input not written".to_string(),
                    |p| p.display().to_string()
                )
            );
        }
        out
    }
}

/// A failure's kind without the numbers that vary between cases, so one bug is listed once.
pub fn signature(f: &Failure) -> String {
    signature_of(f.kind, f.target, &f.message)
}

/// The signature of a failure of `kind` in `target` with `message`: a panic's message without its
/// numbers, and where it happened; a broken promise's message up to its second colon (the details
/// after it name the case).
pub fn signature_of(kind: Kind, target: Target, message: &str) -> String {
    let without_digits = |s: &str| -> String {
        s.chars()
            .filter(|c| !c.is_ascii_digit())
            .take(160)
            .collect()
    };
    let what = match kind {
        Kind::Panic => match message.rsplit_once(" at ") {
            Some((what, location)) => format!("{} at {location}", without_digits(what)),
            None => without_digits(message),
        },
        Kind::Broken => without_digits(&message.split(": ").take(2).collect::<Vec<_>>().join(": ")),
        Kind::Hang | Kind::Memory => without_digits(message),
    };
    format!("[{}] {}: {what}", kind.name(), target.name())
}

/// Failures grouped by signature: the first of each and how many there were.
pub fn distinct(failures: &[Failure]) -> BTreeMap<String, (&Failure, usize)> {
    let mut kinds: BTreeMap<String, (&Failure, usize)> = BTreeMap::new();
    for f in failures {
        kinds.entry(signature(f)).or_insert((f, 0)).1 += 1;
    }
    kinds
}
