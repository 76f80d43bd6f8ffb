"""Playing from a terminal: the real ``audiogame`` command in a pseudo-terminal.

Issue 13, item 1 (and the command-line ends of items 11 and 12). The command
runs as a terminal or SSH would run it, with the text speech backend and SDL's
dummy drivers; keys are the bytes a terminal sends. Each key of the Domino
table is answered exactly as the window answers it (the same key posted to the
real loop in the harness, same seed, same state); the terminal gets back its
settings on quit, Control+C, SIGTERM and a crash; start-up prints nothing but
the game's words.
"""

from __future__ import annotations

import functools
import json
import os
import re
import signal
import sys

import pytest

if sys.platform == "win32":  # pragma: no cover - the pty module is POSIX only
    pytest.skip(
        "pseudo-terminals exist on POSIX systems only; on Windows prompt_toolkit reads "
        "the console's own key records, which this machine cannot create",
        allow_module_level=True,
    )

from audiogame.devtools.pty_session import PtyGame  # noqa: E402

INVISIBLE = re.compile("[\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]")


def norm(lines: list[str]) -> list[str]:
    return [" ".join(INVISIBLE.sub("", line).split()) for line in lines if line.strip()]


@pytest.fixture
def pty_game(tmp_path):
    games: list[PtyGame] = []

    def start(*args: str, **kwargs) -> PtyGame:
        # folders of its own: a harness in the same test keeps its saves in tmp_path
        game = PtyGame(tmp_path / f"pty{len(games)}", args=args, **kwargs)
        games.append(game)
        return game

    yield start
    for game in games:
        game.close()


@functools.cache
def domino_seed(i_start: bool, first: int) -> int:
    """The first app seed from ``first`` whose Domino deal has the player start (or a bot,
    ``i_start`` False), looked for by the window's keys on the same code the terminal
    runs: a seed written here would hold only for the deals it was picked on."""
    import tempfile
    from pathlib import Path

    from audiogame.devtools.harness import Harness
    from audiogame.ui.main_menu import MainMenu

    for seed in range(first, first + 50):
        with tempfile.TemporaryDirectory() as folder:
            h = Harness(Path(folder), lang="en", seed=seed)
            try:
                h.start(MainMenu(h.app, greeted=True))
                h.press("enter")
                if ("You start." in h.press("enter")) == i_start:
                    return seed
            finally:
                h.close()
    who = "the player" if i_start else "a bot"
    raise AssertionError(f"no seed in {first}..{first + 49} deals a Domino match {who} starts")


def i_start() -> int:
    """A deal where the player starts: the table is at their turn at once, with no bot
    move to wait out at the reading pace (pacing is not what these tests are about)."""
    return domino_seed(True, 10)


def test_walk_the_main_menu_and_open_a_game(pty_game) -> None:
    from audiogame.ui.main_menu import fixed_items, offered_games

    games = len(offered_games())
    n = games + fixed_items()  # the games the registry finds, then the app's own items
    g = pty_game("--seed", str(i_start()))
    g.wait_for(rf"^Main menu\. Domino, 1 of {n}$")
    assert not g.terminal_restored()  # raw mode while playing
    assert g.answer("\x1b[B") == [f"Tira e Passa, after the dice game by Andreas Schmidt, 2 of {n}"]
    assert g.answer("\x1b[A") == [f"Domino, 1 of {n}"]
    assert g.answer("\x1b[F") == [f"Quit, {n} of {n}"]
    assert g.answer("\x1b[H") == [f"Domino, 1 of {n}"]
    options = n - 2  # Options, Help, Quit end the menu
    assert g.answer("o") == [f"Options, {options} of {n}"]
    helped = g.answer("\x1bOP")  # F1: the keys in parts of about 20 words, F1 again the next
    assert helped[0].startswith("Up and Down arrows to choose a game")
    for _ in range(12):
        if helped[0].startswith("In the terminal: F2 the rules"):
            break
        helped = g.answer("\x1bOP")
    assert helped[0].startswith("In the terminal: F2 the rules")
    assert g.answer("\x1b") == ["Do you really want to quit? Press Y for yes, N for no."]
    assert g.answer("n") == [f"Main menu. Options, {options} of {n}"]
    g.answer("\x1b[H")
    assert g.answer("\r")[0].startswith("Domino, table setup. Start the match, 1 of 15")
    started = g.answer("\r")
    assert started[0].startswith("Domino with Marco, Giulia and Luca, to 100 points.")
    assert "You start." in started[0]
    assert g.answer("\x03") == []  # Control+C quits at once, silently
    assert g.wait_exit() == 0
    assert g.terminal_restored()
    # nothing the terminal echoed, nothing but the game's words
    assert "^[" not in g.text() and "ALSA" not in g.text()


