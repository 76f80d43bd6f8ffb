"""The ``audiogame`` command: parse the options, build the parts, run the loop."""

from __future__ import annotations

import argparse
import logging
import os
import signal
import sys
import threading
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from audiogame import __version__
from audiogame.cli_words import argparse_speaking, command_line_language
from audiogame.io.quiet import c_stderr_to_log
from audiogame.language.startup import LANGUAGES, plain_message, system_language
from audiogame.store.settings import (
    SPEECH_CHOICES,
    LoadResult,
    Settings,
    config_dir,
    data_dir,
    load_settings,
)

if TYPE_CHECKING:  # the modules behind these are loaded after the first words are spoken
    from audiogame.app.loop import App
    from audiogame.io.audio import AudioSystem
    from audiogame.io.speech.base import Speaker
    from audiogame.io.speech.chain import Built, SpeechChain
    from audiogame.io.terminal import TerminalKeys


#: the signals that end the game during start-up as Control+C does (SIGBREAK: Windows)
START_SIGNALS = ("SIGTERM", "SIGBREAK")

#: seeds are what a 64-bit number holds: any match can be replayed, none breaks the next
SEED_MAX = 2**64 - 1


def seed_arg(
    text: str, message: str = f"the seed must be a whole number from 0 to {SEED_MAX}"
) -> int:
    """``--seed``: a whole number from 0 to 2**64 - 1, or a clear error."""
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
    """The options; ``--help`` and the errors in ``--lang``'s language, else the system's."""
    given = list(sys.argv[1:] if argv is None else argv)
    with argparse_speaking(command_line_language(given)) as t:
        parser = argparse.ArgumentParser(
            prog="audiogame", description=t("cli-description"), epilog=t("cli-commands")
        )
        parser.add_argument("--lang", choices=LANGUAGES, help=t("cli-lang"))
        parser.add_argument("--speech", choices=SPEECH_CHOICES, help=t("cli-speech"))
        parser.add_argument("--no-sound", action="store_true", help=t("cli-no-sound"))
        parser.add_argument("--config-dir", type=Path, help=t("cli-config-dir"))
        parser.add_argument("--data-dir", type=Path, help=t("cli-data-dir"))
        bad_seed = t("cli-seed-bad")

        def seed(text: str) -> int:
            return seed_arg(text, bad_seed)

        parser.add_argument("--seed", type=seed, help=t("cli-seed"))
        parser.add_argument("--no-window", action="store_true", help=t("cli-no-window"))
        parser.add_argument("--terminal", action="store_true", help=t("cli-terminal"))
        parser.add_argument("--verbose", action="store_true", help=t("cli-verbose"))
        parser.add_argument(
            "--version", action="version", version=f"audiogame {__version__}", help=t("cli-version")
        )
        return parser.parse_args(given)


def apply_flags(settings: Settings, args: argparse.Namespace) -> None:
    """The command line's choices, for this run only: saving keeps the player's own."""
    if args.speech:
        settings.for_this_run("speech", args.speech)
    if args.lang:
        settings.for_this_run("language", args.lang)


def build_speech(
    choice: str,
    audio: AudioSystem,
    lang: str,
    rate: int,
    prebuilt: Mapping[str, Built] | None = None,
    terminal: bool = False,
) -> tuple[SpeechChain, str]:
    """The speech chain, and the backend it starts with."""
    from audiogame.io.speech.chain import build_speech as build_chain

    sink = audio if getattr(audio, "available", False) else None
    return build_chain(choice, sink, lang, rate, prebuilt=prebuilt, terminal=terminal)


def order_for(choice: str, terminal: bool = False) -> tuple[str, ...]:
    from audiogame.io.speech.chain import order_for as chain_order

    return chain_order(choice, terminal)


def early_speech(choice: str, lang: str, rate: int, terminal: bool) -> Built | None:
    """The speaker the greeting can go through before the sound device is probed: the
    screen reader when the choice starts with it and one is running, text when the
    choice is text only; None when the first words need the mixer (the built-in voice)."""
    first = order_for(choice, terminal)[0]
    if first == "screenreader":
        from audiogame.io.speech.chain import build_screenreader

        return build_screenreader(lang, rate, explicit=choice == "screenreader")
    if first == "text":
        from audiogame.io.speech.text import TextSpeaker

        return TextSpeaker(), None
    return None


def in_a_terminal(args: argparse.Namespace) -> bool:
    """The game will run with no window, in a terminal whose screen reader reads it."""
    return stdin_is_a_terminal() and (args.no_window or display_unlikely())


