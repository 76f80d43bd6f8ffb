"""What a player coming back to a race hears: one short summary, the same on every client.

A race cannot wait for a dropped player: a bot covers the seat at once, and the
player takes it back when the round ends (``net.server.race_table``). Coming back, by a
new connection of the desktop client or a page reloaded, the player hears where
the race stands instead of what was missed (a race moves too fast for a replay):

- that they are back in the race;
- the game's own ``RealTime.situation`` for their seat (the round, their dice,
  everyone's dice, who leads), a spectator's for a spectator;
- whether a bot still plays their seat until the round ends.

The desktop's link (``ui.online.link``) and a page's listener on the server
(``net.web.listener``) both say ``comeback``; ``back_from_bot`` is what they say
when the table hands the seat back.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from audiogame.core.contract import GameSpec
from audiogame.core.narration import Message
from audiogame.net.protocol import messages as m


def covered(info: m.TableInfo | None, seat: int | None) -> bool:
    """Whether a bot plays ``seat`` for its player now."""
    if info is None or seat is None or not 0 <= seat < len(info.seats):
        return False
    return info.seats[seat].covered


def comeback(
    spec: GameSpec | None, view: Any, names: Sequence[str], seat: int | None, bot_playing: bool
) -> list[Message]:
    """The summary for a player back at ``seat`` in a match under way (a spectator
    arriving hears the situation alone; a turn-based game, nothing: its clients say
    what was missed instead)."""
    if spec is None or spec.realtime is None or view is None:
        return []
    said = [] if seat is None else [Message("net-race-back", kind="turn", cue="notice")]
    said.extend(spec.realtime().situation(view, names))
    if bot_playing:
        said.append(Message("net-race-back-covered", kind="turn"))
    return said


def back_from_bot() -> Message:
    """The table handed my seat back from the bot that covered it."""
    return Message("net-seat-yours-again", kind="turn", cue="notice")


__all__ = ["back_from_bot", "comeback", "covered"]