#: the Domino table's keys at my turn, as the window names them and as a terminal sends
#: them; the keys that change nothing come first, then the sort orders, then a play
DOMINO_KEYS = [
    (("h", {}), "h"),
    (("c", {}), "c"),
    (("t", {}), "t"),
    (("e", {}), "e"),
    (("v", {}), "v"),
    (("p", {}), "p"),
    (("down", {}), "\x1b[B"),
    (("down", {}), "\x1bOB"),
    (("up", {}), "\x1b[A"),
    (("end", {}), "\x1b[F"),
    (("home", {}), "\x1b[1~"),
    (("left", {}), "\x1b[D"),
    (("f1", {}), "\x1bOP"),
    (("pageup", {}), "\x1b[5~"),
    (("pagedown", {}), "\x1b[6~"),
    (("pageup", {"shift": True}), "\x1bOR"),  # F3
    (("pagedown", {"shift": True}), "\x1bOS"),  # F4
    (("pageup", {"ctrl": True}), "\x1b[5;5~"),
    (("f8", {}), "\x1b[19~"),
    (("f7", {}), "\x1b[18~"),
    (("f8", {"shift": True}), "\x1b[17;2~"),  # Shift+F6
    (("f7", {"shift": True}), "\x1b[15;2~"),  # Shift+F5
    (("f8", {"shift": True}), "\x1b[19;2~"),
    (("s", {"ctrl": True}), "\x13"),
    (("ctrl", {}), "\x00"),  # Control+Space
    (("x", {}), "x"),  # not a key of the table: the error sound, no words
    (("f1", {"ctrl": True}), "\x1bOQ"),  # F2: the rules
    (("escape", {}), "\x1b"),
    (("f1", {"ctrl": True}), "\x1b[1;5P"),
    (("escape", {}), "\x1b"),
    *[((str(n), {"ctrl": True}), f"\x1b{n}") for n in range(1, 9)],  # Alt+digit
    (("h", {"shift": True}), "H"),
    (("left", {}), "\x1b[D"),
    (("right", {}), "\x1b[C"),
    (("p", {"shift": True}), "P"),
    (("p", {"shift": True}), "P"),
    (("home", {}), "\x1b[H"),
    (("enter", {}), "\r"),
]


def test_every_domino_table_key_answers_as_in_the_window(pty_game, harness_factory) -> None:
    from audiogame.ui.main_menu import MainMenu

    # the window: the same keys posted to the real loop, same seed, same state
    h = harness_factory("en", seed=i_start())
    h.app.history.add("Welcome to audiogame.")
    h.start(MainMenu(h.app, greeted=True))
    h.press("enter")
    assert "You start." in h.press("enter")

    g = pty_game("--seed", str(i_start()))
    g.wait_for("Main menu")
    g.answer("\r")
    assert "You start." in g.answer("\r")[0]

    for (name, mods), data in DOMINO_KEYS:
        mark = len(h.speaker.spoken)
        h.press(name, **mods)
        expected = norm(h.transcript[mark:])
        said = norm(g.answer(data))
        # F1 at the table says its first part in both (the terminal's stand-ins come
        # as its last part, F1 after F1)
        assert said == expected, f"{name} {mods} sent as {data!r}"
    assert g.answer("\x03") == []
    assert g.wait_exit() == 0 and g.terminal_restored()


#: Tira's keys, sent in one burst before "go!" (the race runs in real time in the
#: terminal, on a virtual clock in the harness: before the start both are still)
TIRA_KEYS = [
    ("g", "g"),
    ("c", "c"),
    ("p", "p"),
    ("f1", "\x1bOP"),
    *[(str(n), str(n)) for n in range(1, 7)],
    *[(c, c) for c in "sldrv"],
    ("left", "\x1b[D"),
    ("right", "\x1b[C"),
    ("enter", "\r"),
]


