//! A small CPU rasteriser for epaint's triangles, so the PNG export draws exactly the shapes the editor
//! draws without a GPU. epaint's [`Tessellator`] turns shapes into meshes of coloured, textured triangles
//! with their anti-aliasing already built in (a one-pixel feathered edge fading to transparent, text and
//! small discs as coverage in the font atlas), so filling each triangle at pixel centres is enough.
//!
//! What it does, like egui's GPU back-ends: vertex colours and texture coordinates are interpolated
//! across each triangle, the colour is multiplied by the font atlas texel (bilinear), and the result is
//! blended as premultiplied alpha in gamma space (`out = src + dst · (1 − src.a)`). Vertices are snapped
//! to 1/256 pixel and edges are tested exactly in integers with the top-left rule, so triangles sharing
//! an edge cover every pixel once: a translucent overlay made of many quads shows no seams.

use egui::epaint::{
    ClippedPrimitive, ClippedShape, ColorImage, Mesh, Primitive, Rect, Shape, TessellationOptions,
    Tessellator, TextureAtlas, TextureId,
};
use image::RgbaImage;

/// A point in fixed-point pixels.
type Fixed = (i64, i64);
/// A triangle edge from one fixed-point corner to the next.
type Edge = (Fixed, Fixed);

/// Sub-pixel precision of vertex positions: 1/256 pixel.
const SUBPIXEL_BITS: u32 = 8;
const ONE: i64 = 1 << SUBPIXEL_BITS;
/// Vertices are clamped to this many pixels from the origin, so that the integer edge products fit in
/// an `i64` whatever a shape's coordinates are.
const FAR: f32 = (1 << 22) as f32;

/// Tessellates `shapes` (in pixels, one point per pixel) with the font atlas they were laid out with and
/// blends them into `target`, clipped to it.
pub fn draw_shapes(target: &mut RgbaImage, shapes: Vec<Shape>, atlas: &TextureAtlas) {
    let clip = Rect::from_min_size(
        egui::Pos2::ZERO,
        egui::vec2(target.width() as f32, target.height() as f32),
    );
    let mut tessellator = Tessellator::new(
        1.0,
        TessellationOptions::default(),
        atlas.size(),
        atlas.prepared_discs(),
    );
    // Tessellated a batch at a time, in order: the triangles and their order are the same as in one
    // go, but the meshes of a level with an item on every cell are never all held at once.
    let mut shapes = shapes.into_iter().peekable();
    while shapes.peek().is_some() {
        let batch = shapes
            .by_ref()
            .take(SHAPES_PER_BATCH)
            .map(|shape| ClippedShape {
                clip_rect: clip,
                shape,
                transform_after_tessellation: egui::emath::TSTransform::IDENTITY,
            })
            .collect();
        for ClippedPrimitive { primitive, .. } in tessellator.tessellate_shapes(batch) {
            if let Primitive::Mesh(mesh) = primitive {
                draw_mesh(target, &mesh, atlas.image());
            }
        }
    }
}

/// Shapes tessellated at once by [`draw_shapes`].
const SHAPES_PER_BATCH: usize = 4096;

/// Blends a mesh's triangles into `target`. Meshes textured with anything but the font atlas
/// (`TextureId::default()`) are skipped: the map painter uses no other texture.
pub fn draw_mesh(target: &mut RgbaImage, mesh: &Mesh, texture: &ColorImage) {
    if mesh.texture_id != TextureId::default() {
        return;
    }
    for tri in mesh.indices.chunks_exact(3) {
        let corner = |i: u32| mesh.vertices.get(i as usize);
        if let (Some(a), Some(b), Some(c)) = (corner(tri[0]), corner(tri[1]), corner(tri[2])) {
            draw_triangle(target, [a, b, c], texture);
        }
    }
}

/// A vertex position in fixed point, or `None` when it is not a number.
fn fixed(p: egui::Pos2) -> Option<(i64, i64)> {
    let snap = |v: f32| (v.clamp(-FAR, FAR) * ONE as f32).round() as i64;
    (p.x.is_finite() && p.y.is_finite()).then(|| (snap(p.x), snap(p.y)))
}

