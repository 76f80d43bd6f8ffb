"""Every key of both games reaches the same command from a terminal as from the window.

Issue 13, item 1. Each key a scene answers (the keys its F1 help names) is
written as the bytes terminals send for it (xterm and its kind, the Linux
console, and the documented stand-ins for the keys a terminal cannot send) and
decoded by the same code the game runs: prompt_toolkit's parser, then
``termkeys``. The result must be exactly the ``Key`` a window's KEYDOWN gives
(``io.keymap``).
The pseudo-terminal tests in ``test_terminal_play`` then send them to the real
command.
"""

from __future__ import annotations

import pytest
from prompt_toolkit.input.vt100_parser import Vt100Parser

from audiogame.core import keys as names
from audiogame.core.keys import Key
from audiogame.devtools.harness import key_event
from audiogame.io.keymap import key_of
from audiogame.io.termkeys import INTERRUPT, decode


def from_terminal(data: str) -> list[Key]:
    """Decode one read's worth of terminal input, then the lone-Escape flush."""
    presses: list = []
    parser = Vt100Parser(presses.append)
    parser.feed(data)
    keys = decode(presses)
    presses.clear()
    parser.flush()
    return keys + decode(presses)


def window(name: str, **mods: bool) -> Key:
    key = key_of(key_event(name, **mods))
    if name == "space":  # SDL gives the space its character, as the terminal does
        key = Key(key.key, key.mod, " ")
    return key


ESC = "\x1b"
#: (window key, its modifiers) -> the bytes terminals send for it (or for its stand-in)
GLOBAL = [
    (("f1", {}), ["\x1bOP", "\x1b[11~", "\x1b[[A"]),
    (("f1", {"ctrl": True}), ["\x1b[1;5P", "\x1bOQ", "\x1b[12~", "\x1b[[B"]),  # F2 stands in
    (("pageup", {}), ["\x1b[5~"]),
    (("pagedown", {}), ["\x1b[6~"]),
    (("pageup", {"shift": True}), ["\x1b[5;2~", "\x1bOR", "\x1b[13~", "\x1b[[C"]),  # F3
    (("pagedown", {"shift": True}), ["\x1b[6;2~", "\x1bOS", "\x1b[14~", "\x1b[[D"]),  # F4
    (("pageup", {"ctrl": True}), ["\x1b[5;5~"]),
    (("pagedown", {"ctrl": True}), ["\x1b[6;5~"]),
    (("f7", {}), ["\x1b[18~"]),
    (("f8", {}), ["\x1b[19~"]),
    (("f7", {"shift": True}), ["\x1b[18;2~", "\x1b[15;2~", "\x1b[31~"]),  # Shift+F5 too
    (("f8", {"shift": True}), ["\x1b[19;2~", "\x1b[17;2~", "\x1b[32~"]),  # Shift+F6 too
    (("ctrl", {}), ["\x00"]),  # Control+Space: Control alone silences
    (("s", {"ctrl": True}), ["\x13"]),
    (("escape", {}), [ESC]),
]
MENUS = [
    (("up", {}), ["\x1b[A", "\x1bOA"]),
    (("down", {}), ["\x1b[B", "\x1bOB"]),
    (("left", {}), ["\x1b[D", "\x1bOD"]),
    (("right", {}), ["\x1b[C", "\x1bOC"]),
    (("home", {}), ["\x1b[H", "\x1bOH", "\x1b[1~", "\x1b[7~"]),
    (("end", {}), ["\x1b[F", "\x1bOF", "\x1b[4~", "\x1b[8~"]),
    (("enter", {}), ["\r", "\n"]),
    (("space", {}), [" "]),
    (("tab", {}), ["\t"]),
    (("tab", {"shift": True}), ["\x1b[Z"]),
    (("backspace", {}), ["\x7f", "\x08"]),
    *[((c, {}), [c]) for c in "abcdefghijklmnopqrstuvwxyz0123456789"],
    (("y", {}), ["y"]),
    (("n", {}), ["n"]),
]
DOMINO_SETUP = [
    (("b", {}), ["b"]),
    (("b", {"shift": True}), ["B"]),
    (("r", {"shift": True}), ["R"]),
]
DOMINO_TABLE = [
    *[((c, {}), [c]) for c in "drslhcvetp"],
    (("h", {"shift": True}), ["H"]),
    (("p", {"shift": True}), ["P"]),
    # Control+1..8 (sort orders): no legacy terminal sends them; Alt+digit stands in
    *[((str(n), {"ctrl": True}), [f"\x1b{n}"]) for n in range(1, 9)],
]
TIRA_TABLE = [
    *[((c, {}), [c]) for c in "gchepsldrv123456"],
]
#: online keys a terminal sends as other keys (Control+I is Tab, Control+H Backspace,
#: Control+J Enter, Control+Shift+U is Control+U; F2 stands in above): Alt+I/H/J,
#: Alt+Shift+letter and Shift+F2 stand in (found hosting a table from a terminal); F5 is F5
ONLINE = [
    (("i", {"ctrl": True}), ["\x1bi"]),
    (("h", {"ctrl": True}), ["\x1bh"]),
    (("j", {"ctrl": True}), ["\x1bj"]),
    (("u", {"ctrl": True}), ["\x15"]),
    (("u", {"ctrl": True, "shift": True}), ["\x1bU"]),
    (("x", {"ctrl": True, "shift": True}), ["\x1bX"]),
    (("l", {"ctrl": True, "shift": True}), ["\x1bL"]),
    (("c", {"alt": True}), ["\x1bc"]),
    (("r", {"alt": True}), ["\x1br"]),
    (("o", {"alt": True}), ["\x1bo"]),
    (("f2", {}), ["\x1b[1;2Q", "\x1b[26~"]),  # Shift+F2 (xterm, the Linux console)
    (("f5", {}), ["\x1b[15~", "\x1b[[E"]),  # F5 itself: the list again, now
]
KEYMAPS = GLOBAL + MENUS + DOMINO_SETUP + DOMINO_TABLE + TIRA_TABLE + ONLINE


