"""Can speech keep up? Words per message, and bot moves that cut the last one short.

Run: ``uv run python benchmarks/speech_pacing.py [--lang it en] [--voice-moves N]``

Prints, for each language:

1. **Words per message** at the default verbosity, over a whole Domino match
   (you and three normal bots, double 6, the default limits; you play the first
   tile that fits) and a whole Tira game (you and two bots; you only make the
   calm rolls the table makes for you): how many messages, the mean, median,
   90th percentile and longest, and the longest three with their words; what
   is heard at once (a frame's messages in one utterance); and Domino's three
   long messages (the opening, a manche's end, the match's end) over every
   table ``message_words.py`` plays.
2. **Overlap, modelled**: the same Domino match on the virtual clock, the
   speaker timed by the listening model at the default rate (as a screen
   reader or the text backend is): the share of bot moves made while the
   player had not yet heard everything said before (``devtools.ears``), with
   pacing by speech (the table as it is) and without (the old behaviour: the
   same match with a transcript heard at once, the model applied afterwards).
3. **Overlap, built-in voice**: eSpeak NG rendering for real on the mixer (SDL's
   dummy driver plays in real time), the app on the real clock for
   ``--voice-moves`` bot moves: a bot move overlaps when the voice has not
   finished what was said before it (``SelfVoiceSpeaker.unfinished``); with
   pacing, and with the table told not to wait (``waits_for_speech`` off).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import pygame  # noqa: E402
from message_words import words_per_message  # noqa: E402

from audiogame.app.loop import App  # noqa: E402
from audiogame.core.clock import RealClock  # noqa: E402
from audiogame.devtools.domino_keys import END_KEYS  # noqa: E402
from audiogame.devtools.ears import Ears, times_of  # noqa: E402
from audiogame.devtools.harness import Harness, key_event  # noqa: E402
from audiogame.games import registry  # noqa: E402
from audiogame.games.domino import Phase, Play  # noqa: E402
from audiogame.games.domino.table_setup import DominoSetup  # noqa: E402
from audiogame.games.tirapassa.table_setup import TableSetup  # noqa: E402
from audiogame.io.audio import AudioSystem  # noqa: E402
from audiogame.io.speech.selfvoice import build_self_voice  # noqa: E402
from audiogame.language.localizer import Localizer  # noqa: E402
from audiogame.store.saves import SaveStore  # noqa: E402
from audiogame.store.settings import DEFAULT_VOICE_RATE, Settings  # noqa: E402
from audiogame.ui.games.domino.table import DominoTable  # noqa: E402
from audiogame.ui.games.tira.table import TiraTable  # noqa: E402

SEED = 11
BOT_MOVES = ("TilePlayed", "Drew", "Passed")


def domino_setup() -> DominoSetup:
    setup = DominoSetup(levels=["normal", "normal", "normal"], pace=1.5)
    setup.options["set"] = "double-6"
    return setup


def my_key(table: DominoTable) -> str | None:
    """The key a player presses at their turn: the first tile that fits, else Space."""
    match = table.match
    if match.phase is not Phase.PLAYING or match.current_seat != 0:
        return None
    plays = [a for a in match.legal_actions(0) if isinstance(a, Play)]
    if not plays:
        return "space"
    table.controls.focus = plays[0].uid
    return END_KEYS[plays[0].end]


class Messages:
    """Every message the history receives, as it receives it (it keeps only the last)."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.seen = app.history.version
        self.all: list[str] = []

    def look(self) -> None:
        new = self.app.history.version - self.seen
        if new:
            self.all += self.app.history.last(new)
            self.seen = self.app.history.version


def utterance_figures(name: str, ears: Ears) -> None:
    """What is heard at once: a frame's events joined in one utterance."""
    counts = sorted(words(line.text) for line in ears.lines)
    p90 = counts[int(0.9 * (len(counts) - 1))]
    print(
        f"  {name}: {len(counts)} utterances, words mean {statistics.mean(counts):.1f}, "
        f"90th percentile {p90}, longest {counts[-1]}"
    )


def play_domino(h: Harness, ears: Ears, messages: Messages, table: DominoTable) -> None:
    for _ in range(200_000):
        if table.match.is_over:
            return
        key = my_key(table)
        if key is not None and not h.app.announcer.speaking:
            ears.press(key)
        else:
            ears.step()
        messages.look()
    raise RuntimeError("the match never ended")


def domino_match(lang: str, timed: bool) -> tuple[list[str], float, int, Ears]:
    """A whole match: its messages, and the share of bot moves that overlapped (model)."""
    with tempfile.TemporaryDirectory() as tmp:
        h = Harness(Path(tmp), lang, timed_speech=timed)
        table = DominoTable(h.app, domino_setup(), SEED, iterations=40)
        h.start(table)
        ears, messages = Ears(h), Messages(h.app)
        ears.look()
        moves = times_of(table, BOT_MOVES)
        play_domino(h, ears, messages, table)
        overlapping = sum(1 for when in moves if ears.heard_by(when) > when + 1e-9)
        h.close()
        return messages.all, overlapping / max(len(moves), 1), len(moves), ears


