"""What a server tells whoever runs it: /healthz, /readyz and /metrics on a real server
(its game port, or another address only), and its log as JSON lines with no password,
token or chat text unless asked."""

from __future__ import annotations

import json
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from prometheus_client.parser import text_string_to_metric_families

from audiogame.devtools import services
from audiogame.devtools.net_harness import (
    LOGIN_WAIT,
    SHORT_DOMINO,
    ScriptedPlayer,
    ServerProcess,
    ServerThread,
    wait_for,
)
from audiogame.devtools.tcp_relay import TcpRelay
from audiogame.net.client.game_client import GameClient
from audiogame.net.protocol import messages as m

PASSWORD = "mare d'inverno 7"


def get(port: int, path: str) -> tuple[int, str, str]:
    """(status, content type, body) of a plain GET on loopback."""
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=30) as answer:
            return answer.status, answer.headers["Content-Type"], answer.read().decode()
    except urllib.error.HTTPError as refused:
        return refused.code, refused.headers["Content-Type"], refused.read().decode()


def samples(text: str) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    """Every sample of a scrape: (name, labels) -> value."""
    out = {}
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            out[sample.name, tuple(sorted(sample.labels.items()))] = sample.value
    return out


def value(scrape: dict, name: str, **labels: str) -> float:
    return scrape.get((name, tuple(sorted(labels.items()))), 0.0)


@pytest.fixture
def clients() -> Iterator[list[GameClient]]:
    made: list[GameClient] = []
    yield made
    for client in made:
        client.close()


def entered(url: str, name: str, made: list[GameClient], **kwargs) -> GameClient:
    client = GameClient(url, name, **kwargs)
    made.append(client)
    client.start()
    found = wait_for(client, lambda i: isinstance(i, m.Welcome | m.Refused), LOGIN_WAIT)
    assert isinstance(found, m.Welcome), found
    return client


def test_health_readiness_and_metrics_on_the_game_port(tmp_path: Path, clients):
    server = ServerProcess(tmp_path).start()
    try:
        assert get(server.port, "/healthz")[::2] == (200, "ok\n")
        assert get(server.port, "/readyz")[::2] == (200, "ready\n")
        anna = entered(server.url, "Anna", clients)
        anna.send(m.CreateTable(game="domino", config=SHORT_DOMINO))
        wait_for(anna, lambda i: isinstance(i, m.TableState))
        anna.send(m.SetBot(seat=1, level="easy"))
        wait_for(anna, lambda i: isinstance(i, m.Notice))
        anna.send(m.Start())
        player = ScriptedPlayer(anna, seed=3)
        # the table's bot takes its 1.5 s a move: a long deal on a loaded machine outlasted
        # 90 s (load 40); the bound only ends a match that never ends
        player.play_until(lambda: player.over is not None, timeout=300)
        anna.send(m.Login(name="Anna", password="wrong"))  # refused: already welcomed
        wait_for(anna, lambda i: isinstance(i, m.Refused))
        status, kind, text = get(server.port, "/metrics")
        assert status == 200 and kind.startswith("text/plain; version=")
        scrape = samples(text)
        assert value(scrape, "audiogame_tables_open", game="domino") == 1
        assert value(scrape, "audiogame_players_seated") == 1
        assert value(scrape, "audiogame_connections", client="app") == 1
        assert value(scrape, "audiogame_entries_total", kind="guest", outcome="ok") == 1
        assert value(scrape, "audiogame_frames_in_total") >= 5
        assert value(scrape, "audiogame_frames_out_total") >= 5
        assert value(scrape, "audiogame_frames_refused_total", reason="already-welcomed") == 1
        assert value(scrape, "audiogame_action_delivery_seconds_count") >= 1
        assert value(scrape, "audiogame_store_write_seconds_count", op="append") >= 1
        assert value(scrape, "audiogame_store_write_seconds_count", op="save_table") >= 1
        if sys.platform.startswith("linux"):  # the process's own figures, read from /proc
            assert value(scrape, "process_resident_memory_bytes") > 1 << 20
            assert value(scrape, "process_open_fds") >= 3
    finally:
        server.stop()


