"""Keeping the room civil on a real server (loopback), on SQLite and on PostgreSQL with
Redis: roles given by an operator, a report with the table's public lines attached
(never a private one), a moderator's warning, mute, kick and ban with reasons, their
undoing, who may act on whom, the audit log, new accounts' stricter chat pace, and a
guest's ban holding for its address."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from audiogame.devtools.net_harness import ServerThread, wait_for
from audiogame.net.client.game_client import GameClient
from audiogame.net.protocol import messages as m
from audiogame.net.protocol.reasons import Reason
from audiogame.net.server.address_limits import AddressLimits
from audiogame.net.server.moderation import ChatLimits
from audiogame.net.server.options import ServerOptions
from tests.backends import BACKENDS, server_kwargs

PASSWORD = "mare d'inverno 7"
CONFIG = {"players": 3, "target": 3, "think": 0}
#: waits that only end a wait that never ends (a password hashed at idle priority)
LONG = 60.0


def got(client: GameClient, kind: type, test=lambda i: True, timeout: float = LONG):
    return wait_for(client, lambda i: isinstance(i, kind) and test(i), timeout=timeout)


def refusal(client: GameClient) -> str:
    return got(client, m.Refused).reason


@pytest.fixture
def people() -> Iterator:
    made: list[GameClient] = []

    def enter(url: str, name: str, *, account: bool = True, register: bool = True):
        client = GameClient(url, name, password=PASSWORD if account else None)
        client.register = account and register
        made.append(client)
        client.start()
        found = wait_for(client, lambda i: isinstance(i, m.Welcome | m.Refused), LONG)
        assert isinstance(found, m.Welcome), found
        return client, found

    yield enter
    for client in made:
        client.close()


@pytest.fixture(params=BACKENDS)
def server(tmp_path: Path, folder_game, request) -> Iterator[ServerThread]:
    options = ServerOptions(operators=("Olga",), between_rounds=0.05)
    with ServerThread(tmp_path, options, **server_kwargs(request.param)) as running:
        yield running


def test_a_report_a_mute_a_kick_and_a_ban_each_with_its_reason(server, people, folder_game):
    url = server.url
    olga, welcome = people(url, "Olga")
    assert welcome.role == "operator"  # from the command line
    mara, welcome = people(url, "Mara")
    assert welcome.role == ""
    anna, _ = people(url, "Anna")
    bruno, _ = people(url, "Bruno")
    # the operator makes Mara a moderator; she hears it, and the log will say it
    olga.send(m.SetRole(name="Mara", role="moderator"))
    got(olga, m.Done, lambda d: d.of == "set-role")
    assert got(mara, m.Sanctioned).kind == "role"
    mara.send(m.SetRole(name="Anna", role="moderator"))
    assert refusal(mara) == Reason.NOT_OPERATOR.value
    anna.send(m.Moderate(name="Bruno", action="warn", reason="spam"))
    assert refusal(anna) == Reason.NOT_MODERATOR.value
    # Anna and Bruno at a table: a public line, a private one, and Anna reports him
    anna.send(m.CreateTable(game=folder_game.id, config=CONFIG))
    table = got(anna, m.TableState).table
    bruno.send(m.JoinTable(code=table.code))
    got(bruno, m.TableState, lambda s: s.you == 1)
    bruno.say("siete tutti scarsi")
    got(anna, m.Chat, lambda c: c.text == "siete tutti scarsi")
    bruno.say("questo lo sai solo tu", to=0)
    got(anna, m.Chat, lambda c: c.private)
    anna.send(m.Report(name="Bruno", reason="insults", text="offende tutti"))
    got(anna, m.Done, lambda d: d.of == "report")
    filed = got(mara, m.ReportFiled)
    assert (filed.reported, filed.reason) == ("Bruno", "insults")
    got(olga, m.ReportFiled)  # every moderator online hears of it, the operator too
    mara.send(m.GetReports())
    (report,) = got(mara, m.Reports).reports
    assert (report.reporter, report.reported, report.text) == ("Anna", "Bruno", "offende tutti")
    assert report.where == "table"
    assert [(line.name, line.text) for line in report.lines] == [("Bruno", "siete tutti scarsi")]
    # a mute for ten minutes, settling the report: chat is refused everywhere meanwhile
    mara.send(
        m.Moderate(
            name="Bruno",
            action="mute",
            reason="insults",
            note="calmati",
            minutes=10,
            report=report.id,
        )
    )
    got(mara, m.Done, lambda d: d.of == "moderate")
    muted = got(bruno, m.Sanctioned)
    assert (muted.kind, muted.reason, muted.note) == ("mute", "insults", "calmati")
    assert muted.until is not None and 590 < muted.until - time.time() <= 600
    for speak in (
        lambda: bruno.say("e adesso?"),
        lambda: bruno.whisper("Anna", "psst"),
        lambda: bruno.lobby_say("ciao a tutti"),
    ):
        speak()
        assert refusal(bruno) == Reason.MUTED.value
    mara.send(m.GetReports())
    assert got(mara, m.Reports).reports == []  # settled
    # a moderator never acts on the operator; an operator's role is not taken by another
    mara.send(m.Moderate(name="Olga", action="warn", reason="other"))
    assert refusal(mara) == Reason.OUTRANKS.value
    # sent away from the table: Anna hears he was, the seat goes to a bot or empties
    mara.send(m.Moderate(name="Bruno", action="kick", reason="insults"))
    # each action's Done is taken as it comes: a Done left waiting answered the unban's
    # wait below at once, and Bruno logged in again before the unban was done (at load)
    got(mara, m.Done, lambda d: d.of == "moderate")
    seen: list = []  # both come at once: a wait for one would lose the other
    told = wait_for(bruno, lambda i: isinstance(i, m.Sanctioned), LONG, seen)
    assert told.kind == "kick" and m.Left(reason=Reason.KICKED.value) in seen
    got(anna, m.Notice, lambda n: n.what is m.NoticeKind.KICKED and n.name == "Bruno")
    # banned for good: he hears why, and goes; logging in again he is told the same
    mara.send(m.Moderate(name="Bruno", action="ban", reason="insults", minutes=0))
    got(mara, m.Done, lambda d: d.of == "moderate")
    seen = []
    wait_for(bruno, lambda i: isinstance(i, m.Goodbye), LONG, seen)
    banned = [i for i in seen if isinstance(i, m.Sanctioned)]
    assert [(b.kind, b.until) for b in banned] == [("ban", None)]
    assert seen[-1] == m.Goodbye(reason=Reason.BANNED.value)
    again = GameClient(url, "Bruno", password=PASSWORD, reconnect=False)
    try:
        again.start()
        seen = []
        wait_for(again, lambda i: isinstance(i, m.Goodbye), LONG, seen)
        assert [i.kind for i in seen if isinstance(i, m.Sanctioned)] == ["ban"]
        assert seen[-1] == m.Goodbye(reason=Reason.BANNED.value)
    finally:
        again.close()
    mara.send(m.Moderate(name="Bruno", action="unban"))
    got(mara, m.Done, lambda d: d.of == "moderate")
    bruno_back, _ = people(url, "Bruno", register=False)  # welcome again
    bruno_back.lobby_say("scusate")  # he may enter; still muted for his ten minutes
    assert refusal(bruno_back) == Reason.MUTED.value
    mara.send(m.Moderate(name="Bruno", action="unmute"))
    assert got(bruno_back, m.Sanctioned).kind == "unmute"
    bruno_back.lobby_say("scusate davvero")
    got(bruno_back, m.LobbyChat, lambda c: c.text == "scusate davvero")
    # the audit log: every action, newest first, with who did it
    mara.send(m.GetAudit())
    log = got(mara, m.Audit).items
    assert [(i.moderator, i.action, i.target) for i in log] == [
        ("Mara", "unmute", "Bruno"),
        ("Mara", "unban", "Bruno"),
        ("Mara", "ban", "Bruno"),
        ("Mara", "kick", "Bruno"),
        ("Mara", "mute", "Bruno"),
        ("Olga", "role:moderator", "Mara"),
    ]
    assert log[4].report == report.id and log[4].note == "calmati" and log[4].minutes == 10


def test_a_new_account_chats_less_in_its_first_hour(tmp_path: Path, people):
    limits = ChatLimits(burst=5, every=60, new_burst=2, new_every=60)
    with ServerThread(tmp_path, ServerOptions(chat_limits=limits)) as server:
        anna, _ = people(server.url, "Anna")
        for n in range(2):
            anna.lobby_say(f"riga {n}")
            got(anna, m.LobbyChat, lambda c, n=n: c.text == f"riga {n}")
        anna.lobby_say("una di troppo")
        assert refusal(anna) == Reason.CHAT_TOO_FAST_NEW.value
        anna.close()
        store = server.server.store  # type: ignore[union-attr]
        server.run(lambda: store.db.execute("UPDATE accounts SET created = created - 7200"))
        old, _ = people(server.url, "Anna", register=False)  # an account two hours old
        for n in range(5):
            old.lobby_say(f"vecchia {n}")
            got(old, m.LobbyChat, lambda c, n=n: c.text == f"vecchia {n}")
        old.lobby_say("una di troppo")
        assert refusal(old) == Reason.CHAT_TOO_FAST.value


def test_a_guests_ban_holds_for_the_address_it_came_from(tmp_path: Path, people):
    options = ServerOptions(
        moderators=("Mara",), address_limits=AddressLimits(limit_loopback=True, guests=50)
    )
    with ServerThread(tmp_path, options) as server:
        mara, _ = people(server.url, "Mara")
        gino, _ = people(server.url, "Gino", account=False)
        mara.send(m.Moderate(name="Gino", action="ban", reason="spam", minutes=60))
        got(mara, m.Done)
        got(gino, m.Goodbye, lambda g: g.reason == Reason.BANNED.value)
        newcomer = GameClient(server.url, "Nuovo", reconnect=False)
        try:
            newcomer.start()
            seen: list = []
            wait_for(newcomer, lambda i: isinstance(i, m.Goodbye), LONG, seen)
            (told,) = [i for i in seen if isinstance(i, m.Sanctioned)]
            assert told.kind == "ban" and told.until is not None
            assert seen[-1] == m.Goodbye(reason=Reason.BANNED.value)
        finally:
            newcomer.close()
        people(server.url, "Anna")  # an account from that address is not a guest: welcome