def tira_game(lang: str) -> list[str]:
    with tempfile.TemporaryDirectory() as tmp:
        h = Harness(Path(tmp), lang)
        table = TiraTable(h.app, TableSetup(players=3), SEED)
        h.start(table)
        ears, messages = Ears(h), Messages(h.app)
        for _ in range(2_000_000):
            if table.finished:
                break
            ears.step()
            messages.look()
        h.close()
        return messages.all


def long_messages(lang: str) -> None:
    """Domino's three long messages (``message_words``: every table it plays)."""
    figures = words_per_message((lang,)).values()
    manches = [n for f in figures for n in f.manches]
    print(
        f"  Domino's long messages over {len(figures)} tables (message_words.py): opening "
        f"at most {max(f.opening for f in figures)} words, a manche's end at most "
        f"{max(manches)} (median {statistics.median(manches):g}), the match's end at most "
        f"{max(f.end for f in figures)}"
    )


def words(text: str) -> int:
    return len(text.split())


def word_figures(name: str, messages: list[str]) -> None:
    counts = sorted(words(m) for m in messages)
    p90 = counts[int(0.9 * (len(counts) - 1))]
    print(
        f"  {name}: {len(counts)} messages, words per message mean "
        f"{statistics.mean(counts):.1f}, median {statistics.median(counts):.0f}, "
        f"90th percentile {p90}, longest {counts[-1]}"
    )
    for message in sorted(messages, key=words, reverse=True)[:3]:
        print(f"    {words(message):3d} words: {message}")


# -- the built-in voice, in real time ---------------------------------------------------


def voice_overlap(lang: str, moves_wanted: int, paced: bool) -> tuple[float, int, float] | None:
    """The share of bot moves made while the voice was still saying what came before."""
    pygame.init()
    audio = AudioSystem(enabled=True, cues=registry.cues)
    audio.start()
    voice = build_self_voice(audio, lang, DEFAULT_VOICE_RATE)
    if voice is None:
        return None
    with tempfile.TemporaryDirectory() as tmp:
        app = App(
            localizer=Localizer(lang, games=registry.message_folders),
            speaker=voice,
            audio=audio,
            settings=Settings(language=lang),
            settings_path=None,
            clock=RealClock(),
            seed=SEED,
            data_dir=Path(tmp),
            saves=SaveStore(Path(tmp)),
        )
        table = DominoTable(app, domino_setup(), SEED, iterations=40)
        if not paced:
            table.waits_for_speech = lambda: False  # type: ignore[method-assign]
        overlaps: list[bool] = []

        def watch(batch: Any) -> None:
            if any(type(e).__name__ in BOT_MOVES and e.seat != 0 for e in batch):
                overlaps.append(voice.unfinished() > 0)

        table.watchers.append(watch)
        app.push(table)
        start = time.monotonic()
        run_until(app, table, lambda: len(overlaps) >= moves_wanted or table.match.is_over)
        elapsed = time.monotonic() - start
        voice.close()
        audio.close()
        return sum(overlaps) / max(len(overlaps), 1), len(overlaps), elapsed


def run_until(app: App, table: DominoTable, done: Callable[[], bool]) -> None:
    while not done():
        key = my_key(table)
        if key is not None and not app.announcer.speaking:
            pygame.event.post(key_event(key))
        app.step()
        app.run_idle(0.005)
        time.sleep(0.004)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--lang", nargs="+", default=["it", "en"])
    parser.add_argument("--voice-moves", type=int, default=12)
    args = parser.parse_args()
    for lang in args.lang:
        print(f"[{lang}] default rate {DEFAULT_VOICE_RATE} words per minute")
        said, paced_share, moves, ears = domino_match(lang, timed=True)
        word_figures("Domino, a whole match", said)
        utterance_figures("Domino, as heard", ears)
        long_messages(lang)
        word_figures("Tira, a whole game", tira_game(lang))
        _, plain_share, plain_moves, _ = domino_match(lang, timed=False)
        print(
            f"  overlap, modelled: {paced_share:.1%} of {moves} bot moves with pacing by "
            f"speech; {plain_share:.1%} of {plain_moves} without"
        )
        if args.voice_moves <= 0:
            continue
        for paced in (True, False):
            found = voice_overlap(lang, args.voice_moves, paced)
            label = "with pacing" if paced else "without pacing"
            if found is None:
                print("  overlap, built-in voice: no voice on this machine")
                break
            share, count, elapsed = found
            print(
                f"  overlap, built-in voice, {label}: {share:.1%} of {count} bot moves "
                f"({elapsed:.0f} s)"
            )


if __name__ == "__main__":
    main()
