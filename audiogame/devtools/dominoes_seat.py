"""Our domino bots at the `dominoes` package's table (6.1.0), seeing what a player there sees.

The package's own game (``dominoes.Game``) is four players with the double-6
set, every tile dealt (seven each, no boneyard), seats 0 and 2 against 1 and 3,
the turn passing to the next seat, a seat that cannot play passing (recorded as
``None`` in ``game.moves``). A player there sees its own hand, the board, every
move and pass so far and how many tiles each other hand holds.

- ``seen_by(game)``: what the seat on turn sees, as plain data (``Seen``). It
  reads ``game.turn``, ``game.starting_player``, ``game.moves`` and
  ``game.hands[game.turn]``, nothing else: the other hands' sizes are worked
  out from the moves (seven minus the tiles each seat played), so no other
  hand is touched, not even for its length. ``tests/test_domino_vs_dominoes.py``
  proves it on the package's real game objects.
- ``observation(seen)``: that, as our ``Observation`` of the same manche on our
  own engine's terms (teams 0-1-0-1, no boneyard, this manche's public history
  as our events: the start, my hand dealt, each turn, each tile played and each
  pass), so the hard bot's inference from passes works as at our table.
- ``DominoesSeat``: a player in the package's sense (called with the game, it
  puts its choice first in ``game.valid_moves`` and changes nothing else),
  asking one of our bots.

It imports nothing of the package: the package's objects are read through the
small protocols below, and the move handed back is the package's own tile
object from the seat's own hand. It lives in ``devtools`` because a test and a
benchmark share it and a player's game never runs it.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

from audiogame.core.contract import Audience
from audiogame.games.domino.actions import Action, Play
from audiogame.games.domino.bots import DominoBot, decide_now
from audiogame.games.domino.events import (
    Event,
    HandDealt,
    MancheStarted,
    PassCause,
    Passed,
    StartReason,
    TilePlayed,
    TurnBegan,
)
from audiogame.games.domino.observation import Observation, Phase, PlacedTile
from audiogame.games.domino.options import DominoConfig, alternating_teams
from audiogame.games.domino.tiles import End, Tile, tile_set

SEATS = 4
HAND = 7
#: our configuration of the package's game: 4 seats, double 6, teams 0-1-0-1;
#: with every tile dealt there is no boneyard, so nothing can be drawn
CONFIG = DominoConfig(set_id="double-6", seats=SEATS, teams=alternating_teams(SEATS, 2))
_TILES: dict[tuple[int, int], Tile] = {(t.a, t.b): t for t in tile_set(CONFIG.set_id)}


class Bone(Protocol):
    """A tile of the package (``dominoes.Domino``): its two numbers, in any order."""

    @property
    def first(self) -> int: ...

    @property
    def second(self) -> int: ...


#: a move of the package: the tile and True for the board's left end
Move = tuple[Bone, bool]


class Table(Protocol):
    """The parts of the package's ``Game`` a seat may read (and the one it may set)."""

    turn: int
    starting_player: int
    moves: Sequence[Move | None]
    hands: Sequence[Sequence[Bone]]
    valid_moves: tuple[Move, ...]


#: a tile as plain numbers, low first
Pair = tuple[int, int]


def pair(bone: Bone) -> Pair:
    a, b = bone.first, bone.second
    return (a, b) if a <= b else (b, a)


@dataclass(frozen=True, slots=True)
class Seen:
    """What the seat on turn sees at the package's table, as plain data."""

    seat: int
    starter: int
    hand: tuple[Pair, ...]  # in the package's order
    moves: tuple[tuple[Pair, bool] | None, ...]  # every move and pass, in order


def seen_by(game: Table) -> Seen:
    """What the seat on turn sees (see the module docstring for what is read)."""
    seat = game.turn
    moves = tuple(None if m is None else (pair(m[0]), bool(m[1])) for m in game.moves)
    return Seen(seat, game.starting_player, tuple(pair(b) for b in game.hands[seat]), moves)


