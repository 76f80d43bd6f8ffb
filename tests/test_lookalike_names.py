"""Look-alike names are refused: with "Alice" and "Bob" registered (and a guest "Carla"
present), an outsider's raw client tries the same names written with other scripts'
letters, fullwidth forms or a dotless i, as an account and as a guest, and is told why
in the player's language; the real owners are untouched."""

from __future__ import annotations

from pathlib import Path

import pytest

from audiogame.devtools.net_harness import ServerThread
from audiogame.language.localizer import Localizer
from audiogame.net.protocol import lookalike
from audiogame.net.protocol.names import alike
from tests.raw_client import Raw, run

PASSWORD = "mare d'inverno 7"
#: each a look-alike of a name held: Cyrillic А, Cyrillic е, fullwidth, dotless ı, Greek ο,
#: a digit zero, Cherokee Ꭺ, mathematical bold 𝐀
ALICES = ["Аlice", "Alicе", "Ａｌｉｃｅ", "Alıce", "𝐀lice", "Ꭺlice"]
#: Greek ο, a digit zero, a Cyrillic В and a Greek Β (capitals whose small letters differ)
BOBS = ["Bοb", "B0b", "Вob", "Βob"]
CARLAS = ["Cаrla", "Carlа"]


def test_lookalike_names_are_refused_for_accounts_and_guests(tmp_path: Path) -> None:
    with ServerThread(tmp_path) as server:

        async def scenario() -> None:
            owners = []
            for name in ("Alice", "Bob"):
                raw = await Raw.open(server.url)
                await raw.send("register", name=name, password=PASSWORD)
                assert (await raw.next("welcome"))["name"] == name
                owners.append(raw)
            carla = await Raw.open(server.url)
            await carla.hello("Carla")  # a guest, present
            for name in ALICES + BOBS + CARLAS:
                raw = await Raw.open(server.url)
                refused = await raw.answer(
                    "register", name=name, password=PASSWORD, ok=("welcome",)
                )
                assert refused.get("reason") == "name-alike", (name, refused)
                refused = await raw.answer("hello", name=name, ok=("welcome",))
                assert refused.get("reason") == "name-alike", (name, refused)
                await raw.close()
            # the very same name: an account's is taken, a guest's is told apart as before
            raw = await Raw.open(server.url)
            refused = await raw.answer("register", name="alice", password=PASSWORD, ok=("welcome",))
            assert refused.get("reason") == "name-taken"
            refused = await raw.answer("hello", name="ALICE", ok=("welcome",))
            assert refused.get("reason") == "name-registered"
            assert (await raw.answer("hello", name="Carla", ok=("welcome",)))["name"] == "Carla 2"
            # the owners log in as ever
            await owners[0].close()
            again = await Raw.open(server.url)
            await again.send("login", name="Alice", password=PASSWORD)
            assert (await again.next("welcome"))["name"] == "Alice"
            for other in (again, raw, carla, owners[1]):
                await other.close()

        run(scenario())


def test_the_key_follows_unicodes_skeletons() -> None:
    for name in ALICES:
        assert lookalike.key(name) == lookalike.key("Alice") and alike(name, "alice")
    assert lookalike.key("Emma") == lookalike.key("Ernrna")  # rn for m: UTS #39's own
    assert lookalike.key("ALICE") == lookalike.key("alice")  # case never tells names apart
    for greek, latin in (
        ("Ηelen", "Helen"),
        ("Μario", "Mario"),
        ("Νina", "Nina"),
        ("νera", "vera"),
    ):
        assert alike(greek, latin), greek
    for apart in ("Alina", "Anna", "Nicolò", "Alice 2"):
        assert not alike(apart, "Alice"), apart
    assert lookalike.key("Nicolò") != lookalike.key("Nicolo")  # an accent is heard


@pytest.mark.parametrize("lang", ["it", "en"])
def test_the_reason_is_said_in_both_languages(lang: str) -> None:
    said = Localizer(lang)("net-reason-name-alike")
    assert said and "net-reason" not in said