/// Twice the signed area of (a, b, p): positive when p is on the inner side of a → b for a triangle
/// wound clockwise on screen (y down).
fn edge(a: (i64, i64), b: (i64, i64), p: (i64, i64)) -> i64 {
    (b.0 - a.0) * (p.1 - a.1) - (b.1 - a.1) * (p.0 - a.0)
}

/// The top-left rule: a pixel centre exactly on an edge belongs to the triangle only when the edge is a
/// top edge (horizontal, the triangle below it) or a left edge, so a shared edge is drawn once.
fn owns_edge(a: (i64, i64), b: (i64, i64)) -> bool {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    dy < 0 || (dy == 0 && dx > 0)
}

fn draw_triangle(target: &mut RgbaImage, v: [&egui::epaint::Vertex; 3], texture: &ColorImage) {
    let (Some(p0), Some(mut p1), Some(mut p2)) =
        (fixed(v[0].pos), fixed(v[1].pos), fixed(v[2].pos))
    else {
        return;
    };
    let mut v = v;
    let mut area = edge(p0, p1, p2);
    if area == 0 {
        return;
    }
    if area < 0 {
        std::mem::swap(&mut p1, &mut p2);
        v.swap(1, 2);
        area = -area;
    }
    let (w, h) = (i64::from(target.width()), i64::from(target.height()));
    let min = |a: i64, b: i64, c: i64| a.min(b).min(c);
    let max = |a: i64, b: i64, c: i64| a.max(b).max(c);
    // Pixels whose centre (x + ½) can fall inside the triangle's bounding box.
    let x0 = (min(p0.0, p1.0, p2.0) >> SUBPIXEL_BITS).max(0);
    let x1 = (max(p0.0, p1.0, p2.0) >> SUBPIXEL_BITS).min(w - 1);
    let y0 = (min(p0.1, p1.1, p2.1) >> SUBPIXEL_BITS).max(0);
    let y1 = (max(p0.1, p1.1, p2.1) >> SUBPIXEL_BITS).min(h - 1);
    let edges = [(p1, p2), (p2, p0), (p0, p1)];
    let owned = edges.map(|(a, b)| owns_edge(a, b));
    let inv_area = 1.0 / area as f64;
    let rgba = v.map(|v| v.color.to_array().map(f32::from));
    let uv = v.map(|v| v.uv);
    // Most triangles are flat fills (one colour, the atlas's white texel): blend one colour;
    // and the feathered edges are one texel with colours fading out: sample it once.
    let one_texel = (uv[0] == uv[1] && uv[1] == uv[2]).then(|| sample(texture, uv[0].x, uv[0].y));
    let flat = one_texel
        .filter(|_| v[0].color == v[1].color && v[1].color == v[2].color)
        .map(|texel| premultiplied(rgba[0], texel));
    for y in y0..=y1 {
        let Some((from, to)) = row_span(&edges, owned, x0, x1, y) else {
            continue;
        };
        for x in from..=to {
            let src = flat.unwrap_or_else(|| {
                let p = (x * ONE + ONE / 2, y * ONE + ONE / 2);
                let l = edges.map(|(a, b)| (edge(a, b, p) as f64 * inv_area) as f32);
                let colour: [f32; 4] = std::array::from_fn(|k| {
                    l[0] * rgba[0][k] + l[1] * rgba[1][k] + l[2] * rgba[2][k]
                });
                let texel = one_texel.unwrap_or_else(|| {
                    let u = l[0] * uv[0].x + l[1] * uv[1].x + l[2] * uv[2].x;
                    let t = l[0] * uv[0].y + l[1] * uv[1].y + l[2] * uv[2].y;
                    sample(texture, u, t)
                });
                premultiplied(colour, texel)
            });
            blend(&mut target.get_pixel_mut(x as u32, y as u32).0, src);
        }
    }
}

