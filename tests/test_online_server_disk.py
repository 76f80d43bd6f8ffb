"""A server whose disk fills mid-match tells the table's players, once, that the table
plays on but would be lost by a crash now (and says it in its log); when writing works
again, they hear that too. Before, nobody knew.

A real full filesystem: a small tmpfs mounted as the server's data folder, filled
while a Domino match is under way; the real app (harness: real loop, recording
speaker) at the table, a real server on 127.0.0.1. Mounting needs root on Linux (CI
runs as root); where it is impossible the test is skipped and says why.

A data folder turned read-only under a running server cannot be made here: Linux
refuses to remount a filesystem read-only while the server holds its database open
for writing, and root writes through any file mode. The server takes every failed
write alike (``Table._stored``), whatever the system's reason.
"""

from __future__ import annotations

import errno
import logging
import time

import pytest

from audiogame.core.clock import RealClock
from audiogame.devtools import tmpfs
from audiogame.devtools.games.domino.resume_check import scripted_key
from audiogame.devtools.harness import Harness
from audiogame.devtools.net_harness import ServerThread
from audiogame.net.server.options import ServerOptions
from audiogame.ui.games.domino.table import DominoTable
from audiogame.ui.online.create import CreateTableScene
from audiogame.ui.online.menu import OnlineMenu
from audiogame.ui.online.room import RoomScene
from tests.test_online_play import join_address

SIZE = "4m"


def fill(folder) -> None:
    """Take every byte the filesystem has left."""
    with open(folder / "filler", "wb") as handle:
        try:
            while True:
                handle.write(b"\0" * 65536)
                handle.flush()
        except OSError as exc:
            assert exc.errno == errno.ENOSPC


@pytest.fixture
def small_disk(tmp_path):
    data = tmp_path / "server"
    why = tmpfs.mount(data, SIZE)
    if why is not None:
        pytest.skip(why)
    yield data
    tmpfs.unmount(data)


def test_a_full_disk_mid_match_is_told_once_and_its_end_too(small_disk, tmp_path, caplog):
    # one walk, in Italian: the notices' words in both languages are test_locales's
    lang = "it"
    caplog.set_level(logging.WARNING, logger="audiogame.net.server.table")
    server = ServerThread(small_disk, ServerOptions(probe_every=0.2)).start()
    h = Harness(tmp_path / "Anna", lang=lang, clock=RealClock())
    h.app.settings.online_name = "Anna"
    h.start(OnlineMenu(h.app))
    app = h.app
    t = app.localizer
    lost, safe = t("online-notice-not-storing"), t("online-notice-storing")
    filler = small_disk / "filler"
    try:
        lobby = join_address(h, f"127.0.0.1:{server.port}")
        h.press("enter")  # Create a table
        assert isinstance(app.top, CreateTableScene)
        h.press("enter")  # Domino, four players
        assert h.settle(lambda: isinstance(app.top, RoomScene), 60)
        link = lobby.link
        assert link is not None
        for seat in (1, 2, 3):
            h.press("b")  # a bot on the first empty seat, as the table is known
            filled = lambda s=seat: link.table is not None and link.table.seats[s].level != ""  # noqa: E731
            assert h.settle(filled, 60)
        running = server.server
        assert running is not None
        table = server.run(lambda: next(iter(running.lobby.tables.values())))

        fill(small_disk)  # the disk is full: the match begins all the same
        h.press("enter")
        assert h.settle(lambda: isinstance(app.top, DominoTable), 60)
        assert h.settle(lambda: any(lost in s for s in h.transcript), 60), h.transcript
        assert server.run(lambda: table.unstored)
        assert "not storing" in caplog.text

        filler.unlink()  # space again: the next write works, and the players hear it
        deadline = time.monotonic() + 60
        while not any(safe in s for s in h.transcript) and time.monotonic() < deadline:
            game = app.top
            key = scripted_key(game) if isinstance(game, DominoTable) else None
            if key is not None:
                h.press(key)
            h.settle(lambda: False, 0.2)  # the server's answer, before the next key
        said = " | ".join(h.transcript)
        assert safe in said, said
        assert said.count(lost) == 1, said  # once, not once an action
        assert said.index(lost) < said.index(safe)
        assert not server.run(lambda: table.unstored)
        assert "storing works again" in caplog.text
        # what could not be written was written with the next batch: the log has no hole
        store = running.store
        rows, kept = server.run(
            lambda: (
                store.db.execute(  # type: ignore[attr-defined]
                    "SELECT n FROM log WHERE tbl = ? ORDER BY n", (table.id,)
                ).fetchall(),
                len(table.match.log),
            )
        )
        # every entry the table holds is stored, in order (how many moves a busy machine
        # let the players make meanwhile is not this test's: more than 3 was asked once)
        numbers = [n for (n,) in rows]
        assert numbers == list(range(kept)) and kept >= 2, (numbers, kept)
    finally:
        filler.unlink(missing_ok=True)
        app.pop_to(app.scenes[0])
        server.stop()
        h.close()
