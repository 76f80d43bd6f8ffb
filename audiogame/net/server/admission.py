"""Who may enter a table: the one rule every way in goes through.

A public table takes anyone who finds it (the list, a friend followed, an id).
A private table is entered only with its invite code (which the master's
invitation carries), or by someone it already let in: a seated player, a
spectator coming back after a drop or a restart. Its id opens nothing: ids
travel in records and presence, a code only in the table's own frames and in
the master's invitations.

A player the table sent away (the master's kick, a moderator's) is barred from it
for the rest of its life, public or private, code or not: a kick that a code
given before could undo would not be a kick. A guest can come back as a new
guest (a new id), so a private table also changes its code when it sends
someone away (``Table.leave``), and tells the players still there the new one.

The rule is asked twice on one road, never written twice: by the connection
before it subscribes a player to a table's frames (``Connection._sit``, and a
resume of a table another process runs), so a refused player never hears a
frame of it; and by the table itself (``Table.join``), the owner's word for
the commands that reach it from other processes.
"""

from __future__ import annotations

from typing import Protocol

from audiogame.net.protocol.reasons import Reason

#: how many players a table remembers as let in (spectators who dropped, players
#: whose seat a bot took): past it the oldest are forgotten and need the code again
MAX_ADMITTED = 200


class _Record(Protocol):
    private: bool
    code: str
    admitted: list[str]
    barred: list[str]


class Enterable(Protocol):
    """A table as the rule sees it (a ``Table`` here, or a ``RemoteTable``)."""

    @property
    def record(self) -> _Record: ...

    def seat_of(self, player: str) -> int | None: ...


def may_enter(table: Enterable, player: str, code: str) -> Reason | None:
    """None when ``player`` may sit at or watch ``table``; ``code``: the invite code's
    key the player gave ("" : none). A private table without it: ``private-table``;
    a player it sent away: ``barred``."""
    record = table.record
    if player in record.barred:
        return Reason.BARRED
    if not record.private:
        return None
    if code and code == record.code:
        return None
    if table.seat_of(player) is not None or player in record.admitted:
        return None
    return Reason.PRIVATE_TABLE


def admit(record: _Record, player: str) -> None:
    """``player`` is in: they may come back without the code (a drop, a restart)."""
    if player in record.admitted:
        return
    record.admitted.append(player)
    del record.admitted[:-MAX_ADMITTED]


def dismiss(record: _Record, player: str) -> None:
    """``player`` left on purpose or was sent away: the code again, next time."""
    if player in record.admitted:
        record.admitted.remove(player)


def bar(record: _Record, player: str) -> None:
    """``player`` was sent away: never let in again (the oldest forgotten past
    ``MAX_ADMITTED``, as a table cannot keep every name for ever)."""
    dismiss(record, player)
    if player not in record.barred:
        record.barred.append(player)
        del record.barred[:-MAX_ADMITTED]