def main(argv: Sequence[str] | None = None) -> int:
    given = list(sys.argv[1:] if argv is None else argv)
    if given[:1] == ["serve"]:  # the game server, without loading pygame
        from audiogame.net.server_cli import main as serve

        return serve(given[1:])
    if given[:1] == ["verify"]:  # a finished online match, replayed from its seed
        # the games load pygame, whose banner would come before --seat's JSON lines
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        from audiogame.net.verify import main as verify

        return verify(given[1:])
    args = parse_args(given)
    configure_logging(args.verbose)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    if args.no_window:
        # no window wanted: SDL need not look for a display (and print about it)
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    # until the loop's own handlers take over: SIGTERM (and Control+Break in a Windows
    # console, SIGBREAK) leave through the way out too, the terminal given back
    for name in START_SIGNALS:
        number = getattr(signal, name, None)
        if number is not None:
            signal.signal(number, _terminated)
    if stdin_is_a_terminal() and (args.terminal or args.no_window or display_unlikely()):
        # the terminal's key decoder takes ~0.2 s to import: done meanwhile, off the
        # path to the first spoken word
        threading.Thread(target=preload_terminal, name="terminal-preload", daemon=True).start()
    session: list[TerminalKeys] = []  # the terminal in raw mode, once there is one
    try:
        return run(args, session)
    except KeyboardInterrupt:  # Control+C or SIGTERM before the loop runs: leave quietly
        return 0
    finally:
        for terminal in session:
            terminal.close()


def run(args: argparse.Namespace, session: list[TerminalKeys]) -> int:
    settings_path = (args.config_dir or config_dir()) / "settings.json"
    loaded = load_settings(settings_path)
    settings = loaded.settings
    apply_flags(settings, args)
    lang = settings.language or system_language()

    # The first words go out before pygame, the games, the Fluent runtime and the scenes
    # are loaded, and before the sound device is probed when they need no mixer (a
    # screen reader, text): a Windows without a sound card keeps that probe waiting for
    # seconds, and under Wine pygame's import alone is 0.3 s of CPU
    greeting = plain_message(lang, "welcome")
    terminal_only = in_a_terminal(args)
    early = early_speech(settings.speech, lang, settings.voice_rate, terminal_only)
    if greeting and early is not None and early[0] is not None:
        early[0].speak(greeting)

    import pygame

    from audiogame.games import registry
    from audiogame.io.audio import AudioSystem
    from audiogame.io.sdl import start_sdl

    audio = AudioSystem(enabled=not args.no_sound, cues=registry.cues)
    with c_stderr_to_log("opening the sound device"):
        audio.start(load_cues=False)  # the only time the sound device is opened
    audio.cue_volume = settings.cue_volume
    audio.speech_volume = settings.speech_volume
    prebuilt: dict[str, Built] = {}
    if early is not None:
        prebuilt[order_for(settings.speech, terminal_only)[0]] = early
    speaker, active = build_speech(
        settings.speech, audio, lang, settings.voice_rate, prebuilt, terminal_only
    )
    if greeting and (early is None or early[0] is None):
        speaker.speak(greeting)
    terminal = None
    if (args.terminal or args.no_window) and stdin_is_a_terminal():
        terminal = open_terminal(session)  # raw now: keys typed meanwhile are not echoed
    audio.load_cues()
    with c_stderr_to_log("starting SDL"):
        start_sdl()  # not pygame.init(): it would open the sound device a second time

    from audiogame.app.loop import App
    from audiogame.app.shutdown import StopOnSignal
    from audiogame.io.window import Window
    from audiogame.language.localizer import Localizer
    from audiogame.store.lock import open_saves

    localizer = Localizer(lang, games=registry.message_folders)
    folder = args.data_dir or data_dir()
    saves, lock = open_saves(folder)
    if saves.off is not None:  # printed too: whoever started it from a terminal sees why
        print(localizer("game-already-open"), file=sys.stderr)
    window = None
    if not args.no_window and has_display():
        window = Window.open(localizer("window-title"))
        attach_braille(speaker)
    if terminal is None and window is None and stdin_is_a_terminal():
        terminal = open_terminal(session)
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
    # from here a stop signal asks the app to quit and the way out below runs: one that
    # comes while the menu is being set up must not skip the saves' flush
    try:
        with StopOnSignal(app):
            parts = (audio, speaker, terminal)
            greet_and_listen(app, parts, args, loaded, greeting, window is None)
            app.run()
    finally:
        if terminal is not None:
            terminal.close()  # the terminal back as it was before anything else can fail
        app.save_before_exit()
        saves.close(2.0)
        lock.release()
        app.settings_writer.close(2.0)
        speaker.close()
        audio.close()
        pygame.quit()
    return 0


