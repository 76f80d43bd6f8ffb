"""What one seat hears of a domino match: events in, ``Message``s out. Pure.

``narrate(events, view, names)`` (the spec's ``Narrate``) turns one batch of
the engine's events into messages for the listener whose observation is
``view`` (``view.seat``; None: a spectator): a message id with arguments, a
cue with its pan, a verbosity kind. It keeps nothing between batches: what it
needs travels in the events (``TilePlayed.opens``, ``MancheEnded.dealt``, my
``TileDrawn`` events in the same batch as the ``Drew`` that sums them up) or
in the view (the seat, the teams). It never formats text: tiles, names and
lists are ``Phrase`` / ``Join`` arguments resolved in the player's language
just before speaking, so the words live in the ``.ftl`` files.

``Seating`` (who listens, the names, the teams) and the functions on it
(``who``, ``side_name``, ``tally``...) are the same words for the table's
answers to questions.

The sound scene: a tile played on the left end is heard on the left, on the
right end on the right; the first tile of a manche, draws and passes in the
centre. Only events the listener may know reach it (``visible_to``), so what
another player drew is never told.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from audiogame.games.base import visible_to
from audiogame.games.domino.events import (
    Blocked,
    Drew,
    Eliminated,
    Ends,
    HandDealt,
    MancheEnd,
    MancheEnded,
    MancheStarted,
    MatchEnd,
    MatchEnded,
    MatchStarted,
    PassCause,
    Passed,
    StartReason,
    TileDrawn,
    TilePlayed,
    TimeRanOut,
    TurnBegan,
    WentOut,
)
from audiogame.games.domino.observation import Observation
from audiogame.games.domino.rules import fits
from audiogame.games.domino.tiles import End, Tile
from audiogame.narration import SEMICOLON, Join, Message, Phrase

OWN, OTHERS, DRAWS, SCORES, TURN = "own", "others", "draws", "scores", "turn"

#: how far to the side a tile played on an end is heard
END_PAN: dict[End, float] = {End.LEFT: -0.6, End.RIGHT: 0.6}


def tile_words(a: int, b: int) -> Phrase:
    """A tile as the synthesizer should say it ("5 e 4", "doppio 6")."""
    if a == b:
        return Phrase("domino-double", {"n": a})
    return Phrase("domino-tile", {"a": a, "b": b})


def tile_phrase(tile: Tile) -> Phrase:
    return tile_words(tile.a, tile.b)


def tiles_phrase(tiles: Sequence[Tile]) -> Join:
    return Join(tuple(tile_phrase(t) for t in tiles))


def ends_phrase(ends: Ends) -> Phrase:
    if ends is None:
        return Phrase("domino-ends-none")
    return Phrase("domino-ends", {"left": ends[0], "right": ends[1]})


@dataclass(frozen=True, slots=True)
class Seating:
    """Who listens (``me``; None: a spectator), every seat's name, the teams."""

    me: int | None
    names: tuple[str, ...]
    teams: tuple[int, ...] | None = None

    @classmethod
    def of(cls, view: Observation, names: Sequence[str]) -> Seating:
        return cls(view.seat, tuple(names), view.config.teams)

    @property
    def sides(self) -> tuple[int, ...]:
        return self.teams if self.teams is not None else tuple(range(len(self.names)))

    @property
    def my_side(self) -> int | None:
        return None if self.me is None else self.sides[self.me]


def who(seating: Seating, seat: int) -> Any:
    return Phrase("domino-you") if seat == seating.me else seating.names[seat]


def side_name(seating: Seating, side: int) -> Any:
    if seating.teams is None:
        return who(seating, side)
    if side == seating.my_side:
        return Phrase("domino-team-mine")
    return Phrase("domino-team", {"n": side + 1})


def members(seating: Seating, side: int) -> Join:
    return Join(tuple(who(seating, s) for s, sd in enumerate(seating.sides) if sd == side))


def tally(seating: Seating, values: Sequence[int], sides: Sequence[int] | None = None) -> Join:
    """Each side's value ("you 35, Marco 12"), in side order or in ``sides``' order."""
    order = range(len(values)) if sides is None else sides
    return Join(
        tuple(Phrase("domino-tally", {"who": side_name(seating, s), "n": values[s]}) for s in order)
    )


def team_list(seating: Seating) -> Join:
    count = 0 if seating.teams is None else max(seating.teams) + 1
    return Join(
        tuple(
            Phrase(
                "domino-team-line",
                {"team": side_name(seating, t), "members": members(seating, t)},
            )
            for t in range(count)
        ),
        SEMICOLON,
    )


