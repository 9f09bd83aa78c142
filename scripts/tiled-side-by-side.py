#!/usr/bin/env python3
"""Remakes screenshots/tiled-vs-editor-*.png: an exported Tiled map rendered by Tiled's own renderer
(`tmxrasterizer`, Debian package `tiled`) on the left, the editor's PNG export of the same level on the right,
both at 32 pixels per cell, then scaled down together to keep the file small.

Not used by CI or the tests. Needs a release build of mansion-forge (`cargo build --release --bin
mansion-forge`), `tmxrasterizer` on PATH (run headless with QT_QPA_PLATFORM=offscreen, which this script
sets) and Pillow (`pip install pillow`). Run from anywhere:

    scripts/tiled-side-by-side.py [--bin target/release/mansion-forge] [--out screenshots] [--keep DIR]

For each level it runs

    mansion-forge export --seed 1 --level 9 --out L.tmx            (writes L-terrain.png beside it)
    mansion-forge export --seed 1 --level 9 --out L.png
    tmxrasterizer --scale 2 --no-smoothing L.tmx L-tiled.png        (every layer, objects included)
    tmxrasterizer --scale 2 --no-smoothing --show-layer terrain L.tmx L-terrain-only.png

(the tile-growth level adds `--generator tile-growth` and uses `--level 5`), pastes the first render and the
editor's PNG side by side with captions, and prints a cell-by-cell check of the terrain-only render against
the editor's PNG: the cells whose 32×32 pictures differ in more than 5 % of their pixels, split into those
under an item, guard or start object (drawn by the editor, only markers in Tiled) and the rest, by terrain.
"""

import argparse
import collections
import os
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path

from PIL import Image, ImageChops, ImageDraw, ImageFont

ROOT = Path(__file__).resolve().parent.parent
CELL = 32  # the editor's PNG: 32 px per cell for maps up to 64 cells a side; Tiled's 16 px tiles × 2
LEVELS = [
    ("siheyuan", ["--seed", "1", "--level", "9"], "siheyuan, --seed 1 --level 9"),
    (
        "tile-growth",
        ["--seed", "1", "--level", "5", "--generator", "tile-growth"],
        "tile-growth, --seed 1 --level 5",
    ),
]
SCALE = 0.75  # of the combined picture, to keep each PNG well under 400 KB


def run(cmd, **kw):
    print("+", " ".join(str(c) for c in cmd), file=sys.stderr)
    subprocess.run(cmd, check=True, **kw)


def font(size):
    for path in ("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",):
        if os.path.exists(path):
            return ImageFont.truetype(path, size)
    return ImageFont.load_default()


def terrain_check(tmx, tiled_terrain, editor):
    """Prints which cells of Tiled's terrain-only render differ from the editor's picture, and why."""
    root = ET.parse(tmx).getroot()
    width = int(root.get("width"))
    names = [t.find("properties/property").get("value") for t in root.find("tileset").findall("tile")]
    gids = [int(v) for v in root.find("layer/data").text.replace("\n", "").split(",")]
    objects = collections.defaultdict(list)
    for group in root.findall("objectgroup"):
        if group.get("name") in ("items", "guards", "start"):
            for o in group.findall("object"):
                if o.find("point") is not None:
                    cell = (int(float(o.get("x")) // 16), int(float(o.get("y")) // 16))
                    objects[cell].append(o.get("type"))
    a = Image.open(tiled_terrain).convert("RGB")
    b = Image.open(editor).convert("RGB")
    if a.size != b.size:
        print(f"  sizes differ: Tiled {a.size}, editor {b.size}")
        return
    under_object, other = collections.Counter(), collections.Counter()
    cells = (a.width // CELL) * (a.height // CELL)
    for cy in range(a.height // CELL):
        for cx in range(a.width // CELL):
            box = (cx * CELL, cy * CELL, (cx + 1) * CELL, (cy + 1) * CELL)
            diff = ImageChops.difference(a.crop(box), b.crop(box)).convert("L")
            differing = diff.point(lambda v: 255 if v > 24 else 0).histogram()[255]
            if differing > CELL * CELL * 0.05:
                if (cx, cy) in objects:
                    under_object["+".join(objects[(cx, cy)])] += 1
                else:
                    other[names[gids[cy * width + cx] - 1]] += 1
    print(f"  {cells} cells; differing under an object: {sum(under_object.values())} {dict(under_object)}")
    print(f"  differing elsewhere, by terrain: {sum(other.values())} {dict(other)}")


def side_by_side(left, right, captions, out):
    a, b = Image.open(left).convert("RGB"), Image.open(right).convert("RGB")
    gap, head = 24, 56
    canvas = Image.new("RGB", (a.width + gap + b.width, head + max(a.height, b.height)), "white")
    canvas.paste(a, (0, head))
    canvas.paste(b, (a.width + gap, head))
    draw = ImageDraw.Draw(canvas)
    f = font(30)
    draw.text((8, 12), captions[0], fill="black", font=f)
    draw.text((a.width + gap + 8, 12), captions[1], fill="black", font=f)
    small = canvas.resize(
        (round(canvas.width * SCALE), round(canvas.height * SCALE)), Image.Resampling.LANCZOS
    )
    small = small.quantize(colors=256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    small.save(out, optimize=True)
    print(f"  wrote {out} ({small.width}×{small.height}, {out.stat().st_size // 1024} KB)")


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--bin", default=ROOT / "target/release/mansion-forge", type=Path)
    p.add_argument("--out", default=ROOT / "screenshots", type=Path)
    p.add_argument("--keep", type=Path, help="write the intermediate files here instead of a temp dir")
    args = p.parse_args()
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    version = subprocess.run(
        ["dpkg-query", "-W", "-f=${Version}", "tiled"], capture_output=True, text=True
    ).stdout.strip() or "?"
    with tempfile.TemporaryDirectory() as tmp:
        work = args.keep or Path(tmp)
        work.mkdir(parents=True, exist_ok=True)
        env.setdefault("XDG_RUNTIME_DIR", tmp)  # Qt wants it, mode 0700
        for name, level_args, caption in LEVELS:
            tmx, png = work / f"{name}.tmx", work / f"{name}.png"
            tiled, terrain = work / f"{name}-tiled.png", work / f"{name}-terrain-only.png"
            run([args.bin, "export", *level_args, "--out", tmx])
            run([args.bin, "export", *level_args, "--out", png])
            raster = ["tmxrasterizer", "--scale", "2", "--no-smoothing"]
            run([*raster, tmx, tiled], env=env)
            run([*raster, "--show-layer", "terrain", tmx, terrain], env=env)
            print(f"{name}:")
            terrain_check(tmx, terrain, png)
            side_by_side(
                tiled,
                png,
                (f"Tiled {version} tmxrasterizer: {caption}", "the editor's PNG (mansion-forge export --out L.png)"),
                args.out / f"tiled-vs-editor-{name}.png",
            )


if __name__ == "__main__":
    main()
