"""Rule cases from the seed (seeds/001, the Italian rulebook) that
tests/test_tira_engine.py did not state yet on the real engine: how the game
ends (first to three coasters, several reaching three in one round, the
pile-exhausted variant and its ties), through the contract (``apply``,
``advance``, ``legal_actions``, ``observation``, ``outcome``).

docs/rule-cases.md maps every rule of the seed and of spec/tira-e-passa.md to
the test that states it.

Scripted rounds: the big die always shows the hand of Fatima; each round's
throwers throw three hands of Fatima as the race starts (all to the tray: they
stop together), everybody else makes the three calm rolls with pigs only (no
coaster symbol counts then, and a pig is never supreme here), so they keep
their dice and lose the round.
"""

from __future__ import annotations

from collections.abc import Sequence

from audiogame.games.tirapassa import (
    EDITION_COASTERS,
    CoasterDrawn,
    Control,
    Destination,
    GameEnded,
    Phase,
    RoundEnded,
    StopCalled,
    Symbol,
    Throw,
    TiraConfig,
    TiraGame,
    Variant,
)
from audiogame.games.tirapassa.events import TiraEvent
from audiogame.games.tirapassa.rules import EndReason

SUPREME, OTHER = Symbol.HAMSA, Symbol.PIG


def scripted(players: int, rounds: Sequence[Sequence[int]], variant: Variant) -> TiraGame:
    """A game whose round ``i`` is won by the seats ``rounds[i]`` calling Stop together."""
    faces: list[Symbol] = []
    for throwers in rounds:
        calm = players - len(throwers)
        faces += [SUPREME] + [SUPREME] * 3 * len(throwers) + [OTHER] * 9 * calm
    config = TiraConfig(players=players, variant=variant)
    return TiraGame(config, seed=0, pile=EDITION_COASTERS, faces=faces)


def play_rounds(game: TiraGame, rounds: Sequence[Sequence[int]]) -> list[list[TiraEvent]]:
    """Play until the game ends or ``rounds`` run out: each round's events."""
    played: list[list[TiraEvent]] = []
    events: list[TiraEvent] = []
    while not game.is_over and len(played) < len(rounds):
        now = game.next_deadline()
        assert now is not None
        events += game.advance(now)
        if game.phase is Phase.RACING:
            for seat in rounds[len(played)]:
                if Throw() in game.legal_actions(seat, now):
                    result = game.apply(seat, Throw(), now)
                    assert result.refusal is None
                    events += result.events
        if any(isinstance(e, RoundEnded) for e in events):
            done = next(i for i, e in enumerate(events) if isinstance(e, RoundEnded))
            # the round's own end: its coasters won and drawn, and any game end
            while done + 1 < len(events) and not isinstance(events[done + 1], RoundEnded):
                done += 1
            played.append(events[: done + 1])
            events = events[done + 1 :]
    return played


def of(kind: type, events: Sequence[TiraEvent]) -> list:
    return [e for e in events if isinstance(e, kind)]


def test_the_first_to_three_coasters_wins_and_the_game_stops_there():
    """Seed, "Fine del gioco": the first who has three face-down coasters wins.
    Seat 0 wins rounds 1-3 alone; after two the game goes on, after three it ends."""
    rounds = [(0,), (0,), (0,), (1,)]
    game = scripted(3, rounds, Variant.FIRST_TO_THREE)
    played = play_rounds(game, rounds)
    assert len(played) == 3 and game.is_over
    assert of(GameEnded, played[1]) == [] and of(RoundEnded, played[1])[0].won_counts == (2, 0, 0)
    end = of(GameEnded, played[2])[0]
    assert (end.winners, end.reason, end.shared, end.won_counts) == (
        (0,),
        EndReason.THREE_COASTERS,
        False,
        (3, 0, 0),
    )
    assert game.outcome is not None
    assert (game.outcome.winners, game.outcome.ranks) == ((0,), (1, 2, 2))
    assert game.legal_actions(0, game.now) == ()


def test_several_players_reaching_their_third_coaster_in_one_round_share_the_win():
    """Seed: more players getting their third coaster in the same round all win."""
    rounds = [(0, 1), (0, 1), (0, 1)]
    game = scripted(3, rounds, Variant.FIRST_TO_THREE)
    played = play_rounds(game, rounds)
    assert [e.together for e in of(StopCalled, played[2])] == [(0, 1), (0, 1)]
    end = of(GameEnded, played[2])[0]
    assert (end.winners, end.shared, end.won_counts) == ((0, 1), True, (3, 3, 0))
    assert game.outcome is not None and game.outcome.ranks == (1, 1, 3)


