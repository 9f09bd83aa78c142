//! The packed-mansion figure the spec measures (`other-generators.md` §2.6): how tightly the plan packs.

use super::plan::Plan;

/// Enclosed unused squares (not 4-connected to the plan's edge through unused squares) per used square.
pub fn hole_fraction(plan: &Plan) -> f64 {
    let (w, h) = (plan.grid_w, plan.grid_h);
    let index = |x: i32, y: i32| (y * w + x) as usize;
    let free = |x: i32, y: i32| plan.used[index(x, y)].is_none();
    let mut open = vec![false; plan.used.len()];
    let mut stack: Vec<(i32, i32)> = Vec::new();
    for y in 0..h {
        for x in 0..w {
            if (x == 0 || y == 0 || x == w - 1 || y == h - 1) && free(x, y) {
                open[index(x, y)] = true;
                stack.push((x, y));
            }
        }
    }
    while let Some((x, y)) = stack.pop() {
        for (nx, ny) in [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)] {
            if nx >= 0 && ny >= 0 && nx < w && ny < h && free(nx, ny) && !open[index(nx, ny)] {
                open[index(nx, ny)] = true;
                stack.push((nx, ny));
            }
        }
    }
    let used = plan.used.iter().filter(|u| u.is_some()).count();
    let holes = (0..plan.used.len())
        .filter(|&i| plan.used[i].is_none() && !open[i])
        .count();
    holes as f64 / used.max(1) as f64
}
