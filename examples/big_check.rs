use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use mansion_forge::app::{Editor, EditorState, Overlay, Source, save_editor};
use mansion_forge::io::preset;
use std::path::Path;
fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let path = &args[0];
    let out = &args[1];
    if path == "legend" {
        let state = EditorState::new_default();
        let mut harness = Harness::builder()
            .with_size(egui::vec2(1600.0, 1400.0))
            .wgpu()
            .build_eframe(move |_cc| Editor::new(state));
        harness.run_steps(3);
        harness.get_by_label("Map legend").click();
        harness.run_steps(3);
        harness.render().unwrap().save(out)?;
        return Ok(());
    }
    let zoom: f32 = args.get(2).map_or(1.0, |z| z.parse().unwrap());
    let n: usize = args.get(3).map_or(4, |z| z.parse().unwrap());
    let doc = preset::load(Path::new(path))?.document;
    let mut state = EditorState::with_document(doc, Source::File(path.to_string()));
    for &o in &Overlay::ALL[..n] {
        state.overlays.set(o, true);
    }
    state.camera.request_fit();
    state.camera.request_zoom(zoom);
    println!("rooms {}", state.level().rooms.len());
    save_editor(Editor::new(state), Path::new(out))
}