def narrate(events: Sequence[Any], view: Observation, names: Sequence[str]) -> list[Message]:
    """What the listener whose observation is ``view`` hears of one batch."""
    seating = Seating.of(view, names)
    out: list[Message] = []
    drawn: list[Tile] = []  # my tiles drawn, told with the Drew that follows them
    for event in events:
        if not visible_to(event, seating.me):
            continue
        if isinstance(event, TileDrawn):
            drawn.append(event.tile)
        elif isinstance(event, Drew) and event.seat == seating.me:
            out += _my_draw(event, drawn)
            drawn = []
        else:
            handler = _HANDLERS.get(type(event))
            if handler is not None:
                out += handler(seating, event)
    return out


# -- the match and the manche -----------------------------------------------------------
def _match_started(seating: Seating, e: MatchStarted) -> list[Message]:
    config = e.config
    names = seating.names
    others = Join(tuple(names[s] for s in range(len(names)) if s != seating.me))
    out = [
        Message(
            "domino-match-start",
            {
                "players": config.seats,
                "names": others,
                "set": Phrase(f"domino-option-set-{config.set_id}"),
                "limit": config.point_limit,
            },
        )
    ]
    if config.manche_limit:
        out.append(Message("domino-match-manches", {"n": config.manche_limit}))
    # the rules that differ from the usual table, so nobody is surprised by them
    out += [Message(f"domino-rule-{rule}") for rule, on in _rules(config) if on]
    if config.thinking_time:
        out.append(Message("domino-rule-thinking-time", {"n": config.thinking_time}))
    if seating.teams is not None:
        out.append(Message("domino-teams", {"teams": team_list(seating)}))
    return out


def _manche_started(seating: Seating, e: MancheStarted) -> list[Message]:
    size = max(e.hand_sizes)
    person = _person(e.starter == seating.me)
    return [
        Message(
            "domino-manche-start",
            {"manche": e.manche, "size": size, "boneyard": e.boneyard},
            cue="shuffle",
        ),
        Message(f"domino-starter-{person}-{e.reason.value}", {"who": who(seating, e.starter)}),
    ]


def _hand_dealt(seating: Seating, e: HandDealt) -> list[Message]:
    return [Message("domino-your-hand", {"n": len(e.tiles), "tiles": tiles_phrase(e.tiles)})]


def _turn(seating: Seating, e: TurnBegan) -> list[Message]:
    if e.seat != seating.me:
        return []
    if e.ends is None:
        return [Message("domino-your-turn-first", {}, TURN, "your_turn")]
    return [Message("domino-your-turn", {"ends": ends_phrase(e.ends)}, TURN, "your_turn")]


# -- moves --------------------------------------------------------------------------------
def _played(seating: Seating, e: TilePlayed) -> list[Message]:
    mine = e.seat == seating.me
    kind = OWN if mine else OTHERS
    args = {"who": who(seating, e.seat), "tile": tile_words(e.left, e.right)}
    if e.opens:
        out = [Message(f"domino-opens-{_person(mine)}", args, kind, "tile_play")]
    else:
        args["end"] = e.end.value
        msg = f"domino-plays-{_person(mine)}"
        out = [Message(msg, args, kind, "tile_play", END_PAN[e.end])]
    if e.hand_count == 1:
        out.append(
            Message(f"domino-last-tile-{_person(mine)}", {"who": who(seating, e.seat)}, kind)
        )
    return out


def _drew(seating: Seating, e: Drew) -> list[Message]:
    """Another seat drew (mine is ``_my_draw``: it names the tiles)."""
    args = {"who": who(seating, e.seat), "n": e.count, "boneyard": e.boneyard}
    return [Message("domino-draws", args, DRAWS, "tile_draw")]


def _my_draw(e: Drew, drawn: Sequence[Tile]) -> list[Message]:
    fit = fits(drawn[-1], e.ends) if drawn else False
    args = {
        "n": e.count,
        "tiles": tiles_phrase(drawn),
        "fits": "yes" if fit else "no",
        "boneyard": e.boneyard,
    }
    return [Message("domino-you-draw", args, OWN, "tile_draw")]


def _time_ran_out(seating: Seating, e: TimeRanOut) -> list[Message]:
    mine = e.seat == seating.me
    msg = f"domino-time-out-{_person(mine)}"
    return [Message(msg, {"who": who(seating, e.seat)}, OWN if mine else OTHERS, "notice")]


