//! Runs cases on worker threads under three guards: no panic (`catch_unwind`, with the panic hook
//! silenced and the message recorded), no case over the time limit (the [`watchdog`] thread polls each
//! worker), and no case holding more than 1 GiB (the counting allocator, [`super::alloc`]).
//!
//! Workers take case numbers from one shared counter, so the work splits over the threads whatever each
//! case costs, and a case's input depends only on the run's seed and the case number. A hang or an
//! allocation past the limit cannot be undone in-process: the watchdog writes the case's input, reports
//! it and aborts the process — or, with `keep_going`, gives up on that worker thread, starts a new one
//! and goes on (the stuck thread keeps a core busy until its case ends, so keep that for exploring).
//! A stack overflow cannot be caught at all; the [`JOURNAL`] file names the case each worker was on.

use std::cell::{Cell, RefCell};
use std::collections::BTreeMap;
use std::fs::File;
use std::os::unix::fs::FileExt;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, Once};
use std::thread;
use std::time::{Duration, Instant};

use super::alloc;
use super::corpus::Corpus;
use super::report::{Failure, Kind, Summary, TargetFigures, signature};
use super::targets::{Case, Outcome, Target, case};
use super::watchdog::{self, cpu_since, cpu_ticks, thread_id};

/// How a run is set up.
#[derive(Clone, Debug)]
pub struct Options {
    pub seed: u64,
    /// Cases to run (over the selected targets).
    pub cases: u64,
    /// Start at this case of the run instead of the first: a long run stopped part way is resumed with
    /// the cases below the lowest one its journal showed still running skipped.
    pub skip: u64,
    pub threads: usize,
    pub targets: Vec<Target>,
    /// Run this one case number only (replaying a reported failure).
    pub only: Option<u64>,
    /// Run this one input file for this target instead of generated cases.
    pub file: Option<(Target, Vec<u8>)>,
    /// Where failing inputs are written.
    pub out_dir: PathBuf,
    pub time_limit: Duration,
    /// The largest input generated (see [`case`]); `usize::MAX` for no bound.
    pub max_input_bytes: usize,
    /// After a hang or an allocation past the limit, go on with a new worker instead of aborting.
    pub keep_going: bool,
    /// Stop after this many failures.
    pub max_failures: usize,
    /// With `keep_going`, stop once this many abandoned cases are still running (they take CPU time
    /// from the others).
    pub max_stuck: usize,
    /// The command that replays a case, with `{seed}` and `{case}` to fill in.
    pub replay_hint: String,
}

thread_local! {
    /// The last panic on this thread, as `message at file:line:column`.
    static LAST_PANIC: RefCell<Option<String>> = const { RefCell::new(None) };
    /// Whether a panic on this thread is a fuzz case's, to be recorded rather than printed.
    static RECORDING: Cell<bool> = const { Cell::new(false) };
}

/// Installs, once, a panic hook that records the panics of [`catch`] and passes every other panic —
/// the harness's own, or another test's in the same binary — to the hook it replaced.
fn install_panic_hook() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if !RECORDING.get() {
                return previous(info);
            }
            let location = info.location().map_or_else(String::new, |l| {
                format!(" at {}:{}:{}", l.file(), l.line(), l.column())
            });
            let message = info.payload_as_str().unwrap_or("(no message)");
            LAST_PANIC.set(Some(format!("{message}{location}")));
        }));
    });
}

/// Runs `f`; a panic is caught silently and returned as its message and location.
pub fn catch<T>(f: impl FnOnce() -> T) -> Result<T, String> {
    install_panic_hook();
    RECORDING.set(true);
    let result = catch_unwind(AssertUnwindSafe(f));
    RECORDING.set(false);
    result.map_err(|_| {
        LAST_PANIC
            .take()
            .unwrap_or_else(|| "panic without a message".to_string())
    })
}

/// Runs one input through `target`, turning a panic or a broken promise into the failure's kind and
/// message.
pub fn try_case(target: Target, bytes: &[u8]) -> Result<Outcome, (Kind, String)> {
    match catch(|| target.run(bytes)) {
        Ok(Ok(outcome)) => Ok(outcome),
        Ok(Err(message)) => Err((Kind::Broken, message)),
        Err(message) => Err((Kind::Panic, message)),
    }
}

/// CPU time a case gets per MiB of input on top of the time limit: a case makes about ten linear passes
/// over its level (parse, validate, analyses, six exports, a saved copy read back), so a file near the
/// 64 MiB cap legitimately takes seconds; a hang is work out of proportion to the input.
pub const TIME_PER_MIB: Duration = Duration::from_millis(50);

