"""A newcomer's walk through a real terminal: what it found, each through a real pty.

The installed ``audiogame`` command runs in a pseudo-terminal with the text
backend (what a screen reader reads off a terminal), keys written as the bytes
a terminal sends (``devtools.pty_session``). Each test here is a problem a
player met on that walk, and fails on the code before its fix.
"""

from __future__ import annotations

import re
import subprocess
import sys
import time

import pytest

if sys.platform == "win32":  # pragma: no cover - the pty module is POSIX only
    pytest.skip(
        "pseudo-terminals exist on POSIX systems only; on Windows prompt_toolkit reads "
        "the console's own key records, which this machine cannot create",
        allow_module_level=True,
    )

from audiogame.devtools.pty_session import PtyGame  # noqa: E402
from tests.test_terminal_play import domino_seed  # noqa: E402


@pytest.fixture
def pty_game(tmp_path):
    games: list[PtyGame] = []

    def start(*args: str, **kwargs) -> PtyGame:
        game = PtyGame(tmp_path / f"pty{len(games)}", args=args, **kwargs)
        games.append(game)
        return game

    yield start
    for game in games:
        if game.proc.poll() is None:  # a failed check: leave the ordinary way first, so a
            game.send("\x03")  # table hosted here closes its server (a kill leaves it on)
            try:
                game.proc.wait(5)
            except subprocess.TimeoutExpired:
                pass
        game.close()


BOT_MOVE = {
    "en": r"(Marco|Giulia|Luca) (opens|plays|draws|passes)",
    "it": r"(Marco|Giulia|Luca) (apre|gioca|pesca|passa)",
}


def a_bot_starts() -> int:
    """A deal a bot starts: where the player starts, Space draws and no bot moves until
    the player plays."""
    return domino_seed(False, 3)


def test_pressing_a_key_again_and_again_does_not_stop_the_bots(pty_game) -> None:
    """Space pressed every half second while a bot has the turn: each press is answered
    ("It is not your turn."), and the bots go on. The printed answers used to pile up
    in the listening model (text cuts nothing), each holding game time for its reading
    after the others: the bots never moved for as long as the player kept pressing.
    One walk, in Italian: the answer's words in both languages are test_locales's."""
    lang = "it"
    g = pty_game("--seed", str(a_bot_starts()), lang=lang)
    g.wait_for("^(Main menu|Menu principale)")
    g.answer("\r")
    since = g.mark()
    g.send("\r")
    g.wait_for(r"^(Domino with|Domino con)", since)
    moved = re.compile(BOT_MOVE[lang])
    end = time.monotonic() + 60  # only ends a run that never ends (a bot moves in seconds)
    answers = 0
    while time.monotonic() < end:
        if any(moved.search(line) for line in g.lines_since(since)):
            break
        answers += len(g.answer(" "))
        time.sleep(0.5)  # the player's pace: this test is about pressing while bots move
    else:
        raise AssertionError(f"no bot moved in 60 s of presses: {g.lines_since(since)}")
    assert answers >= 1  # each press was answered meanwhile
    assert g.answer("\x03") == []
    assert g.wait_exit() == 0 and g.terminal_restored()


UP, DOWN, END = "\x1b[A", "\x1b[B", "\x1b[F"


def hosting(pty_game) -> PtyGame:
    """A game in English at the online menu's "Host a table"."""
    host = pty_game(lang="en")
    host.wait_for("^Main menu")
    host.answer(DOWN)
    host.answer(DOWN)
    assert host.answer("\r")[0].startswith("Play online.")
    assert host.answer(DOWN) == ["Host a table, 2 of 5"]
    return host


def test_two_terminals_host_and_join_a_table_on_this_computer(pty_game) -> None:
    """A table hosted for this computer only listens on any free port: its master hears
    the address another copy joins by with Alt+I, the terminal's Control+I (which a
    terminal sends as Tab: the invite code could not be asked at all, and the port
    was said nowhere, so a second terminal could never find the table)."""
    host = hosting(pty_game)
    host.answer("\r")
    assert host.answer(END)[0].startswith("Create the table")
    since = host.mark()
    host.send("\r")
    host.wait_for("^Domino table, waiting to start", since, timeout=120)
    said = " ".join(host.answer("\x1bi"))  # Alt+I
    assert said.startswith("Invite code: ")
    port = re.search(r"Address: 127\.0\.0\.1, port (\d+)\.", said)
    assert port is not None, said  # a port as digits, never "38,079"

    guest = pty_game(lang="it")
    guest.wait_for("^Menu principale")
    guest.answer(DOWN)
    guest.answer(DOWN)
    assert guest.answer("\r")[0].startswith("Gioca online.")
    guest.answer("\r")  # the name: the same login as the host's, so another one
    guest.answer("\x7f" * 40)
    guest.answer("Bea")
    assert guest.answer("\r")[0] == "Ora ti chiami Bea."
    guest.answer(END)
    assert guest.answer(UP)[0].startswith("Entra con un indirizzo")
    guest.answer("\r")
    guest.answer(f"127.0.0.1:{port.group(1)}")
    since = guest.mark()
    guest.send("\r")
    guest.wait_for("^Collegato", since, timeout=60)
    line = guest.wait_for("^Tavoli\\.", since, timeout=60)
    assert "Domino" in line
    mark, seated = host.mark(), guest.mark()
    guest.send("\r")
    host.wait_for("^Bea sits at seat 2", mark, timeout=60)
    guest.wait_for("^Tavolo di Domino, in attesa di cominciare", seated, timeout=60)
    for game in (guest, host):
        game.send("\x03")
        assert game.wait_exit() == 0 and game.terminal_restored()