def _passed(seating: Seating, e: Passed) -> list[Message]:
    mine = e.seat == seating.me
    cause = "stuck" if e.cause is PassCause.STUCK else "after"
    msg = f"domino-pass-{cause}-{_person(mine)}"
    return [Message(msg, {"who": who(seating, e.seat)}, OWN if mine else OTHERS, "pass")]


def _blocked(seating: Seating, e: Blocked) -> list[Message]:
    return [Message("domino-blocked", {"ends": ends_phrase(e.ends)}, SCORES, "blocked")]


def _went_out(seating: Seating, e: WentOut) -> list[Message]:
    mine = e.seat == seating.me
    msg = f"domino-out-{_person(mine)}"
    return [Message(msg, {"who": who(seating, e.seat)}, OWN if mine else OTHERS)]


# -- scores -------------------------------------------------------------------------------
def _manche_ended(seating: Seating, e: MancheEnded) -> list[Message]:
    sides = seating.sides
    dealt = sorted({sides[s] for s in e.dealt}) or list(range(len(e.points)))
    mine = seating.my_side
    won = mine in dealt and e.points[mine] == min(e.points[s] for s in dealt)
    args: dict[str, Any] = {"manche": e.manche}
    head = f"domino-manche-end-{_HOW[e.how]}"
    if e.how is MancheEnd.TEAM_OUT and e.closing_side is not None:
        args["who"] = side_name(seating, e.closing_side)
    elif e.closer is not None:
        args["who"] = who(seating, e.closer)
        head += "-you" if e.closer == seating.me else ""
    # a spectator neither wins nor loses: the words alone
    cue = None if mine is None else "manche_won" if won else "manche_lost"
    return [
        Message(head, args, SCORES, cue),
        Message(
            "domino-manche-points",
            {"points": tally(seating, e.points, dealt), "totals": tally(seating, e.totals)},
            SCORES,
        ),
    ]


def _eliminated(seating: Seating, e: Eliminated) -> list[Message]:
    mine = e.side == seating.my_side
    if seating.teams is not None:
        msg = "domino-eliminated-team-mine" if mine else "domino-eliminated-team"
    else:
        msg = "domino-eliminated-you" if mine else "domino-eliminated"
    args = {"who": side_name(seating, e.side), "n": e.total}
    return [Message(msg, args, SCORES, "eliminated")]


def _match_ended(seating: Seating, e: MatchEnded) -> list[Message]:
    won = seating.my_side in e.winning_sides
    winners = Join(tuple(side_name(seating, s) for s in e.winning_sides))
    if e.shared:
        msg = "domino-match-shared"
    elif won:
        msg = "domino-match-won-team" if seating.teams is not None else "domino-match-won"
    else:
        msg = "domino-match-lost"
    args = {"who": winners, "reason": Phrase(f"domino-reason-{e.reason.value}")}
    cue = None if seating.me is None else "match_won" if won else "match_lost"
    return [
        Message(msg, args, SCORES, cue),
        Message("domino-final-scores", {"totals": tally(seating, e.totals)}, SCORES),
    ]


_HANDLERS: dict[type, Callable[[Seating, Any], list[Message]]] = {
    MatchStarted: _match_started,
    MancheStarted: _manche_started,
    HandDealt: _hand_dealt,
    TurnBegan: _turn,
    TilePlayed: _played,
    Drew: _drew,
    TimeRanOut: _time_ran_out,
    Passed: _passed,
    Blocked: _blocked,
    WentOut: _went_out,
    MancheEnded: _manche_ended,
    Eliminated: _eliminated,
    MatchEnded: _match_ended,
}


_HOW: dict[MancheEnd, str] = {
    MancheEnd.OUT: "out",
    MancheEnd.TEAM_OUT: "team-out",
    MancheEnd.BLOCKED: "blocked",
}

# every reason and start has its message; listed so a new enum value is noticed by tests
REASONS: tuple[str, ...] = tuple(r.value for r in MatchEnd)
STARTS: tuple[str, ...] = tuple(r.value for r in StartReason)


def _rules(config: Any) -> tuple[tuple[str, bool], ...]:
    return (
        ("forbid-drawing", config.forbid_drawing),
        ("draw-with-playable", config.draw_with_playable and not config.forbid_drawing),
        ("draw-until-fits", config.draw_until_fits and not config.forbid_drawing),
        ("team-finish", config.team_finish and config.teams is not None),
    )


def _person(mine: bool) -> str:
    return "you" if mine else "other"
