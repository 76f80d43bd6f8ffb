"""A setup built from a game's ``OptionSpec``s with ``ChoiceRow``, through the real loop.

The game is a folder dropped where ``AUDIOGAME_GAMES`` points (as a player
would add one), holding only its spec and its messages: the rows take their
names, descriptions and values from the messages the specs name.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from audiogame.app.loop import App
from audiogame.core.contract import OptionSpec
from audiogame.games import registry
from audiogame.ui.choice_row import ChoiceRow
from audiogame.ui.menu import MenuScene

SPEC = """
from pathlib import Path
from audiogame.core.contract import GameSpec
from audiogame.core.controls import Controls
SPEC = GameSpec(id="rowdemo", title_id="rowdemo-title", order=99, guide="guide",
                controls=Controls, locales=Path(__file__).parent / "locales")
"""

MESSAGES = {
    "en": """rowdemo-title = Row demo
rowdemo-option-fast = Fast dice
rowdemo-option-fast-desc = Dice land sooner.
rowdemo-option-think = Thinking time
rowdemo-option-think-desc = How long each move may take.
rowdemo-option-think-value = { $n } seconds
rowdemo-option-colour = Colour
rowdemo-option-colour-desc = The colour of { $name }'s cup.
rowdemo-option-colour-red = red
rowdemo-option-colour-blue = blue
""",
    "it": """rowdemo-title = Prova delle righe
rowdemo-option-fast = Dadi veloci
rowdemo-option-fast-desc = I dadi atterrano prima.
rowdemo-option-think = Tempo di riflessione
rowdemo-option-think-desc = Quanto può durare ogni mossa.
rowdemo-option-think-value = { $n } secondi
rowdemo-option-colour = Colore
rowdemo-option-colour-desc = Il colore del bicchiere di { $name }.
rowdemo-option-colour-red = rosso
rowdemo-option-colour-blue = blu
""",
}

OPTIONS = (
    OptionSpec("fast", "fast", "bool", False, (False, True)),
    OptionSpec("think", "think", "int", 10, (0, 10, 30), zero_means="off"),
    OptionSpec("colour", "colours", "choice", "red", ("red", "blue"), per_seat=True),
)
SEATS = ("Anna", "Bruno")


@pytest.fixture(scope="module")
def rowdemo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The game's folder, as a player drops it in."""
    folder = tmp_path_factory.mktemp("games") / "rowdemo"
    folder.mkdir()
    (folder / "spec.py").write_text(SPEC, encoding="utf-8")
    for lang, text in MESSAGES.items():
        (folder / "locales" / lang).mkdir(parents=True)
        (folder / "locales" / lang / "rowdemo.ftl").write_text(text, encoding="utf-8")
    return folder.parent


class Setup(MenuScene):
    """What a game's setup does with its specs: one row each, one per seat when per_seat."""

    title_id = "options-title"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.values: dict[str, Any] = {o.field: o.default for o in OPTIONS}
        self.values["colours"] = ["red"] * len(SEATS)
        for option in OPTIONS:
            if option.per_seat:
                self.items += [self.seat_row(option, seat).item(self) for seat in range(2)]
            else:
                self.items.append(self.row(option).item(self, changed=self.save))
        self.saved = 0

    def row(self, option: OptionSpec) -> ChoiceRow:
        def put(value: Any) -> None:
            self.values[option.field] = value

        return ChoiceRow.for_option(
            option, "rowdemo", self.t, lambda: self.values[option.field], put
        )

    def seat_row(self, option: OptionSpec, seat: int) -> ChoiceRow:
        seats = self.values[option.field]

        def put(value: Any) -> None:
            seats[seat] = value

        return ChoiceRow.for_option(
            option, "rowdemo", self.t, lambda: seats[seat], put, name=SEATS[seat]
        )

    def save(self) -> None:
        self.saved += 1
        self.app.settings.setups["rowdemo"] = json.loads(json.dumps(self.values))


@pytest.fixture
def game_folder(rowdemo: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv(registry.ENV_VAR, str(rowdemo))
    assert registry.get("rowdemo") is not None
    yield rowdemo
    monkeypatch.undo()
    registry.reset()


def test_rows_say_their_name_value_and_description(game_folder, harness_factory) -> None:
    h = harness_factory("en")
    h.start(Setup(h.app))
    assert h.transcript[-1] == "Options. Fast dice: no, 1 of 4. Dice land sooner."
    assert h.press("down") == "Thinking time: 10 seconds, 2 of 4. How long each move may take."
    assert h.press("down") == "Colour: red, 3 of 4. The colour of Anna's cup."
    assert h.press("down") == "Colour: red, 4 of 4. The colour of Bruno's cup."


def test_left_and_right_change_the_value_and_say_it(game_folder, harness_factory) -> None:
    h = harness_factory("en")
    setup = Setup(h.app)
    h.start(setup)
    assert h.press("right") == "yes"
    assert setup.values["fast"] is True and setup.saved == 1
    assert h.app.settings.setups["rowdemo"]["fast"] is True
    assert h.app.announcer.cue_log[-1][0] == "toggle"
    assert h.press("right") == "yes"  # the last value: an edge, nothing changes
    assert h.app.announcer.cue_log[-1][0] == "menu_edge" and setup.saved == 1
    h.press("down")
    assert h.press("left") == "off"  # 0 stands for "off", as the spec says
    assert h.press("right") == "10 seconds"
    assert h.press("enter") == "30 seconds"  # Enter steps forward too
    h.press("down")
    h.press("down")
    assert h.press("right") == "blue"  # Bruno's cup, not Anna's
    assert setup.values["colours"] == ["red", "blue"]


def test_rows_speak_the_language_of_the_moment(game_folder, harness_factory) -> None:
    h = harness_factory("it")
    h.start(Setup(h.app))
    assert h.transcript[-1] == "Opzioni. Dadi veloci: no, 1 di 4. I dadi atterrano prima."
    assert h.press("right") == "sì"
    h.press("down")
    assert h.press("left") == "disattivato"
    h.app.set_language("en")
    assert h.press("right") == "10 seconds"
