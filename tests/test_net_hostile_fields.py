"""Every message the server accepts, made wrong field by field, at a real server.

The frames are drawn by hypothesis from the message models themselves (both
unions: the desktop client's and the web page's), each field given a hostile
JSON value in turn: wrong types, numbers past what SQLite or JavaScript hold,
strings of thousands of characters, nesting deeper than a decoder's stack, and
the valid values of the other messages. One connection sends them all, at a
table with a match under way, as it wanders between lobby and table with the
valid ones among them. Every frame must be answered (a refusal with its reason,
or the message's own answer), the connection must stay open (its limits are
raised here: the checks, not the rate, are under test), and the server must log
no failure of its own.
"""

from __future__ import annotations

import json
import logging
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from websockets.sync.client import ClientConnection, connect
from websockets.typing import Subprotocol

from audiogame.devtools.net_harness import SHORT_DOMINO, ServerThread
from audiogame.net.protocol import messages as m
from audiogame.net.server.limits import Limits
from audiogame.net.server.options import ServerOptions
from audiogame.net.server.quiet_log import QuietLog
from audiogame.net.web import messages as w

CONFIG = SHORT_DOMINO
#: nested deeper than msgspec's decoder goes on Python 3.11 (it raises RecursionError,
#: not DecodeError), within the 16 KiB a frame may have
DEEP = "[" * 8000 + "]" * 8000
#: a number SQLite cannot hold (a JSON number has no limit of its own)
HUGE = 2**64 + 1

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.sampled_from([HUGE, -HUGE, 2**63, 2**53 + 1, -1, 0, 10**30]),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=40),
    st.sampled_from(["x" * 5000, "\u202e" * 50, "../../etc/passwd", "\x00", "domino", "easy"]),
)
hostile = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)


def tag(kind: type) -> str:
    return str(kind.__struct_config__.tag)


KINDS: list[type] = list(w.WebClientMessage.__args__)
WEB_ONLY = {tag(k) for k in (w.KeyPress, w.RunCommand, w.Listen, w.PageClock)}


@st.composite
def wrong_frames(draw: st.DrawFn, web: bool) -> str:
    """One message of a kind the server accepts, one of its fields (or an unknown
    one) given a hostile value; the others left out or kept."""
    kind = draw(st.sampled_from([k for k in KINDS if web or tag(k) not in WEB_ONLY]))
    names = list(kind.__struct_fields__)
    data: dict[str, Any] = {"type": tag(kind)}
    for name in names:
        if draw(st.booleans()):
            data[name] = draw(hostile)
    target = draw(st.sampled_from([*names, "junk"]))
    data[target] = draw(hostile)
    text = json.dumps(data)
    if draw(st.integers(0, 9)) == 0:  # nested past the decoder's depth, in a field
        text = text[:-1] + ', "deep": ' + DEEP + "}"
    return text


def answered(ws: ClientConnection, frames: list[str], ping: int) -> list[dict[str, Any]]:
    """Send ``frames`` then a ping, and read until its pong: what came back."""
    for frame in frames:
        ws.send(frame)
    ws.send(json.dumps({"type": "ping", "id": ping}))
    got: list[dict[str, Any]] = []
    while True:
        data = json.loads(ws.recv(timeout=30))
        if data["type"] == "pong" and data.get("id") == ping:
            return got
        got.append(data)


def seated(stack: ExitStack, url: str, subprotocol: str, name: str) -> ClientConnection:
    """A connection greeted, at a two-seat domino table of its own with a bot, started
    (closed with ``stack``)."""
    ws = stack.enter_context(connect(url, subprotocols=[Subprotocol(subprotocol)], max_size=2**22))
    opening = [
        {"type": "hello", "name": name, "lang": "it"},
        {"type": "create-table", "game": "domino", "config": CONFIG},
        {"type": "set-bot", "seat": 1, "level": "easy"},
        {"type": "start"},
    ]
    answered(ws, [json.dumps(o) for o in opening], 0)
    return ws


