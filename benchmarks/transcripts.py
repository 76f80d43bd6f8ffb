"""Writing a game's transcripts to ``docs/``: the part both games' scripts share."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def write_transcripts(
    game: str, headings: dict[str, tuple[str, str]], play: Callable[[str], list[str]]
) -> None:
    """``docs/transcript-<game>.<lang>.md`` for each language asked on the command line."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--lang", nargs="*", default=["it", "en"])
    args = parser.parse_args()
    for lang in args.lang:
        title, intro = headings[lang]
        body = "\n".join(play(lang))
        path = ROOT / "docs" / f"transcript-{game}.{lang}.md"
        path.write_text(f"{title}\n\n{intro}\n\n{body}\n", encoding="utf-8")
        print(f"wrote {path}")
