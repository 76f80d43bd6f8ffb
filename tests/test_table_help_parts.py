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


def test_f1_on_the_page_steps_through_the_same_parts(tmp_path):
    """The page's F1 at a Domino table (its keys, the browser's, those of everywhere), as
    a raw client of the page's subprotocol hears it."""
    from audiogame.language.localizer import Localizer
    from tests.raw_client import Raw, run

    t = Localizer("en")
    with ServerThread(tmp_path / "server") as server:

        async def scenario() -> list[str]:
            page = await Raw.open(server.url, subprotocols=["audiogame.web.v1"])
            await page.hello("Zoe")
            await page.send("listen", lang="en")
            await page.send("create-table", game="domino", config={"seats": 2})
            await page.next("at-table")
            for key in ("b", "Enter"):
                await page.send("key", key=key, code=key)
            await page.barrier()

            starts = (t("keys-domino-table")[:40], t("web-keys-table")[:30], t("keys-global"))

            def answer(frame: dict) -> str:
                found = [u["text"] for u in frame["speech"] if u["text"].startswith(starts)]
                return found[0] if found else ""

            async def f1(shift: bool = False) -> str:
                await page.barrier()
                await page.send("key", key="F1", code="F1", shift=shift)
                return answer(await page.next("out", answer))  # moves may come between

            heard = [await f1(), await f1(), await f1(), await f1(), await f1(shift=True)]
            await page.close()
            return heard

        game, browser, everywhere, again, back = run(scenario())
    assert game.startswith(t("keys-domino-table")[:40]) and game.endswith(MORE["en"])
    assert browser.startswith(t("web-keys-table")[:30]) and browser.endswith(MORE["en"])
    assert everywhere == t("keys-global")
    assert again == game and back == everywhere
