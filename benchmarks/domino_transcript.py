"""Write ``docs/transcript-domino.<lang>.md``: a real match as the player hears it.

The real app (``Harness``: the recording speaker, the virtual clock, seed 1)
plays a two-player match against Marco (hard bot) to 25 points. The human
plays by keys: on the first turn H (the hand) and Ctrl+7 (playable tiles
first); every turn the arrows to the first tile that fits and D, S or Enter,
or Space when nothing fits. Every utterance is written with its game time,
the sounds played since the previous one, and a mark when it interrupted.

    uv run python benchmarks/domino_transcript.py [--lang it en]
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from transcripts import write_transcripts  # noqa: E402

from audiogame.devtools.domino_keys import my_move_keys  # noqa: E402
from audiogame.devtools.harness import Harness  # noqa: E402
from audiogame.games.domino import Phase  # noqa: E402
from audiogame.games.domino.table_setup import DominoSetup  # noqa: E402
from audiogame.ui.games.domino.table import DominoTable  # noqa: E402

HEADINGS = {
    "it": (
        "# Domino: una partita come la si sente",
        "Due giocatori (tu e Marco, bot difficile), set doppio 6, limite 25 punti, ritmo dei "
        "bot 1,5 secondi, seme 1. Prodotta dal gioco stesso con "
        "`benchmarks/domino_transcript.py`: ogni riga è ciò che la voce ha detto, con il "
        "tempo di gioco in secondi; tra parentesi quadre i suoni sentiti prima (sinistra < 0 "
        "< destra); ✱ segna la risposta a un tasto, che interrompe la frase precedente.",
    ),
    "en": (
        "# Domino: a match as the player hears it",
        "Two players (you and Marco, hard bot), double 6 set, point limit 25, bot pace 1.5 "
        "seconds, seed 1. Produced by the game itself with `benchmarks/domino_transcript.py`: "
        "each line is what the voice said, with the game time in seconds; in square brackets "
        "the sounds heard before it (left < 0 < right); ✱ marks the answer to a key, which "
        "interrupts the previous sentence.",
    ),
}


def sound(cue: str, pan: float) -> str:
    return cue if pan == 0 else f"{cue} {pan:+.1f}"


class Listener:
    """Collects the utterances and the sounds between them, with the game time."""

    def __init__(self, h: Harness) -> None:
        self.h = h
        self.start = h.clock.now()
        self.lines: list[str] = []
        self.said = 0

    def collect(self) -> None:
        h = self.h
        spoken = h.speaker.spoken[self.said :]
        if not spoken:
            return
        log = h.app.announcer.cue_log  # bounded: read and emptied at each utterance
        sounds = [sound(c, p) for c, p in log]
        log.clear()
        for item in spoken:
            mark = "✱ " if item.interrupt else ""
            noise = f"[{', '.join(sounds)}] " if sounds else ""
            when = self.h.clock.now() - self.start
            self.lines.append(f"- {when:6.2f} s: {noise}{mark}{item.text}")
            sounds = []
        self.said = len(h.speaker.spoken)


def my_turn(h: Harness, table: DominoTable, first: bool, listener: Listener) -> None:
    def press(name: str, ctrl: bool = False) -> None:
        h.press(name, ctrl=ctrl)
        listener.collect()

    if first:
        press("h")
        press("7", ctrl=True)
    for key in my_move_keys(table):
        press(key)


def play(lang: str) -> list[str]:
    h = Harness(Path(tempfile.mkdtemp()), lang=lang, seed=1)
    setup = DominoSetup(levels=["hard"])
    setup.options["point-limit"] = 25
    table = DominoTable(h.app, setup, 1)
    h.app.announcer.cue_log.clear()
    listener = Listener(h)
    h.start(table)
    first = True
    while not table.match.is_over:
        match = table.match
        if match.phase is Phase.PLAYING and match.current_seat == 0:
            h.advance(1.0)  # a moment to listen
            listener.collect()
            my_turn(h, table, first, listener)
            first = False
        elif match.phase is Phase.BETWEEN:
            h.advance(3.0)
            h.press("enter")
        else:
            h.advance(0.1)
        listener.collect()
    listener.collect()
    h.close()
    return listener.lines


def main() -> None:
    write_transcripts("domino", HEADINGS, play)


if __name__ == "__main__":
    main()
