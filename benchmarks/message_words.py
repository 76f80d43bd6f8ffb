"""Words per message at Domino's table, at default verbosity (issue 13, item 2a).

The real app (``Harness``: the recording speaker, the virtual clock) plays
whole matches at several tables; the human plays by keys (the arrows to the
first tile that fits, then D, S or Enter; Space when nothing fits). Three
messages are counted as the voice says them, each one utterance:

- the opening: the first thing said at the table (the match, the deal, who starts);
- a manche's summary: from "Manche N finita" (or "bloccata") to the end of
  that utterance (what I take, the totals, when the next manche starts);
- the end of the match: from the last manche's end to the end of that
  utterance (the reason, the winner, the standings, the key for another match).

``measure(lang, table)`` gives one table's figures; ``words_per_message()``
every table's in both languages (another benchmark may call it).

    uv run python benchmarks/message_words.py [--lang it en] [--seed 1]
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from audiogame.devtools.domino_keys import my_move_keys  # noqa: E402
from audiogame.devtools.harness import Harness  # noqa: E402
from audiogame.games.domino import Phase  # noqa: E402
from audiogame.games.domino.table_setup import DominoSetup  # noqa: E402
from audiogame.ui.games.domino.table import DominoTable  # noqa: E402

#: the issue's target: each of the three at most about 25 words
TARGET = 25

#: a manche's end as the voice says it, in both languages
MANCHE_END = re.compile(r"Manche \d+ (finita|bloccata|over|blocked)")


@dataclass(frozen=True)
class Table:
    """A table to measure: the bots, the teams, the options changed from the defaults."""

    name: str
    levels: tuple[str, ...]
    teams: tuple[int, ...] | None = None
    options: tuple[tuple[str, object], ...] = ()

    def setup(self) -> DominoSetup:
        setup = DominoSetup(levels=list(self.levels), teams=self.teams)
        setup.options.update(dict(self.options))
        return setup


TABLES: tuple[Table, ...] = (
    Table("2 players, 25 points", ("normal",), None, (("point-limit", 25),)),
    Table("4 players, 100 points", ("easy", "easy", "easy")),
    Table("4 players in 2 teams, 100 points", ("easy", "easy", "easy"), (0, 1, 0, 1)),
    Table(
        "6 players in 3 teams, double 9, 3 manches, no drawing",
        ("easy",) * 5,
        (0, 1, 2, 0, 1, 2),
        (("set", "double-9"), ("manche-limit", 3), ("forbid-drawing", True)),
    ),
)


@dataclass
class Figures:
    """One match's word counts: the opening, each manche's summary, the end."""

    opening: int = 0
    manches: list[int] = field(default_factory=list)
    end: int = 0
    texts: dict[str, str] = field(default_factory=dict)  # the longest of each, to show


def words(text: str) -> int:
    return len(text.split())


def measure(lang: str, table: Table, seed: int = 1, limit: float = 20000.0) -> Figures:
    """Play one match of ``table`` through the real loop; count the three messages."""
    h = Harness(Path(tempfile.mkdtemp()), lang=lang, seed=seed)
    try:
        scene = DominoTable(h.app, table.setup(), seed)
        h.start(scene)
        while not scene.match.is_over and h.clock.now() < limit:
            match = scene.match
            if match.phase is Phase.PLAYING and match.current_seat == 0:
                h.advance(0.5)
                if scene.match.phase is Phase.PLAYING and scene.match.current_seat == 0:
                    for key in my_move_keys(scene):
                        h.press(key)
            else:
                h.advance(0.25)  # the next manche starts by itself after its pause
        h.advance(1.0)
        utterances = [s.text for s in h.speaker.spoken if not s.interrupt]
    finally:
        h.close()
    figures = Figures(opening=words(utterances[0]), texts={"opening": utterances[0]})
    ends = [u[m.start() :] for u in utterances if (m := MANCHE_END.search(u))]
    *manches, last = ends
    figures.manches = [words(text) for text in manches]
    figures.end = words(last)
    if manches:
        figures.texts["manche"] = max(manches, key=words)
    figures.texts["end"] = last
    return figures


def words_per_message(
    langs: tuple[str, ...] = ("it", "en"), seed: int = 1
) -> dict[tuple[str, str], Figures]:
    """Every table's figures in every language: {(lang, table name): Figures}."""
    return {(lang, t.name): measure(lang, t, seed) for lang in langs for t in TABLES}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lang", nargs="+", default=["it", "en"])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--texts", action="store_true", help="show the longest of each")
    args = parser.parse_args()
    print(f"words per message at default verbosity (target: at most about {TARGET})")
    print(f"{'lang':4} {'table':55} {'opening':>7} {'manche max/median':>17} {'end':>4}")
    worst = 0
    for (lang, name), f in words_per_message(tuple(args.lang), args.seed).items():
        manche = f"{max(f.manches)}/{statistics.median(f.manches):g}" if f.manches else "-"
        print(f"{lang:4} {name:55} {f.opening:7} {manche:>17} {f.end:4}")
        worst = max(worst, f.opening, f.end, *f.manches)
        if args.texts:
            for kind, text in f.texts.items():
                print(f"     {kind}: {text}")
    print(f"longest: {worst} words")


if __name__ == "__main__":
    main()