/// CPU time a case gets per thousand patrol turns of its level on top of the time limit: the stealth
/// analysis simulates every turn of every guard's cycle (the case runs it, and the sight and routes
/// overlays of the PNG, more than once), so a crowd at the patrol limits (50,000 turns) legitimately
/// takes seconds; the README's Limits section measures what each command costs there.
pub const TIME_PER_THOUSAND_TURNS: Duration = Duration::from_millis(250);

/// The time limit of a case whose input has `bytes` bytes and whose level walks `patrol_turns` turns.
pub fn case_limit(base: Duration, bytes: usize, patrol_turns: usize) -> Duration {
    base + TIME_PER_MIB.mul_f64(bytes as f64 / f64::from(1 << 20))
        + TIME_PER_THOUSAND_TURNS.mul_f64(patrol_turns as f64 / 1000.0)
}

/// What a worker is doing, for the watchdog.
#[derive(Default)]
pub(super) struct Slot {
    /// Microseconds since the run started, plus one, when the current case began; 0 when idle.
    pub(super) started: AtomicU64,
    pub(super) case: AtomicU64,
    /// The worker's thread id (0: unknown) and its CPU ticks when the case began (see [`watchdog`]).
    pub(super) tid: AtomicU64,
    pub(super) cpu_start: AtomicU64,
    /// Bytes of the current case's input: big inputs get more time (see [`case_limit`]).
    pub(super) input_bytes: AtomicUsize,
    /// Patrol turns of the current case's level: crowds of guards get more time (see [`case_limit`]).
    pub(super) patrol_turns: AtomicUsize,
    pub(super) abandoned: AtomicBool,
    pub(super) finished: AtomicBool,
}

/// State shared by the workers, the watchdog and the caller.
pub(super) struct Shared {
    corpus: Arc<Corpus>,
    pub(super) options: Options,
    start: Instant,
    /// Run numbers handed out so far.
    pub(super) next: AtomicU64,
    pub(super) slots: Vec<Slot>,
    pub(super) slots_used: AtomicUsize,
    figures: Mutex<Vec<TargetFigures>>,
    failures: Mutex<Vec<Failure>>,
    /// Inputs written per signature, to keep a few of each kind.
    written: Mutex<BTreeMap<String, usize>>,
    pub(super) stop: AtomicBool,
    /// One fixed-width line per worker naming its current case (see [`JOURNAL`]).
    journal: Option<File>,
}

/// The file in the output folder that names each worker's current case. A stack overflow ends the
/// process without unwinding or any hook; the case that caused it is then the one on the line of the
/// worker the runtime's message names (`thread 'fuzz-worker-N' has overflowed its stack`).
pub const JOURNAL: &str = "in-flight.txt";

/// Bytes per journal line.
const JOURNAL_LINE: usize = 64;

/// Stack of a worker thread: the command line runs on the main thread, which has 8 MiB.
const WORKER_STACK: usize = 8 << 20;

/// With `keep_going`, at most this many workers replace abandoned ones (each has a slot).
const MAX_REPLACEMENTS: usize = 4096;

/// Keep this many input files per kind of failure.
const FILES_PER_KIND: usize = 3;

impl Shared {
    /// The case number of run number `r`: cycles over the selected targets in [`Target::ALL`] order.
    fn case_of(&self, r: u64) -> u64 {
        if let Some(only) = self.options.only {
            return only;
        }
        let selected: Vec<u64> = Target::ALL
            .iter()
            .enumerate()
            .filter(|(_, t)| self.options.targets.contains(t))
            .map(|(i, _)| i as u64)
            .collect();
        let k = selected.len() as u64;
        (r / k) * Target::ALL.len() as u64 + selected[(r % k) as usize]
    }

    /// The input of case `index`: generated from the seed, or the file given.
    pub(super) fn input(&self, index: u64) -> Case {
        match &self.options.file {
            Some((target, bytes)) => Case {
                target: *target,
                bytes: bytes.clone(),
                how: "the file given".to_string(),
                patrol_turns: 0,
            },
            None => case(
                &self.corpus,
                self.options.seed,
                index,
                self.options.max_input_bytes,
            ),
        }
    }

    pub(super) fn total(&self) -> u64 {
        if self.options.only.is_some() || self.options.file.is_some() {
            1
        } else {
            self.options.cases
        }
    }