/// `out = src + dst · (1 − src.a)`, rounded to the nearest (the `as u8` cast saturates).
fn blend(dst: &mut [u8; 4], src: [f32; 4]) {
    if src[3] >= 255.0 {
        *dst = src.map(|v| (v + 0.5) as u8);
        return;
    }
    let keep = 1.0 - src[3] / 255.0;
    for (channel, add) in dst.iter_mut().zip(src) {
        *channel = (add + f32::from(*channel) * keep + 0.5) as u8;
    }
}

/// A vertex colour multiplied by a texel, both 0–255 per channel.
fn premultiplied(colour: [f32; 4], texel: [f32; 4]) -> [f32; 4] {
    std::array::from_fn(|k| colour[k] * texel[k] / 255.0)
}

/// The pixels `from..=to` of row `y` (within `x0..=x1`) whose centres are inside the triangle, solved
/// edge by edge: along a row each edge function is linear in x, so its inside part is one interval.
/// This keeps long thin triangles (the feathered edges of lines) from costing their bounding box.
fn row_span(edges: &[Edge; 3], owned: [bool; 3], x0: i64, x1: i64, y: i64) -> Option<(i64, i64)> {
    let (mut from, mut to) = (x0, x1);
    let p = (x0 * ONE + ONE / 2, y * ONE + ONE / 2);
    for (&(a, b), owns) in edges.iter().zip(owned) {
        // Inside when start + step·k ≥ least, k = x − x0.
        let start = edge(a, b, p);
        let step = -(b.1 - a.1) * ONE;
        let least = i64::from(!owns);
        match step.signum() {
            0 if start < least => return None,
            0 => {}
            1 => from = from.max(x0 + (least - start + step - 1).div_euclid(step)),
            _ => to = to.min(x0 + (start - least).div_euclid(-step)),
        }
    }
    (from <= to).then_some((from, to))
}

/// The texture's premultiplied colour at normalised coordinates (u, v), bilinear, clamped at the edges.
fn sample(texture: &ColorImage, u: f32, v: f32) -> [f32; 4] {
    let [w, h] = texture.size;
    if w == 0 || h == 0 {
        return [255.0; 4];
    }
    let fx = u * w as f32 - 0.5;
    let fy = v * h as f32 - 0.5;
    let (bx, by) = (fx.floor(), fy.floor());
    let (tx, ty) = (fx - bx, fy - by);
    let at = |x: f32, y: f32| {
        let xi = (x.max(0.0) as usize).min(w - 1);
        let yi = (y.max(0.0) as usize).min(h - 1);
        texture.pixels[yi * w + xi].to_array().map(f32::from)
    };
    let (c00, c10, c01, c11) = (
        at(bx, by),
        at(bx + 1.0, by),
        at(bx, by + 1.0),
        at(bx + 1.0, by + 1.0),
    );
    std::array::from_fn(|k| {
        let top = c00[k] + (c10[k] - c00[k]) * tx;
        let bottom = c01[k] + (c11[k] - c01[k]) * tx;
        top + (bottom - top) * ty
    })
}

#[cfg(test)]
mod tests {
    use egui::epaint::{Color32, Vertex, WHITE_UV};
    use egui::{Pos2, pos2};
    use image::Rgba;

    use super::*;

    const BLACK: Rgba<u8> = Rgba([0, 0, 0, 255]);

    fn white() -> ColorImage {
        ColorImage::filled([1, 1], Color32::WHITE)
    }

    fn vertex(pos: Pos2, color: Color32) -> Vertex {
        Vertex {
            pos,
            uv: WHITE_UV,
            color,
        }
    }

    /// A mesh of axis-aligned quads, each split along its diagonal into two triangles.
    fn quads(rects: &[Rect], color: Color32) -> Mesh {
        let mut mesh = Mesh::default();
        for r in rects {
            let base = mesh.vertices.len() as u32;
            for p in [
                r.left_top(),
                r.right_top(),
                r.right_bottom(),
                r.left_bottom(),
            ] {
                mesh.vertices.push(vertex(p, color));
            }
            mesh.indices
                .extend([base, base + 1, base + 2, base, base + 2, base + 3]);
        }
        mesh
    }