def test_winning_the_same_round_with_two_coasters_is_not_a_share():
    """Only who reaches three wins: seat 1 wins the last round too, with its second."""
    rounds = [(0,), (0, 1), (0, 1)]
    game = scripted(3, rounds, Variant.FIRST_TO_THREE)
    played = play_rounds(game, rounds)
    end = of(GameEnded, played[2])[0]
    assert (end.winners, end.shared, end.won_counts) == ((0,), False, (3, 2, 0))


def test_the_variant_goes_on_past_three_until_a_winner_finds_the_pile_empty():
    """Seed, "Consiglio": go on until the draw pile is exhausted; the most coasters win.
    [ruling] the variant ends after the round in which a winner cannot draw. Three
    players leave 15 coasters in the pile: seat 0 draws the last one in round 15,
    wins round 16 and finds the pile empty."""
    rounds = [(0,)] * 17
    game = scripted(3, rounds, Variant.UNTIL_PILE_EXHAUSTED)
    played = play_rounds(game, rounds)
    assert len(played) == 16 and game.is_over
    assert of(GameEnded, played[2]) == [] and of(RoundEnded, played[2])[0].won_counts == (3, 0, 0)
    assert [(d.seat, d.pile_size) for d in of(CoasterDrawn, played[14])] == [(0, 0)]
    assert of(GameEnded, played[14]) == [] and of(CoasterDrawn, played[14])[0].coaster is not None
    assert [d.coaster for d in of(CoasterDrawn, played[15])] == [None]
    end = of(GameEnded, played[15])[0]
    assert (end.winners, end.reason, end.won_counts) == ((0,), EndReason.PILE_EXHAUSTED, (16, 0, 0))


def test_in_the_variant_equal_most_coasters_share_the_win():
    """Seed: in the variant, a tie shares the win. Two players stop together every
    round: the 16 coasters left run out in round 8, round 9 ends the game at 9 each."""
    rounds = [(0, 1)] * 10
    game = scripted(2, rounds, Variant.UNTIL_PILE_EXHAUSTED)
    played = play_rounds(game, rounds)
    assert len(played) == 9
    assert of(GameEnded, played[2]) == []  # three each: the variant goes on
    assert [d.pile_size for d in of(CoasterDrawn, played[7])] == [1, 0]
    end = of(GameEnded, played[8])[0]
    assert (end.winners, end.shared, end.reason, end.won_counts) == (
        (0, 1),
        True,
        EndReason.PILE_EXHAUSTED,
        (9, 9),
    )
    assert game.outcome is not None and game.outcome.ranks == (1, 1)


# -- a referee: the rulebook's moves, written out apart from the engine -----------------------