    /// Writes worker `id`'s current case to its journal line (one small positioned write, no seek).
    fn journal(&self, id: usize, index: u64) {
        if let Some(file) = &self.journal {
            let line = format!("fuzz-worker-{id} seed {} case {index}", self.options.seed);
            let mut bytes = [b' '; JOURNAL_LINE];
            let n = line.len().min(JOURNAL_LINE - 1);
            bytes[..n].copy_from_slice(&line.as_bytes()[..n]);
            bytes[JOURNAL_LINE - 1] = b'\n';
            let _ = file.write_at(&bytes, (id * JOURNAL_LINE) as u64);
        }
    }

    pub(super) fn now_us(&self) -> u64 {
        self.start.elapsed().as_micros() as u64
    }

    /// Records a failure and writes its input (regenerated from seed and case number).
    pub(super) fn fail(&self, kind: Kind, target: Target, index: u64, message: String) -> Failure {
        let input = self.input(index);
        let mut failure = Failure {
            kind,
            target,
            case: index,
            message,
            how: input.how.clone(),
            file: None,
        };
        let sig = signature(&failure);
        let keep = {
            let mut written = self
                .written
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            let n = written.entry(sig).or_insert(0);
            *n += 1;
            *n <= FILES_PER_KIND
        };
        if keep && std::fs::create_dir_all(&self.options.out_dir).is_ok() {
            let stem = format!(
                "{}-{}-seed{}-case{}",
                target.name(),
                kind.name(),
                self.options.seed,
                index
            );
            let path = self
                .options
                .out_dir
                .join(format!("{stem}.{}", target.extension()));
            let replay = self
                .options
                .replay_hint
                .replace("{seed}", &self.options.seed.to_string())
                .replace("{case}", &index.to_string());
            let note = format!(
                "{} in target {} (seed {}, case {index})\n{}\ninput: {}\nreplay: {replay}\n",
                kind.name(),
                target.name(),
                self.options.seed,
                failure.message,
                failure.how
            );
            if std::fs::write(&path, &input.bytes).is_ok()
                && std::fs::write(self.options.out_dir.join(format!("{stem}.txt")), note).is_ok()
            {
                failure.file = Some(path);
            }
        }
        eprintln!(
            "FAIL {} {} seed {} case {index}: {:.300} [{:.300}]",
            kind.name(),
            target.name(),
            self.options.seed,
            failure.message,
            failure.how
        );
        let mut failures = self
            .failures
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        failures.push(failure.clone());
        if failures.len() >= self.options.max_failures {
            self.stop.store(true, Ordering::Release);
        }
        failure
    }

    pub(super) fn summary(&self) -> Summary {
        let figures = self
            .figures
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let mut failures = self
            .failures
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .clone();
        failures.sort_by_key(|f| f.case);
        Summary {
            figures: Target::ALL
                .iter()
                .enumerate()
                .filter(|(_, t)| self.options.targets.contains(t))
                .map(|(i, t)| (*t, figures[i].clone()))
                .collect(),
            failures,
            wall: self.start.elapsed(),
            threads: self.options.threads,
        }
    }
}

/// Runs the cases and returns the figures and failures. Without `keep_going`, a hang or an allocation
/// past the limit ends the process (exit by abort) after reporting it.
pub fn run(corpus: Arc<Corpus>, options: Options) -> Summary {
    let threads = options.threads.max(1);
    let slots = (0..threads + options.max_failures.min(MAX_REPLACEMENTS))
        .map(|_| Slot::default())
        .collect();
    let shared = Arc::new(Shared {
        corpus,
        start: Instant::now(),
        next: AtomicU64::new(if options.only.is_some() || options.file.is_some() {
            0
        } else {
            options.skip
        }),
        slots,
        slots_used: AtomicUsize::new(0),
        figures: Mutex::new(vec![TargetFigures::default(); Target::ALL.len()]),
        failures: Mutex::new(Vec::new()),
        written: Mutex::new(BTreeMap::new()),
        stop: AtomicBool::new(false),
        journal: std::fs::create_dir_all(&options.out_dir)
            .and_then(|()| File::create(options.out_dir.join(JOURNAL)))
            .ok(),
        options,
    });
    for _ in 0..threads {
        spawn_worker(&shared);
    }
    let watchdog = {
        let shared = Arc::clone(&shared);
        thread::spawn(move || watchdog::watch(&shared))
    };
    loop {
        let used = shared
            .slots_used
            .load(Ordering::Acquire)
            .min(shared.slots.len());
        let busy = shared.slots[..used]
            .iter()
            .any(|s| !s.finished.load(Ordering::Acquire) && !s.abandoned.load(Ordering::Acquire));
        if !busy {
            break;
        }
        thread::sleep(Duration::from_millis(10));
    }
    shared.stop.store(true, Ordering::Release);
    let _ = watchdog.join();
    if shared.journal.is_some() {
        let _ = std::fs::remove_file(shared.options.out_dir.join(JOURNAL));
    }
    shared.summary()
}

