"""What one seat hears of a domino match: events in, ``Message``s out. Pure.

``Narrator(seat, names, teams)`` turns the engine's events into messages for
the human at ``seat``: a message id with arguments, a cue with its pan, a
verbosity kind. It never formats text: tiles, names and lists are ``Phrase`` /
``Join`` arguments the table resolves in the player's language just before
speaking, so the words (and how a tile is said) live in the ``.ftl`` files.

The sound scene: a tile played on the left end is heard on the left, on the
right end on the right; the first tile of a manche, draws and passes in the
centre. Only events the seat may know reach it (``visible_to``), so what
another player drew is never told.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
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


class Narrator:
    """The messages for the human at ``seat``; ``names[s]`` for every other seat."""

    def __init__(self, seat: int, names: Sequence[str], teams: Sequence[int] | None = None) -> None:
        self.me = seat
        self.names = tuple(names)
        self.teams = None if teams is None else tuple(teams)
        self.sides = self.teams if self.teams is not None else tuple(range(len(self.names)))
        self._opened = False  # a tile is on the table this manche
        self._drawn: list[Tile] = []  # my tiles drawn, told with the Drew that follows
        self._dealt: tuple[int, ...] = ()  # seats dealt into this manche
        self._handlers: dict[type, Callable[[Any], list[Message]]] = {
            MatchStarted: self._match_started,
            MancheStarted: self._manche_started,
            HandDealt: self._hand_dealt,
            TurnBegan: self._turn,
            TilePlayed: self._played,
            TileDrawn: self._tile_drawn,
            Drew: self._drew,
            TimeRanOut: self._time_ran_out,
            Passed: self._passed,
            Blocked: self._blocked,
            WentOut: self._went_out,
            MancheEnded: self._manche_ended,
            Eliminated: self._eliminated,
            MatchEnded: self._match_ended,
        }

    # -- entry points -----------------------------------------------------------------
    def batch(self, events: Sequence[Any]) -> list[Message]:
        out: list[Message] = []
        for event in events:
            out += self.narrate(event)
        return out

    def narrate(self, event: Any) -> list[Message]:
        if not visible_to(event, self.me):
            return []
        handler = self._handlers.get(type(event))
        return handler(event) if handler is not None else []

    # -- names ------------------------------------------------------------------------
    def who(self, seat: int) -> Any:
        return Phrase("domino-you") if seat == self.me else self.names[seat]

    def side_name(self, side: int) -> Any:
        if self.teams is None:
            return self.who(side)
        if side == self.teams[self.me]:
            return Phrase("domino-team-mine")
        return Phrase("domino-team", {"n": side + 1})

    def members(self, side: int) -> Join:
        return Join(tuple(self.who(s) for s, sd in enumerate(self.sides) if sd == side))

    def tally(self, values: Sequence[int], sides: Sequence[int] | None = None) -> Join:
        order = range(len(values)) if sides is None else sides
        return Join(
            tuple(Phrase("domino-tally", {"who": self.side_name(s), "n": values[s]}) for s in order)
        )

    def team_list(self) -> Join:
        count = 0 if self.teams is None else max(self.teams) + 1
        return Join(
            tuple(
                Phrase("domino-team-line", {"team": self.side_name(t), "members": self.members(t)})
                for t in range(count)
            ),
            SEMICOLON,
        )

    def _mine(self, seat: int) -> bool:
        return seat == self.me

    # -- the match and the manche -----------------------------------------------------
    def _match_started(self, e: MatchStarted) -> list[Message]:
        config = e.config
        others = Join(tuple(self.names[s] for s in range(len(self.names)) if s != self.me))
        out = [
            Message(
                "domino-match-start",
                {
                    "players": config.seats,
                    "names": others,
                    "set": Phrase(f"domino-set-{config.set_id}"),
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
        if self.teams is not None:
            out.append(Message("domino-teams", {"teams": self.team_list()}))
        return out

    def _manche_started(self, e: MancheStarted) -> list[Message]:
        self._opened = False
        self._drawn = []
        self._dealt = e.players
        size = max(e.hand_sizes)
        who = "you" if self._mine(e.starter) else "other"
        return [
            Message(
                "domino-manche-start",
                {"manche": e.manche, "size": size, "boneyard": e.boneyard},
                cue="shuffle",
            ),
            Message(
                f"domino-starter-{who}-{e.reason.value}",
                {"who": self.who(e.starter)},
            ),
        ]

    def _hand_dealt(self, e: HandDealt) -> list[Message]:
        return [Message("domino-your-hand", {"n": len(e.tiles), "tiles": tiles_phrase(e.tiles)})]

    def _turn(self, e: TurnBegan) -> list[Message]:
        if not self._mine(e.seat):
            return []
        if e.ends is None:
            return [Message("domino-your-turn-first", {}, TURN, "your_turn")]
        return [Message("domino-your-turn", {"ends": ends_phrase(e.ends)}, TURN, "your_turn")]

    # -- moves ------------------------------------------------------------------------
    def _played(self, e: TilePlayed) -> list[Message]:
        mine = self._mine(e.seat)
        kind = OWN if mine else OTHERS
        tile = tile_words(e.left, e.right)
        args = {"who": self.who(e.seat), "tile": tile}
        if not self._opened:
            self._opened = True
            out = [Message(f"domino-opens-{_person(mine)}", args, kind, "tile_play")]
        else:
            args["end"] = e.end.value
            msg = f"domino-plays-{_person(mine)}"
            out = [Message(msg, args, kind, "tile_play", END_PAN[e.end])]
        if e.hand_count == 1:
            out.append(
                Message(f"domino-last-tile-{_person(mine)}", {"who": self.who(e.seat)}, kind)
            )
        return out

    def _tile_drawn(self, e: TileDrawn) -> list[Message]:
        self._drawn.append(e.tile)
        return []

    def _drew(self, e: Drew) -> list[Message]:
        if not self._mine(e.seat):
            args = {"who": self.who(e.seat), "n": e.count, "boneyard": e.boneyard}
            return [Message("domino-draws", args, DRAWS, "tile_draw")]
        drawn, self._drawn = self._drawn, []
        fits = _fits(drawn[-1], e.ends) if drawn else False
        args = {
            "n": e.count,
            "tiles": tiles_phrase(drawn),
            "fits": "yes" if fits else "no",
            "boneyard": e.boneyard,
        }
        return [Message("domino-you-draw", args, OWN, "tile_draw")]

    def _time_ran_out(self, e: TimeRanOut) -> list[Message]:
        mine = self._mine(e.seat)
        kind = OWN if mine else OTHERS
        return [
            Message(f"domino-time-out-{_person(mine)}", {"who": self.who(e.seat)}, kind, "notice")
        ]

    def _passed(self, e: Passed) -> list[Message]:
        mine = self._mine(e.seat)
        kind = OWN if mine else OTHERS
        cause = "stuck" if e.cause is PassCause.STUCK else "after"
        msg = f"domino-pass-{cause}-{_person(mine)}"
        return [Message(msg, {"who": self.who(e.seat)}, kind, "pass")]

    def _blocked(self, e: Blocked) -> list[Message]:
        return [Message("domino-blocked", {"ends": ends_phrase(e.ends)}, SCORES, "blocked")]

    def _went_out(self, e: WentOut) -> list[Message]:
        mine = self._mine(e.seat)
        kind = OWN if mine else OTHERS
        return [Message(f"domino-out-{_person(mine)}", {"who": self.who(e.seat)}, kind)]

    # -- scores -----------------------------------------------------------------------
    def _manche_ended(self, e: MancheEnded) -> list[Message]:
        dealt = sorted({self.sides[s] for s in self._dealt}) or list(range(len(e.points)))
        my_side = self.sides[self.me]
        won = my_side in dealt and e.points[my_side] == min(e.points[s] for s in dealt)
        how = _HOW[e.how]
        args: dict[str, Any] = {"manche": e.manche}
        head = f"domino-manche-end-{how}"
        if e.how is MancheEnd.TEAM_OUT and e.closing_side is not None:
            args["who"] = self.side_name(e.closing_side)
        elif e.closer is not None:
            args["who"] = self.who(e.closer)
            head += "-you" if e.closer == self.me else ""
        return [
            Message(head, args, SCORES, "manche_won" if won else "manche_lost"),
            Message(
                "domino-manche-points",
                {"points": self.tally(e.points, dealt), "totals": self.tally(e.totals)},
                SCORES,
            ),
        ]

    def _eliminated(self, e: Eliminated) -> list[Message]:
        mine = e.side == self.sides[self.me]
        if self.teams is not None:
            msg = "domino-eliminated-team-mine" if mine else "domino-eliminated-team"
        else:
            msg = "domino-eliminated-you" if mine else "domino-eliminated"
        args = {"who": self.side_name(e.side), "n": e.total}
        return [Message(msg, args, SCORES, "eliminated")]

    def _match_ended(self, e: MatchEnded) -> list[Message]:
        my_side = self.sides[self.me]
        won = my_side in e.winning_sides
        winners = Join(tuple(self.side_name(s) for s in e.winning_sides))
        if e.shared:
            msg = "domino-match-shared"
        elif won:
            msg = "domino-match-won-team" if self.teams is not None else "domino-match-won"
        else:
            msg = "domino-match-lost"
        args = {"who": winners, "reason": Phrase(f"domino-reason-{e.reason.value}")}
        return [
            Message(msg, args, SCORES, "match_won" if won else "match_lost"),
            Message("domino-final-scores", {"totals": self.tally(e.totals)}, SCORES),
        ]


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


def _fits(tile: Tile, ends: Ends) -> bool:
    return ends is None or tile.has(ends[0]) or tile.has(ends[1])
