"""What people say, sorted into channels a client can keep apart: ``said(item, me)``.

The server sends words between people as four messages; a client's UI wants
three channels (the Salotto's: the table, private, the lobby), each with its
own history, cue and verbosity:

- ``TABLE``: ``chat`` said to the whole table (players and spectators);
- ``PRIVATE``: one person to another, wherever they are: ``whisper`` (by name,
  to anyone online, on any server process) and a ``chat`` a player sent
  privately to a seat at the table;
- ``LOBBY``: ``lobby-chat``, said in the lobby's room to everyone watching who
  is online;
- ``SYSTEM``: the server's own words to this person: a table's ``notice``, an
  ``invited``, a ``goodbye``.

``Said`` carries the writer, the addressee (private only), the text as it
arrived (already cleaned by the server, and again here: a client never speaks
a control character), whether it is my own line coming back (the server's echo
of what I wrote: a UI sounds a cue rather than reading it again), and the
original message. Pure: no network, no scenes.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from audiogame.net.protocol import messages as m
from audiogame.net.protocol.chat_text import clean_chat
from audiogame.net.protocol.names import same_name


class Channel(StrEnum):
    TABLE = "table"
    PRIVATE = "private"
    LOBBY = "lobby"
    SYSTEM = "system"


@dataclass(frozen=True, slots=True)
class Said:
    channel: Channel
    #: who wrote it ("" : the server)
    name: str
    text: str
    #: a private line's addressee, by name ("" elsewhere)
    to: str = ""
    #: my own line, as the server echoes it back
    mine: bool = False
    #: the message it came from (for what a channel needs beyond the words)
    message: Any = None


def said(
    item: object, me: str, table: m.TableInfo | None = None, seat: int | None = None
) -> Said | None:
    """The channel and words of ``item`` for the player named ``me`` (seated at
    ``seat`` of ``table``, if any); None for anything that is not words."""
    if isinstance(item, m.Chat):
        mine = same_name(item.name, me) and item.seat == seat
        text = clean_chat(item.text)
        if item.private:
            to = _seat_name(table, item.to)
            return Said(Channel.PRIVATE, item.name, text, to, mine, item)
        return Said(Channel.TABLE, item.name, text, "", mine, item)
    if isinstance(item, m.WhisperFrom):
        mine = same_name(item.name, me)
        return Said(Channel.PRIVATE, item.name, clean_chat(item.text), item.to, mine, item)
    if isinstance(item, m.LobbyChat):
        mine = same_name(item.name, me)
        return Said(Channel.LOBBY, item.name, clean_chat(item.text), "", mine, item)
    if isinstance(item, m.Notice | m.Invited | m.Goodbye):
        name = getattr(item, "name", "")
        return Said(Channel.SYSTEM, name, "", "", False, item)
    return None


def _seat_name(table: m.TableInfo | None, seat: int | None) -> str:
    if table is None or seat is None or not 0 <= seat < len(table.seats):
        return ""
    return table.seats[seat].name
