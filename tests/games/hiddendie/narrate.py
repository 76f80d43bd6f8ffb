"""What a listener hears of a batch of events: message ids and cues, never text.

Pure: the words depend on the events, the listener's view (``view.seat`` is
"you"; None is a spectator) and the players' names, nothing else.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from audiogame.core.narration import Join, Message, Phrase

from .events import (
    DieRolled,
    GameEnded,
    GameStarted,
    Kept,
    Rerolled,
    RoundEnded,
    RoundStarted,
    TimeRanOut,
    TurnBegan,
)
from .observation import View

Say = Callable[[Any, View, Sequence[str]], list[Message]]


def narrate(events: Sequence[Any], view: View, names: Sequence[str]) -> list[Message]:
    messages: list[Message] = []
    for event in events:
        say = _SAY.get(type(event))
        if say is not None:
            messages += say(event, view, names)
    return messages


def _others(seats: Sequence[int], me: int | None, names: Sequence[str]) -> Join:
    return Join(tuple(names[s] for s in seats if s != me))


def _game_started(e: GameStarted, view: View, names: Sequence[str]) -> list[Message]:
    return [Message("hiddendie-game-started", {"players": e.players, "target": e.target})]


def _round_started(e: RoundStarted, view: View, names: Sequence[str]) -> list[Message]:
    return [Message("hiddendie-round-started", {"round": e.round}, kind="turn")]


def _die_rolled(e: DieRolled, view: View, names: Sequence[str]) -> list[Message]:
    msg_id = "hiddendie-you-rolled-again" if e.again else "hiddendie-you-rolled"
    return [Message(msg_id, {"value": e.value}, kind="own", cue="hiddendie_roll")]


def _turn_began(e: TurnBegan, view: View, names: Sequence[str]) -> list[Message]:
    if e.seat == view.seat:
        return [Message("hiddendie-your-turn", kind="turn", cue="hiddendie_turn")]
    return [Message("hiddendie-turn", {"who": names[e.seat]}, kind="turn")]


def _time_ran_out(e: TimeRanOut, view: View, names: Sequence[str]) -> list[Message]:
    if e.seat == view.seat:
        return [Message("hiddendie-you-ran-out", kind="own", cue="menu_error")]
    return [Message("hiddendie-ran-out", {"who": names[e.seat]}, kind="others")]


def _kept(e: Kept, view: View, names: Sequence[str]) -> list[Message]:
    if e.seat == view.seat:
        return [Message("hiddendie-you-keep", kind="own")]
    return [Message("hiddendie-keeps", {"who": names[e.seat]}, kind="others")]


def _rerolled(e: Rerolled, view: View, names: Sequence[str]) -> list[Message]:
    if e.seat == view.seat:
        return []  # my own new value (DieRolled) says it, with the sound
    who = {"who": names[e.seat]}
    return [Message("hiddendie-rerolls", who, kind="others", cue="hiddendie_roll", volume=0.6)]


def _round_ended(e: RoundEnded, view: View, names: Sequence[str]) -> list[Message]:
    shown = Join(
        tuple(
            Phrase("hiddendie-you-show", {"value": value})
            if seat == view.seat
            else Phrase("hiddendie-shows", {"who": names[seat], "value": value})
            for seat, value in enumerate(e.values)
        )
    )
    messages = [Message("hiddendie-cups-lifted", {"round": e.round, "shown": shown}, kind="others")]
    if view.seat in e.winners:
        if len(e.winners) == 1:
            messages.append(
                Message("hiddendie-you-take-point", kind="scores", cue="hiddendie_point")
            )
        else:
            others = _others(e.winners, view.seat, names)
            messages.append(
                Message(
                    "hiddendie-you-share-point",
                    {"others": others},
                    kind="scores",
                    cue="hiddendie_point",
                )
            )
    else:
        who = _others(e.winners, None, names)
        messages.append(
            Message("hiddendie-takes-point", {"who": who, "n": len(e.winners)}, kind="scores")
        )
    scores = Join(
        tuple(
            Phrase("hiddendie-your-score", {"points": points})
            if seat == view.seat
            else Phrase("hiddendie-score", {"who": names[seat], "points": points})
            for seat, points in enumerate(e.scores)
        )
    )
    messages.append(Message("hiddendie-scores", {"scores": scores}, kind="scores"))
    return messages


def _game_ended(e: GameEnded, view: View, names: Sequence[str]) -> list[Message]:
    if view.seat in e.winners:
        if len(e.winners) == 1:
            return [Message("hiddendie-you-win", cue="hiddendie_win")]
        others = _others(e.winners, view.seat, names)
        return [Message("hiddendie-you-share-win", {"others": others}, cue="hiddendie_win")]
    who = _others(e.winners, None, names)
    return [Message("hiddendie-wins", {"who": who, "n": len(e.winners)})]


_SAY: dict[type, Say] = {
    GameStarted: _game_started,
    RoundStarted: _round_started,
    DieRolled: _die_rolled,
    TurnBegan: _turn_began,
    TimeRanOut: _time_ran_out,
    Kept: _kept,
    Rerolled: _rerolled,
    RoundEnded: _round_ended,
    GameEnded: _game_ended,
}
