"""The options menu: each item a setting with its values; Left/Right change it.

Options are data (``Choice``): a label, the values in order, how to read and
write the setting, and how to say a value. Every change is applied at once and
saved.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from audiogame.store.settings import MESSAGE_KINDS, SPEECH_CHOICES, VERBOSITY_LEVELS, VOICE_RATES
from audiogame.ui.menu import MenuItem, MenuScene

if TYPE_CHECKING:
    from audiogame.app.loop import App

VOLUMES: tuple[float, ...] = tuple(round(i / 10, 1) for i in range(11))


@dataclass
class Choice:
    label: Callable[[], str]
    values: Sequence[Any]
    get: Callable[[], Any]
    put: Callable[[Any], None]
    describe: Callable[[Any], str]


def nearest_index(values: Sequence[Any], value: Any) -> int:
    if value in values:
        return list(values).index(value)
    if isinstance(value, int | float):
        return min(range(len(values)), key=lambda i: abs(values[i] - value))
    return 0


class OptionsScene(MenuScene):
    title_id = "options-title"
    keys_id = "keys-options"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        #: the other languages, parsed while the player reads the menu
        self.preloading = app.localizer.preload_others()
        self.choices = self.build_choices()
        self.items = [self.item_for(c) for c in self.choices]

    def build_choices(self) -> list[Choice]:
        app, t = self.app, self.t
        settings = app.settings
        choices = [
            Choice(
                lambda: t("opt-language"),
                ("it", "en"),
                lambda: app.localizer.lang,
                app.set_language,
                lambda v: t(f"lang-{v}"),
            ),
            Choice(
                lambda: t("opt-speech"),
                SPEECH_CHOICES,
                lambda: settings.speech,
                app.set_speech,
                self.describe_speech,
            ),
            Choice(
                lambda: t("opt-voice-rate"),
                VOICE_RATES,
                lambda: settings.voice_rate,
                app.set_voice_rate,
                lambda v: t("value-rate", rate=v),
            ),
            Choice(
                lambda: t("opt-cue-volume"),
                VOLUMES,
                lambda: settings.cue_volume,
                app.set_cue_volume,
                lambda v: t("value-percent", n=round(v * 100)),
            ),
            Choice(
                lambda: t("opt-speech-volume"),
                VOLUMES,
                lambda: settings.speech_volume,
                app.set_speech_volume,
                lambda v: t("value-percent", n=round(v * 100)),
            ),
        ]
        return choices + [self.verbosity_choice(kind) for kind in MESSAGE_KINDS]

    def verbosity_choice(self, kind: str) -> Choice:
        t, app = self.t, self.app
        return Choice(
            lambda: t("opt-verbosity", kind=t(f"kind-{kind}")),
            VERBOSITY_LEVELS,
            lambda: app.settings.verbosity.get(kind, "speak"),
            lambda v: app.set_verbosity(kind, v),
            lambda v: t(f"verbosity-{v}"),
        )

    def describe_speech(self, value: str) -> str:
        name = self.t(f"speech-{value}")
        if value == "auto":
            return self.t(
                "speech-auto-picked", name=name, picked=self.t(f"speech-{self.app.speech_active}")
            )
        return name

    def item_for(self, choice: Choice) -> MenuItem:
        return MenuItem(
            label=lambda: self.t(
                "option-value", label=choice.label(), value=choice.describe(choice.get())
            ),
            adjust=lambda delta: self.adjust(choice, delta),
        )

    def adjust(self, choice: Choice, delta: int) -> None:
        i = nearest_index(choice.values, choice.get()) + delta
        if not 0 <= i < len(choice.values):
            self.cue("menu_edge")
            self.app.announcer.say_text(choice.describe(choice.get()), record=False)
            return
        choice.put(choice.values[i])
        self.cue("toggle")
        self.app.announcer.say_text(choice.describe(choice.get()))
        self.app.save_settings()
