"""F1 at an online table is said in parts the player steps through (it was one utterance
of about 1,900 characters): the game's keys, the online table's, those of everywhere;
F1 again the next, Shift F1 the one before, any other key starting over."""

from __future__ import annotations

import pytest

from audiogame.devtools.net_harness import ServerThread
from audiogame.ui.online.room import RoomScene
from audiogame.ui.table import TableScene
from tests.test_online_play import app, join_address, said_since

MORE = {"en": "F1 again for more keys.", "it": "Ancora F1 per altri tasti."}


@pytest.mark.parametrize("lang", ["en", "it"])
def test_f1_at_an_online_table_steps_through_its_parts(tmp_path, lang):
    with ServerThread(tmp_path / "server") as server:
        h = app(tmp_path, lang=lang)
        try:
            t = h.app.localizer
            join_address(h, f"127.0.0.1:{server.port}")
            h.press("enter")  # create: 4 players
            h.press("down")
            h.press("left")
            h.press("left")  # 2 players
            h.press("enter")
            assert h.settle(lambda: isinstance(h.app.top, RoomScene))
            mark = len(h.transcript)
            h.press("b")
            assert h.settle(lambda: len(h.transcript) > mark)
            h.press("enter")
            assert h.settle(lambda: isinstance(h.app.top, TableScene), 60)
            assert h.settle(lambda: "Manche 1" in said_since(h, mark), 60)

            def f1(**mods: bool) -> str:
                return h.press("f1", **mods).split(" | ")[0]  # the answer, before any move

            game, online, everywhere = f1(), f1(), f1()
            assert game.startswith(t("keys-domino-table")[:40]) and game.endswith(MORE[lang])
            assert online.startswith(t("keys-online-table")[:40]) and online.endswith(MORE[lang])
            assert everywhere == t("keys-global")
            assert all(len(part) < 800 for part in (game, online, everywhere))
            assert f1() == game  # round again
            assert f1(shift=True) == everywhere  # back one
            h.press("t")  # another key: F1 starts from the first part again
            assert f1() == game
        finally:
            h.app.pop_to(h.app.scenes[0])
            h.close()
