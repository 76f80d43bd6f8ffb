"""Helpers for the web page's tests and benchmark, on 127.0.0.1 only.

- ``keys_for(action, view)``: the key presses (as a page sends them) that make a
  Domino action from the hand as the page's player hears it (arrival order):
  Home, Down to the tile, then Enter, S or D; Space draws. A test looks at the
  seat's view only to choose; the keys do the playing.
- ``desktop_lines(over, seat, names, lang)``: what the desktop client at ``seat``
  would have said of a finished match, replayed offline from its seed and log
  through the game's narrator and a real ``Announcer``: each line's message id,
  text and cue, in order.
- ``WebPage``: a bare client of the web subprotocol (what the page's script does,
  without a browser): hello, commands, key presses, and every frame it got.
"""

from __future__ import annotations

import asyncio
import json
import os
import shutil
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.typing import Subprotocol

from audiogame.announce import Announcer
from audiogame.core.contract import heard_by
from audiogame.core.narration import Message
from audiogame.games import registry
from audiogame.history import History
from audiogame.io.speech.recording import RecordingSpeaker
from audiogame.language.localizer import Localizer
from audiogame.net.protocol import messages as m
from audiogame.net.protocol.game_codec import GameCodec
from audiogame.net.protocol.match_log import engine_seed, entries_from_lists
from audiogame.net.web.messages import WEB_SUBPROTOCOL

Press = dict[str, Any]

#: Debian's Chromium, driven by Playwright (never a browser it downloads)
CHROMIUM = ("/usr/bin/chromium", "/usr/bin/chromium-browser")
#: what Chromium needs on a machine with no network and no display, run as root
CHROMIUM_ARGS = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--autoplay-policy=no-user-gesture-required",
)


def chromium() -> tuple[str | None, str]:
    """Chromium's path, or None and why the browser tests cannot run here."""
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return None, "Playwright is not installed (the test extra installs it)"
    for path in (*CHROMIUM, shutil.which("chromium") or ""):
        if path and os.access(path, os.X_OK):
            return path, ""
    return None, "Chromium is not installed (.ci/run installs Debian's chromium)"


def press(key: str, code: str = "", **mods: bool) -> Press:
    return {"type": "key", "key": key, "code": code, **mods}


def keys_for(action: Any, view: Any) -> list[Press]:
    """The presses that play ``action`` (a Domino action) from the hand in arrival order."""
    from audiogame.games.domino.actions import Draw, Play
    from audiogame.games.domino.tiles import End

    if isinstance(action, Draw):
        return [press(" ", "Space")]
    if not isinstance(action, Play):
        return []
    index = next(i for i, tile in enumerate(view.hand) if tile.uid == action.uid)
    keys = [press("Home", "Home")] + [press("ArrowDown", "ArrowDown")] * index
    if action.end is None:
        keys.append(press("Enter", "Enter"))
    else:
        keys.append(press("s", "KeyS") if action.end is End.LEFT else press("d", "KeyD"))
    return keys


@dataclass(frozen=True, slots=True)
class Said:
    id: str
    text: str


class _Cues:
    def __init__(self) -> None:
        self.played: list[tuple[str, float]] = []

    def play(self, cue: str, pan: float = 0.0, volume: float = 1.0) -> None:
        self.played.append((cue, round(pan, 3)))


def desktop_lines(
    over: m.MatchOver, seat: int | None, names: Sequence[str], lang: str
) -> tuple[list[Said], list[tuple[str, float]]]:
    """The lines (message id, text) and cues the desktop narration gives ``seat``."""
    spec = registry.get(over.game)
    assert spec is not None and spec.wire is not None and spec.narrate is not None
    assert spec.new_engine is not None
    codec = GameCodec(spec.wire())
    engine = spec.new_engine(over.config, engine_seed(over.seed), over.start)
    history = History(limit=100_000)
    cues = _Cues()
    announcer = Announcer(
        RecordingSpeaker(),
        cues,
        Localizer(lang, games=registry.message_folders),
        lambda _k: "speak",
        history,
    )
    ids: list[str] = []
    for entry in entries_from_lists(over.log):
        if entry.action is None:
            events = engine.advance(entry.at)
        else:
            events = engine.apply(entry.seat, codec.decode_logged(entry.action), entry.at).events
        heard = heard_by(events, seat)
        if heard:
            for message in spec.narrate(heard, engine.observation(seat), names):
                before = len(history)
                announcer.deliver(message)
                ids += [message.msg_id] * (len(history) - before)
    texts = history.last(len(history))
    return [Said(i, t) for i, t in zip(ids, texts, strict=True)], cues.played