def greet_and_listen(
    app: App,
    parts: tuple[AudioSystem, Speaker, TerminalKeys | None],
    args: argparse.Namespace,
    loaded: LoadResult,
    greeting: str | None,
    no_window: bool,
) -> None:
    """The main menu on top, what the player must know said, the terminal's keys heard."""
    from audiogame.ui.main_menu import MainMenu

    audio, speaker, terminal = parts
    settings, localizer = app.settings, app.localizer
    app.load_saved_match()
    wire_faults(app, audio, speaker)
    tell_skipped(app, speaker, settings.speech)
    if greeting:
        app.history.add(greeting)
    app.push(MainMenu(app, greeted=bool(greeting)))
    app.settings_loaded(loaded)
    if not audio.available and not args.no_sound:
        app.notify("no-sound-device")
    if terminal is None and no_window:
        # started with no display and its input not a terminal (a pipe, a service, a
        # desktop launcher on a machine with no screen): no key can reach it. Said and
        # printed, so whoever started it knows why the game does not answer
        print(localizer("no-keyboard"), file=sys.stderr)
        app.notify("no-keyboard")
    if terminal is not None:
        app.help_extra.append("keys-terminal")  # after F1: the keys standing in here
        from audiogame.io.terminal import MARKS_VAR, KeyMarks, write_mark

        if os.environ.get(MARKS_VAR):
            marks = KeyMarks(lambda: not app.idle_tasks, write_mark)
            app.key_listeners.append(marks.key)
            app.frame_ends.append(marks.frame_end)
        if no_window:  # the terminal gone, no key can ever come: leave as on Ctrl+C
            terminal.on_closed = terminal.on_interrupt
        terminal.listen()


#: loggers whose warnings the player already hears in words (see configure_logging)
QUIET_LOGGERS = ("audiogame.io.audio.mixer", "audiogame.io.window", "audiogame.store")


def configure_logging(verbose: bool) -> None:
    """With ``--verbose`` the log goes to the terminal; otherwise warnings only, and
    nothing from C libraries (see ``io.quiet``): a screen reader reads every line."""
    logging.basicConfig(level=logging.INFO if verbose else logging.WARNING)
    if not verbose:
        # the game says these itself, in the player's language: no sound device, no
        # window, settings reset or damaged, a match not saved (after every move while
        # the disk is full), the data folder's lock
        for name in QUIET_LOGGERS:
            logging.getLogger(name).setLevel(logging.ERROR)


def _terminated(_signum: int, _frame: object) -> None:
    """SIGTERM during start-up: leave through the normal way out (terminal restored)."""
    raise KeyboardInterrupt


NO_DISPLAY_DRIVERS = frozenset({"dummy", "offscreen"})


def has_display() -> bool:
    """False when SDL found no screen (SSH, a text console): it then falls back to a
    driver that draws nowhere, and keys can only come from the terminal."""
    import pygame

    try:
        return pygame.display.get_driver() not in NO_DISPLAY_DRIVERS
    except pygame.error:
        return False


def display_unlikely() -> bool:
    """A guess made before SDL starts (which decides): a Linux or BSD session without
    X11 or Wayland (SSH, a text console) has no display; Windows and macOS always do."""
    if sys.platform in ("win32", "darwin"):
        return False
    return not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def stdin_is_a_terminal() -> bool:
    try:
        return bool(sys.stdin) and sys.stdin.isatty()
    except (AttributeError, ValueError):
        return False


def preload_terminal() -> None:
    try:
        import prompt_toolkit.input  # noqa: F401
    except Exception:  # reported when the terminal is opened
        pass


def open_terminal(session: list[TerminalKeys]) -> TerminalKeys | None:
    from audiogame.io.terminal import TerminalKeys

    try:
        terminal = TerminalKeys()
        terminal.raw()
    except Exception:  # no usable terminal: the window (if any) still takes keys
        logging.getLogger(__name__).warning("no keys from the terminal", exc_info=True)
        return None
    session.append(terminal)
    return terminal


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


def attach_braille(speaker: Speaker) -> None:
    """In a window on Linux the game's messages go to BRLTTY's braille line (BrlAPI),
    for the window's own tty path; it connects in the background. Elsewhere braille
    goes through the screen reader (NVDA's and JAWS's own braille); in a terminal
    BRLTTY shows what is printed."""
    from audiogame.io.speech.chain import SpeechChain

    if not sys.platform.startswith("linux") or not isinstance(speaker, SpeechChain):
        return
    from audiogame.io.braille.line import open_braille_line

    speaker.display = open_braille_line(window=x_window_id)


def x_window_id() -> int | None:
    """The game window's X11 id, for BRLTTY to know when it has the focus (None
    elsewhere: Wayland, no window)."""
    import pygame

    try:
        window = pygame.display.get_wm_info().get("window")
    except pygame.error:
        return None
    return window if isinstance(window, int) else None


#: why a backend was passed over that the player hears at start even under ``auto``
#: (a screen reader that is not running is only logged: most players have none)
TOLD_AT_START = frozenset({"hung", "failed", "silent"})


def tell_skipped(app: App, speaker: Speaker, choice: str) -> None:
    """Once, at start: the backend the player chose, or one that misbehaved, could
    not speak; which one speaks instead (the log and Options say it too)."""
    new = app.localizer(f"speech-{app.speech_active}")
    for skipped in getattr(speaker, "skipped", ()):
        if skipped.reason == "no-sound":  # said on its own ("no-sound-device")
            continue
        if skipped.reason in TOLD_AT_START or skipped.name == choice:
            app.notify(
                "speech-skipped-start",
                name=app.localizer(f"speech-{skipped.name}"),
                reason=app.localizer(f"speech-skip-{skipped.reason}"),
                new=new,
            )


if __name__ == "__main__":
    sys.exit(main())
