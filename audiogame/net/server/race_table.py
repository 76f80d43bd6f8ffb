"""A table of a game played against the clock (Tira & Passa): fair over the network.

A ``RaceTable`` is a ``Table`` whose game has ``RealTime`` hooks. What it adds
(docs/online-protocol.md, "A race over the network", says why it is built so):

- **Presses dated, applied in their order.** An ``Act`` carries when the key was
  pressed, on the server's clock as the client estimates it. The table believes
  it within ``[arrival - bound, arrival]``: half the line's lowest round trip
  (the server's own pings, never above what the system measured of the
  connection) plus the line's measured jitter (``net.server.rtt``); a player whose
  presses sit at their bound far more often than that jitter explains is held
  to the line's own delay and logged (``net.server.claim_watch``). The action is
  applied at the game time believed. The engine cannot go back in time, so
  the table runs the game ``hold`` seconds behind the server's clock: ``hold`` is
  the largest bound of the seated players, so every believed press is still in
  the game's future when it arrives, and the actions, the dice landing, Stop and
  the calm rolls all happen in the order of their times, whoever's line is slower.
- **One clock for everyone.** Game time ``g`` happens at server time
  ``g + origin`` for the clients (``RaceClock``), whatever ``hold`` is. Every
  frame carries what the game will do by itself next (``ahead``: dice landing,
  the race starting, each with the seat's view after it), so each client plays a
  landing at its very time, not when its frame happens to arrive.
- **Drops.** A race cannot wait: a dropped player's seat is covered by a bot at
  once. A player who comes back during a race hears where it stands and takes the
  seat back when the round ends (at once when no race is under way).
- **Chat held during a race** (``ServerOptions.hold_chat``): a message written
  while the dice fly reaches the table when the round ends, so speech never masks
  a landing; its writer is told so.
"""

from __future__ import annotations

import logging
import math
from collections import Counter, deque
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from audiogame.core.contract import Foreseen, RealTime, visible_to
from audiogame.core.gametime import GameScheduler
from audiogame.core.session import TableSession
from audiogame.net.protocol import messages as m
from audiogame.net.protocol.match_log import LoggedEngine
from audiogame.net.protocol.reasons import Reason
from audiogame.net.server.bus import Post
from audiogame.net.server.claim_watch import ClaimWatch
from audiogame.net.server.loop_clock import LoopScheduler
from audiogame.net.server.rtt import SHARED_QUANTILE, SHARED_SAMPLES, LineMeter, clamp_claim
from audiogame.net.server.table import Table
from audiogame.net.server.table_storage import HUMAN, _cancel, _Match

log = logging.getLogger(__name__)

#: a match's game time 0 is this far after its start on the server's clock, so the
#: first round's big die is sent ahead and heard by everyone at the same moment
LEAD = 0.3
#: pongs this much slower than the connection's ceiling are worth a line in the log (a
#: modified client, or a proxy in front that ``--trusted-proxy`` does not name)
STRETCHED = 0.050
#: a press handled this long after its frame arrived came at a moment the server was
#: busy, which delays the other presses of it as much: the watch does not judge it
BUSY = 0.002
#: the hold moves in steps of this (seconds), so a jittery line does not retime
#: the table at every ping
HOLD_STEP = 0.005


@dataclass(frozen=True, slots=True)
class Claim:
    """One press as the table judged it (server clock, seconds)."""

    player: str
    claimed: float | None
    arrival: float
    believed: float
    bound: float

    @property
    def clamped(self) -> bool:
        return self.claimed is not None and self.believed != self.claimed