    fn covered(img: &RgbaImage) -> usize {
        img.pixels().filter(|p| **p != BLACK).count()
    }

    #[test]
    fn a_translucent_quad_is_blended_once_on_every_pixel_it_covers() {
        let mut img = RgbaImage::from_pixel(10, 10, BLACK);
        let half_red = Color32::from_rgba_premultiplied(128, 0, 0, 128);
        let rect = Rect::from_min_max(pos2(2.0, 3.0), pos2(7.0, 9.0));
        draw_mesh(&mut img, &quads(&[rect], half_red), &white());
        assert_eq!(covered(&img), 5 * 6);
        for (x, y, px) in img.enumerate_pixels() {
            let inside = (2..7).contains(&x) && (3..9).contains(&y);
            let expected = if inside {
                Rgba([128, 0, 0, 255])
            } else {
                BLACK
            };
            assert_eq!(*px, expected, "pixel ({x}, {y})");
        }
    }

    #[test]
    fn neighbouring_quads_leave_no_seam_and_no_overlap() {
        // Cells of 2.5 px: shared edges fall between and on pixel centres alike.
        let cells: Vec<Rect> = (0..4)
            .flat_map(|i| (0..4).map(move |j| (i, j)))
            .map(|(i, j)| {
                let min = pos2(i as f32 * 2.5, j as f32 * 2.5);
                Rect::from_min_size(min, egui::vec2(2.5, 2.5))
            })
            .collect();
        let mut img = RgbaImage::from_pixel(10, 10, BLACK);
        let half_green = Color32::from_rgba_premultiplied(0, 100, 0, 100);
        draw_mesh(&mut img, &quads(&cells, half_green), &white());
        for px in img.pixels() {
            assert_eq!(*px, Rgba([0, 100, 0, 255]));
        }
    }