class Referee:
    """Follows a game's events and checks each against the rulebook."""

    def __init__(self, players: int, variant: Variant) -> None:
        self.players, self.variant = players, variant
        self.coasters: tuple = ()
        self.supreme: Symbol | None = None
        self.calm = False
        self.landed: dict[int, list[Symbol]] = {}  # assisted seats: faces still to place
        self.won = [0] * players
        self.counts: dict[str, int] = {}

    def see(self, event: TiraEvent, assisted: Sequence[bool]) -> None:
        name = type(event).__name__
        self.counts[name] = self.counts.get(name, 0) + 1
        check = getattr(self, f"_{name}", None)
        if check is not None:
            check(event, assisted)

    def _RoundStarted(self, e, assisted) -> None:
        # three dice each again, the big die again; a coaster in front of everybody
        self.coasters, self.supreme, self.calm = e.coasters, e.supreme, False
        assert all(c is not None for c in self.coasters)

    def _Landed(self, e, assisted) -> None:
        if assisted[e.seat] and not e.frozen and not e.calm_roll:
            # every die that can go, goes: the supreme symbol and the coaster's two
            coaster = self.coasters[e.seat]
            goes = (self.supreme, coaster.left, coaster.right)
            going = sorted(f for f in e.faces if f in goes)
            if going:
                self.landed[e.seat] = going

    def _DieToTray(self, e, assisted) -> None:
        assert e.symbol is self.supreme  # only the supreme symbol goes to the tray
        self._placed(e.seat, e.symbol)

    def _DiePassed(self, e, assisted) -> None:
        assert not self.calm  # in the calm rolls the coaster's symbols no longer count
        coaster, n = self.coasters[e.from_seat], self.players
        assert e.symbol is not self.supreme  # the supreme symbol always goes to the tray
        if e.symbol is coaster.left:  # the left symbol: the player on my left (next seat)
            assert (e.side, e.to_seat) == (Destination.LEFT, (e.from_seat + 1) % n)
        else:  # the right symbol: the player on my right (the previous seat)
            assert e.symbol is coaster.right
            assert (e.side, e.to_seat) == (Destination.RIGHT, (e.from_seat - 1) % n)
        self._placed(e.from_seat, e.symbol)

    def _placed(self, seat: int, symbol: Symbol) -> None:
        if seat in self.landed:
            self.landed[seat].remove(symbol)
            if not self.landed[seat]:
                del self.landed[seat]

    def _Thrown(self, e, assisted) -> None:
        assert e.seat not in self.landed  # an assisted landing placed all it could first

    def _CalmStarted(self, e, assisted) -> None:
        self.calm = True

    def _RoundEnded(self, e, assisted) -> None:
        # who has no dice left wins the round (Stop, or emptied in the calm rolls)
        assert e.winners == tuple(s for s in range(self.players) if e.dice_left[s] == 0)
        assert e.winners  # somebody called Stop
        for seat in e.winners:
            self.won[seat] += 1
        assert e.won_counts == tuple(self.won)

    def _CoasterWon(self, e, assisted) -> None:
        assert e.coaster == self.coasters[e.seat]  # the coaster in front of them

    def _GameEnded(self, e, assisted) -> None:
        three = tuple(s for s in range(self.players) if self.won[s] >= 3)
        if self.variant is Variant.FIRST_TO_THREE and three:
            assert e.winners == three and e.reason is EndReason.THREE_COASTERS
        else:
            best = max(self.won)
            assert e.winners == tuple(s for s in range(self.players) if self.won[s] == best)
            assert e.reason is EndReason.PILE_EXHAUSTED


def test_a_referee_written_from_the_rulebook_agrees_with_every_move_of_random_games():
    """Seed pp. 3-6 as an independent referee over 120 instant games (2 to 6 players,
    both variants, assisted and manual seats): every die to the tray shows the supreme
    symbol; every die passed shows the sender's coaster symbol for that side and goes
    to that neighbour; nothing is passed in the calm rolls; an assisted landing places
    everything that can go before the next throw; the round's winners are exactly
    those with no dice; the game's winners are the first to three (all of them), or
    in the variant the most coasters."""
    import random

    from audiogame.games.tirapassa.simulate import play_instantly

    totals: dict[str, int] = {}
    for seed in range(120):
        rng = random.Random(seed)
        players = rng.randint(2, 6)
        variant = rng.choice(list(Variant))
        controls = tuple(rng.choice(list(Control)) for _ in range(players))
        assisted = [c is Control.ASSISTED for c in controls]
        referee = Referee(players, variant)
        config = TiraConfig(players=players, variant=variant, controls=controls)
        game = TiraGame(config, seed)
        for event in play_instantly(game):
            referee.see(event, assisted)
        assert game.is_over and referee.counts.get("GameEnded") == 1
        for name, count in referee.counts.items():
            totals[name] = totals.get(name, 0) + count
    assert totals["DiePassed"] > 1000 and totals["DieToTray"] > 1000


def test_the_game_is_named_with_the_authors_credit_in_both_languages():
    """Spec heading [ruling]: "Tira & Passa" with the credit "after the dice game by
    Andreas Schmidt", never presented as HABA's product."""
    from audiogame.games.tirapassa.spec import SPEC
    from audiogame.language.localizer import Localizer

    words = Localizer()
    names = {lang: words.format(lang, SPEC.title_id, {}) for lang in ("it", "en")}
    assert all(n.startswith("Tira e Passa") and "Andreas Schmidt" in n for n in names.values())
    assert not any("HABA" in n for n in names.values())
    assert "gioco di dadi" in names["it"] and "dice game" in names["en"]
