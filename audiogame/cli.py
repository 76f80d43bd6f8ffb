"""The ``audiogame`` command: parse the options, build the parts, run the loop."""

from __future__ import annotations

import argparse
import logging
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from audiogame.language.startup import LANGUAGES, plain_message, system_language
from audiogame.store.settings import (
    SPEECH_CHOICES,
    Settings,
    config_dir,
    data_dir,
    load_settings,
)

if TYPE_CHECKING:  # the modules behind these are loaded after the first words are spoken
    from audiogame.app.loop import App
    from audiogame.io.audio import AudioSystem
    from audiogame.io.speech.base import Speaker
    from audiogame.io.speech.chain import SpeechChain


#: seeds are what a 64-bit number holds: any match can be replayed, none breaks the next
SEED_MAX = 2**64 - 1


def seed_arg(text: str) -> int:
    """``--seed``: a whole number from 0 to 2**64 - 1, or a clear error."""
    message = f"the seed must be a whole number from 0 to {SEED_MAX}"
    if len(text.strip()) > len(str(SEED_MAX)) + 1:  # never parse a 4,300-digit number
        raise argparse.ArgumentTypeError(message)
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(message) from None
    if not 0 <= value <= SEED_MAX:
        raise argparse.ArgumentTypeError(message)
    return value


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="audiogame", description="Audio games for blind players: Domino and Tira & Passa."
    )
    parser.add_argument(
        "--lang", choices=LANGUAGES, help="language (default: options, then system)"
    )
    parser.add_argument(
        "--speech", choices=SPEECH_CHOICES, help="speech backend (default: options)"
    )
    parser.add_argument("--no-sound", action="store_true", help="play without sound cues")
    parser.add_argument("--config-dir", type=Path, help="where settings are kept")
    parser.add_argument("--data-dir", type=Path, help="where saved matches are kept")
    parser.add_argument(
        "--seed", type=seed_arg, help=f"seed for the games, 0 to {SEED_MAX} (replays a match)"
    )
    parser.add_argument(
        "--no-window", action="store_true", help="no window: speech and terminal only"
    )
    parser.add_argument("--verbose", action="store_true", help="log to the terminal")
    return parser.parse_args(argv)


def apply_flags(settings: Settings, args: argparse.Namespace) -> None:
    """The command line's choices, for this run only: saving keeps the player's own."""
    if args.speech:
        settings.for_this_run("speech", args.speech)
    if args.lang:
        settings.for_this_run("language", args.lang)


def build_speech(choice: str, audio: AudioSystem, lang: str, rate: int) -> tuple[SpeechChain, str]:
    """The speech chain, and the backend it starts with."""
    from audiogame.io.speech.chain import build_speech as build_chain

    sink = audio if getattr(audio, "available", False) else None
    return build_chain(choice, sink, lang, rate)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    try:
        return run(args)
    except KeyboardInterrupt:  # Control+C before the loop runs: leave quietly
        return 0


def run(args: argparse.Namespace) -> int:
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

    import pygame

    from audiogame.io.audio import AudioSystem

    settings_path = (args.config_dir or config_dir()) / "settings.json"
    loaded = load_settings(settings_path)
    settings = loaded.settings
    apply_flags(settings, args)
    lang = settings.language or system_language()

    audio = AudioSystem(enabled=not args.no_sound)
    audio.start(load_cues=False)  # before pygame.init(): the mixer wants its small buffer
    audio.cue_volume = settings.cue_volume
    audio.speech_volume = settings.speech_volume
    speaker, active = build_speech(settings.speech, audio, lang, settings.voice_rate)
    # The first words go out before the Fluent runtime and the scenes are loaded.
    greeting = plain_message(lang, "welcome")
    if greeting:
        speaker.speak(greeting)
    audio.load_cues()
    pygame.init()

    from audiogame.app.loop import App
    from audiogame.app.shutdown import StopOnSignal
    from audiogame.io.window import Window
    from audiogame.language.localizer import Localizer
    from audiogame.store.lock import open_saves
    from audiogame.ui.main_menu import MainMenu

    localizer = Localizer(lang)
    folder = args.data_dir or data_dir()
    saves, lock = open_saves(folder)
    if saves.off is not None:  # printed too: whoever started it from a terminal sees why
        print(localizer("game-already-open"), file=sys.stderr)
    window = None if args.no_window else Window.open(localizer("window-title"))
    app = App(
        localizer=localizer,
        speaker=speaker,
        audio=audio,
        settings=settings,
        settings_path=settings_path,
        window=window,
        speech_active=active,
        seed=args.seed,
        data_dir=folder,
        saves=saves,
    )
    app.load_saved_match()
    wire_faults(app, audio, speaker)
    if greeting:
        app.history.add(greeting)
    app.push(MainMenu(app, greeted=bool(greeting)))
    app.settings_loaded(loaded)
    if not audio.available and not args.no_sound:
        app.notify("no-sound-device")
    try:
        with StopOnSignal(app):
            app.run()
    finally:
        app.save_before_exit()
        saves.flush(2.0)
        lock.release()
        app.settings_writer.flush(2.0)
        speaker.close()
        audio.close()
        pygame.quit()
    return 0


def wire_faults(app: App, audio: AudioSystem, speaker: Speaker) -> None:
    """Tell the player, once, when the sound device or the screen reader goes away."""
    from audiogame.io.speech.chain import SpeechChain

    def sound_failed(_reason: str) -> None:
        app.notify("sound-lost")

    def speech_fell_back(old: str, new: str) -> None:
        app.speech_active = new
        app.notify(
            "speech-fallback",
            old=app.localizer(f"speech-{old}"),
            new=app.localizer(f"speech-{new}"),
        )

    audio.on_failure = sound_failed
    if isinstance(speaker, SpeechChain):  # the only speaker that can fall back
        speaker.on_fallback = speech_fell_back


if __name__ == "__main__":
    sys.exit(main())
