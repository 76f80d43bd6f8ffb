"""A table hosted from the app ends with the app, however the app ended: a crash or
kill -9 left the server running for good, holding its port (and, on the network,
announcing a table nobody hosts any more)."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from pathlib import Path

from audiogame.net.client.host import HostedServer

#: the hosting app, reduced to what matters: it hosts, says the port, and waits
APP = """
import sys, time
from pathlib import Path
from audiogame.net.client.host import HostedServer
hosted = HostedServer(Path(sys.argv[1]))
print(hosted.start(timeout=180), flush=True)
time.sleep(600)
"""


def listening(port: int) -> bool:
    with socket.socket() as s:
        s.settimeout(1.0)
        return s.connect_ex(("127.0.0.1", port)) == 0


def test_the_server_ends_when_its_app_is_killed(tmp_path: Path) -> None:
    app = subprocess.Popen(
        [sys.executable, "-c", APP, str(tmp_path / "server")],
        stdout=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
    )
    try:
        assert app.stdout is not None
        port = int(app.stdout.readline())
        assert listening(port)
        app.kill()  # no goodbye: SIGKILL, or TerminateProcess on Windows
        app.wait(30)
        deadline = time.monotonic() + 30
        while listening(port) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not listening(port), "the hosted server outlived its app"
    finally:
        app.kill()
        app.wait(30)


def test_stopping_it_lets_it_close_itself(tmp_path: Path) -> None:
    hosted = HostedServer(tmp_path / "server")
    port = hosted.start(timeout=180)
    assert listening(port)
    # the app gives it 5 s before terminate; here 60 s, only to end a wait that never
    # ends: on a loaded machine a clean close took longer, and terminate failed the test
    hosted.stop(timeout=60)
    assert hosted.process is not None
    assert hosted.process.returncode == 0  # it closed itself: no terminate, no kill
    assert not listening(port)
