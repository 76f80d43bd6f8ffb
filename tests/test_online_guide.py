"""The players' guide to online play (docs/online.<lang>.md), read where it is needed.

Ctrl+F1 in the online menus opens it in the player's language, through the real
loop; the two languages' guides keep the same shape (the same sections and the
same rows in their key tables), so neither falls behind the other; every key the
online scenes' F1 names is in the guide.
"""

from __future__ import annotations

import re

import pytest

from audiogame.app.reader import ReaderScene, document_path, load_document
from audiogame.devtools.harness import Harness
from audiogame.language.localizer import Localizer
from audiogame.ui.online.menu import OnlineMenu

TITLES = {"it": "Giocare online con gli amici", "en": "Playing online with friends"}


@pytest.mark.parametrize("lang", ["it", "en"])
def test_ctrl_f1_in_the_online_menu_reads_the_online_guide(tmp_path, lang):
    h = Harness(tmp_path, lang=lang)
    h.app.settings.online_name = "Anna"
    h.start(OnlineMenu(h.app))
    try:
        h.press("f1", ctrl=True)
        assert isinstance(h.app.top, ReaderScene) and h.app.top.doc == "online"
        assert TITLES[lang] in h.transcript[-1]
        h.press("down")
        assert h.transcript[-1] == load_document("online", lang)[1]
        h.press("escape")
        assert isinstance(h.app.top, OnlineMenu)
    finally:
        h.close()


def shape(lang: str) -> tuple[int, list[int]]:
    """How many sections, and the rows of each key table, in order."""
    text = document_path("online", lang).read_text(encoding="utf-8")
    sections = len(re.findall(r"^## ", text, flags=re.M))
    tables: list[int] = []
    rows = 0
    for line in [*text.splitlines(), ""]:
        if line.startswith("|"):
            rows += 1
        elif rows:
            tables.append(rows)
            rows = 0
    return sections, tables


def test_the_two_guides_have_the_same_shape():
    sections, tables = shape("en")
    assert sections >= 8 and len(tables) == 4
    assert shape("it") == (sections, tables)


#: keys the online scenes' F1 names, as F1 says them and as the guide writes them
KEYS = {
    "en": [
        ("Alt C", "Alt+C"),
        ("Control U", "Ctrl+U"),
        ("Control I", "Ctrl+I"),
        ("Control K", "Ctrl+K"),
        ("Control Shift X", "Ctrl+Shift+X"),
        ("Control H", "Ctrl+H"),
        ("Alt O", "Alt+O"),
        ("Shift Enter", "Shift+Enter"),
        ("Shift F10", "Shift+F10"),
        ("F2", "F2"),
        ("F5", "F5"),
        ("Control Shift U", "Ctrl+Shift+U"),
        ("Control F", "Ctrl+F"),
        ("Control R", "Ctrl+R"),
        ("Control P", "Ctrl+P"),
        ("Control L", "Ctrl+L"),
        ("Control J", "Ctrl+J"),
        ("Control Shift L", "Ctrl+Shift+L"),
        ("Alt R", "Alt+R"),
    ],
    "it": [
        ("Alt C", "Alt C"),
        ("Control U", "Control U"),
        ("Control I", "Control I"),
        ("Control K", "Control K"),
        ("Control Maiuscolo X", "Control Maiuscolo X"),
        ("Control H", "Control H"),
        ("Alt O", "Alt O"),
        ("Maiuscolo Invio", "Maiuscolo Invio"),
        ("Maiuscolo F10", "Maiuscolo F10"),
        ("F2", "F2"),
        ("F5", "F5"),
        ("Control Maiuscolo U", "Control Maiuscolo U"),
        ("Control F", "Control F"),
        ("Control R", "Control R"),
        ("Control P", "Control P"),
        ("Control L", "Control L"),
        ("Control J", "Control J"),
        ("Control Maiuscolo L", "Control Maiuscolo L"),
        ("Alt R", "Alt R"),
    ],
}


@pytest.mark.parametrize("lang", ["it", "en"])
def test_every_key_the_online_f1_names_is_in_the_guide(lang):
    guide = document_path("online", lang).read_text(encoding="utf-8")
    localizer = Localizer(lang)
    spoken = " ".join(
        localizer(msg_id)
        for msg_id in (
            "keys-online-room",
            "keys-online-table",
            "keys-online-lobby",
            "keys-online-people",
        )
    )
    for said, written in KEYS[lang]:
        assert said in spoken, said  # F1 says it
        assert written in guide, written  # and the guide has it
