"""A manche in play, written once for the table and for the bots' play-outs.

``Manche`` holds the hands, the boneyard, the open ends, who is still playing,
whose turn it is and how many turns in a row passed. Its moves are the rules of
a turn: ``play`` places a tile, ``draw`` draws (one tile, or until one fits),
``pass_`` passes, ``time_out`` is a turn whose time ran out; each then gives the
turn to the next seat still playing, passing by itself for a seat that can
neither play nor draw (``auto_pass``), and notices a seat (or a whole team) that
went out or a manche blocked. ``act(action)`` does the move a legal action names.

One code, two modes:

- **at the table**, ``DominoMatch`` hands each move a list, and the move appends
  the events it causes (raw records, built into event objects only when read);
  the engine checks an action before it moves, and keeps the log, the time and
  the match's scores around it;
- **in simulation** (the bots' play-outs, benchmarks), the list is None: no
  events, no checks, no log. The moves trust their caller to move only as the
  rules allow (``legal_actions``, ``greedy``).

So a bot's play-out cannot disagree with the table on how a tile attaches, what
a draw brings, whose turn comes next, when a team is out or when the manche is
blocked: it runs the same lines (a property test plays both modes side by side
all the same). When the manche ends, ``current`` is None, ``ended`` says how and
``closer`` who went out (None when blocked); ``pips()`` and
``rules.manche_points`` score it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from audiogame.games.domino import rules
from audiogame.games.domino.actions import DRAW, PASS, PLAYS_LEFT, PLAYS_RIGHT, Action, Draw, Play
from audiogame.games.domino.events import (
    Drew,
    Ends,
    MancheEnd,
    PassCause,
    Passed,
    TileDrawn,
    TilePlayed,
    TimeRanOut,
    TurnBegan,
    WentOut,
)
from audiogame.games.domino.rules import TableFacts, fitting_plays
from audiogame.games.domino.tiles import End, Tile

LEFT = End.LEFT
RIGHT = End.RIGHT
_STUCK = PassCause.STUCK
_DRAWN_TILE_DOES_NOT_FIT = PassCause.DRAWN_TILE_DOES_NOT_FIT
_TIME_EXPIRED = PassCause.TIME_EXPIRED
_BLOCKED, _OUT, _TEAM_OUT = MancheEnd.BLOCKED, MancheEnd.OUT, MancheEnd.TEAM_OUT

#: An event not built yet: (event class, positional arguments, private seat or None).
RawEvent = tuple[Callable[..., Any], tuple[Any, ...], int | None]
#: Where a move records its events: a list at the table, None in simulation.
Sink = list[RawEvent] | None


class Manche:
    """The state of a manche in play and its moves (see the module's docstring)."""

    __slots__ = (
        "hands",
        "boneyard",
        "ends",
        "_playing",
        "after",
        "stuck",
        "current",
        "drew_fitting",
        "legal",
        "ended",
        "closer",
        "auto_pass",
        "facts",
        "sides",
        "team_finish",
        "forbid",
        "until_fits",
        "tiles",
    )

    def __init__(
        self,
        facts: TableFacts,
        hands: list[list[Tile]],
        boneyard: list[Tile],
        playing: list[bool],
        ends: Ends = None,
        *,
        current: int | None = None,
        auto_pass: bool = True,
    ) -> None:
        self.hands = hands
        self.boneyard = boneyard
        self.ends = ends
        self._playing = playing
        self.after = _order_of(playing)
        #: turns passed in a row (a play or a draw starts the count again)
        self.stuck = 0
        #: the seat on turn; None once the manche is over (or before it is dealt)
        self.current = current
        #: the seat on turn drew a tile that fits: it must play (its turn goes on)
        self.drew_fitting = False
        #: the legal actions of the seat on turn, once worked out
        self.legal: Sequence[Action] | None = None
        #: how the manche ended, and who went out (None: nobody, it blocked)
        self.ended: MancheEnd | None = None
        self.closer: int | None = None
        self.auto_pass = auto_pass
        self.facts = facts
        self.sides, self.team_finish, self.forbid, self.until_fits, _, self.tiles, _ = facts

    def copy(self, hands: list[list[Tile]], boneyard: list[Tile]) -> Manche:
        """The same manche with other hands and boneyard (a bot's deals)."""
        other = object.__new__(Manche)
        other.hands = hands
        other.boneyard = boneyard
        other.ends = self.ends
        other._playing = self._playing[:]
        other.after = self.after
        other.stuck = self.stuck
        other.current = self.current
        other.drew_fitting = self.drew_fitting
        other.legal = None
        other.ended = self.ended
        other.closer = self.closer
        other.auto_pass = self.auto_pass
        other.facts = self.facts
        other.sides = self.sides
        other.team_finish = self.team_finish
        other.forbid = self.forbid
        other.until_fits = self.until_fits
        other.tiles = self.tiles
        return other

    # -- what may be done -----------------------------------------------------------
    def legal_actions(self) -> Sequence[Action]:
        """Every legal action of the seat on turn (empty once the manche is over)."""
        legal = self.legal
        if legal is None:
            seat = self.current
            if seat is None:
                return ()
            hand, boneyard = self.hands[seat], len(self.boneyard)
            legal = self.legal = rules.legal_actions(
                self.facts.config, hand, self.ends, boneyard, self.drew_fitting
            )
        return legal

    def plays(self, seat: int) -> list[Play]:
        return fitting_plays(self.hands[seat], self.ends)

    def can_draw(self) -> bool:
        """A tile could be drawn now (whether this seat may is ``rules.draw_refusal``)."""
        return not self.forbid and bool(self.boneyard) and self.ends is not None

    def time_out_draws(self) -> bool:
        """A turn whose time runs out draws a tile: whenever one may be drawn at all,
        the empty chain included (so an absent opener cannot block a full boneyard)."""
        return not self.forbid and bool(self.boneyard)

    # -- moves of the seat on turn ----------------------------------------------------
    def act(self, action: Action | None, events: Sink = None) -> None:
        """Do a legal action of the seat on turn (trusted: from ``legal_actions``, or
        a play ``rules.heaviest_fit`` names); None: its thinking time ran out.

        Every move is written here once, and so is the turn passing on after it:
        one call per move, as the play-outs make millions of them.
        """
        seat: int = self.current  # type: ignore[assignment]
        kind = action.__class__
        if kind is Play:
            tile = self.tiles[action.uid]  # type: ignore[union-attr]
            hand = self.hands[seat]
            hand.remove(tile)
            _, a, b = tile
            ends = self.ends
            self.stuck = 0
            if ends is None:
                left, right = a, b
                self.ends = (a, b)
            elif action.end is LEFT:  # type: ignore[union-attr]
                right = ends[0]
                left = b if a == right else a
                self.ends = (left, ends[1])
            else:  # the right end (or no end named: legal only where both ends are alike)
                left = ends[1]
                right = b if a == left else a
                self.ends = (ends[0], right)
            if events is not None:
                # where it went, how it reads left to right, the ends, the hand left, opened
                end = action.end or RIGHT  # type: ignore[union-attr]
                played = (seat, tile, end, left, right, self.ends, len(hand), ends is None)
                events.append((TilePlayed, played, None))
            if not hand and self._went_out(seat, events):
                return
        elif kind is Draw:
            # one tile, or as many as it takes for one to fit: one that fits is played now
            if self._draw(self.until_fits, events):
                self.drew_fitting = True
                self.legal = None
                return
            if events is not None:
                events.append((Passed, (seat, _DRAWN_TILE_DOES_NOT_FIT, self.ends), None))
        elif action is None:
            # the time ran out: one tile drawn if any can be (even when drawing until one
            # fits), then the turn passes
            if events is not None:
                events.append((TimeRanOut, (seat,), None))
            if self.time_out_draws():
                self._draw(False, events)
                blocked = False
            else:
                # A full turn of the table without a play blocks the manche, even when
                # a seat let its time run out holding a tile that fits: otherwise an
                # absent player would keep the manche open for ever.
                blocked = self._passed()
            if events is not None:
                events.append((Passed, (seat, _TIME_EXPIRED, self.ends), None))
            if blocked:
                self._end(_BLOCKED, None)
                return
        else:  # a pass: it could neither play nor draw
            blocked = self._passed()
            if events is not None:
                events.append((Passed, (seat, _STUCK, self.ends), None))
            if blocked:
                self._end(_BLOCKED, None)
                return

        # The turn passes to the next seat still playing. With ``auto_pass`` a seat
        # that can neither play nor draw passes at once (the seed: "the game simply
        # passes to the next player"), and the manche is blocked when every seat
        # still playing has passed in a row. Where nothing can be drawn the seat's
        # plays are its legal actions: worked out here anyway, they are kept.
        self.drew_fitting = False
        ends = self.ends
        after = self.after
        seat = after[seat]
        if ends is None or (self.boneyard and not self.forbid):
            self.legal = None  # worked out when asked
        else:
            hands = self.hands
            legal: Sequence[Action] = fitting_plays(hands[seat], ends)
            while not legal:
                if not self.auto_pass:
                    legal = (PASS,)
                    break
                if events is not None:
                    events.append((Passed, (seat, _STUCK, ends), None))
                if self._passed():
                    self.current = seat
                    self._end(_BLOCKED, None)
                    return
                seat = after[seat]
                legal = fitting_plays(hands[seat], ends)
            self.legal = legal
        self.current = seat
        if events is not None:
            events.append((TurnBegan, (seat, ends), None))

    def play(self, tile: Tile, end: End, events: Sink = None) -> None:
        """The seat on turn attaches ``tile`` at ``end`` (any end opens the chain)."""
        self.act(PLAYS_LEFT[tile[0]] if end is LEFT else PLAYS_RIGHT[tile[0]], events)

    def draw(self, events: Sink = None) -> None:
        """The seat on turn draws (until a tile fits, if the table says so): with a
        tile that fits it must play now, otherwise its turn passes."""
        self.act(DRAW, events)

    def pass_(self, events: Sink = None) -> None:
        """The seat on turn passes (it can neither play nor draw)."""
        self.act(PASS, events)

    def time_out(self, events: Sink = None) -> None:
        """The thinking time of the seat on turn ran out."""
        self.act(None, events)

    # -- what the moves share ---------------------------------------------------------
    def _draw(self, until_fits: bool, events: Sink) -> bool:
        """Tiles from the boneyard to the hand of the seat on turn (one, or with
        ``until_fits`` as many as it takes for one to fit or the boneyard to run
        out), each told to that seat alone; whether the last one fits."""
        seat: int = self.current  # type: ignore[assignment]
        hand, boneyard, ends = self.hands[seat], self.boneyard, self.ends
        self.stuck = 0
        count = 0
        fits = False
        while boneyard:
            tile = boneyard.pop()
            hand.append(tile)
            count += 1
            # only a time-out draws before the first tile, and any tile opens the chain
            fits = rules.fits(tile, ends)
            if events is not None:
                events.append((TileDrawn, (seat, tile, fits), seat))
            if fits or not until_fits:
                break
        if events is not None:
            events.append((Drew, (seat, count, len(boneyard), len(hand), ends), None))
        return fits

    def _passed(self) -> bool:
        """A turn passed without a play: True when that blocks the manche (every seat
        still playing passed in a row)."""
        self.stuck += 1
        return self.stuck >= sum(self._playing)

    def _went_out(self, seat: int, events: Sink) -> bool:
        """``seat`` played its last tile: True when that ends the manche (in team
        finish mode only once its whole team is out)."""
        if events is not None:
            events.append((WentOut, (seat, self.sides[seat] if self.facts.teams else None), None))
        if not self.team_finish:
            self._end(_OUT, seat)
            return True
        playing, sides = self._playing, self.sides
        playing[seat] = False
        self._order()
        side = sides[seat]
        if any(playing[s] for s in range(len(sides)) if sides[s] == side):
            return False
        self._end(_TEAM_OUT, seat)
        return True

    def _end(self, how: MancheEnd, closer: int | None) -> None:
        self.current = None
        self.legal = None
        self.drew_fitting = False
        self.ended = how
        self.closer = closer

    # -- who plays --------------------------------------------------------------------
    @property
    def playing(self) -> list[bool]:
        """Per seat: dealt into this manche and not out yet. Change it by assigning a
        new list: the turn order is worked out from it."""
        return self._playing

    @playing.setter
    def playing(self, playing: list[bool]) -> None:
        self._playing = playing
        self._order()

    def _order(self) -> None:
        #: ``after[seat]``: the next seat still playing after ``seat``, in turn order
        self.after = _order_of(self._playing)

    def pips(self) -> list[int]:
        """The pips each seat still holds."""
        out = []
        for hand in self.hands:
            total = 0
            for _, a, b in hand:
                total += a + b
            out.append(total)
        return out


_ORDERS: dict[tuple[bool, ...], tuple[int, ...]] = {}


def _order_of(playing: list[bool]) -> tuple[int, ...]:
    """The turn order as a table (``Manche.after``), worked out once per pattern."""
    key = tuple(playing)
    after = _ORDERS.get(key)
    if after is None:
        after = _ORDERS[key] = _turn_order(key)
    return after


def _turn_order(playing: tuple[bool, ...]) -> tuple[int, ...]:
    """For each seat, the next seat still playing after it (itself when none is)."""
    n = len(playing)
    after = []
    for seat in range(n):
        nxt = seat
        for step in range(1, n + 1):
            if playing[(seat + step) % n]:
                nxt = (seat + step) % n
                break
        after.append(nxt)
    return tuple(after)