def test_tira_keys_answer_as_in_the_window(pty_game, harness_factory) -> None:
    h = harness_factory("en")
    h.start()
    g = pty_game("--seed", "1")
    g.wait_for("Main menu")
    for name, data in [("down", "\x1b[B"), ("enter", "\r"), ("enter", "\r"), ("enter", "\r")]:
        mark = len(h.speaker.spoken)
        h.press(name)
        assert norm(g.answer(data)) == norm(h.transcript[mark:])
    mark = len(h.speaker.spoken)
    for name, _data in TIRA_KEYS:
        h.press(name)
    expected = norm(h.transcript[mark:])
    assert len(expected) >= len(TIRA_KEYS) - 1
    said = norm(g.answer("".join(data for _name, data in TIRA_KEYS)))
    said = [line for line in said if not line.startswith("In the terminal:")]  # after F1
    assert said[: len(expected)] == expected
    said = " ".join(g.answer("h"))
    assert "dice" in said.lower()
    assert g.answer("\x03") == []
    assert g.wait_exit() == 0 and g.terminal_restored()


def test_sigterm_gives_the_terminal_back(pty_game) -> None:
    g = pty_game()
    g.wait_for("Main menu")
    g.proc.send_signal(signal.SIGTERM)
    assert g.wait_exit() == 0  # the ordinary way out (app.shutdown)
    assert g.terminal_restored()


def test_quitting_from_the_menu_gives_the_terminal_back(pty_game) -> None:
    g = pty_game()
    g.wait_for("Main menu")
    g.answer("\x1b")
    g.send("y")
    assert g.wait_exit() == 0
    assert g.terminal_restored()


def test_a_crash_gives_the_terminal_back(pty_game, tmp_path) -> None:
    # a fault injected into the loop: the first key raises, as a bug would
    script = (
        "import sys\n"
        "from audiogame.app import loop\n"
        "def broken(self, key):\n"
        "    raise RuntimeError('injected fault')\n"
        "loop.App.handle_key = broken\n"
        "from audiogame.cli import main\n"
        "sys.exit(main(sys.argv[1:]))\n"
    )
    g = pty_game(command=[sys.executable, "-c", script])
    g.wait_for("Main menu")
    g.send("\x1b[B")
    assert g.wait_exit() == 1
    assert g.terminal_restored()
    assert "injected fault" in g.text()


def test_no_noise_from_c_libraries_at_start(pty_game) -> None:
    """Without a sound card ALSA prints 16 lines, SDL 'XDG_RUNTIME_DIR is invalid':
    never in the player's terminal; in the log with --verbose."""
    quiet = pty_game("--no-window", env={"SDL_AUDIODRIVER": "", "SDL_VIDEODRIVER": ""})
    quiet.wait_for("Main menu")
    quiet.answer("\x03")
    quiet.wait_exit()
    before_menu = quiet.text().split("Main menu")[0]
    assert before_menu.strip() == "Welcome to audiogame."

    loud = pty_game("--no-window", "--verbose", env={"SDL_AUDIODRIVER": "", "SDL_VIDEODRIVER": ""})
    loud.wait_for("Main menu")
    loud.answer("\x03")
    loud.wait_exit()
    text = loud.text()
    if "ALSA" in text:  # a machine without a sound card: the noise went to the log
        assert "INFO:audiogame.io.quiet:opening the sound device: ALSA lib" in text


def test_flags_on_the_command_line_are_not_saved(pty_game, tmp_path) -> None:
    config = tmp_path / "config"
    config.mkdir()
    saved = {"version": 1, "speech": "voice", "language": "it", "cue_volume": 0.5}
    (config / "settings.json").write_text(json.dumps(saved))
    g = pty_game(lang="en", config_dir=config)
    g.wait_for("Main menu")
    assert "60" in " ".join(g.answer("\x1b[19~"))  # F8: louder, and the settings saved
    g.answer("\x03")
    assert g.wait_exit() == 0
    data = json.loads((config / "settings.json").read_text())
    assert data["cue_volume"] == 0.6
    assert data["speech"] == "voice" and data["language"] == "it"


@pytest.mark.parametrize("env", [{"LANG": "C"}, {"LANG": "C.UTF-8"}, {"LC_ALL": "POSIX"}, {}])
def test_a_system_asking_for_no_language_hears_italian(pty_game, env) -> None:
    g = pty_game(lang="", env=env)
    assert g.wait_for("Menu principale").startswith("Menu principale")
    assert g.text().split("Menu principale")[0].strip() == "Benvenuto in audiogame."
    g.answer("\x03")
    g.wait_exit()


