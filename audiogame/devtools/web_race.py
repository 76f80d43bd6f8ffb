"""A Tira race played from the web page in Chromium, measured: for the test and the benchmark.

``race_from_page(browser, server, ...)`` opens the page served on 127.0.0.1,
joins with a name, creates a Tira table for two from the page's own form, puts a
bot on the other seat (B) and starts (Enter), then presses Space every
``every`` seconds (and Enter, the master's next match, after a match) until
``landings`` of the page's timed happenings were played (or ``seconds`` passed).
It returns what the page did and what the server judged:

- ``timed``: each happening the server narrated ahead and the page played, with
  the server's time for it (``at``: the game's landing time on the server's
  clock) and when the page actually put it in its live region, on the server's
  clock too: the page's ``performance.now()`` read on the machine's wall clock
  (``performance.timeOrigin``) and turned into the server's monotonic clock by the
  offset between the two clocks read here, not by the page's own estimate, so
  ``late`` is the error a listener hears (the page's clock estimate plus its
  timer's lateness); ``aim_error`` is the estimate's part alone;
- ``claims``: the presses as the table judged them (claimed, arrival, believed);
- ``frames``: every frame the page received; ``history``: the page's history list.

The server runs in this process (``ServerThread``), so its clock is this
process's ``time.monotonic()``.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from typing import Any

from audiogame.devtools.net_harness import ServerThread
from audiogame.key_help import pieces
from audiogame.language.localizer import Localizer


@dataclass(frozen=True, slots=True)
class Heard:
    key: float
    #: the happening's time on the server's clock
    at: float
    #: when the page put it in its live region, on the server's clock, less ``at``
    late: float
    #: where the page's estimate put ``at``, on the server's clock, less ``at``
    aim_error: float
    lines: tuple[str, ...]
    #: the page had it before its time (else it came late, and was said on arrival)
    ahead: bool


@dataclass
class RaceRun:
    timed: list[Heard] = field(default_factory=list)
    claims: list[Any] = field(default_factory=list)
    frames: list[dict[str, Any]] = field(default_factory=list)
    history: list[dict[str, str]] = field(default_factory=list)
    clock: dict[str, float] | None = None
    said_now: list[str] = field(default_factory=list)


def until(page: Any, expression: str, timeout: float = 60.0) -> None:
    """Wait for ``expression`` to be true in the page (polled from here: the page's
    content security policy forbids evaluated predicates inside it). The timeout only
    ends a wait that would never end."""
    deadline = time.monotonic() + timeout
    while not page.evaluate(f"Boolean({expression})"):
        if time.monotonic() > deadline:
            raise TimeoutError(f"never true: {expression}")
        page.wait_for_timeout(20)


def open_race(browser: Any, server: ServerThread, lang: str = "en") -> tuple[Any, list[str]]:
    """The page at a Tira table of two with a bot, the race started; and the list the
    page's received frames are gathered into."""
    page = browser.new_page(locale="en-GB" if lang == "en" else "it-IT")
    frames: list[str] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda f: frames.append(str(f))))
    page.goto(f"http://127.0.0.1:{server.port}/")
    page.fill("#name", "Zoë")
    page.click("#join-button")
    until(page, "document.querySelector('#lobby') && !document.querySelector('#lobby').hidden")
    until(page, "document.querySelector('#game option[value=tira]')")
    page.select_option("#game", "tira")
    page.select_option("#players", "2")
    page.click("#create-form button[type=submit]")
    until(page, "document.activeElement && document.activeElement.id === 'play'")
    page.keyboard.press("b")
    until(page, "document.querySelectorAll('#seats li').length === 2")
    until(page, "/2/.test(document.querySelector('#seats li:last-child').textContent)")
    table = _the_table(server)
    deadline = time.monotonic() + 10
    while server.run(lambda: table.seats[1].kind) != "bot":
        if time.monotonic() > deadline:
            raise TimeoutError("no bot sat down")
        page.wait_for_timeout(20)
    page.keyboard.press("Enter")
    return page, frames


