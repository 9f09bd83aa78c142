//! One full editor frame, headless: layout, map, all six overlays, legends, the patrol timeline,
//! inspector, validation and the hover tooltip on the level-9 mansion, plus tessellation into
//! triangles (what a frame costs the CPU before the GPU). Target: under 4 ms. Two cases: the pointer
//! resting on the map, and panning (the camera moves every frame, so nothing drawn can be reused).
//! Run with `cargo bench --bench editor_frame`.

use criterion::Criterion;
use egui::{Context, Event, Pos2, RawInput, Rect, vec2};
use mansion_forge::app::{Editor, EditorState, Overlays};

fn frame_input(pointer: Pos2) -> RawInput {
    RawInput {
        screen_rect: Some(Rect::from_min_size(Pos2::ZERO, vec2(1600.0, 1000.0))),
        events: vec![Event::PointerMoved(pointer)],
        ..Default::default()
    }
}

/// One frame, tessellated; texture updates would go to a renderer, and there is none here, so they
/// are dropped deliberately.
fn frame(ctx: &Context, editor: &mut Editor, pointer: Pos2) -> usize {
    let mut out = ctx.run_ui(frame_input(pointer), |ui| editor.show(ui));
    out.textures_delta.clear();
    ctx.tessellate(out.shapes, out.pixels_per_point).len()
}

fn editor_frame(c: &mut Criterion) {
    let mut state = EditorState::new_default();
    state.view.overlays = Overlays::all();
    state.selection.room = Some(12);
    let mut editor = Editor::new(state);
    editor.panels.timeline.open = true;
    let ctx = Context::default();
    // Settle panel sizes and the camera fit, then hover the middle of the map.
    for _ in 0..3 {
        frame(&ctx, &mut editor, Pos2::ZERO);
    }
    let pointer = editor
        .state
        .view
        .last_transform
        .map_or(Pos2::new(800.0, 500.0), |t| t.viewport.center());
    c.bench_function(
        "editor frame, level 9, all overlays and the timeline",
        |b| b.iter(|| std::hint::black_box(frame(&ctx, &mut editor, pointer))),
    );
    let mut step = 0u32;
    c.bench_function(
        "editor frame while panning, level 9, all overlays and the timeline",
        |b| {
            b.iter(|| {
                // Back and forth, so the map stays in view however long the bench runs.
                step += 1;
                let sign = if step % 40 < 20 { 1.0 } else { -1.0 };
                editor.state.view.camera.pan(vec2(7.0 * sign, 3.0 * sign));
                std::hint::black_box(frame(&ctx, &mut editor, pointer))
            });
        },
    );
}

/// The harness `criterion_group!` and `criterion_main!` would write, by hand: the macros also make a
/// public `benches` function, which a bench binary has no use for.
fn main() {
    let mut criterion = Criterion::default().configure_from_args();
    editor_frame(&mut criterion);
    criterion.final_summary();
}
