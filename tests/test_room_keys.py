"""The room's keys (F1, the history, the volumes …) are one definition, walked in every client.

``core.room_keys`` binds them; the desktop app (``app.loop.ROOM_KEYS``) and a web
page's listener on the server (``net.web.listener.ROOM_KEYS``) each do every room
key or say why they leave it (to the scene, the browser, the screen reader).
Each binding is pressed here in both: the app answers each of its room keys, the
page each of its own; a key one leaves goes on to the scene as any other key.
"""

from __future__ import annotations

import pytest

from audiogame.app import loop
from audiogame.core import keys
from audiogame.core.keys import Key
from audiogame.core.room_keys import BINDINGS, Room, keys_of, room_of
from audiogame.net.web import listener as web
from audiogame.net.web.messages import KeyPress

#: our key names as a browser's ``KeyboardEvent`` gives them (key, code)
BROWSER = {
    keys.F1: ("F1", "F1"),
    keys.F7: ("F7", "F7"),
    keys.F8: ("F8", "F8"),
    keys.F11: ("F11", "F11"),
    keys.PAGEUP: ("PageUp", "PageUp"),
    keys.PAGEDOWN: ("PageDown", "PageDown"),
    keys.LEFT: ("ArrowLeft", "ArrowLeft"),
    keys.RIGHT: ("ArrowRight", "ArrowRight"),
}


def test_every_room_key_is_bound_and_each_client_does_it_or_says_why_not() -> None:
    assert {b.room for b in BINDINGS} == set(Room)
    for done, left in (
        (loop.ROOM_KEYS, loop.LEFT_TO_THE_SCENE),
        (web.ROOM_KEYS, web.LEFT_TO_THE_CLIENT),
    ):
        assert set(done) | set(left) == set(Room)
        assert not set(done) & set(left)
        assert all(why for why in left.values())


def test_the_bindings_are_the_desktops_keys() -> None:
    assert room_of(Key(keys.F1)) is Room.HELP
    assert room_of(Key(keys.F1, keys.CTRL | keys.SHIFT)) is Room.RULES
    assert room_of(Key(keys.PAGEUP, keys.SHIFT)) is Room.HISTORY_FIRST
    assert room_of(Key(keys.LEFT, keys.ALT)) is Room.VIEW_BACK
    assert room_of(Key(keys.LEFT, keys.ALT | keys.SHIFT)) is None  # the scene's
    assert room_of(Key("=", keys.CTRL)) is Room.TEXT_LARGER
    assert room_of(Key("=", keys.CTRL | keys.ALT)) is None
    assert room_of(Key(keys.F8, keys.SHIFT)) is Room.VOICE_LOUDER
    assert room_of(Key(keys.F11, keys.SHIFT)) is None
    assert room_of(Key("s")) is None


@pytest.mark.parametrize("room", sorted(loop.ROOM_KEYS))
def test_the_app_answers_each_of_its_room_keys(harness_factory, room: Room) -> None:
    h = harness_factory(lang="en")
    h.start()
    for key in keys_of(room):
        before = len(h.app.speaker.spoken)
        assert h.app.handle_key(key), key
        h.app.step()
        assert len(h.app.speaker.spoken) > before, (room, key)  # something was said


@pytest.mark.parametrize("room", sorted(web.ROOM_KEYS))
def test_a_page_answers_each_of_its_room_keys(room: Room) -> None:
    page = web.WebListener("en", lambda _table: None)
    for key in keys_of(room):
        name, code = BROWSER[key.key]
        press = KeyPress(key=name, code=code, shift=key.shift, ctrl=key.ctrl, alt=key.alt)
        assert page.key(press) == []
        out = page.pending.frame()
        lines = [] if out is None else [line.id for line in out.lines]
        said = lines + ([] if out is None else [u.text for u in out.speech])
        if room is Room.CLOCK:  # no race here: F11 is no room key, and the page says so
            assert lines == ["web-not-at-table"], said
        else:
            assert said, (room, key)
