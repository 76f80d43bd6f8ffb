"""Hosting from the app and playing through a ``RemoteSession``, as a table scene will.

The server runs as a child process (``HostedServer``, what "host a table" starts);
the player's side pumps a ``RemoteSession`` once a "frame", narrates every batch
with the game's own narrator and the view that came with it, and plays its seat.
What it heard, narrated, equals the offline narration of the same seed and actions:
the same messages, batch by batch.
"""

from __future__ import annotations

import json
import random
import time

from audiogame.core.contract import heard_by
from audiogame.devtools.net_harness import wait_for
from audiogame.games import registry
from audiogame.net import verify
from audiogame.net.client.game_client import Connected, GameClient
from audiogame.net.client.host import HostedServer
from audiogame.net.client.remote_session import RemoteSession
from audiogame.net.protocol import messages as m
from audiogame.net.protocol.game_codec import GameCodec
from audiogame.net.protocol.match_log import engine_seed, entries_from_lists

CONFIG = {"set_id": "double-6", "seats": 2, "teams": None, "thinking_time": 0}
CONFIG.update(point_limit=25, manche_limit=1)


def narrator():
    """The game's narrator (the spec's, or the module's until the spec names it)."""
    from audiogame.games.domino.narrate import narrate

    return registry.get("domino").narrate or narrate


def bot_name(seat: int, level: str) -> str:
    return f"Bot {seat + 1}"


def offline_narration(over: m.MatchOver, seat: int, names: list[str]) -> list:
    spec = registry.get("domino")
    codec = GameCodec(spec.wire())
    engine = spec.new_engine(over.config, engine_seed(over.seed), over.start)
    said = []
    for entry in entries_from_lists(over.log):
        if entry.action is None:
            events = engine.advance(entry.at)
        else:
            events = engine.apply(entry.seat, codec.decode_logged(entry.action), entry.at).events
        heard = heard_by(events, seat)
        if heard:
            said.extend(narrator()(heard, engine.observation(seat), names))
    return said


def test_a_hosted_table_played_through_remote_sessions_narrates_as_offline(tmp_path):
    host = HostedServer(tmp_path / "server", extra=("--between-rounds", "0.2", "--rate", "200"))
    host.start()
    narrate = narrator()
    sessions = [RemoteSession(GameClient(host.local_url, n)) for n in ("Anna", "Bruno")]
    said: list[list] = [[], []]
    refused: list = []
    over: list = []
    try:
        for index, session in enumerate(sessions):
            session.client.start()
            wait_for(session.client, lambda i: isinstance(i, Connected))
            session.on_batch = lambda events, view, s=session, out=said[index]: out.extend(
                narrate(events, view, s.names(bot_name))
            )
            session.on_refused = refused.append
            session.on_over = over.append
        anna, bruno = sessions
        anna.send(m.CreateTable(game="domino", config=CONFIG))
        deadline = time.monotonic() + 60
        rng = random.Random(5)
        acted = [-1, -1]
        joined = started = False
        while len(over) < 2:
            assert time.monotonic() < deadline, "the match did not end"
            for index, session in enumerate(sessions):
                session.pump()
                view = session.view
                if view is not None and view.my_turn and acted[index] != session.client.upto:
                    acted[index] = session.client.upto
                    session.act(rng.choice(view.legal_actions()))
            table = anna.table
            if table is not None and not joined:
                bruno.send(m.JoinTable(code=table.code))
                joined = True
            if bruno.seat == 1 and not started:
                anna.send(m.Start())
                started = True
            time.sleep(0.002)  # a frame
        names = anna.names(bot_name)
    finally:
        for session in sessions:
            session.close()
        host.stop()
    assert not host.running
    assert refused == []
    assert names == ["Anna", "Bruno"]
    for seat in (0, 1):
        assert said[seat] and said[seat] == offline_narration(over[0], seat, names)
    # anybody can check the match afterwards: the seed is the one committed to, the log replays
    kept = tmp_path / "match.json"
    kept.write_bytes(m.encode(over[0]))
    assert verify.main([str(kept)]) == 0
    tampered = json.loads(kept.read_text())
    tampered["seed"] = str(int(tampered["seed"]) + 1)
    kept.write_text(json.dumps(tampered))
    assert verify.main([str(kept)]) == 1
