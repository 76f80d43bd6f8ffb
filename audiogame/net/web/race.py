"""A race heard from a web page: what the listener narrated ahead, and when.

The desktop client plays a race's foreseen happenings (``Events.ahead``: dice
landing, the race starting) at their time on the server's clock
(``net.client.race_seat``). A page cannot narrate, so its listener on the server does it
ahead, in the page's words, and sends each part stamped with its server time
(``web.messages.Plan``); the page, which estimates the server's clock from its
pings as the desktop does, says and plays it when its clock reads that time.
``PageRace`` keeps what was sent:

- ``planned``: each part sent ahead, by its game time, with its events and the
  view after it, and the history lines it adds; a part counts as heard once the
  server's clock has passed it (``due``): its lines enter the history the player
  walks with Page Up, and the keys answer from its view, no sooner (what has not
  landed yet is never read out early);
- when the table's own batch comes, each of its parts is compared with what was
  sent ahead by what the narrator makes of both (``same``): the same words,
  nothing more is said; other words, the right part is said at once.

Nothing here touches the network: the listener feeds it frames and the server's
clock, and reads back what to send.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from audiogame.core.narration import Narrate
from audiogame.net.protocol import messages as m


@dataclass(slots=True)
class Planned:
    """One part narrated ahead: its events, the seat's view after them, the history
    lines it brings (text, kind), and whether the server's clock has passed it."""

    events: tuple[Any, ...]
    view: Any
    lines: list[tuple[str, str]] = field(default_factory=list)
    heard: bool = False


class PageRace:
    def __init__(self, now: Callable[[], float]) -> None:
        #: the server's clock (seconds, the clock pongs and ``RaceClock`` are on)
        self.now = now
        self.clock: m.RaceClock | None = None
        self.planned: dict[float, Planned] = {}
        #: the latest game time the table's own frames told
        self.upto_time = -math.inf
        #: the page's own estimate of the server's clock, as it reported it
        self.page_clock: Any = None

    def game_now(self) -> float | None:
        return None if self.clock is None else self.now() - self.clock.origin

    def reset(self) -> list[float]:
        """A new view (joining, coming back, a new match): every part not heard yet is
        dropped; returns their keys."""
        now = self.game_now()
        dropped = [k for k in self.planned if now is None or k > now]
        self.planned.clear()
        self.upto_time = -math.inf
        return dropped

    def due(self) -> list[Planned]:
        """The parts the server's clock has passed since last asked, in order."""
        now = self.game_now()
        if now is None:
            return []
        found = []
        for key in sorted(self.planned):
            part = self.planned[key]
            if key <= now and not part.heard:
                part.heard = True
                found.append(part)
        return found

    def heard_view(self) -> Any:
        """The view of the latest part heard ahead, when the table's frames have not
        caught up with it yet (else None: the table's own view is the newest)."""
        heard = [k for k, p in self.planned.items() if p.heard and k > self.upto_time]
        return self.planned[max(heard)].view if heard else None


def parts(events: Sequence[Any]) -> list[tuple[float | None, tuple[Any, ...]]]:
    """A batch as its parts: runs of events at one game time, in order."""
    found: list[tuple[float | None, list[Any]]] = []
    for event in events:
        at = getattr(event, "time", None)
        if found and found[-1][0] == at:
            found[-1][1].append(event)
        else:
            found.append((at, [event]))
    return [(at, tuple(run)) for at, run in found]


def same(narrate: Narrate, seats: int, said: Planned, right: tuple[Any, ...], view: Any) -> bool:
    """Whether the table's part says what was said ahead (names as placeholders)."""
    if said.events == right:
        return True
    names = [f"#{i}" for i in range(seats)]
    return narrate(said.events, said.view, names) == narrate(right, view, names)


__all__ = ["PageRace", "Planned", "parts", "same"]