def narration_only(lines: Sequence[dict[str, Any]], game_cue_ids: set[str]) -> list[Said]:
    """A page's history lines that the game's narrator said (not answers, notices, nor
    the cursor's words: where it landed after my play and the tile it is on when my
    turn comes, which the desktop table adds too)."""
    return [
        Said(line["id"], line["text"])
        for line in lines
        if not line["answer"]
        and not line["id"].startswith(("web-", "net-"))
        and line["id"] not in ("domino-focus", "domino-on-tile")
    ]


#: the ids of ``WebPage.sync``'s pings (far from the page's own clock pings)
SYNC_PINGS = 1_000_000_000


@dataclass
class WebPage:
    """A client of the web subprotocol, as the page's script is (frames as JSON)."""

    url: str
    name: str
    lang: str = "en"
    frames: list[dict[str, Any]] = field(default_factory=list)
    ws: ClientConnection | None = None
    #: a page reloaded in the same tab keeps its token (the script's sessionStorage)
    token: str | None = None
    _pings: int = 0

    async def open(self) -> WebPage:
        self.ws = await connect(self.url, subprotocols=[Subprotocol(WEB_SUBPROTOCOL)])
        hello: dict[str, Any] = {"type": "hello", "name": self.name, "lang": self.lang}
        if self.token is not None:
            hello["token"] = self.token
        await self.send(hello)
        return self

    async def send(self, message: dict[str, Any]) -> None:
        assert self.ws is not None
        await self.ws.send(json.dumps(message))

    async def drain(self, wait: float = 0.05) -> list[dict[str, Any]]:
        """Every frame that arrives until ``wait`` seconds pass without one."""
        assert self.ws is not None
        got = []
        while True:
            try:
                frame = await asyncio.wait_for(self.ws.recv(), wait)
            except TimeoutError:
                break
            got.append(json.loads(frame))
        self.frames += got
        return got

    async def until(self, done: Callable[[], bool], bound: float = 60.0) -> None:
        """Take frames until ``done()`` holds of what this page has got.

        An event, not a pause: a loaded machine makes the server slow, never the test
        wrong; ``bound`` only ends a wait that would never end, saying what arrived."""
        assert self.ws is not None
        deadline = asyncio.get_running_loop().time() + bound
        while not done():
            left = deadline - asyncio.get_running_loop().time()
            try:
                frame = await asyncio.wait_for(self.ws.recv(), max(left, 0.0))
            except TimeoutError as late:
                kinds = [f["type"] for f in self.frames]
                said = [line["id"] for line in self.lines()]
                raise AssertionError(f"{self.name} waited {bound} s; got {kinds}, {said}") from late
            self.frames.append(json.loads(frame))

    async def sync(self, bound: float = 60.0) -> None:
        """Take frames until everything the server had for this page before now has come:
        a ping's pong follows it (the server answers a connection's messages in order).
        Not a quiet spell, which a busy machine stretches past any pause."""
        self._pings += 1
        ping = SYNC_PINGS + self._pings
        await self.send({"type": "ping", "id": ping})
        await self.until(
            lambda: any(f["type"] == "pong" and f.get("id") == ping for f in self.frames), bound
        )

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()

    def lines(self) -> list[dict[str, Any]]:
        return [line for f in self.frames if f["type"] == "out" for line in f["lines"]]

    def cues(self) -> list[tuple[str, float]]:
        return [
            (c["cue"], round(c["pan"], 3))
            for f in self.frames
            if f["type"] == "out"
            for c in f["cues"]
        ]

    def last(self, kind: str) -> dict[str, Any] | None:
        return next((f for f in reversed(self.frames) if f["type"] == kind), None)


__all__ = ["Message", "Said", "WebPage", "desktop_lines", "keys_for", "narration_only", "press"]
