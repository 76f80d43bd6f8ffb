"""The options menu: each row a setting with its values; Left/Right change it.

Every row is a ``ChoiceRow``: the setting's name, its values in order, how to
read and write it, how to say a value. A change is applied at once and saved.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from audiogame.core.narration import ALWAYS_SPOKEN
from audiogame.store.settings import (
    CUT_EVENTS,
    MESSAGE_KINDS,
    SPEECH_CHOICES,
    VERBOSITY_LEVELS,
    VOICE_RATES,
)
from audiogame.ui.choice_row import ChoiceRow
from audiogame.ui.menu import MenuScene

if TYPE_CHECKING:
    from audiogame.app.loop import App

VOLUMES: tuple[float, ...] = tuple(round(i / 10, 1) for i in range(11))


class OptionsScene(MenuScene):
    title_id = "options-title"
    keys_id = "keys-options"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        #: the other languages, parsed while the player reads the menu
        self.preloading = app.localizer.preload_others()
        self.rows = self.build_rows()
        self.items = [row.item(self, changed=app.save_settings) for row in self.rows]

    def build_rows(self) -> list[ChoiceRow]:
        app, t = self.app, self.t
        settings = app.settings
        rows = [
            ChoiceRow(
                lambda: t("opt-language"),
                ("it", "en"),
                lambda: app.localizer.lang,
                app.set_language,
                lambda v: t(f"lang-{v}"),
            ),
            ChoiceRow(
                lambda: t("opt-speech"),
                SPEECH_CHOICES,
                lambda: settings.speech,
                app.set_speech,
                self.describe_speech,
            ),
            ChoiceRow(
                lambda: t("opt-voice-rate"),
                VOICE_RATES,
                lambda: settings.voice_rate,
                app.set_voice_rate,
                lambda v: t("value-rate", rate=v),
            ),
            ChoiceRow(
                lambda: t("opt-cut-events"),
                CUT_EVENTS,
                lambda: settings.cut_events,
                lambda v: setattr(settings, "cut_events", v),
                lambda v: t(f"cut-events-{v}"),
            ),
            self.volume_row("opt-cue-volume", lambda: settings.cue_volume, app.set_cue_volume),
            self.volume_row(
                "opt-speech-volume", lambda: settings.speech_volume, app.set_speech_volume
            ),
        ]
        # my own moves are always spoken: only the kinds verbosity may filter have a row
        kinds = [kind for kind in MESSAGE_KINDS if kind not in ALWAYS_SPOKEN]
        return rows + [self.verbosity_row(kind) for kind in kinds]

    def volume_row(
        self, name_id: str, get: Callable[[], float], put: Callable[[float], None]
    ) -> ChoiceRow:
        t = self.t
        return ChoiceRow(
            lambda: t(name_id), VOLUMES, get, put, lambda v: t("value-percent", n=round(v * 100))
        )

    def verbosity_row(self, kind: str) -> ChoiceRow:
        t, app = self.t, self.app
        return ChoiceRow(
            lambda: t("opt-verbosity", kind=t(f"kind-{kind}")),
            VERBOSITY_LEVELS,
            lambda: app.settings.verbosity.get(kind, "speak"),
            lambda v: app.set_verbosity(kind, v),
            lambda v: t(f"verbosity-{v}"),
        )

    def describe_speech(self, value: str) -> str:
        name = self.t(f"speech-{value}")
        active = self.app.speech_active
        if value == "auto":
            return self.t("speech-auto-picked", name=name, picked=self.t(f"speech-{active}"))
        if active != value:  # the chosen backend could not start: say what speaks instead
            return self.t("speech-not-available", name=name, picked=self.t(f"speech-{active}"))
        return name
