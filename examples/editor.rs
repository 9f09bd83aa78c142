//! Opens the editor window (temporary until the CLI's `mansion-forge edit` lands):
//! `cargo run --example editor [level-file.json|.ron]`.

fn main() -> anyhow::Result<()> {
    let file = std::env::args().nth(1).map(std::path::PathBuf::from);
    mansion_forge::app::run_editor(
        file.as_deref(),
        mansion_forge::io::preset::BrokenEdits::Refuse,
    )
}
