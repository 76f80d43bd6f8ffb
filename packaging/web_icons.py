"""Draw the web page's icons (the home screen's, the browser tab's) from nothing but code.

    python3 -m uv run python packaging/web_icons.py

writes ``audiogame/net/web/static/icons/``: ``icon-192.png`` and ``icon-512.png`` (the
web app manifest's, "any maskable": everything that matters lies inside the middle
circle a launcher may cut to), ``apple-touch-icon.png`` (180, what iOS puts on the
home screen) and ``favicon.ico`` (16 and 32, PNG inside). The drawing is ours: a
domino tile, three and five, on the page's own blue. Run again only when the drawing
changes; the files are committed.
"""

from __future__ import annotations

import io
import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

OUT = Path(__file__).resolve().parent.parent / "audiogame" / "net" / "web" / "static" / "icons"
BACKGROUND = (11, 79, 168)  # the page's accent blue
TILE = (253, 253, 253)
INK = (17, 17, 17)
#: drawn this many times larger, then scaled down smoothly (pygame draws no soft edges)
OVERSAMPLE = 4
#: pips of one half, on a 3 by 3 grid
PIPS = {3: ((0, 0), (1, 1), (2, 2)), 5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2))}


def draw(size: int) -> pygame.Surface:
    big = size * OVERSAMPLE
    canvas = pygame.Surface((big, big))
    canvas.fill(BACKGROUND)
    # the tile stands in the middle, well inside the circle of 80% a maskable icon keeps
    width, height = round(big * 0.32), round(big * 0.6)
    tile = pygame.Rect(0, 0, width, height)
    tile.center = (big // 2, big // 2)
    pygame.draw.rect(canvas, TILE, tile, border_radius=round(width * 0.14))
    line = max(OVERSAMPLE, round(big * 0.012))
    pygame.draw.line(
        canvas,
        INK,
        (tile.left + width * 0.12, tile.centery),
        (tile.right - width * 0.12, tile.centery),
        line,
    )
    for half, pips in ((0, PIPS[3]), (1, PIPS[5])):
        top = tile.top + half * height / 2
        cell = width / 3.6
        for col, row in pips:
            x = tile.left + width * 0.5 + (col - 1) * cell
            y = top + height / 4 + (row - 1) * cell
            pygame.draw.circle(canvas, INK, (round(x), round(y)), round(width * 0.085))
    return pygame.transform.smoothscale(canvas, (size, size))


def png(size: int) -> bytes:
    data = io.BytesIO()
    pygame.image.save(draw(size), data, "icon.png")
    return data.getvalue()


def ico(sizes: tuple[int, ...]) -> bytes:
    """An ICO file whose images are PNGs (every browser reads those)."""
    images = [png(size) for size in sizes]
    head = struct.pack("<HHH", 0, 1, len(images))
    offset = len(head) + 16 * len(images)
    entries = b""
    for size, image in zip(sizes, images, strict=True):
        entries += struct.pack("<BBBBHHII", size % 256, size % 256, 0, 0, 1, 32, len(image), offset)
        offset += len(image)
    return head + entries + b"".join(images)


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    for name, size in (("icon-192.png", 192), ("icon-512.png", 512), ("apple-touch-icon.png", 180)):
        (OUT / name).write_bytes(png(size))
    (OUT / "favicon.ico").write_bytes(ico((16, 32)))
    print(f"icons written to {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
