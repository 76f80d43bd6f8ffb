"""What a listener hears of a batch of events: message ids and cues, never text.

Pure: the words depend on the events, the listener's view (``view.seat`` is
"you"; None is a spectator, spoken to in the third person only) and the
players' names, nothing else.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from audiogame.core.narration import Join, Message, Phrase

from .events import Chose, DieRolled, GameEnded, GameStarted, RoundEnded, RoundStarted, TimeRanOut
from .observation import View

Say = Callable[[Any, View, Sequence[str]], list[Message]]


def narrate(events: Sequence[Any], view: View, names: Sequence[str]) -> list[Message]:
    messages: list[Message] = []
    for event in events:
        say = _SAY.get(type(event))
        if say is not None:
            messages += say(event, view, names)
    return messages


def _names(seats: Sequence[int], names: Sequence[str]) -> Join:
    return Join(tuple(names[s] for s in seats))


def _game_started(e: GameStarted, view: View, names: Sequence[str]) -> list[Message]:
    return [Message("showfold-game-started", {"players": e.players, "target": e.target})]


def _round_started(e: RoundStarted, view: View, names: Sequence[str]) -> list[Message]:
    return [Message("showfold-round-started", {"round": e.round}, kind="turn")]


def _die_rolled(e: DieRolled, view: View, names: Sequence[str]) -> list[Message]:
    return [Message("showfold-your-die", {"value": e.value}, kind="own", cue="showfold_roll")]


def _chose(e: Chose, view: View, names: Sequence[str]) -> list[Message]:
    if e.seat == view.seat:
        msg_id = "showfold-you-show" if view.my_choice == "show" else "showfold-you-fold"
        return [Message(msg_id, kind="own", cue="showfold_choose")]
    return [Message("showfold-chose", {"who": names[e.seat]}, kind="others")]


def _time_ran_out(e: TimeRanOut, view: View, names: Sequence[str]) -> list[Message]:
    said = []
    if view.seat in e.seats:
        said.append(Message("showfold-you-ran-out", kind="own"))
    others = [s for s in e.seats if s != view.seat]
    if others:
        said.append(Message("showfold-ran-out", {"who": _names(others, names), "n": len(others)}))
    return said


def _shown(seat: int, e: RoundEnded, view: View, names: Sequence[str]) -> Phrase:
    value = e.values[seat]
    if seat == view.seat:
        if value is None:
            return Phrase("showfold-you-folded")
        return Phrase("showfold-you-showed", {"value": value})
    if value is None:
        return Phrase("showfold-folded", {"who": names[seat]})
    return Phrase("showfold-showed", {"who": names[seat], "value": value})


def _round_ended(e: RoundEnded, view: View, names: Sequence[str]) -> list[Message]:
    parts = Join(tuple(_shown(seat, e, view, names) for seat in range(len(e.values))))
    said = [Message("showfold-revealed", {"round": e.round, "shown": parts}, kind="turn")]
    me = view.seat
    if not e.winners:
        said.append(Message("showfold-nobody-showed", kind="turn"))
    elif me in e.winners:
        others = [s for s in e.winners if s != me]
        if others:
            said.append(Message("showfold-you-share-point", {"others": _names(others, names)}))
        else:
            said.append(Message("showfold-you-take-point", cue="showfold_point"))
    else:
        winners = _names(e.winners, names)
        said.append(Message("showfold-takes-point", {"who": winners, "n": len(e.winners)}))
    if me in e.losers:
        said.append(Message("showfold-you-lose-point"))
    others_lost = [s for s in e.losers if s != me]
    if others_lost:
        lost = {"who": _names(others_lost, names), "n": len(others_lost)}
        said.append(Message("showfold-loses-point", lost))
    said.append(Message("showfold-scores", {"scores": scores(e.scores, me, names)}, kind="turn"))
    return said


def scores(points: Sequence[int], me: int | None, names: Sequence[str]) -> Join:
    return Join(
        tuple(
            Phrase("showfold-your-score", {"points": p})
            if seat == me
            else Phrase("showfold-score", {"who": names[seat], "points": p})
            for seat, p in enumerate(points)
        )
    )


def _game_ended(e: GameEnded, view: View, names: Sequence[str]) -> list[Message]:
    me = view.seat
    if me in e.winners:
        others = [s for s in e.winners if s != me]
        if others:
            return [Message("showfold-you-share-win", {"others": _names(others, names)})]
        return [Message("showfold-you-win", cue="showfold_win")]
    return [Message("showfold-wins", {"who": _names(e.winners, names), "n": len(e.winners)})]


_SAY: dict[type, Say] = {
    GameStarted: _game_started,
    RoundStarted: _round_started,
    DieRolled: _die_rolled,
    Chose: _chose,
    TimeRanOut: _time_ran_out,
    RoundEnded: _round_ended,
    GameEnded: _game_ended,
}