    #[test]
    fn row_spans_hold_exactly_the_pixel_centres_inside() {
        use rand::{RngExt, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        for _ in 0..2000 {
            let mut corner = || {
                (
                    rng.random_range(-600..3200_i64),
                    rng.random_range(-600..3200_i64),
                )
            };
            let (p0, mut p1, mut p2) = (corner(), corner(), corner());
            if edge(p0, p1, p2) < 0 {
                std::mem::swap(&mut p1, &mut p2);
            }
            let edges = [(p1, p2), (p2, p0), (p0, p1)];
            let owned = edges.map(|(a, b)| owns_edge(a, b));
            for y in 0..12 {
                let brute: Vec<i64> = (0..12)
                    .filter(|&x| {
                        let p = (x * ONE + ONE / 2, y * ONE + ONE / 2);
                        (0..3).all(|i| {
                            let w = edge(edges[i].0, edges[i].1, p);
                            w > 0 || (w == 0 && owned[i])
                        })
                    })
                    .collect();
                let span: Vec<i64> = row_span(&edges, owned, 0, 11, y)
                    .map_or_else(Vec::new, |(from, to)| (from..=to).collect());
                assert_eq!(span, brute, "{p0:?} {p1:?} {p2:?} row {y}");
            }
        }
    }

    #[test]
    fn winding_does_not_matter() {
        let colour = Color32::from_rgb(10, 200, 30);
        let [a, b, c] = [pos2(1.0, 1.0), pos2(9.0, 2.0), pos2(4.0, 8.5)];
        let draw = |order: [Pos2; 3]| {
            let mesh = Mesh {
                vertices: order.iter().map(|&p| vertex(p, colour)).collect(),
                indices: vec![0, 1, 2],
                ..Mesh::default()
            };
            let mut img = RgbaImage::from_pixel(10, 10, BLACK);
            draw_mesh(&mut img, &mesh, &white());
            img
        };
        let clockwise = draw([a, b, c]);
        assert!(covered(&clockwise) > 20);
        assert_eq!(clockwise, draw([a, c, b]));
    }

    #[test]
    fn colours_are_interpolated_and_multiplied_by_the_texture() {
        // A texture of half-covered white (premultiplied) halves an opaque red.
        let texture =
            ColorImage::filled([2, 2], Color32::from_rgba_premultiplied(128, 128, 128, 128));
        let mut img = RgbaImage::from_pixel(4, 4, BLACK);
        let rect = Rect::from_min_max(Pos2::ZERO, pos2(4.0, 4.0));
        draw_mesh(&mut img, &quads(&[rect], Color32::RED), &texture);
        assert_eq!(*img.get_pixel(1, 2), Rgba([128, 0, 0, 255]));

        // Black on the left edge, white on the right: grey in the middle.
        let mut mesh = quads(&[rect], Color32::BLACK);
        for v in &mut mesh.vertices {
            if v.pos.x > 0.0 {
                v.color = Color32::WHITE;
            }
        }
        let mut img = RgbaImage::from_pixel(4, 4, BLACK);
        draw_mesh(&mut img, &mesh, &white());
        let row: Vec<u8> = (0..4).map(|x| img.get_pixel(x, 1).0[0]).collect();
        assert_eq!(row, [32, 96, 159, 223]);
    }

    #[test]
    fn broken_triangles_draw_nothing_and_never_panic() {
        let colour = Color32::WHITE;
        // NaN, collinear, and an index past the end.
        let mut mesh = Mesh {
            vertices: vec![
                vertex(pos2(f32::NAN, 1.0), colour),
                vertex(pos2(5.0, 5.0), colour),
                vertex(pos2(1.0, 9.0), colour),
                vertex(pos2(2.0, 2.0), colour),
                vertex(pos2(4.0, 4.0), colour),
                vertex(pos2(6.0, 6.0), colour),
            ],
            indices: vec![0, 1, 2, 3, 4, 5, 1, 2, 99],
            ..Mesh::default()
        };
        let mut img = RgbaImage::from_pixel(10, 10, BLACK);
        draw_mesh(&mut img, &mesh, &white());
        assert_eq!(covered(&img), 0);
        // A triangle reaching far outside the picture fills it all.
        mesh.vertices = vec![
            vertex(pos2(-1e30, -1e30), colour),
            vertex(pos2(1e30, -1e30), colour),
            vertex(pos2(0.0, 1e30), colour),
        ];
        mesh.indices = vec![0, 1, 2];
        draw_mesh(&mut img, &mesh, &white());
        assert_eq!(covered(&img), 100);
    }

    #[test]
    fn text_is_drawn_from_the_font_atlas() {
        let mut fonts = crate::paint::picture_fonts();
        let galley = fonts.with_pixels_per_point(1.0).layout_no_wrap(
            "Mansion".to_string(),
            egui::FontId::proportional(14.0),
            Color32::WHITE,
        );
        let at = pos2(4.0, 4.0);
        let bounds = galley.rect.translate(at.to_vec2());
        let mut img = RgbaImage::from_pixel(80, 30, BLACK);
        draw_shapes(
            &mut img,
            vec![Shape::galley(at, galley, Color32::WHITE)],
            fonts.texture_atlas(),
        );
        let inked: Vec<(u32, u32)> = img
            .enumerate_pixels()
            .filter(|(_, _, p)| **p != BLACK)
            .map(|(x, y, _)| (x, y))
            .collect();
        assert!(inked.len() > 40, "{} pixels of text", inked.len());
        let grown = bounds.expand(1.0);
        for (x, y) in inked {
            assert!(
                grown.contains(pos2(x as f32 + 0.5, y as f32 + 0.5)),
                "ink at ({x}, {y}) outside {bounds:?}"
            );
        }
        assert!(img.pixels().any(|p| *p == Rgba([255, 255, 255, 255])));
    }
}
