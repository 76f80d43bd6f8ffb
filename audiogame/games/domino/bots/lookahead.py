"""Look-ahead on one deal: alpha-beta over the next choices, greedy play-outs beyond.

The hard bot deals the hidden tiles many times (``hard.py``); on each deal
every candidate move is valued here, as if every hand were open: the seats of
the bot's side choose the move best for that side, the others the move worst
for it (two sides: the bot's team, or itself, against everyone else), down to
``depth`` choices; a position left deeper is valued by a greedy play-out to the
end of the manche (``playout.run``), a finished manche by its score. Forced moves
(a single legal action) are played through without counting as a choice, so the
depth is in decisions, not in turns; a depth above the tiles left searches to
the end.

An ``Evaluation`` is resumable: ``advance(work)`` goes on for about that many
moves and says whether it is done, so a search of any size runs in the table's
short idle slices and gives the same value however it was sliced. Everything
runs on ``manche.Manche`` in simulation mode, copied per branch. ``Lookahead.work``
counts the moves made (searched and played out), the budget's unit: a count,
so a seed decides the same on any machine.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from audiogame.games.domino.actions import Action, Play
from audiogame.games.domino.bots.playout import run
from audiogame.games.domino.manche import Manche

INF = float("inf")
#: to the end of the manche
EXACT = 1_000


class Lookahead:
    """What the evaluations of one decision share: who is on which side, the score
    of a finished manche for the bot's side, and the work done so far."""

    def __init__(
        self,
        sides: Sequence[int],
        mine: int,
        score: Callable[[Manche], float],
        block: int = 0,
    ) -> None:
        self.sides = sides
        self.mine = mine
        self.score = score
        #: the play-outs' seats of the bot's side value leaving the next seat stuck
        #: this many pips (``playout.run``); 0: they play the heaviest tile
        self.block = block
        self.blockers = [side == mine for side in sides]
        #: the seats worth shutting out (``playout.run``); None: every other side's
        self.targets: list[bool] | None = None
        #: moves made so far, searching and playing out (the budget's unit)
        self.work = 0

    def evaluate(self, manche: Manche, depth: int) -> Evaluation:
        """The value of ``manche`` (used up) for the bot's side, to be worked out."""
        return Evaluation(self, manche, depth)

    def value(self, manche: Manche, depth: int) -> float:
        """The same, worked out at once."""
        evaluation = Evaluation(self, manche, depth)
        evaluation.advance(INF)
        assert evaluation.result is not None
        return evaluation.result


# A search frame: [position, moves to try, next move, best so far, alpha, beta, maximise, depth]
Frame = list[Any]


class Evaluation:
    """One position valued by alpha-beta with an explicit stack (so it can stop
    anywhere and go on later)."""

    __slots__ = ("look", "stack", "result")

    def __init__(self, look: Lookahead, manche: Manche, depth: int) -> None:
        self.look = look
        self.stack: list[Frame] = []
        self.result: float | None = self._enter(manche, depth, -INF, INF)

    @property
    def done(self) -> bool:
        return self.result is not None

    def advance(self, work: float) -> bool:
        """Go on for about ``work`` more moves; True once the value is known."""
        stack = self.stack
        look = self.look
        stop = look.work + work
        while stack:
            if look.work >= stop:
                return False
            frame = stack[-1]
            moves, i = frame[1], frame[2]
            if i < len(moves) and frame[4] < frame[5]:
                frame[2] = i + 1
                child = branch(frame[0], moves[i])
                look.work += 1
                value = self._enter(child, frame[7] - 1, frame[4], frame[5])
                if value is not None:
                    _give(frame, value)
                continue
            stack.pop()
            if stack:
                _give(stack[-1], frame[3])
            else:
                self.result = frame[3]
        return True

    def _enter(self, manche: Manche, depth: int, alpha: float, beta: float) -> float | None:
        """A position reached: its value if it needs no search, else None (a frame
        for it is on the stack)."""
        look = self.look
        moves: Sequence[Action] = ()
        while manche.current is not None:  # forced moves cost no depth
            moves = manche.legal_actions()
            if len(moves) > 1:
                break
            manche.act(moves[0])
            look.work += 1
        if manche.current is None:
            return look.score(manche)
        if depth <= 0:
            before = sum(map(len, manche.hands))
            run(manche, look.blockers, look.block, look.targets)
            look.work += max(1, before - sum(map(len, manche.hands)))
            return look.score(manche)
        maximise = look.sides[manche.current] == look.mine
        best = -INF if maximise else INF
        self.stack.append([manche, ordered(manche, moves), 0, best, alpha, beta, maximise, depth])
        return None


def _give(frame: Frame, value: float) -> None:
    """A child's value reaches its parent's frame."""
    if frame[6]:
        if value > frame[3]:
            frame[3] = value
            if value > frame[4]:
                frame[4] = value
    elif value < frame[3]:
        frame[3] = value
        if value < frame[5]:
            frame[5] = value


def branch(manche: Manche, move: Action) -> Manche:
    """A copy of ``manche`` with ``move`` made (every hand copied: a play-out
    below it plays them all)."""
    child = manche.copy([h[:] for h in manche.hands], manche.boneyard[:])
    child.act(move)
    return child


def ordered(manche: Manche, moves: Sequence[Action]) -> list[Action]:
    """The moves worth trying, the likely best first (heavier tiles first: the
    cut-offs come sooner). Plays that make the same game (twin tiles of a
    multiplied set; the same tile on either of two equal ends) are tried once."""
    tiles = manche.tiles
    ends = manche.ends
    either = ends is None or ends[0] == ends[1]
    plays: list[tuple[int, Action]] = []
    others: list[Action] = []
    seen: set[tuple[int, int, object]] = set()
    for move in moves:
        if move.__class__ is Play:
            _, a, b = tiles[move.uid]
            key = (a, b, None if either else move.end)
            if key not in seen:
                seen.add(key)
                plays.append((-(a + b), move))
        else:
            others.append(move)
    plays.sort(key=lambda p: p[0])
    return [m for _, m in plays] + others