pub(super) fn spawn_worker(shared: &Arc<Shared>) -> bool {
    let id = shared.slots_used.fetch_add(1, Ordering::AcqRel);
    if id >= shared.slots.len() {
        return false;
    }
    let shared = Arc::clone(shared);
    thread::Builder::new()
        .name(format!("fuzz-worker-{id}"))
        .stack_size(WORKER_STACK)
        .spawn(move || work(&shared, id))
        .is_ok()
}

/// Marks a worker finished however it ends, so the run never waits for a thread that is gone.
struct Finished<'a>(&'a AtomicBool);

impl Drop for Finished<'_> {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Release);
    }
}

/// Runs a worker's cases inside a one-thread rayon pool of its own: the library runs parts of the stealth
/// analysis on rayon's threads, and this keeps all of a case's work, with its allocations and CPU time,
/// on the one thread the guards watch.
fn work(shared: &Shared, id: usize) {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .thread_name(move |_| format!("fuzz-worker-{id}"))
        .stack_size(WORKER_STACK)
        .build();
    match pool {
        Ok(pool) => pool.install(|| work_on(shared, id)),
        Err(_) => work_on(shared, id),
    }
}

fn work_on(shared: &Shared, id: usize) {
    let slot = &shared.slots[id];
    let _finished = Finished(&slot.finished);
    let tid = thread_id();
    slot.tid.store(tid.unwrap_or(0), Ordering::Release);
    let total = shared.total();
    while !shared.stop.load(Ordering::Acquire) {
        let r = shared.next.fetch_add(1, Ordering::AcqRel);
        if r >= total {
            break;
        }
        let index = shared.case_of(r);
        // Making the input is under the journal and the allocation guard too: a mutation that grows
        // without bound is a harness failure to report, not a process for the kernel to kill.
        slot.case.store(index, Ordering::Release);
        shared.journal(id, index);
        alloc::begin_case(id);
        let input = match catch(|| shared.input(index)) {
            Ok(input) => input,
            Err(message) => {
                eprintln!("harness error: case {index} cannot be generated: {message}");
                shared
                    .failures
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner)
                    .push(Failure {
                        kind: Kind::Broken,
                        target: Target::ALL[(index % Target::ALL.len() as u64) as usize],
                        case: index,
                        message: format!("harness error: {message}"),
                        how: String::new(),
                        file: None,
                    });
                shared.stop.store(true, Ordering::Release);
                return;
            }
        };
        let cpu = tid.and_then(cpu_ticks).unwrap_or(0);
        slot.cpu_start.store(cpu, Ordering::Release);
        slot.input_bytes.store(input.bytes.len(), Ordering::Release);
        slot.patrol_turns
            .store(input.patrol_turns, Ordering::Release);
        slot.started.store(shared.now_us() + 1, Ordering::Release);
        let began = Instant::now();
        let result = try_case(input.target, &input.bytes);
        let took = began.elapsed();
        let peak = alloc::end_case();
        slot.started.store(0, Ordering::Release);
        if slot.abandoned.load(Ordering::Acquire) {
            // The watchdog reported this case and a new worker took over.
            return;
        }
        {
            let mut figures = shared
                .figures
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            let f = &mut figures[Target::ALL
                .iter()
                .position(|t| *t == input.target)
                .unwrap_or(0)];
            f.cases += 1;
            f.loaded += u64::from(matches!(result, Ok(Outcome::Loaded)));
            f.busy += took;
            if took > f.max_time {
                f.max_time = took;
                f.max_time_cpu = tid.and_then(|t| cpu_since(t, cpu)).unwrap_or_default();
                f.max_time_case = index;
            }
            if peak > f.peak_bytes {
                f.peak_bytes = peak;
                f.peak_case = index;
            }
        }
        if let Err((kind, message)) = result {
            shared.fail(kind, input.target, index, message);
        }
    }
}
