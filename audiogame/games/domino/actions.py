"""What a seat (or the table) asks the engine to do, and why it may say no.

Actions carry no seat: the caller names the seat beside the action
(``DominoMatch.apply(seat, action, now)``), so a server takes it from the
connection, never from the message. Tiles are named by uid.

- ``Play(uid, end)``: attach a tile; ``end`` may be None when only one end fits
  (or both ends show the same number, or the chain is empty).
- ``Draw()``: draw from the boneyard (with "draw until a tile fits" one Draw
  draws as many tiles as it takes).
- ``Pass()``: legal only when the seat can neither play nor draw.
- ``NextManche()``: the table deals the next manche (also the first one); seat
  ``None``. The engine never starts a manche by itself, so the table can pause
  between manches.
- ``Deal(hands, boneyard)``: like ``NextManche`` with a fixed deal (tutorials,
  puzzles, tests): ``hands[seat]`` are uids; the last uid of ``boneyard`` is
  drawn first. Seat ``None`` too.

A thinking time running out is no action: it is the engine's own deadline
(``DominoMatch.next_deadline``/``advance``).

A refused action comes back as a ``Refusal`` (stable string values: the message
``domino-refusal-<value>``) and changes nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from audiogame.games.domino.tiles import SETS, End


@dataclass(frozen=True, slots=True)
class Play:
    uid: int
    end: End | None = None


@dataclass(frozen=True, slots=True)
class Draw:
    pass


@dataclass(frozen=True, slots=True)
class Pass:
    pass


@dataclass(frozen=True, slots=True)
class NextManche:
    pass


@dataclass(frozen=True, slots=True)
class Deal:
    hands: tuple[tuple[int, ...], ...]
    boneyard: tuple[int, ...]


Action = Play | Draw | Pass | NextManche | Deal

#: the seat-less actions are values: one of each serves every seat
DRAW = Draw()
PASS = Pass()
NEXT_MANCHE = NextManche()

LEFT, RIGHT = End.LEFT, End.RIGHT
_MAX_UID = max(spec.size for spec in SETS.values())

#: Interned plays, indexed by uid: (on the left, on the right, with no end named).
#: Legal move lists are rebuilt every turn; reusing the same values saves building
#: them and lets the engine recognise its own legal actions by identity.
PLAYS: tuple[tuple[Play, Play, Play], ...] = tuple(
    (Play(u, LEFT), Play(u, RIGHT), Play(u, None)) for u in range(_MAX_UID)
)
#: the same plays by end alone (one index fewer where legal plays are listed)
PLAYS_LEFT: tuple[Play, ...] = tuple(p[0] for p in PLAYS)
PLAYS_RIGHT: tuple[Play, ...] = tuple(p[1] for p in PLAYS)
_END_INDEX: dict[End | None, int] = {LEFT: 0, RIGHT: 1, None: 2}


def play(uid: int, end: End | None = None) -> Play:
    """The interned ``Play`` for these values."""
    return PLAYS[uid][_END_INDEX[end]]


class Refusal(StrEnum):
    """Why an action was refused. Values are stable message ids."""

    MATCH_OVER = "match-over"
    MANCHE_OVER = "manche-over"
    MANCHE_IN_PROGRESS = "manche-in-progress"
    NO_SUCH_SEAT = "no-such-seat"
    TABLE_ONLY = "table-only"
    NOT_AN_ACTION = "not-an-action"
    ELIMINATED = "eliminated"
    OUT_OF_MANCHE = "out-of-manche"
    NOT_YOUR_TURN = "not-your-turn"
    NOT_IN_HAND = "not-in-hand"
    DOES_NOT_FIT = "does-not-fit"
    CHOOSE_END = "choose-end"
    MUST_PLAY = "must-play"
    MUST_PLAY_DRAWN = "must-play-drawn"
    MUST_DRAW = "must-draw"
    MAY_NOT_DRAW = "may-not-draw"
    DRAWING_FORBIDDEN = "drawing-forbidden"
    BONEYARD_EMPTY = "boneyard-empty"
    BAD_DEAL = "bad-deal"


_SIMPLE: dict[str, Action] = {"draw": DRAW, "pass": PASS, "next-manche": NEXT_MANCHE}
_KIND_OF: dict[type, str] = {
    Play: "play",
    Draw: "draw",
    Pass: "pass",
    NextManche: "next-manche",
    Deal: "deal",
}


def action_to_dict(action: Action) -> dict[str, Any]:
    """Plain data for saves and logs."""
    data: dict[str, Any] = {"kind": _KIND_OF[type(action)]}
    if isinstance(action, Play):
        data.update(uid=action.uid, end=None if action.end is None else action.end.value)
    elif isinstance(action, Deal):
        data.update(hands=[list(h) for h in action.hands], boneyard=list(action.boneyard))
    return data


def action_from_dict(data: Mapping[str, Any]) -> Action:
    """The action ``action_to_dict`` wrote; ``ValueError`` when it is not one."""
    kind = data.get("kind")
    if isinstance(kind, str) and kind in _SIMPLE:
        return _SIMPLE[kind]
    if kind == "play":
        uid, end = data["uid"], data.get("end")
        if type(uid) is not int:
            raise ValueError("a play names a tile by its uid")
        return Play(uid, None if end is None else End(end))
    if kind == "deal":
        hands = tuple(tuple(_uids(h)) for h in data["hands"])
        return Deal(hands, tuple(_uids(data["boneyard"])))
    raise ValueError(f"not a domino action: {kind!r}")


def _uids(values: Any) -> list[int]:
    if not isinstance(values, list) or not all(type(v) is int for v in values):
        raise ValueError("a deal lists tile uids")
    return values