@pytest.mark.parametrize(
    ("env", "args", "expected", "english"),
    [
        ({"LANG": "en_GB.UTF-8"}, ["--help"], ["Also: audiogame serve runs a game"], "Inoltre"),
        (
            {"LANG": "it_IT.UTF-8"},
            ["serve", "--help"],
            ["uso: audiogame-server", "--no-beacon non annunciare il server", "porta su cui"],
            "address to listen",
        ),
        (
            {"LANG": "C"},
            ["serve", "--bogus"],
            ["errore: opzioni sconosciute: --bogus"],
            "unrecognized",
        ),
        (
            {"LANG": "en_US.UTF-8"},
            ["serve", "--help"],
            ["usage: audiogame-server", "--no-beacon do not announce the server"],
            "opzioni",
        ),
    ],
)
def test_the_help_names_the_commands_and_the_server_speaks_the_players_language(
    pty_game, env, args, expected, english
) -> None:
    """`audiogame --help` said nothing of `audiogame serve` and `audiogame verify`, which
    the README sends players to; `audiogame serve --help` was English on an Italian
    system, and --beacon/--no-beacon had no words at all. (The Italian `audiogame --help`
    is test_terminal_play's test_the_command_line_speaks_the_players_language: one run.)"""
    g = pty_game(*args, lang="", env=env, game_flags=False)
    code = g.wait_exit()
    text = " ".join(g.text().split())
    assert code == (0 if "--help" in args else 2)
    for words in expected:
        assert words in text, text
    assert english not in text


def test_the_greeting_does_not_wait_for_the_sound_device(pty_game) -> None:
    """A Windows without a sound card keeps SDL's probe waiting for seconds (8 s under
    Wine): with text only (or a screen reader) the first words need no mixer, so they go
    out before it. The probe says here when it starts: the greeting must come first."""
    script = (
        "import sys\n"
        "from audiogame.io.audio import AudioSystem\n"
        "probe = AudioSystem.start\n"
        "def probing(self, *args, **kwargs):\n"
        "    print('(probing the sound device)', flush=True)\n"
        "    return probe(self, *args, **kwargs)\n"
        "AudioSystem.start = probing\n"
        "from audiogame.cli import main\n"
        "sys.exit(main(sys.argv[1:]))\n"
    )
    g = pty_game(command=[sys.executable, "-c", script])
    g.wait_for("^Main menu", timeout=60)
    lines = g.lines_since(0)
    assert lines.index("Welcome to audiogame.") < lines.index("(probing the sound device)")
    g.send("\x03")
    assert g.wait_exit() == 0 and g.terminal_restored()


def test_a_throw_without_sound_says_what_it_did(pty_game) -> None:
    """Without sounds a key answered by a sound alone gets a word: Tira's throw (the
    dice's rattle) and Space again while the dice fly (a soft click) were both answered
    "No sound.", which said nothing of what the key did. One walk through the terminal,
    in English: both languages' words are test_cue_words.py's, through the real loop."""
    words = ["Thrown.", "Not yet."]
    g = pty_game("--no-sound", "--seed", "5", lang="en")
    g.wait_for("^(Main menu|Menu principale)")
    g.answer(DOWN)
    g.answer("\r")
    g.answer("\r")  # the setup's start: the briefing
    since = g.mark()
    g.send("\r")  # its start
    g.wait_for("^(Go!|Via!)", since, timeout=60)
    said = g.answer("  ")  # a throw, then Space again while the dice fly
    assert said[:2] == words
    g.send("\x03")
    assert g.wait_exit() == 0 and g.terminal_restored()


def test_m_switches_my_tira_controls_at_a_table_from_the_terminal(pty_game) -> None:
    """At a Tira table hosted here, M (a plain letter, as a terminal sends it) switches
    my own controls and the server's answer is said: manual, then assisted again."""
    host = hosting(pty_game)
    assert host.answer("\r")[0].startswith("A new table. Game: Domino")
    assert host.answer("\x1b[C") == ["Tira e Passa"]  # Right: the next game
    assert host.answer(END)[0].startswith("Create the table")
    since = host.mark()
    host.send("\r")
    host.wait_for("^Tira e Passa table, waiting to start", since, timeout=120)
    for expected in ("manual", "assisted"):
        since = host.mark()
        host.send("m")  # the server's answer comes after the key is handled
        assert host.wait_for("^You play with", since) == f"You play with {expected} controls."
    host.send("\x03")
    assert host.wait_exit() == 0 and host.terminal_restored()