def observation(seen: Seen, manche: int = 1) -> Observation:
    """``seen`` as our ``Observation`` of the seat on turn.

    ``step`` is the number of moves and passes so far: a bot asked at a new
    step thinks afresh. The events are those our engine would have told the
    seat in the same manche (with auto-pass, as the package passes).
    """
    me = seen.seat
    counts = [HAND] * SEATS
    chain: deque[PlacedTile] = deque()
    ends: tuple[int, int] | None = None
    seat = seen.starter
    mine = list(seen.hand)
    played: list[Pair] = []
    later: list[Event] = []
    for move in seen.moves:
        if move is None:
            later.append(Passed(seat, PassCause.STUCK, ends))
        else:
            (a, b), left = move
            tile = _TILES[(a, b)]
            later.append(TurnBegan(seat, ends))
            opens = ends is None
            end, placed, ends = _place(tile, left, ends)
            if end is End.LEFT and not opens:
                chain.appendleft(placed)
            else:
                chain.append(placed)
            counts[seat] -= 1
            if seat == me:
                played.append((a, b))
            tp = TilePlayed(seat, tile, end, placed.left, placed.right, ends, counts[seat], opens)
            later.append(tp)
        seat = (seat + 1) % SEATS
    if seat != me:
        raise ValueError(f"the moves give the turn to seat {seat}, not to seat {me}")
    if counts[me] != len(mine):
        raise ValueError("the seat's hand does not match the tiles it played")
    later.append(TurnBegan(me, ends))
    first = seen.moves[0] if seen.moves else None
    opening_double = first is not None and first[0][0] == first[0][1]
    reason = StartReason.HIGHEST_DOUBLE if opening_double else StartReason.HEAVIEST_TILE
    dealt = tuple(_TILES[p] for p in played + mine)
    history: tuple[Event, ...] = (
        MancheStarted(manche, tuple(range(SEATS)), (HAND,) * SEATS, 0, seen.starter, reason),
        HandDealt(me, dealt, audience=Audience.only(me)),
        *later,
    )
    sides = CONFIG.teams
    assert sides is not None
    return Observation(
        seat=me,
        config=CONFIG,
        phase=Phase.PLAYING,
        manche=manche,
        current_seat=me,
        hand=tuple(_TILES[p] for p in mine),
        chain=tuple(chain),
        ends=ends,
        hand_counts=tuple(counts),
        boneyard=0,
        playing=(True,) * SEATS,
        eliminated=(False,) * SEATS,
        sides=sides,
        totals=(0, 0),
        drew_fitting=False,
        history=history,
        turn_started=0.0,
        turn_deadline=None,
        step=len(seen.moves),
        step_time=0.0,
    )


def _place(tile: Tile, left: bool, ends: tuple[int, int] | None) -> tuple[End, PlacedTile, Pair]:
    """Where a tile goes on the package's board, in our terms: the end, the tile
    as it reads left to right, and the ends after it."""
    _, a, b = tile
    if ends is None:  # the opening tile: on our engine's right, as it places one
        return End.RIGHT, PlacedTile(tile, a, b), (a, b)
    if left:
        touching = ends[0]
        if touching not in (a, b):
            raise ValueError(f"{a}|{b} does not fit the left end {touching}")
        other = b if a == touching else a
        return End.LEFT, PlacedTile(tile, other, touching), (other, ends[1])
    touching = ends[1]
    if touching not in (a, b):
        raise ValueError(f"{a}|{b} does not fit the right end {touching}")
    other = b if a == touching else a
    return End.RIGHT, PlacedTile(tile, touching, other), (ends[0], other)


def move_for(action: Action, seen: Seen, ends: tuple[int, int] | None) -> tuple[Pair, bool]:
    """Our action as the package's move: the tile, and True for the left end. The
    package names one move for a tile that fits two equal ends, or opens the
    board: the left one."""
    if not isinstance(action, Play):
        raise ValueError(f"the package's game asks a seat only when it can play, not {action}")
    tile = tile_set(CONFIG.set_id)[action.uid]
    if (tile.a, tile.b) not in seen.hand:
        raise ValueError(f"{tile} is not in seat {seen.seat}'s hand")
    left = ends is None or ends[0] == ends[1] or action.end is not End.RIGHT
    return (tile.a, tile.b), left


@dataclass
class DominoesSeat:
    """One of our bots as a player of the package: called with the game on its
    seat's turn, it puts its choice first in ``game.valid_moves``.

    ``seconds`` keeps the thread CPU time of each decision that had more than
    one move to choose from (the package asks a player even when it has one)."""

    bot: DominoBot
    manche: int = 1
    seconds: list[float] = field(default_factory=list)

    def __call__(self, game: Table) -> None:
        valid = game.valid_moves
        if len(valid) < 2:
            return
        start = time.thread_time()
        seen = seen_by(game)
        if seen.seat != self.bot.seat:
            raise ValueError(f"seat {seen.seat}'s turn, not this bot's ({self.bot.seat})")
        obs = observation(seen, self.manche)
        tile, left = move_for(decide_now(self.bot, obs), seen, obs.ends)
        self.seconds.append(time.thread_time() - start)
        for i, (bone, on_left) in enumerate(valid):
            if pair(bone) == tile and bool(on_left) == left:
                game.valid_moves = (valid[i], *valid[:i], *valid[i + 1 :])
                return
        raise ValueError(f"{tile} on the {'left' if left else 'right'} is not a valid move")