def test_a_system_asking_for_english_hears_english(pty_game) -> None:
    g = pty_game(lang="", env={"LANG": "it_IT.UTF-8", "LC_MESSAGES": "en_GB.UTF-8"})
    g.wait_for("Main menu")
    g.answer("\x03")
    g.wait_exit()


def test_a_settings_field_reset_is_said_not_logged_on_the_terminal(pty_game, tmp_path) -> None:
    """A volume typed by hand: the game says which setting went back, in the player's
    words; no English log line before the greeting for the screen reader to read."""
    config = tmp_path / "config"
    config.mkdir()
    (config / "settings.json").write_text('{"version": 1, "cue_volume": "loud"}')
    g = pty_game(lang="it", config_dir=config)
    g.wait_for("Menu principale")
    g.wait_for("Volume dei suoni")  # the game told the player which one
    g.answer("\x03")
    assert g.wait_exit() == 0
    assert g.text().split("Menu principale")[0].strip() == "Benvenuto in audiogame."
    assert "WARNING" not in g.text()


def test_a_closed_terminal_ends_the_game_the_ordinary_way(tmp_path) -> None:
    """The terminal goes away without a hangup signal (a dropped connection, an emulator
    killed while the game was not its controlling process): no key can ever come again,
    so the game leaves as on Control+C, keeping the match, instead of running on alone.
    (A pty of its own, read without a thread: a read blocked on the master would keep
    it open after os.close.)"""
    import pty
    import select
    import subprocess
    import time

    from audiogame.devtools.pty_session import default_command

    master, slave = pty.openpty()
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", TERM="xterm")
    data = tmp_path / "data"
    argv = [*default_command(), "--speech", "text", "--lang", "en", "--seed", str(i_start())]
    argv += ["--config-dir", str(tmp_path / "config"), "--data-dir", str(data)]
    proc = subprocess.Popen(
        argv, stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True
    )
    os.close(slave)
    printed = b""

    def until(text: bytes) -> None:
        nonlocal printed
        end = time.monotonic() + 120  # a bound only (the game's start: Python, pygame)
        while text not in printed and time.monotonic() < end:
            if select.select([master], [], [], 0.1)[0]:
                printed += os.read(master, 65536)
        assert text in printed, printed.decode(errors="replace")

    try:
        until(b"Main menu")
        os.write(master, b"\r")
        until(b"table setup")
        os.write(master, b"\r")
        until(b"You start")  # the match is under way, at my turn
        os.close(master)  # the terminal is gone
        assert proc.wait(120) == 0  # a bound only
        assert (data / "match-domino.json").exists()
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(5)


@pytest.mark.parametrize(
    ("env", "args", "expected", "english"),
    [
        (
            {"LANG": "it_IT.UTF-8"},
            ["--help"],
            ["uso: audiogame", "opzioni:", "lingua (", "Inoltre: audiogame serve avvia"],
            "show this",
        ),
        (
            {"LANG": "C"},
            ["--lnag", "it"],
            ["audiogame: errore: opzioni sconosciute: --lnag"],
            "unrecognized",
        ),
        (
            {"LANG": "it_IT.UTF-8"},
            ["--speech", "robot"],
            ["errore: opzione --speech: valore"],
            "invalid",
        ),
        (
            {"LANG": "it_IT.UTF-8"},
            ["--seed", "-1"],
            ["il seme deve essere un numero intero"],
            "seed must",
        ),
        (
            {"LANG": "it_IT.UTF-8"},
            ["--lang", "en", "--help"],
            ["usage: audiogame", "options:"],
            "uso:",
        ),
        (
            {"LANG": "en_GB.UTF-8"},
            ["--seed"],
            ["audiogame: error: option --seed: the value is"],
            "errore",
        ),
    ],
)
def test_the_command_line_speaks_the_players_language(pty_game, env, args, expected, english):
    """`audiogame --help` and a mistyped option, read by a screen reader in a terminal:
    in the language asked with --lang, else the system's, never half in English."""
    g = pty_game(*args, lang="", env=env)
    code = g.wait_exit()
    text = " ".join(g.text().split())
    assert code == (0 if "--help" in args else 2)
    for words in expected:
        assert words in text, text
    assert english not in text