@pytest.mark.parametrize(
    ("name", "mods", "data"),
    [(name, mods, data) for (name, mods), sequences in KEYMAPS for data in sequences],
    ids=lambda v: repr(v) if isinstance(v, str) else None,
)
def test_each_terminal_sequence_gives_the_window_key(name, mods, data) -> None:
    expected = window(name, **mods)
    if expected.key == names.LCTRL:
        expected = Key(names.LCTRL, 0, "")
    assert from_terminal(data) == [expected]


def test_alt_is_escape_before_a_key_in_the_same_read() -> None:
    assert from_terminal("\x1ba") == [window("a", alt=True)]
    assert from_terminal("\x1b\x1b[A") == [window("up", alt=True)]


def test_a_lone_escape_is_escape() -> None:
    assert from_terminal("\x1b") == [window("escape")]


def test_several_keys_in_one_read_come_in_order() -> None:
    keys = from_terminal("\x1b[Bh\x1b[5~\r")
    assert keys == [window("down"), window("h"), window("pageup"), window("enter")]


def test_control_c_is_the_interrupt() -> None:
    assert from_terminal("\x03") == [INTERRUPT]


def test_what_is_not_a_key_is_dropped() -> None:
    # a cursor position report and a mouse click are not keys
    assert from_terminal("\x1b[12;40R") == []
    assert from_terminal("\x1b[<0;10;5M") == []


def test_letters_digits_and_accented_keys_keep_their_character() -> None:
    assert from_terminal("a")[0].char == "a"
    assert from_terminal("A")[0] == Key("a", names.SHIFT, "A")
    assert from_terminal("7")[0].digit == 7
    accented = from_terminal("è")[0]
    assert accented.char == "è" and accented.plain


def test_the_mark_of_keys_handled_comes_once_their_frame_and_background_work_are_done():
    """A pseudo-terminal's test knows a key's answer is complete by the game's mark
    (``KeyMarks``), never by a quiet spell; the keys it waits for are counted by the same
    decoder (``count_keys``)."""
    from audiogame.devtools.pty_session import count_keys
    from audiogame.io.terminal import MARK_END, MARK_START, KeyMarks

    idle: list[bool] = [True]
    written: list[str] = []
    marks = KeyMarks(lambda: idle[0], written.append)
    marks.frame_end()
    assert written == []  # no key yet: nothing to mark
    marks.key(window("down"), True)
    marks.key(window("up"), True)
    idle[0] = False  # a bot's search still running: its words may follow
    marks.frame_end()
    assert written == []
    idle[0] = True
    marks.frame_end()
    marks.frame_end()
    assert written == [f"{MARK_START}2{MARK_END}"]  # once, with the count
    assert count_keys(b"\x1b[B\x1b[A") == 2
    assert count_keys(b"\x1bi") == 1  # Alt+I
    assert count_keys(b"Bea\x7f") == 4
    assert count_keys(b"\x03") == 0  # Control+C quits: not a key
    assert count_keys(b"\x1b") == 1  # Escape alone, after its delay


def test_every_window_key_has_one_name_and_back() -> None:
    """Every key pygame knows gets a name of ours, and the name gives the key back (the
    terminal posts its keys as the window's events); a modifier named by the loop is one."""
    import pygame

    from audiogame.io.keymap import code_of, name_of

    codes = {getattr(pygame, n) for n in dir(pygame) if n.startswith("K_")}
    for code in codes:
        assert code_of(name_of(code)) == code, (code, name_of(code))
    for name in names.MODIFIER_KEYS:
        assert name_of(code_of(name)) == name
