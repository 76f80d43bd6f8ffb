"""A small, fast simulator of the rest of a manche, for the hard bot's search.

It plays on plain ``(a, b)`` pairs with every player following one greedy
policy (the heaviest fitting tile; draw only when nothing fits), which is also a
fair model of how people and the normal bot play. It knows the rules that change
how a manche ends: drawing (one tile, or until a tile fits), forbidden drawing,
blocking, and team finish mode. It returns the pips left in every hand and who
went out, so the caller can score with ``rules.manche_points``.
"""

from __future__ import annotations

Pair = tuple[int, int]


class Sim:
    """A manche in progress, cheap to copy: hands, boneyard and ends."""

    __slots__ = (
        "hands",
        "boneyard",
        "left",
        "right",
        "playing",
        "team_of",
        "team_finish",
        "forbid",
        "until_fits",
        "stuck",
    )

    def __init__(
        self,
        hands: list[list[Pair]],
        boneyard: list[Pair],
        ends: tuple[int, int] | None,
        playing: list[bool],
        team_of: list[int] | None,
        team_finish: bool,
        forbid: bool,
        until_fits: bool,
    ) -> None:
        self.hands = hands
        self.boneyard = boneyard
        self.left, self.right = ends if ends is not None else (-1, -1)
        self.playing = playing
        self.team_of = team_of
        self.team_finish = team_finish and team_of is not None
        self.forbid = forbid
        self.until_fits = until_fits
        self.stuck = 0

    def place(self, seat: int, tile: Pair, on_left: bool) -> bool:
        """Play a tile held by ``seat``; True when that ends the manche."""
        hand = self.hands[seat]
        hand.remove(tile)
        a, b = tile
        if self.left < 0:
            self.left, self.right = a, b
        elif on_left:
            self.left = b if a == self.left else a
        else:
            self.right = b if a == self.right else a
        self.stuck = 0
        if hand:
            return False
        return self._went_out(seat)

    def _went_out(self, seat: int) -> bool:
        if not self.team_finish:
            return True
        self.playing[seat] = False
        team = self.team_of[seat]  # type: ignore[index]
        hands, playing = self.hands, self.playing
        return not any(playing[s] and hands[s] for s, t in enumerate(self.team_of) if t == team)  # type: ignore[arg-type]

    def draw(self, seat: int) -> Pair | None:
        """Draw as the rules say; the last tile drawn if it fits, else None."""
        hand, boneyard = self.hands[seat], self.boneyard
        left, right = self.left, self.right
        self.stuck = 0
        while boneyard:
            tile = boneyard.pop()
            hand.append(tile)
            a, b = tile
            if a == left or b == left or a == right or b == right:
                return tile
            if not self.until_fits:
                return None
        return None

    def next_seat(self, seat: int) -> int:
        n = len(self.hands)
        playing = self.playing
        for _ in range(n):
            seat = (seat + 1) % n
            if playing[seat]:
                return seat
        return seat

    def run(self, seat: int) -> int | None:
        """Play greedily from ``seat``'s turn to the end: the seat that went out, or None."""
        hands = self.hands
        active = sum(self.playing)
        while True:
            hand = hands[seat]
            left, right = self.left, self.right
            if left < 0:  # the first tile of the manche: the heaviest
                if self.place(seat, max(hand, key=sum), False):
                    return seat
                seat = self.next_seat(seat)
                continue
            best, best_pips, on_left = None, -1, False
            for tile in hand:
                a, b = tile
                if a == left or b == left:
                    if a + b > best_pips:
                        best, best_pips, on_left = tile, a + b, True
                elif (a == right or b == right) and a + b > best_pips:
                    best, best_pips, on_left = tile, a + b, False
            if best is None and self.boneyard and not self.forbid:
                best = self.draw(seat)
                on_left = best is not None and (best[0] == left or best[1] == left)
                if best is None:
                    seat = self.next_seat(seat)
                    continue
            if best is not None:
                if self.place(seat, best, on_left):
                    return seat
                active = sum(self.playing)
            else:
                self.stuck += 1
                if self.stuck >= active:
                    return None
            seat = self.next_seat(seat)


def pips(hands: list[list[Pair]]) -> list[int]:
    return [sum(a + b for a, b in hand) for hand in hands]
