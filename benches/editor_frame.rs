//! One full editor frame, headless: layout, map, all four overlays, legends, inspector, validation and the
//! hover tooltip on the level-9 mansion, plus tessellation into triangles (what a frame costs before the
//! GPU). Target: under 4 ms. Run with `cargo bench --bench editor_frame`.

use criterion::Criterion;
use egui::{Event, Pos2, RawInput, Rect, vec2};
use mansion_forge::app::{Editor, EditorState, Overlays};

fn frame_input(pointer: Pos2) -> RawInput {
    RawInput {
        screen_rect: Some(Rect::from_min_size(Pos2::ZERO, vec2(1600.0, 1000.0))),
        events: vec![Event::PointerMoved(pointer)],
        ..Default::default()
    }
}

fn editor_frame(c: &mut Criterion) {
    let mut state = EditorState::new_default();
    state.view.overlays = Overlays::all();
    state.selection.room = Some(12);
    let mut editor = Editor::new(state);
    let ctx = egui::Context::default();
    // Settle panel sizes and the camera fit, then hover the middle of the map.
    // Texture updates would go to a renderer; there is none here, so they are dropped deliberately.
    for _ in 0..3 {
        let mut out = ctx.run_ui(frame_input(Pos2::ZERO), |ui| editor.show(ui));
        out.textures_delta.clear();
    }
    let pointer = editor
        .state
        .view
        .last_transform
        .map_or(Pos2::new(800.0, 500.0), |t| t.viewport.center());
    c.bench_function("editor frame, level 9, all overlays", |b| {
        b.iter(|| {
            let mut out = ctx.run_ui(frame_input(pointer), |ui| editor.show(ui));
            out.textures_delta.clear();
            let primitives = ctx.tessellate(out.shapes, out.pixels_per_point);
            std::hint::black_box(primitives.len())
        });
    });
}

/// The harness `criterion_group!` and `criterion_main!` would write, by hand: the macros also make a
/// public `benches` function, which a bench binary has no use for.
fn main() {
    let mut criterion = Criterion::default().configure_from_args();
    editor_frame(&mut criterion);
    criterion.final_summary();
}
