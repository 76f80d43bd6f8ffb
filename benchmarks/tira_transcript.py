"""Write ``docs/transcript-tira.<lang>.md``: a real game as the player hears it.

The real app (``Harness``: the recording speaker, the virtual clock, seed 1)
plays a three-player game of Tira & Passa with assisted controls; the human
presses Space one second after each landing. Every utterance is written with
its game time, the sounds played since the previous one, and a mark when it
interrupted what was being said.

    uv run python benchmarks/tira_transcript.py [--lang it en]
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

from audiogame.devtools.harness import Harness  # noqa: E402
from audiogame.devtools.tira_keys import throw_due  # noqa: E402
from audiogame.games.tirapassa.table_setup import TableSetup  # noqa: E402
from audiogame.ui.games.tira.table import TiraTable  # noqa: E402

REACTION = 1.0
HEADINGS = {
    "it": (
        "# Tira e Passa: una partita come la si sente",
        "Tre giocatori (tu, Marco e Giulia, normali), comandi assistiti, velocità normale, "
        "seme 1. Prodotta dal gioco stesso con `benchmarks/tira_transcript.py`: ogni riga "
        "è ciò che la voce ha detto, con il tempo di gioco in secondi; tra parentesi quadre "
        "i suoni sentiti prima (sinistra < 0 < destra); ✱ segna una frase che interrompe "
        "la precedente.",
    ),
    "en": (
        "# Tira & Passa: a game as the player hears it",
        "Three players (you, Marco and Giulia, normal), assisted controls, normal speed, "
        "seed 1. Produced by the game itself with `benchmarks/tira_transcript.py`: each "
        "line is what the voice said, with the game time in seconds; in square brackets "
        "the sounds heard before it (left < 0 < right); ✱ marks a sentence that "
        "interrupts the previous one.",
    ),
}


def sound(cue: str, pan: float) -> str:
    return cue if pan == 0 else f"{cue} {pan:+.1f}"


def play(lang: str) -> list[str]:
    h = Harness(Path(tempfile.mkdtemp()), lang=lang, seed=1)
    table = TiraTable(h.app, TableSetup(players=3), 1)
    lines: list[str] = []
    said = 0
    sounds: list[str] = []
    play = h.audio.play

    def heard(cue: str, pan: float = 0.0, volume: float = 1.0) -> None:
        sounds.append(sound(cue, pan))  # every sound, however long the game
        play(cue, pan, volume)

    h.audio.play = heard  # type: ignore[method-assign]
    start = h.clock.now()
    h.start(table)
    while not table.finished:
        if throw_due(table, h.clock.now(), REACTION):
            h.press("space")
        h.advance(0.05)
        for spoken in h.speaker.spoken[said:]:
            mark = "✱ " if spoken.interrupt else ""
            noise = f"[{', '.join(sounds)}] " if sounds else ""
            lines.append(f"- {h.clock.now() - start:6.2f} s: {noise}{mark}{spoken.text}")
            sounds.clear()
        said = len(h.speaker.spoken)
    h.close()
    return lines


def main() -> None:
    write_transcripts("tira", HEADINGS, play)


if __name__ == "__main__":
    main()