@pytest.mark.filterwarnings("ignore::hypothesis.errors.HypothesisDeprecationWarning")
@pytest.mark.parametrize("subprotocol", [m.SUBPROTOCOL, w.WEB_SUBPROTOCOL])
def test_every_message_made_wrong_is_answered_and_nothing_fails(
    tmp_path: Path, subprotocol: str, caplog: pytest.LogCaptureFixture
) -> None:
    web = subprotocol == w.WEB_SUBPROTOCOL
    lenient = Limits(rate=1e6, burst=1e6, close_at=1e9)
    options = ServerOptions(limits=lenient, max_backlog=100_000, between_rounds=0.05)
    caplog.set_level(logging.ERROR)
    with ServerThread(tmp_path, options) as server, ExitStack() as stack:
        state = {"ws": seated(stack, server.url, subprotocol, "Eva"), "pings": 1, "frames": 0}

        @settings(
            max_examples=60,
            deadline=None,
            database=None,
            suppress_health_check=list(HealthCheck),
        )
        @given(st.lists(wrong_frames(web), min_size=1, max_size=30))
        def attack(frames: list[str]) -> None:
            state["pings"] += 1
            ws = state["ws"]
            got = answered(ws, frames, state["pings"])
            goodbyes = [g for g in got if g["type"] == "goodbye"]
            if goodbyes:  # a valid logout, say: the attacker comes back, seated again
                assert goodbyes[0]["reason"] == "logged-out" or not web
                state["ws"] = seated(stack, server.url, subprotocol, f"Eva{state['pings']}")
            state["frames"] += len(frames)

        attack()
    failures = [r.getMessage() for r in caplog.records if r.name.startswith("audiogame")]
    assert failures == []
    assert state["frames"] >= 60


@pytest.mark.parametrize("subprotocol", [m.SUBPROTOCOL, w.WEB_SUBPROTOCOL])
def test_a_frame_nested_past_the_decoders_depth_is_refused_and_the_connection_lives(
    tmp_path: Path, subprotocol: str
) -> None:
    with ServerThread(tmp_path) as server, ExitStack() as stack:
        ws = seated(stack, server.url, subprotocol, "Eva")
        got = answered(ws, [DEEP, '{"type": "say", "text": ' + DEEP + "}"], 7)
    assert [g for g in got if g["type"] == "goodbye"] == []
    # not an object (a list), then a chat line that is no text: wherever a Python's
    # decoder stops nesting, each is refused with its reason
    if subprotocol == m.SUBPROTOCOL:
        refused = [g["reason"] for g in got if g["type"] == "refused"]
        assert refused[0] == "malformed" and refused[1] in ("malformed", "bad-fields")
    else:  # a page hears the refusal as words, in its language (Italian here)
        lines = [line for g in got if g["type"] == "out" for line in g["lines"]]
        said = [line["text"] for line in lines if line["id"].startswith("net-reason-")]
        assert len(said) == 2 and said[0] == "Il server non ha capito il messaggio."


def test_numbers_past_what_the_store_holds_are_bad_fields(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.ERROR)
    frames = [
        {"type": "get-match", "table": "t", "match": HUGE},
        {"type": "record", "limit": 2**63},
        {"type": "leaderboard", "game": "domino", "limit": -(2**63) - 1},
        {"type": "kick", "seat": 10**30},
        {"type": "act", "action": {"$": "Pass"}, "ref": HUGE},
        {"type": "act", "action": {"$": "Pass"}, "at": 1e300},
    ]
    with ServerThread(tmp_path) as server, ExitStack() as stack:
        ws = seated(stack, server.url, m.SUBPROTOCOL, "Eva")
        got = answered(ws, [json.dumps(f) for f in frames], 9)
    assert [(g["reason"], g["of"]) for g in got if g["type"] == "refused"] == [
        ("bad-fields", f["type"]) for f in frames
    ]
    assert [r.getMessage() for r in caplog.records if r.name.startswith("audiogame")] == []


def test_the_same_failure_is_logged_once_a_minute_with_a_count(
    caplog: pytest.LogCaptureFixture,
) -> None:
    now = [0.0]
    quiet = QuietLog(logging.getLogger("audiogame.test"), every=60.0, clock=lambda: now[0])
    caplog.set_level(logging.ERROR)
    written = []
    for i in range(1000):
        now[0] = i * 0.1  # ten a second for 100 s
        try:
            raise msgspec.ValidationError("boom")
        except msgspec.ValidationError:
            written.append(quiet.exception("get-match", "handling %s failed", "get-match"))
        if i % 2:
            try:
                raise ValueError("other")
            except ValueError:
                quiet.exception("kick", "handling %s failed", "kick")
    assert written.count(True) == 2  # at 0 s and at 60 s
    messages = [r.getMessage() for r in caplog.records]
    assert messages[0] == "handling get-match failed"
    assert "handling get-match failed (and 599 more like it, not logged)" in messages
    assert len(messages) == 4  # two kinds, twice each: not 1500 traces