def test_metrics_on_another_address_only(tmp_path: Path):
    port_file = tmp_path / "metrics-port"
    server = ServerProcess(
        tmp_path,
        "--metrics-address",
        "127.0.0.1:0",
        "--metrics-port-file",
        str(port_file),
    ).start()
    try:
        metrics_port = int(port_file.read_text(encoding="ascii"))
        assert get(server.port, "/metrics")[0] == 404  # not on the public port
        assert get(server.port, "/healthz")[0] == 200
        status, _, text = get(metrics_port, "/metrics")
        assert status == 200 and "audiogame_frames_in_total" in text
        assert get(metrics_port, "/readyz")[::2] == (200, "ready\n")
        assert get(metrics_port, "/")[0] == 404  # nothing else there: no page, no socket
    finally:
        server.stop()


def test_readiness_names_the_store_and_the_bus_that_do_not_answer(tmp_path: Path):
    """PostgreSQL and Redis reached through relays of the test's own: cut, the server is
    alive but not ready and says which; mended, ready again."""
    pg, rd = services.postgres_url(), services.redis_url()
    if pg is None:
        pytest.skip(services.postgres_skip_reason())
    if rd is None:
        pytest.skip(services.redis_skip_reason())
    pg_relay, pg_url = TcpRelay.before(pg)
    rd_relay, rd_url = TcpRelay.before(rd)
    for relay in (pg_relay, rd_relay):
        relay.start()
    store = services.fresh_postgres(pg_url)
    try:
        with ServerThread(
            tmp_path, store_url=store, bus_url=rd_url, prefix=services.fresh_prefix()
        ) as server:
            assert get(server.port, "/readyz")[::2] == (200, "ready\n")
            pg_relay.cut()
            rd_relay.cut()
            status, _, body = get(server.port, "/readyz")
            assert (status, body) == (503, "not ready: store, bus\n")
            assert get(server.port, "/healthz")[0] == 200  # the loop answers all the same
            pg_relay.mend()
            rd_relay.mend()
            deadline = time.monotonic() + 60  # only ends a wait that never ends
            while get(server.port, "/readyz")[0] != 200:
                assert time.monotonic() < deadline, "never ready again"
                time.sleep(0.2)
            pg_relay.cut()  # cut again for the server's close: it must not hang on it
            rd_relay.cut()
            pg_relay.mend()
            rd_relay.mend()
    finally:
        pg_relay.stop()
        rd_relay.stop()


@pytest.mark.parametrize("chat", [False, True])
def test_json_log_lines_hold_no_password_token_or_chat_unless_asked(
    tmp_path: Path, clients, chat: bool
):
    extra = ["--log-format", "json", "--verbose"] + (["--log-chat"] if chat else [])
    server = ServerProcess(tmp_path, *extra).start()
    try:
        anna = entered(server.url, "Anna", clients, password=PASSWORD, register=True)
        token = anna.token
        assert token is not None
        anna.close()
        anna = entered(server.url, "Anna", clients, token=token)  # resumed by its token
        bruno = entered(server.url, "Bruno", clients)
        anna.send(m.CreateTable(game="domino", config=SHORT_DOMINO))
        wait_for(anna, lambda i: isinstance(i, m.TableState))
        anna.say("una riga al tavolo")
        wait_for(anna, lambda i: isinstance(i, m.Chat))
        anna.lobby_say("una riga nella sala")
        wait_for(anna, lambda i: isinstance(i, m.LobbyChat))
        anna.whisper("Bruno", "un segreto sussurrato")
        wait_for(bruno, lambda i: isinstance(i, m.WhisperFrom))
        bruno_token = bruno.token
    finally:
        server.stop()
    lines = [line for line in server.log().splitlines() if line.strip()]
    assert lines
    records = [json.loads(line) for line in lines]  # every line one JSON object
    assert all({"time", "level", "logger", "message"} <= set(r) for r in records)
    text = server.log()
    for secret in (PASSWORD, token, bruno_token, "un segreto sussurrato"):
        assert secret is not None and secret not in text
    said = [(r.get("where"), r.get("text")) for r in records if r["logger"] == "audiogame.chat"]
    if chat:
        assert [text for _, text in said] == ["una riga al tavolo", "una riga nella sala"]
    else:
        assert said == [] and "una riga" not in text
