"""What one seat hears of Tira & Passa: events in, ``Message``s out. Pure.

``narrate(events, view, names)`` turns one batch of the engine's events into
messages for the listener whose observation (after the batch) is ``view``
(message id + arguments, cue + pan, verbosity kind, interrupt or queue);
``names[s]`` names every other seat. It keeps nothing between batches: what
it needs beyond the events (my coaster, the supreme symbol, my controls) it
reads in the view. A spectator's view (``view.seat is None``) hears everyone
as another player, by name and in the third person: nothing says "you" to
someone without a seat (the conformance suite checks it). It never formats
text: arguments that are words (symbols, sides, lists) are ``Phrase``/``Join``
values the announcer resolves in the listener's language.

The sound scene, from the listener's chair at the bottom of the table:

- the left neighbour is heard on the left, the right one on the right, the
  others spread between them, the tray in the centre (``seat_pan``); a
  spectator hears the seats spread from the first on the left to the last
  on the right (``watched_pan``);
- my own result is spoken the moment my dice land, tersely, interrupting my
  previous result; my dice that move sound their symbol where they go;
- a die arriving on my coaster sounds from the sender's side and is spoken;
- other players' throws and landings are sounds only, one cue per player per
  instant, so five bots racing stay readable.

A landing is grouped with the moves it caused (assisted mode) in the same
batch, so the player hears one sentence, not four.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any, TypeGuard

from audiogame.core.narration import Join, Later, Message, Phrase
from audiogame.games.tirapassa import events as ev
from audiogame.games.tirapassa.actions import Refusal, Send
from audiogame.games.tirapassa.coasters import Coaster
from audiogame.games.tirapassa.observation import TiraObservation
from audiogame.games.tirapassa.options import Control, Variant
from audiogame.games.tirapassa.rules import Destination, destination_for
from audiogame.games.tirapassa.symbols import Symbol

OWN, OTHERS, SCORES, TURN = "own", "others", "scores", "turn"

#: how far to the side the neighbours sit (the tray is 0)
SIDE = 0.9
#: in the order a landing's summary says them: the tray first, as the dice go
SIDE_PAN: dict[Destination, float] = {
    Destination.TRAY: 0.0,
    Destination.LEFT: -SIDE,
    Destination.RIGHT: SIDE,
}
#: seconds between two symbol sounds of one throw, so each is heard
CUE_GAP = 0.16

Move = ev.DieToTray | ev.DiePassed


def seat_pan(seat: int, me: int, players: int) -> float:
    """Where ``seat`` sits as heard from ``me``: left neighbour -0.9 … right +0.9.

    Seats go clockwise, so my left neighbour is ``me + 1``. The others spread
    evenly between the neighbours; with two players the other sits opposite.
    """
    offset = (seat - me) % players
    if offset == 0 or players == 2:
        return 0.0
    return round(-SIDE + 2 * SIDE * (offset - 1) / (players - 2), 3)


def watched_pan(seat: int, players: int) -> float:
    """Where ``seat`` is heard by a spectator: the first seat -0.9 … the last +0.9."""
    if players < 2:
        return 0.0
    return round(-SIDE + 2 * SIDE * seat / (players - 1), 3)


def symbol(face: Symbol | None) -> Phrase:
    return Phrase("tira-sym-unrolled" if face is None else f"tira-sym-{face.value}")


def faces(values: Sequence[Symbol | None]) -> Join:
    return Join(tuple(symbol(f) for f in values))


def side(dest: Destination) -> Phrase:
    return Phrase(f"tira-dest-{dest.value}")


def coaster_args(coaster: Coaster) -> dict[str, Any]:
    return {"left": symbol(coaster.left), "right": symbol(coaster.right)}


def symbol_cue(face: Symbol) -> str:
    return f"symbol_{face.value}"


def narrate(
    events: Sequence[ev.TiraEvent], view: TiraObservation, names: Sequence[str]
) -> list[Message]:
    """What the listener whose observation is ``view`` hears of one batch of events."""
    return _Voice(view, names).batch(events)


def refusal_message(refusal: Refusal, action: Any, view: TiraObservation) -> Message:
    """Why the listener's ``action`` was refused, naming the die when there is one.

    ``view`` is the listener's observation after the refusal (what was judged).
    "The clover stays in hand", "The penny goes to the tray", "No die shows the
    hamsa", "First send the penny to the tray": the player hears which die and,
    when it can go somewhere else, where it goes.
    """
    args: dict[str, Any] = {}
    msg_id = f"tira-refusal-{refusal.value}"
    if refusal is Refusal.SUPREME_IN_HAND and view.supreme is not None:
        args = {"die": _the(view.supreme)}
    elif isinstance(action, Send):
        face = _face_of(action.die, view)
        if refusal is Refusal.NO_SUCH_DIE and isinstance(action.die, Symbol):
            msg_id, args = "tira-refusal-no-die-showing", {"die": _the(action.die)}
        elif face is not None and refusal in (Refusal.NOWHERE_TO_GO, Refusal.CANNOT_GO_THERE):
            dest = (
                None if view.supreme is None else destination_for(face, view.coaster, view.supreme)
            )
            if dest is None:
                msg_id, args = "tira-refusal-die-stays", {"die": _the(face, capital=True)}
            else:
                args = {"die": _the(face, capital=True), "dest": side(dest)}
                msg_id = "tira-refusal-die-goes"
    return Message(msg_id, args, cue="menu_error", interrupt=True)


def _the(face: Symbol, capital: bool = False) -> Phrase:
    """The symbol with its article: "il quadrifoglio", or "Il quadrifoglio" to begin."""
    return Phrase(f"tira-sym-{'cap' if capital else 'the'}-{face.value}")


def _face_of(die: object, view: TiraObservation) -> Symbol | None:
    """The face of the die a ``Send`` named (by index in my hand, or by symbol)."""
    if isinstance(die, Symbol):
        return die if die in view.hand else None
    if type(die) is int and 0 <= die < len(view.hand):
        return view.hand[die]
    return None


def who(seat: int, me: int | None, names: Sequence[str], you: str = "tira-you") -> Any:
    """A seat as said to ``me``: "you" (``you``: after a preposition, Italian's "te"),
    or its name."""
    return Phrase(you) if seat == me else names[seat]


def tally(counts: Sequence[int], me: int | None, names: Sequence[str]) -> Join:
    """ "tu 2, Marco 1 …", best first (ties in seat order)."""
    order = sorted(range(len(counts)), key=lambda s: (-counts[s], s))
    return Join(
        tuple(Phrase("tira-tally", {"who": who(s, me, names), "n": counts[s]}) for s in order)
    )


def dice_counts(view: TiraObservation, names: Sequence[str]) -> Join:
    """Everyone's dice, in seat order: "you 3, Marco 5 …"."""
    return Join(
        tuple(
            Phrase("tira-tally", {"who": who(s, view.seat, names), "n": n})
            for s, n in enumerate(view.dice_counts)
        )
    )


class _Voice:
    """One batch told to one listener: built for the batch, dropped after it."""

    def __init__(self, view: TiraObservation, names: Sequence[str]) -> None:
        self.view = view
        self.me = view.seat
        self.names = names
        self.players = len(names)

    def batch(self, events: Sequence[ev.TiraEvent]) -> list[Message]:
        """Messages for a batch of events, grouping each landing with its moves."""
        #: the game ends in this batch: its last round's end leaves the totals to it
        self.final = any(isinstance(e, ev.GameEnded) for e in events)
        out: list[Message] = []
        i = 0
        while i < len(events):
            event = events[i]
            i += 1
            if isinstance(event, ev.Landed | ev.DieToTray | ev.DiePassed):
                seat = event.seat if isinstance(event, ev.Landed) else _mover(event)
                moves: list[Move] = [] if isinstance(event, ev.Landed) else [event]
                while i < len(events):
                    follower = events[i]
                    if not _moved_by(follower, seat, event.time):
                        break
                    moves.append(follower)
                    i += 1
                if isinstance(event, ev.Landed):
                    out += self._landing(event, tuple(moves))
                else:
                    out += self._moves(seat, tuple(moves))
            else:
                handler = _HANDLERS.get(type(event))
                if handler is not None:
                    out += handler(self, event)
        return out

    # -- helpers ----------------------------------------------------------------------
    def who(self, seat: int, you: str = "tira-you") -> Any:
        return who(seat, self.me, self.names, you)

    def everyone(self, seats: Sequence[int]) -> Join:
        return Join(tuple(self.who(s) for s in seats))

    def pan(self, seat: int) -> float:
        if self.me is None:
            return watched_pan(seat, self.players)
        return seat_pan(seat, self.me, self.players)

    # -- the round flow ---------------------------------------------------------------
    def _game_started(self, e: ev.GameStarted) -> list[Message]:
        goal = "tira-goal-pile" if e.variant is Variant.UNTIL_PILE_EXHAUSTED else "tira-goal-three"
        others = Join(tuple(self.names[s] for s in range(e.players) if s != self.me))
        args = {"players": e.players, "names": others, "goal": Phrase(goal)}
        msg_id = "tira-game-start-watching" if self.me is None else "tira-game-start"
        return [Message(msg_id, args, kind=TURN, cue="notice")]

    def _round_started(self, e: ev.RoundStarted) -> list[Message]:
        """The round and the big die; a player hears their coaster (or that they have
        none), a spectator the round and the die alone (six coasters would drown it)."""
        msg_id, args = "tira-round-watching", {"round": e.round, "supreme": symbol(e.supreme)}
        coaster = None if self.me is None else e.coasters[self.me]
        if coaster is not None:
            msg_id, args = "tira-round", {**args, **coaster_args(coaster)}
        elif self.me is not None:
            msg_id = "tira-round-no-coaster"
        return [
            Message(msg_id, args, kind=TURN, cue="big_die"),
            Later("", kind=TURN, cue=symbol_cue(e.supreme), delay=0.9),
        ]

    def _signal(self, e: ev.StartSignal) -> list[Message]:
        msg_id = "tira-signal-watching" if self.me is None else "tira-signal"
        return [Message(msg_id, kind=TURN, cue="race_start")]

    def _race(self, e: ev.RaceStarted) -> list[Message]:
        return [Message("tira-go", kind=TURN, interrupt=True)]

    # -- throws and landings ----------------------------------------------------------
    def _thrown(self, e: ev.Thrown) -> list[Message]:
        cue = "calm_roll" if e.calm_roll else "dice_roll"
        if e.seat == self.me:
            return [Message("", kind=OWN, cue=cue)]
        return [Message("", kind=OTHERS, cue=cue, pan=self.pan(e.seat))]

    def _landing(self, e: ev.Landed, moves: tuple[Move, ...]) -> list[Message]:
        if e.seat == self.me:
            return self._own_landing(e, moves)
        if e.calm_roll:
            return self._calm_landing(e, moves)
        return self._moves(e.seat, moves)

    def _calm_landing(self, e: ev.Landed, moves: tuple[Move, ...]) -> list[Message]:
        """Another's calm roll lands: its dice's symbols from their seat, one after the
        other, then the tray when the supreme symbol came up. The calm rolls are slow:
        without them the seconds until the round's end would pass in silence."""
        pan = self.pan(e.seat)
        out: list[Message] = [
            Later("", kind=OTHERS, cue=symbol_cue(face), pan=pan, delay=i * CUE_GAP)
            for i, face in enumerate(e.faces)
        ]
        if moves:
            delay = len(e.faces) * CUE_GAP
            out.append(Later("", kind=OTHERS, cue="die_tray", pan=pan, delay=delay))
        return out

    def _own_landing(self, e: ev.Landed, moves: tuple[Move, ...]) -> list[Message]:
        said = faces(e.faces)
        if e.frozen:  # nothing to do any more: queued, so it never cuts who called Stop
            return [Message("tira-landed-late", {"faces": said}, kind=OWN)]
        if e.calm_roll:
            args = {"roll": e.calm_roll, "faces": said, "n": len(moves)}
            return [
                Message("tira-calm-landed", args, kind=OWN, interrupt=True),
                *self._trail(moves),
            ]
        if self.view.control is Control.MANUAL and not moves:
            return [self._manual_landing(e), *self._face_sounds(e.faces)]
        if not moves:
            return [Message("tira-landed-stay", {"faces": said}, kind=OWN, interrupt=True)]
        args = {"faces": said, "moves": self._summary(moves)}
        return [Message("tira-landed", args, kind=OWN, interrupt=True), *self._trail(moves)]

    def _manual_landing(self, e: ev.Landed) -> Message:
        supreme, coaster = self.view.supreme, self.view.coaster
        can_go = 0
        if supreme is not None:
            can_go = sum(1 for f in e.faces if destination_for(f, coaster, supreme))
        return Message(
            "tira-landed-manual", {"faces": faces(e.faces), "n": can_go}, kind=OWN, interrupt=True
        )

    def _summary(self, moves: tuple[Move, ...]) -> Join:
        counts = {dest: 0 for dest in SIDE_PAN}
        for move in moves:
            counts[_destination(move)] += 1
        return Join(
            tuple(
                Phrase("tira-move", {"n": n, "dest": side(dest)}) for dest, n in counts.items() if n
            )
        )

    def _trail(self, moves: tuple[Move, ...]) -> list[Message]:
        """Each moved die's symbol, heard where it goes, one after the other."""
        return [
            Later(
                "",
                kind=OWN,
                cue=symbol_cue(m.symbol),
                pan=SIDE_PAN[_destination(m)],
                delay=i * CUE_GAP,
            )
            for i, m in enumerate(moves)
        ]

    def _face_sounds(self, values: Sequence[Symbol]) -> list[Message]:
        return [
            Later("", kind=OWN, cue=symbol_cue(face), delay=i * CUE_GAP)
            for i, face in enumerate(values)
        ]

    # -- dice moving ------------------------------------------------------------------
    def _moves(self, seat: int, moves: tuple[Move, ...]) -> list[Message]:
        """Moves by one seat at one instant (besides my own landing summary)."""
        if not moves:
            return []
        if seat == self.me:
            return self._own_moves(moves)
        out: list[Message] = []
        mine = tuple(m for m in moves if isinstance(m, ev.DiePassed) and m.to_seat == self.me)
        if mine:
            out += self._arrivals(seat, mine)
        if len(mine) < len(moves):
            passed = any(isinstance(m, ev.DiePassed) and m.to_seat != self.me for m in moves)
            cue = "die_pass" if passed else "die_tray"
            out.append(Message("", kind=OTHERS, cue=cue, pan=self.pan(seat)))
        return out

    def _own_moves(self, moves: tuple[Move, ...]) -> list[Message]:
        """Dice I sent by hand: the action's sound where the die went, and two words."""
        out = []
        for m in moves:
            dest = _destination(m)
            cue = "die_tray" if dest is Destination.TRAY else "die_pass"
            args = {"die": symbol(m.symbol), "dest": side(dest)}
            out.append(
                Message("tira-sent", args, kind=OWN, cue=cue, pan=SIDE_PAN[dest], interrupt=True)
            )
        return out

    def _arrivals(self, seat: int, arrived: tuple[ev.DiePassed, ...]) -> list[Message]:
        """Dice ``seat`` put on my coaster: spoken, and heard from the sender's side."""
        first = arrived[0]
        dice = Join(tuple(Phrase(f"tira-sym-a-{p.symbol.value}") for p in arrived))
        msg_id = "tira-arrived-from" if self.players == 2 else "tira-arrived"
        args = {"dice": dice, "side": first.arrives_from.value, "name": self.names[seat]}
        return [Message(msg_id, args, kind=OWN, cue="die_arrive", pan=SIDE_PAN[first.arrives_from])]

    # -- Stop, the calm rolls ---------------------------------------------------------
    def _stop(self, e: ev.StopCalled) -> list[Message]:
        if e.seat != e.together[0]:
            return []  # players stopping together: one announcement
        if e.together == (self.me,):
            return [Message("tira-stop-you", kind=OWN, cue="stop")]
        return [Message("tira-stop", {"who": self.everyone(e.together)}, kind=TURN, cue="stop")]

    def _calm_started(self, e: ev.CalmStarted) -> list[Message]:
        if not e.rolling:
            return []
        supreme = symbol(self.view.supreme) if self.view.supreme else ""
        msg_id = "tira-calm-you" if self.me in e.rolling else "tira-calm-others"
        return [Message(msg_id, {"supreme": supreme, "rolls": e.rolls}, kind=TURN)]

    def _calm_emptied(self, e: ev.CalmEmptied) -> list[Message]:
        if e.seat == self.me:
            return [Message("tira-calm-emptied-you", kind=OWN, cue="coaster_won")]
        return [Message("tira-calm-emptied", {"who": self.names[e.seat]}, kind=OTHERS)]

    def _calm_finished(self, e: ev.CalmFinished) -> list[Message]:
        if e.seat != self.me:
            return []
        return [Message("tira-calm-finished-you", {"n": e.dice_left}, kind=OWN)]

    # -- results ----------------------------------------------------------------------
    def _round_ended(self, e: ev.RoundEnded) -> list[Message]:
        """Who takes a coaster, and who leads: the whole table is on P."""
        winners = Join(tuple(self.who(s, you="tira-you-to") for s in e.winners))
        args: dict[str, Any] = {"round": e.round, "winners": winners}
        if self.final:  # the game's end says the totals, once
            return [Message("tira-round-end-last", args, kind=SCORES, cue="round_end")]
        args["lead"] = self._lead(e.won_counts, e.winners)
        return [Message("tira-round-end", args, kind=SCORES, cue="round_end")]

    def _lead(self, won: Sequence[int], winners: Sequence[int]) -> Phrase:
        """ "Leading with 2 coasters: Marco; you have one", "You lead with 2 coasters";
        the leaders go unnamed when they are the round's winners, just named."""
        best = max(won)
        leaders = tuple(s for s, n in enumerate(won) if n == best)
        if self.me is None:
            me = "none"
        elif self.me not in leaders:
            me = "behind"
        else:
            me = "alone" if len(leaders) == 1 else "shared"
        mine = 0 if self.me is None else won[self.me]
        named = "no" if leaders == tuple(winners) else "yes"
        args = {"me": me, "n": best, "who": self.everyone(leaders), "mine": mine, "named": named}
        return Phrase("tira-lead", args)

    def _coaster_won(self, e: ev.CoasterWon) -> list[Message]:
        if e.seat != self.me:
            return []
        return [Later("", kind=SCORES, cue="coaster_won", delay=0.6)]

    def _coaster_drawn(self, e: ev.CoasterDrawn) -> list[Message]:
        if e.coaster is None and e.seat == self.me:
            return [Message("tira-pile-empty", kind=SCORES)]
        return []

    def _game_ended(self, e: ev.GameEnded) -> list[Message]:
        """The winner and my own count, once: the whole table is on P. A spectator
        neither wins nor loses: the end's sound is the round's."""
        won = self.me in e.winners
        cue = "game_won" if won else "game_lost"
        if self.me is None:
            cue = "round_end"
        return [replace(game_result(e.winners, e.won_counts, self.me, self.names), cue=cue)]


def game_result(
    winners: Sequence[int], won_counts: Sequence[int], me: int | None, names: Sequence[str]
) -> Message:
    """Who won the game and with how many coasters, and mine when I did not win (the
    end of the game says it, and so does a race joined after its end)."""
    won = me in winners
    best = won_counts[winners[0]]
    if me is None:
        mine_is, mine = "none", 0
    else:
        mine_is, mine = ("in" if won else "out"), won_counts[me]
    if len(winners) > 1:
        msg_id = "tira-game-shared"
    else:
        msg_id = "tira-game-won" if won else "tira-game-lost"
    everyone = Join(tuple(who(s, me, names) for s in winners))
    args = {"who": everyone, "n": best, "me": mine_is, "mine": mine}
    return Message(msg_id, args, kind=SCORES)


def _mover(event: Move) -> int:
    return event.seat if isinstance(event, ev.DieToTray) else event.from_seat


def _moved_by(event: ev.TiraEvent, seat: int, time: float) -> TypeGuard[Move]:
    return (
        isinstance(event, ev.DieToTray | ev.DiePassed)
        and _mover(event) == seat
        and event.time == time
    )


def _destination(move: Move) -> Destination:
    return Destination.TRAY if isinstance(move, ev.DieToTray) else move.side


#: the events told alone (landings and moves are grouped in ``_Voice.batch``)
_HANDLERS: dict[type, Callable[[_Voice, Any], list[Message]]] = {
    ev.GameStarted: _Voice._game_started,
    ev.RoundStarted: _Voice._round_started,
    ev.StartSignal: _Voice._signal,
    ev.RaceStarted: _Voice._race,
    ev.Thrown: _Voice._thrown,
    ev.StopCalled: _Voice._stop,
    ev.CalmStarted: _Voice._calm_started,
    ev.CalmEmptied: _Voice._calm_emptied,
    ev.CalmFinished: _Voice._calm_finished,
    ev.RoundEnded: _Voice._round_ended,
    ev.CoasterWon: _Voice._coaster_won,
    ev.CoasterDrawn: _Voice._coaster_drawn,
    ev.GameEnded: _Voice._game_ended,
}


def my_dice_parts(obs: TiraObservation) -> Join:
    """My dice as said: their faces, those not rolled yet, those flying, those waiting."""
    parts: list[Phrase] = []
    rolled = tuple(f for f in obs.hand if f is not None)
    if rolled:
        parts.append(Phrase("tira-hand", {"faces": faces(rolled)}))
    if len(rolled) < len(obs.hand):
        parts.append(Phrase("tira-unrolled", {"n": len(obs.hand) - len(rolled)}))
    if obs.in_the_air:
        parts.append(Phrase("tira-in-air", {"n": obs.in_the_air}))
    if obs.waiting:
        waiting = {"n": obs.waiting, "faces": faces(obs.waiting_here)}
        parts.append(Phrase("tira-waiting", waiting))
    if not parts:
        parts.append(Phrase("tira-no-dice-now"))
    return Join(tuple(parts))