class RaceTable(Table):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        assert self.spec.realtime is not None
        self.hooks: RealTime = self.spec.realtime()
        #: server time of the match's game time 0 (what the clients play against)
        self.origin = 0.0
        #: how far behind the server's clock the game runs (the compensation window)
        self.hold = self.options.compensation_cap
        self.rtts: dict[str, LineMeter] = {}
        self.watches: dict[str, ClaimWatch] = {}
        #: the presses taken from each player at this table (the log counts by them)
        self.taken: Counter[str] = Counter()
        #: seats whose player is back, taking them from the bot when the round ends
        self.returning: set[int] = set()
        #: the last presses judged (tests and the benchmark read them)
        self.claims: deque[Claim] = deque(maxlen=10_000)
        self._held_chat: list[Post] = []
        self._holding_chat = False
        self._foreseen: list[Foreseen] = []
        self._foreseen_for: frozenset[int | None] = frozenset()
        self._clock_sent: dict[str, tuple[float, float]] = {}

    # -- the round trips and the hold -----------------------------------------------------
    def rtt_sample(self, player: str, rtt: float, ceiling: float | None = None) -> None:
        """A round trip of ``player``'s connection measured by the server, and the lowest
        one its client could not stretch (``Connection``)."""
        meter = self.rtts.get(player)
        if meter is None:
            meter = self.rtts[player] = LineMeter(cap=self.options.compensation_cap)
        stretched = meter.stretched
        meter.add(rtt, ceiling)
        if meter.stretched > STRETCHED and stretched <= STRETCHED:
            log.warning(
                "table %s: %s's pongs are %.0f ms slower than the round trip its connection "
                "showed (%.1f ms): its compensation rests on the latter",
                self.id,
                player,
                meter.stretched * 1000,
                (meter.ceiling or 0.0) * 1000,
            )
        self._update_hold()

    def bound_of(self, player: str) -> float:
        meter = self.rtts.get(player)
        return self.options.compensation_cap if meter is None else meter.bound()

    def _update_hold(self) -> None:
        self._share_jitter()
        bounds = [self.bound_of(s.player) for s in self.seats if s.kind is HUMAN and s.connected]
        wanted = max(bounds, default=0.0)
        hold = math.ceil(round(wanted / HOLD_STEP, 6)) * HOLD_STEP
        match = self.match
        if hold != self.hold:
            self.hold = hold
            if match is not None:
                match.scheduler.set_offset(self.origin + hold)
        if match is not None:
            self._send_clocks()

    def _share_jitter(self) -> None:
        """The variation every seated line shows (the steadiest one's, each read over two
        dozen pings: a busy server's or machine's own, which no client can fake) may be
        allowed to each of them."""
        meters = [
            self.rtts[s.player]
            for s in self.seats
            if s.kind is HUMAN and s.connected and s.player in self.rtts
        ]
        found = (m.spread(SHARED_SAMPLES, SHARED_QUANTILE) for m in meters)
        spreads = [x for x in found if x is not None]
        shared = min(spreads) if len(spreads) >= 2 else 0.0
        for meter in meters:
            meter.shared = shared

    def _send_clocks(self) -> None:
        """Each player's clock and bound, when they changed (by a step at least)."""
        for seat in self.seats:
            if seat.kind is not HUMAN or not seat.connected:
                continue
            bound = math.ceil(round(self.bound_of(seat.player) / HOLD_STEP, 6)) * HOLD_STEP
            if self._clock_sent.get(seat.player) != (self.hold, bound):
                self._send_clock(seat.player, bound)

    def _send_clock(self, player: str, bound: float) -> None:
        self._clock_sent[player] = (self.hold, bound)
        clock = m.RaceClock(origin=self.origin, hold=self.hold, bound=bound)
        self._post(clock, players=frozenset({player}))

    # -- running the match ----------------------------------------------------------------
    def _scheduler(self, base: LoopScheduler, clock: float) -> GameScheduler:
        self.origin = base.clock.now() + LEAD - clock
        self._clock_sent.clear()
        return GameScheduler(base, offset=self.origin + self.hold, start=clock)

    def _session(
        self, engine: LoggedEngine, scheduler: GameScheduler, base: LoopScheduler
    ) -> TableSession:
        return TableSession(engine, scheduler, listener=self._on_batch, idle=base.idle, exact=True)

    def act(
        self,
        player: str,
        data: Any,
        ref: int,
        at: float | None = None,
        arrived: float | None = None,
    ) -> Reason | None:
        """A press, dated: believed within the player's bound, applied at its game time.
        ``arrived``: when its frame was read off the socket (a busy server's queue is not
        the player's line); now when not told."""
        taken = self._action_of(player, data)
        if isinstance(taken, Reason):
            return taken
        seat, match, action = taken
        now = self.loop.time()
        arrival = now if arrived is None else min(arrived, now)
        bound = self.bound_of(player)
        believed = clamp_claim(at, arrival, bound)
        self.claims.append(Claim(player, at, arrival, believed, bound))
        self.taken[player] += 1
        if now - arrival <= BUSY:  # a busy server's moment delays every press of it
            self._watch(player, None if at is None else arrival - at, bound)
        # a press made before the game's time began (Space at once after the start)
        # counts at its beginning: the engine's time never goes back
        when = max(believed - self.origin, match.scheduler.clock.floor)
        match.scheduler.call_at(when, self._apply_held, match, seat, player, action, ref, when)
        return None

    def _watch(self, player: str, early: float | None, bound: float) -> None:
        """A press that claims its whole bound far more often than the line explains
        holds its player to the line's own delay from now on (``net.server.claim_watch``)."""
        meter = self.rtts.get(player)
        if meter is None or meter.held:
            return
        watch = self.watches.setdefault(player, ClaimWatch())
        if watch.judge_line(meter, early, bound, self._steadiest_share(player)):
            meter.held = True
            log.warning(
                "table %s: %s dated %d of its last %d presses at its bound (%.1f ms), far "
                "more often than its line's jitter explains: held to its line's own delay "
                "from its press %d here",
                self.id,
                player,
                sum(watch.window),
                len(watch.window),
                bound * 1000,
                self.taken[player],
            )
            self._update_hold()

    def _steadiest_share(self, player: str) -> float:
        """How often the steadiest other seated player's presses sat at their bound."""
        shares = [
            share
            for other, watch in self.watches.items()
            if other != player
            and (share := watch.share) is not None
            and any(s.player == other and s.kind is HUMAN and s.connected for s in self.seats)
        ]
        return min(shares, default=0.0)

    def _apply_held(
        self, match: _Match, seat: int, player: str, action: Any, ref: int, when: float
    ) -> None:
        if self.match is not match or self.closed:
            return
        state = self.seats[seat]
        if state.kind is not HUMAN or state.player != player or state.covered:
            return  # a bot plays the seat now: the player's late key changes nothing
        self._play(match, seat, player, action, ref, at=when)

    def _settled(self) -> bool:
        match = self.match
        return match is None or self.hooks.settled(match.engine.observation(None))

    def _on_batch(self, events: Sequence[Any]) -> None:
        match = self.match
        if match is None:
            return
        self._foresee(match)
        settled = self._settled()
        if settled:
            self._give_back(match)  # before the match's end, which keeps covered seats bots'
        super()._on_batch(events)
        if settled:
            self._release_chat()  # after the batch's frames: heard once the round is over

    def _foresee(self, match: _Match) -> None:
        seats: list[int | None] = [
            i for i, s in enumerate(self.seats) if s.kind is HUMAN and s.connected
        ]
        if self.spectators:
            seats.append(None)
        self._foreseen = self.hooks.foresee(match.engine.inner, seats)
        self._foreseen_for = frozenset(seats)

    def _ahead(self, match: _Match, seat: int | None, view: Any) -> list[Any] | None:
        if seat not in self._foreseen_for:
            self._foresee(match)
        out: list[Any] = []
        before = view
        for at, events, views in self._foreseen:
            after = views.get(seat)
            heard = [e for e in events if visible_to(e, seat)]
            if after is None or not heard:
                continue
            out.append(
                {
                    "at": at,
                    "events": [self.codec.encode_event(e) for e in heard],
                    "view": self.codec.view_patch(before, after),
                }
            )
            before = after
        return out

    # -- drops and returns ----------------------------------------------------------------
    def dropped(self, player: str) -> None:
        seat = self.seat_of(player)
        super().dropped(player)
        if seat is None or self.seat_of(player) != seat:
            return
        state = self.seats[seat]
        self.returning.discard(seat)
        if self.stage is m.TableStage.PLAYING and self.match is not None:
            _cancel(state.drop_timer)  # a race cannot wait for the grace
            state.drop_timer = None
            if not state.covered:
                self._grace_over(player)
        self._update_hold()

    def returned(self, player: str, upto: int | None, match: int | None) -> bool:
        back = super().returned(player, upto, match)
        if back:
            self._update_hold()
        return back

    def _reseat(self, seat: int) -> m.NoticeKind:
        if not self.seats[seat].covered or self.match is None or self._settled():
            return super()._reseat(seat)
        # the race goes on with the bot: the seat changes hands when the round ends
        self.returning.add(seat)
        return m.NoticeKind.RETURNING

    def _send_snapshot(
        self, player: str, seat: int | None, upto: int | None, match: int | None
    ) -> None:
        if self.match is not None:
            bound = 0.0 if seat is None else self.bound_of(player)
            self._send_clock(player, bound)
        super()._send_snapshot(player, seat, upto=upto, match=match)

    def _give_back(self, match: _Match) -> None:
        for seat in sorted(self.returning):
            state = self.seats[seat]
            if state.kind is HUMAN and state.connected and state.covered:
                self._uncover(seat)
                self._notice(m.NoticeKind.BACK, seat, state.name)
                self._changed()
        self.returning.clear()

    # -- chat ---------------------------------------------------------------------------
    def say(
        self, player: str, text: str, to: int | None, skip: Sequence[str] = ()
    ) -> Reason | None:
        if not self.options.hold_chat or self._settled():
            return super().say(player, text, to, skip)
        self._holding_chat = True
        try:
            problem = super().say(player, text, to, skip)
        finally:
            self._holding_chat = False
        if problem is None:
            self._post(m.Notice(what=m.NoticeKind.CHAT_HELD), players=frozenset({player}))
        return problem

    def _queue(self, item: Any) -> None:
        if self._holding_chat and isinstance(item, Post):
            self._held_chat.append(item)
            return
        super()._queue(item)

    def _release_chat(self) -> None:
        held, self._held_chat = self._held_chat, []
        for post in held:
            super()._queue(post)

    def close(self) -> None:
        self._release_chat()
        super().close()
