"""The chat line, read the Salotto's way, and chat as it is heard.

What the player types in the chat line (Alt+C) goes to the whole table, unless
it starts with ``@``:

- ``@name text``: privately to the player called ``name`` (the longest name at
  the table that the line starts with, so "@Anna Maria ciao" reaches Anna Maria
  even when an Anna sits there too);
- ``@ text``: privately to the last player who wrote to me privately (a reply);
- ``@@ text``: privately to the last player I wrote to privately.

Text is cleaned before it leaves (``net.protocol.chat_text.clean_chat``: what the server
does too) and again when it arrives, so a line never reaches speech with a
control character or a thousand exclamation marks in it. Pure: no scenes here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from audiogame.net.protocol import messages as m
from audiogame.net.protocol.chat_text import clean_chat
from audiogame.net.protocol.names import same_name


@dataclass(frozen=True, slots=True)
class Line:
    """A chat line ready to send (``to``: a seat, privately), or why it cannot go."""

    text: str = ""
    to: int | None = None
    problem: str | None = None  # a message id


@dataclass
class Correspondents:
    """Who wrote to me privately last, and to whom I wrote last (by name: seats change)."""

    last_from: str = ""
    last_to: str = ""


def seat_named(seats: Sequence[m.Seat], name: str) -> int | None:
    for index, seat in enumerate(seats):
        if seat.kind is m.SeatKind.HUMAN and same_name(seat.name, name):
            return index
    return None


def parse_line(raw: str, seats: Sequence[m.Seat], me: int | None, people: Correspondents) -> Line:
    """What a typed line means at a table seated as ``seats``."""
    if not raw.startswith("@"):
        text = clean_chat(raw)
        return Line(text) if text else Line(problem="online-chat-empty")
    if raw.startswith("@@"):
        return _to_name(people.last_to, raw[2:], seats, me, "online-chat-no-last-to")
    if raw.startswith("@ ") or raw == "@":
        return _to_name(people.last_from, raw[1:], seats, me, "online-chat-no-last-from")
    rest = raw[1:]
    names = sorted(
        (s.name for s in seats if s.kind is m.SeatKind.HUMAN and s.name), key=len, reverse=True
    )
    for name in names:
        head = rest[: len(name)]
        if same_name(head, name) and (len(rest) == len(name) or rest[len(name)].isspace()):
            return _to_name(name, rest[len(name) :], seats, me, "online-chat-no-one")
    return Line(problem="online-chat-no-one")


def _to_name(name: str, rest: str, seats: Sequence[m.Seat], me: int | None, missing: str) -> Line:
    if not name:
        return Line(problem=missing)
    seat = seat_named(seats, name)
    if seat is None:
        return Line(problem="online-chat-not-here")
    if seat == me:
        return Line(problem="online-chat-yourself")
    text = clean_chat(rest)
    if not text:
        return Line(problem="online-chat-empty")
    return Line(text, to=seat)
