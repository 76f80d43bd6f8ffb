"""F1 at an online table is said in parts the player steps through (it was one utterance
of about 1,900 characters): the game's keys, the online table's, those of everywhere,
each in pieces of at most 20 words (with "F1 again for more keys", about 25: issue 29);
F1 again the next, Shift F1 the one before, any other key starting over."""

from __future__ import annotations

import pytest

from audiogame.devtools.net_harness import ServerThread
from audiogame.ui.table import TableScene
from tests.test_online_play import app, join_address, said_since, two_with_a_bot

MORE = {"en": "F1 again for more keys.", "it": "Ancora F1 per altri tasti."}


@pytest.mark.parametrize("lang", ["en", "it"])
def test_f1_at_an_online_table_steps_through_its_parts(tmp_path, lang):
    with ServerThread(tmp_path / "server") as server:
        h = app(tmp_path, lang=lang)
        try:
            t = h.app.localizer
            join_address(h, f"127.0.0.1:{server.port}")
            two_with_a_bot(h)
            mark = len(h.transcript)
            h.press("enter")
            assert h.settle(lambda: isinstance(h.app.top, TableScene), 60)
            assert h.settle(lambda: "Manche 1" in said_since(h, mark), 60)

            def f1(**mods: bool) -> str:
                return h.press("f1", **mods).split(" | ")[0]  # the answer, before any move

            heard = [f1()]
            for _ in range(40):
                heard.append(f1())
                if heard[-1] == heard[0]:  # round again
                    break
            game, *rest, last, again = heard
            assert again == game and game.startswith(t("keys-domino-table")[:30])
            assert all(part.endswith(MORE[lang]) for part in (game, *rest))
            assert not last.endswith(MORE[lang])
            assert all(len(part.split()) <= 25 for part in heard)
            said = " ".join(heard)
            own = said.index(t("keys-online-table")[:30])
            assert said.index(t("keys-domino-table")[:30]) < own < said.index(t("keys-global")[:20])
            assert f1(shift=True) == last  # back one
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

            def answer(frame: dict) -> str:
                found = [u["text"] for u in frame["speech"] if u.get("interrupt")]
                return found[0] if found else ""

            async def f1(shift: bool = False) -> str:
                await page.barrier()
                await page.send("key", key="F1", code="F1", shift=shift)
                return answer(await page.next("out", answer))  # moves may come between

            heard = [await f1()]
            for _ in range(40):
                heard.append(await f1())
                if heard[-1] == heard[0]:
                    break
            heard.append(await f1(shift=True))
            await page.close()
            return heard

        game, *rest, last, again, back = run(scenario())
    assert game.startswith(t("keys-domino-table")[:30]) and again == game and back == last
    assert all(part.endswith(MORE["en"]) for part in (game, *rest))
    assert all(len(part.split()) <= 25 for part in (game, *rest, last))
    said = " ".join((game, *rest, last))
    browser = said.index(t("web-keys-table")[:30])
    assert said.index(t("keys-domino-table")[:30]) < browser < said.index(t("keys-global")[:20])


@pytest.mark.parametrize("lang", ["en", "it"])
def test_f1_in_the_main_menu_and_at_a_table_is_said_in_parts_of_at_most_25_words(
    harness_factory, lang
):
    """Issue 29, item 11: F1 in the main menu was 87 words (it) and 81 (en) at once."""
    h = harness_factory(lang).start()
    t = h.app.localizer

    def parts() -> list[str]:
        heard = [h.press("f1")]
        for _ in range(20):
            heard.append(h.press("f1"))
            if heard[-1] == heard[0]:
                return heard[:-1]
        raise AssertionError("F1 never came round")

    menu = parts()
    assert len(menu) > 1 and all(len(part.split()) <= 25 for part in menu)
    said = " ".join(menu)
    first = " ".join(t("keys-main-menu").split()[:8])
    assert said.startswith(first) and t("keys-global")[:20] in said
    h.press("enter")  # Domino's setup
    h.press("enter")  # its table
    h.advance(3.0)
    table = [part.split(" | ")[0] for part in parts()]  # the answer, before any move
    assert all(len(part.split()) <= 25 for part in table)
