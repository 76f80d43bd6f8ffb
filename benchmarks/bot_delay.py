"""How long the next bot takes after my move, fast or slow, and the longest silence
during play, per backend (issue 29, items 3 and 10).

The real app (``Harness``: the recording speaker, timed by the listening model at the
player's rate, on the virtual clock) plays Domino, you and three normal bots (double
6, pace 1.5 s), to the end of the first manches, as two listeners:

- **screen reader**: an answer to a key cuts what is being said (the built-in voice
  and a screen reader alike);
- **text**: printed lines are never cut, an answer is read after them.

and as two players:

- **fast**: my move the frame my turn is said (the "your turn" still being heard);
- **slow**: my move a second after everything said was heard.

Printed per backend and player: the delay from my move to the next bot's move
(median, p95, most), and the longest silence during play that was not the
player's own (a voice: from the end of what it said to the next line; text:
nothing new printed, from one line to the next).

    uv run python benchmarks/bot_delay.py [--lang it en] [--moves 60]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from audiogame.devtools.ears import Ears, times_of  # noqa: E402
from audiogame.devtools.harness import Harness  # noqa: E402
from audiogame.games.domino import End, Phase, Play  # noqa: E402
from audiogame.games.domino.table_setup import DominoSetup  # noqa: E402
from audiogame.io.speech.recording import RecordingSpeaker  # noqa: E402
from audiogame.ui.games.domino.table import DominoTable  # noqa: E402

PACE = 1.5
BOT_MOVES = ("TilePlayed", "Drew", "Passed")


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def my_move(ears: Ears, table: DominoTable) -> None:
    plays = [a for a in table.match.legal_actions(0) if isinstance(a, Play)]
    if not plays:
        ears.press("space")
        return
    table.controls.focus = plays[0].uid
    ears.press({End.LEFT: "s", End.RIGHT: "d", None: "enter"}[plays[0].end])


def play(lang: str, cuts: bool, fast: bool, moves: int, seed: int) -> tuple[list[float], float]:
    """My moves' delays to the next bot move, and the longest silence, in one evening."""
    with tempfile.TemporaryDirectory() as tmp:
        speaker = RecordingSpeaker(timed=True)
        speaker.cuts_speech = cuts
        h = Harness(Path(tmp), lang=lang, speaker=speaker)
        try:
            setup = DominoSetup(levels=["normal", "normal", "normal"], pace=PACE)
            setup.options["set"] = "double-6"
            table = DominoTable(h.app, setup, seed, iterations=10)
            h.start(table)
            ears = Ears(h)
            bots = times_of(table, BOT_MOVES)
            mine: list[float] = []
            own: set[int] = set()  # the lines my keys brought: a pause before them is mine
            for _ in range(200_000):
                if len(mine) > moves or table.match.phase is Phase.OVER:
                    break
                match, now = table.match, h.clock.now()
                if match.phase is Phase.BETWEEN and not h.app.announcer.speaking:
                    own.add(len(ears.lines))
                    ears.press("enter")
                    continue
                mine_now = match.phase is Phase.PLAYING and match.current_seat == 0
                waited = not mine or any(b > mine[-1] for b in bots[-1:])
                if mine_now and waited and (fast or now >= ears.heard_by(now + 1e-9) + 1.0):
                    own.add(len(ears.lines))
                    mine.append(now)
                    my_move(ears, table)
                    continue
                ears.step()
            delays = []
            for when in mine:
                after = [b for b in bots if b > when]
                if after:
                    delays.append(after[0] - when)
            silence = 0.0
            for i, line in enumerate(ears.lines[1:], 1):
                if i in own:
                    continue
                # a voice is silent from the end of what it said; printed text shows
                # nothing new from the last line printed
                last = ears.lines[i - 1].said if not cuts else max(e.end for e in ears.lines[:i])
                silence = max(silence, line.said - last)
            return delays, silence
        finally:
            h.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lang", nargs="+", default=["it", "en"])
    parser.add_argument("--moves", type=int, default=60)
    args = parser.parse_args()
    print(f"Domino, you and 3 normal bots, pace {PACE} s, 300 words a minute")
    for lang in args.lang:
        for cuts, backend in ((True, "screen reader"), (False, "text")):
            for fast in (True, False):
                delays: list[float] = []
                silence = 0.0
                seed = 1
                while len(delays) < args.moves and seed < 40:
                    got, quiet = play(lang, cuts, fast, args.moves - len(delays), seed)
                    delays += got
                    silence = max(silence, quiet)
                    seed += 1
                who = "fast" if fast else "slow"
                print(
                    f"  {lang} {backend:13} {who}: next bot after my move median"
                    f" {statistics.median(delays):.2f} s, p95 {percentile(delays, 0.95):.2f} s,"
                    f" most {max(delays):.2f} s ({len(delays)} moves); longest silence"
                    f" {silence:.2f} s"
                )


if __name__ == "__main__":
    main()