def race_from_page(
    browser: Any,
    server: ServerThread,
    *,
    landings: int,
    seconds: float,
    every: float = 0.35,
    lang: str = "en",
) -> RaceRun:
    page, frames = open_race(browser, server, lang)
    run = RaceRun()
    try:
        until(page, "window.audiogame.clock.estimate")
        table = _the_table(server)
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if server.run(lambda: table.stage) == "over":
                page.keyboard.press("Enter")  # the master starts the next match
            page.keyboard.press("Space")
            page.wait_for_timeout(round(every * 1000))
            count = page.evaluate("window.audiogame.timed.log.length")
            if count >= landings:
                break
        # the keys' help, then the page's clock said by the server: each awaited in the
        # page's announcer and kept as it was then (the race goes on meanwhile,
        # and its happenings come between)
        said_now: list[str] = []
        # F1 says the game's keys first, a part at a time; the browser's come next
        for key, words in (("F1", keys_words(lang)), ("F9", clock_words(lang))):
            found = f"{SAID_NOW}.some(l => l.text.includes({json.dumps(words)}))"
            for _ in range(16):
                before = page.evaluate(f"{SAID_NOW}.length")
                page.keyboard.press(key)
                until(page, f"{SAID_NOW}.length > {before}")
                if page.evaluate(f"Boolean({found})"):
                    break
            until(page, found)
            said_now += page.evaluate(f"{SAID_NOW}.map(l => l.text)")
        log = page.evaluate("window.audiogame.timed.log")
        origin_ms = page.evaluate("performance.timeOrigin")
        # the server's monotonic clock from the wall clock, read here twice around
        wall_less_mono = _wall_less_mono()
        run.clock = page.evaluate("window.audiogame.clock.estimate")
        run.history = page.eval_on_selector_all(
            "#history li",
            "items => items.map(li => ({id: li.dataset.id, text: li.textContent}))",
        )
        run.said_now = said_now
    finally:
        page.close()
    table = _the_table(server)
    run.claims = server.run(lambda: list(getattr(table, "claims", ())))
    run.frames = [json.loads(frame) for frame in frames]
    texts = _timed_lines(run.frames)
    for entry in log:
        fired = (origin_ms + entry["fired"]) / 1000 - wall_less_mono
        aimed = (origin_ms + entry["aimed"]) / 1000 - wall_less_mono
        lines = tuple(texts.get(entry["key"], ()))
        ahead = entry["planned"] <= entry["aimed"]
        late, aim_error = fired - entry["at"], aimed - entry["at"]
        run.timed.append(Heard(entry["key"], entry["at"], late, aim_error, lines, ahead))
    return run


#: the answers the page's announcer said (to the player's own keys), oldest first
SAID_NOW = "window.audiogame.announcer.log.filter(l => l.now && l.kind === 'said')"


def keys_words(lang: str) -> str:
    """What F1 says first of the browser's keys at a race (after the game's keys)."""
    return pieces(Localizer(lang)("web-keys-race"))[0]


def clock_words(lang: str) -> str:
    """How F9's answer (the page's clock) begins, before its first figure."""
    said = Localizer(lang)("net-clock", offset=0, error=0, rtt=0, hold=0, bound=0)
    return said[: next(i for i, c in enumerate(said) if c.isdigit() or c == "\u2068")]


def _the_table(server: ServerThread) -> Any:
    running = server.server
    assert running is not None
    return server.run(lambda: next(iter(running.lobby.tables.values())))


def _wall_less_mono() -> float:
    best = None
    for _ in range(5):
        a = time.monotonic()
        wall = time.time()
        b = time.monotonic()
        found = (b - a, wall - (a + b) / 2)
        if best is None or found[0] < best[0]:
            best = found
    assert best is not None
    return best[1]


def _timed_lines(frames: list[dict[str, Any]]) -> dict[float, list[str]]:
    """The lines of each timed item as last planned (by its key)."""
    found: dict[float, list[str]] = {}
    for frame in frames:
        if frame.get("type") == "plan":
            for item in frame["items"]:
                found[item["key"]] = [line["text"] for line in item["lines"]]
    return found


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


__all__ = ["Heard", "RaceRun", "open_race", "percentile", "race_from_page", "until"]
