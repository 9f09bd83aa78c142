//! Renders the editor's documentation screenshots into `screenshots/` (temporary until the CLI's
//! `mansion-forge screenshot` lands): `cargo run --example screenshot [game-seed] [level]`.

use std::path::PathBuf;

use mansion_forge::app::{ScreenshotRequest, screenshot};

fn main() -> anyhow::Result<()> {
    let mut args = std::env::args().skip(1);
    let seed = args.next().map_or(Ok(1), |s| s.parse())?;
    let level = args.next().map_or(Ok(9), |s| s.parse())?;
    let shots: [(&str, &[&str], Option<usize>); 7] = [
        ("map", &["none"], None),
        ("room-graph", &["room-graph"], None),
        ("distances", &["distances"], None),
        ("loot", &["loot"], None),
        ("patrols", &["patrols"], None),
        ("all-overlays", &["all"], None),
        ("inspector", &["none"], Some(12)),
    ];
    for (name, overlays, select_room) in shots {
        let out = PathBuf::from(format!("screenshots/{name}.png"));
        let started = std::time::Instant::now();
        screenshot(&ScreenshotRequest {
            seed,
            level,
            overlays: overlays.iter().map(|s| s.to_string()).collect(),
            select_room,
            out: out.clone(),
        })?;
        println!(
            "{} in {:.2} s",
            out.display(),
            started.elapsed().as_secs_f64()
        );
    }
    Ok(())
}
