"""A bare race screen for tests and benchmarks, and the narrator it hears with.

- ``Narrator(seat, spec, names, say)``: the simplest listener of a ``RaceSeat``:
  each batch delivered is narrated by the game's narrator with the seat's view
  and handed to ``say``; coming back mid-match, the summary the clients say
  (``net.protocol.race_return``).
- ``RaceScene(app, url, name, ...)`` connects (creating a table, or joining one
  whose id the ``join`` callable gives), plays the race through a ``RaceSeat``
  on the app's own scheduler and a ``Narrator`` posting to the announcer, and
  sends Space and the diagnostics key (F11) through the seat.

The desktop client's real race screen is the game's own table scene
(``TiraTable``) given a ``RaceSeat`` as its session (issue 14, phase B).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from audiogame.app.scene import Scene
from audiogame.core import keys
from audiogame.core.contract import GameSpec
from audiogame.core.keys import Key
from audiogame.core.narration import Message
from audiogame.games import registry
from audiogame.net.client.game_client import Connected, GameClient
from audiogame.net.client.race_seat import RaceSeat
from audiogame.net.client.remote_session import RemoteSession
from audiogame.net.protocol import messages as m
from audiogame.net.protocol import race_return

if TYPE_CHECKING:
    from audiogame.app.loop import App


def bot_name(seat: int, level: str) -> str:
    return f"Bot {seat + 1}"


class Narrator:
    def __init__(
        self,
        seat: RaceSeat,
        spec: GameSpec,
        names: Callable[[], Sequence[str]],
        say: Callable[[Sequence[Message]], None],
    ) -> None:
        assert spec.narrate is not None and spec.realtime is not None
        self.seat = seat
        self.narrate = spec.narrate
        self.spec = spec
        #: a bot plays my seat, as the frames heard so far say (the client's own table
        #: may be ahead of the snapshot being heard)
        self.covered = False
        heard_table = seat.session.on_table

        def on_table(info: m.TableInfo, you: int | None) -> None:
            self.covered = race_return.covered(info, you)
            heard_table(info, you)

        seat.session.on_table = on_table
        self.names = names
        self.say = say
        seat.on_resync = self.resync
        seat.start(self)

    def on_events(self, batch: Sequence[Any]) -> None:
        self.say(self.narrate(batch, self.seat.view(), self.names()))

    def on_refusal(self, action: Any, refusal: str) -> None:
        pass

    def resync(self, view: Any, mid_match: bool) -> None:
        if mid_match:
            seat = self.seat.seat
            self.say(race_return.comeback(self.spec, view, self.names(), seat, self.covered))


class RaceScene(Scene):
    letters_are_commands = True

    def __init__(
        self,
        app: App,
        url: str,
        name: str,
        *,
        game: str = "tira",
        create: dict[str, Any] | None = None,
        bots: dict[int, str] | None = None,
        humans: int = 1,
        join: Callable[[], str | None] | None = None,
        lang: str = "en",
    ) -> None:
        super().__init__(app)
        self.create = create
        self.bots = dict(bots or {})
        self.humans = humans
        self.join = join
        self.client = GameClient(url, name, lang=lang)
        self.session = RemoteSession(self.client)
        self.session.on_table = self.table
        self.session.on_link = self.link
        spec = registry.get(game)
        assert spec is not None
        self.seat = RaceSeat(self.session, app.scheduler, spec)
        self.narrator = Narrator(self.seat, spec, self.names, self.tell)
        self.started = False
        self.asked = False
        self.over: list[m.MatchOver] = []
        self.session.on_over = self.over.append

    def names(self) -> Sequence[str]:
        return self.session.names(bot_name)

    def on_enter(self) -> None:
        self.client.start()

    def link(self, news: Any) -> None:
        if not isinstance(news, Connected) or self.client.table is not None or self.asked:
            return
        if self.create is not None:
            self.asked = True
            self.session.send(m.CreateTable(game="tira", config=self.create))

    def table(self, info: m.TableInfo, you: int | None) -> None:
        if self.create is None or self.started or info.stage is not m.TableStage.WAITING:
            return
        for seat, level in list(self.bots.items()):
            if info.seats[seat].kind is m.SeatKind.EMPTY:
                self.session.send(m.SetBot(seat=seat, level=level))
            del self.bots[seat]
        humans = sum(1 for s in info.seats if s.kind is m.SeatKind.HUMAN)
        if humans >= self.humans and all(s.kind is not m.SeatKind.EMPTY for s in info.seats):
            self.started = True
            self.session.send(m.Start())

    def tell(self, messages: Sequence[Message]) -> None:
        for message in messages:
            self.post(message)

    def update(self, now: float) -> None:
        if self.join is not None and self.client.player and self.client.table is None:
            found = self.join()
            if found and not self.asked:
                self.asked = True
                self.session.send(m.JoinTable(table=found))
        self.session.pump()

    def on_key(self, key: Key) -> bool:
        if key.key == keys.SPACE:
            from audiogame.games.tirapassa.actions import Throw

            self.seat.act(Throw())
        elif key.key == keys.F11:
            self.post(self.seat.diagnostics())
        else:
            return False
        return True

    def on_exit(self) -> None:
        self.seat.stop()
        self.session.close()
