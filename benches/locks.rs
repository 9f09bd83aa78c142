//! Lock-and-regenerate plus analysis for a level-9 mansion with a quarter of its rooms locked (issue 4).

use criterion::Criterion;
use mansion_forge::analysis::stats::level_stats;
use mansion_forge::edit::{Command, Document, Edit};
use mansion_forge::generate::recipe::Recipe;
use mansion_forge::model::RoomKind;
use std::hint::black_box;

fn locked_document() -> Document {
    let mut doc = Document::new(Recipe::campaign_level(1, 9)).expect("level 9 generates");
    let rooms: Vec<usize> = (0..doc.level.rooms.len())
        .filter(|&r| doc.level.rooms[r].kind != RoomKind::Exterior)
        .collect();
    for &room in rooms.iter().step_by(4) {
        doc.apply(Edit::Lock { room }).expect("lockable");
    }
    doc
}

fn regenerate_locked(c: &mut Criterion) {
    let doc = locked_document();
    let mut seed = 0u64;
    c.bench_function("regenerate level 9 with a quarter locked + analysis", |b| {
        b.iter(|| {
            seed += 1;
            let mut next = doc.clone();
            let regenerated = next.execute(&Command::Regenerate { seed }).is_ok();
            black_box((regenerated, level_stats(&next.level, seed)))
        });
    });
}

/// The harness `criterion_group!` and `criterion_main!` would write, by hand: the macros also make a
/// public `benches` function, which a bench binary has no use for.
fn main() {
    let mut criterion = Criterion::default().configure_from_args();
    regenerate_locked(&mut criterion);
    criterion.final_summary();
}
