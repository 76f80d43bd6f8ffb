"""What players (and the table's scheduler) ask the engine to do, and why it may say no.

Actions are small frozen values naming tiles by uid:

- ``Play(seat, uid, end)``: attach a tile; ``end`` may be None when only one end
  fits (or both ends show the same number, or the chain is empty).
- ``Draw(seat)``: draw from the boneyard (with "draw until a tile fits" one Draw
  draws as many tiles as it takes).
- ``Pass(seat)``: legal only when the seat can neither play nor draw.
- ``TimeExpired(seat)``: sent by the table's scheduler when thinking time runs
  out: one tile is drawn if drawing is possible, then the turn passes.
- ``NextManche()``: deals the next manche (also the first one). The engine never
  starts a manche by itself, so the table can pause between manches.
- ``Deal(hands, boneyard)``: like ``NextManche`` but with a fixed deal (tutorials,
  puzzles, tests): ``hands[seat]`` are uids; the last uid of ``boneyard`` is drawn first.

A refused action comes back as a ``Refusal`` (stable string values the UI maps to
localized messages) and changes nothing.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from audiogame.games.domino._frozen import frozen
from audiogame.games.domino.tiles import End


@frozen
class Play:
    seat: int
    uid: int
    end: End | None = None


@frozen
class Draw:
    seat: int


@frozen
class Pass:
    seat: int


@frozen
class TimeExpired:
    seat: int


@frozen
class NextManche:
    pass


@frozen
class Deal:
    hands: tuple[tuple[int, ...], ...]
    boneyard: tuple[int, ...]


Action = Play | Draw | Pass | TimeExpired | NextManche | Deal


class Refusal(StrEnum):
    """Why an action was refused. Values are stable message ids."""

    MATCH_OVER = "match-over"
    MANCHE_OVER = "manche-over"
    MANCHE_IN_PROGRESS = "manche-in-progress"
    NO_SUCH_SEAT = "no-such-seat"
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


_KINDS: dict[str, type] = {
    "play": Play,
    "draw": Draw,
    "pass": Pass,
    "time-expired": TimeExpired,
    "next-manche": NextManche,
    "deal": Deal,
}
_KIND_OF: dict[type, str] = {cls: kind for kind, cls in _KINDS.items()}


def action_to_dict(action: Action) -> dict[str, Any]:
    """Plain data for saves and logs."""
    data: dict[str, Any] = {"kind": _KIND_OF[type(action)]}
    if isinstance(action, Play):
        data.update(seat=action.seat, uid=action.uid, end=action.end and action.end.value)
    elif isinstance(action, Deal):
        data.update(hands=[list(h) for h in action.hands], boneyard=list(action.boneyard))
    elif not isinstance(action, NextManche):
        data["seat"] = action.seat
    return data


def action_from_dict(data: dict[str, Any]) -> Action:
    cls = _KINDS[data["kind"]]
    if cls is Play:
        end = data.get("end")
        return Play(data["seat"], data["uid"], None if end is None else End(end))
    if cls is NextManche:
        return NextManche()
    if cls is Deal:
        return Deal(tuple(tuple(h) for h in data["hands"]), tuple(data["boneyard"]))
    return cls(data["seat"])
