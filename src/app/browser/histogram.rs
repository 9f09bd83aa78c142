//! A small histogram of one figure over a batch of mansions, with the range a criterion asks for
//! shaded, so a designer sees how rare what they ask for is. Drawn with the painter: a few dozen bars
//! need no plotting crate.

use egui::{CornerRadius, Rect, Sense, Shape, Stroke, StrokeKind, Ui, Vec2, pos2};

use crate::paint::palette;

/// Bars at most; whole-number figures with a smaller spread get one bar per value.
const MAX_BINS: usize = 32;

/// Counts of a figure's values in equal bins over its range.
#[derive(Clone, Debug, PartialEq)]
pub struct Histogram {
    /// The lowest value and the width of a bin.
    pub lo: f64,
    pub bin_width: f64,
    /// One bar per value (whole numbers of a small spread, or a single value).
    pub discrete: bool,
    pub counts: Vec<usize>,
}

impl Histogram {
    /// The histogram of `values` (NaN ignored); `None` when there is none.
    pub fn of(values: &[f64]) -> Option<Self> {
        let finite: Vec<f64> = values.iter().copied().filter(|v| v.is_finite()).collect();
        let lo = finite.iter().copied().reduce(f64::min)?;
        let hi = finite.iter().copied().reduce(f64::max)?;
        let whole = finite.iter().all(|v| v.fract() == 0.0);
        let (bins, bin_width, discrete) = if whole && hi - lo < MAX_BINS as f64 {
            ((hi - lo) as usize + 1, 1.0, true)
        } else if hi > lo {
            (MAX_BINS, (hi - lo) / MAX_BINS as f64, false)
        } else {
            (1, 1.0, true)
        };
        let mut counts = vec![0; bins];
        for v in finite {
            let bin = ((v - lo) / bin_width) as usize;
            counts[bin.min(bins - 1)] += 1;
        }
        Some(Histogram {
            lo,
            bin_width,
            discrete,
            counts,
        })
    }

    /// The values bin `i` covers, `[from, to)` (the last bin includes its end).
    pub fn bin_range(&self, i: usize) -> (f64, f64) {
        let from = self.lo + i as f64 * self.bin_width;
        (from, from + self.bin_width)
    }

    /// The number of values in bins that lie wholly inside `[min, max]`.
    pub fn count_within(&self, min: f64, max: f64) -> usize {
        (0..self.counts.len())
            .filter(|&i| self.within(i, min, max))
            .map(|i| self.counts[i])
            .sum()
    }

    /// Whether every value bin `i` can hold is inside `[min, max]` (a bin's float edges are given a
    /// hair of slack, so the last bin of a range ending at `max` counts).
    fn within(&self, i: usize, min: f64, max: f64) -> bool {
        let (from, to) = self.bin_range(i);
        let slack = self.bin_width * 1e-9;
        if self.discrete {
            from >= min && from <= max
        } else {
            from >= min - slack && to <= max + slack
        }
    }
}

/// Draws `hist` `width` points wide, the bins inside `[min, max]` in the accent colour and the others
/// grey; hovering a bar tells its range and count.
pub fn show(ui: &mut Ui, hist: &Histogram, min: f64, max: f64, width: f32) {
    let height = 48.0;
    let (rect, response) = ui.allocate_exact_size(Vec2::new(width, height), Sense::hover());
    let painter = ui.painter_at(rect);
    painter.add(Shape::rect_stroke(
        rect,
        CornerRadius::ZERO,
        Stroke::new(1.0, palette::HISTOGRAM_FRAME),
        StrokeKind::Inside,
    ));
    let peak = hist.counts.iter().copied().max().unwrap_or(1).max(1) as f32;
    let bar = rect.width() / hist.counts.len() as f32;
    let mut hovered = None;
    for (i, &count) in hist.counts.iter().enumerate() {
        let h = (count as f32 / peak) * (height - 4.0);
        let x = rect.left() + i as f32 * bar;
        let bar_rect = Rect::from_min_max(
            pos2(
                x + 0.5,
                rect.bottom() - h.max(if count > 0 { 1.0 } else { 0.0 }),
            ),
            pos2(x + bar - 0.5, rect.bottom()),
        );
        let colour = if hist.within(i, min, max) {
            palette::HISTOGRAM_IN
        } else {
            palette::HISTOGRAM_OUT
        };
        painter.rect_filled(bar_rect, CornerRadius::ZERO, colour);
        if response
            .hover_pos()
            .is_some_and(|p| p.x >= x && p.x < x + bar)
        {
            hovered = Some(i);
        }
    }
    if let Some(i) = hovered {
        let (from, to) = hist.bin_range(i);
        let range = if hist.discrete {
            format!("{from}")
        } else {
            format!("{from:.3} – {to:.3}")
        };
        response.on_hover_text(format!("{range}: {} mansions", hist.counts[i]));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[expect(
        clippy::float_cmp,
        reason = "`lo` is the smallest value itself, copied rather than computed"
    )]
    fn whole_numbers_get_a_bar_each_and_ranges_count_them() {
        let hist = Histogram::of(&[3.0, 4.0, 4.0, 7.0, f64::NAN]).expect("values");
        assert_eq!(hist.lo, 3.0);
        assert_eq!(hist.counts, vec![1, 2, 0, 0, 1]);
        assert_eq!(hist.count_within(4.0, 7.0), 3);
        assert_eq!(hist.count_within(5.0, 6.0), 0);
        assert_eq!(hist.count_within(0.0, 100.0), 4);
    }

    #[test]
    fn fractions_are_binned_over_their_range() {
        let values: Vec<f64> = (0..=100).map(|i| f64::from(i) / 100.0).collect();
        let hist = Histogram::of(&values).expect("values");
        assert_eq!(hist.counts.len(), MAX_BINS);
        assert_eq!(hist.counts.iter().sum::<usize>(), 101);
        assert_eq!(hist.count_within(0.0, 1.0), 101);
        assert!(Histogram::of(&[]).is_none());
        assert_eq!(
            Histogram::of(&[2.5, 2.5]).expect("one value").counts,
            vec![2]
        );
    }
}
