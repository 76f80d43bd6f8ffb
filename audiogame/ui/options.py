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
        # my own moves are always spoken and shown: only the kinds the options may
        # filter have a row
        kinds = [kind for kind in MESSAGE_KINDS if kind not in ALWAYS_SPOKEN]
        return (
            rows
            + [self.verbosity_row(kind) for kind in kinds]
            + [self.braille_row(kind) for kind in kinds]
        )

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

    def braille_row(self, kind: str) -> ChoiceRow:
        t, app = self.t, self.app
        return ChoiceRow(
            lambda: t("opt-braille", kind=t(f"kind-{kind}")),
            (True, False),
            lambda: kind not in app.settings.braille_hidden,
            lambda shown: app.set_braille(kind, shown),
            lambda shown: t("option-yes" if shown else "option-no"),
        )

    def describe_speech(self, value: str) -> str:
        """The choice, what speaks ("NVDA", "speech-dispatcher (espeak-ng)") and why each
        backend before it does not ("screen reader: not running")."""
        t = self.t
        name = t(f"speech-{value}")
        active = self.app.speech_active
        picked = t(f"speech-{active}")
        detail = str(getattr(self.app.speaker, "detail", ""))
        if active == "screenreader" and detail:
            picked = detail  # the screen reader by its own name
        if value == "auto":
            said = t("speech-auto-picked", name=name, picked=picked)
        elif active != value:  # the chosen backend could not start: say what speaks instead
            said = t("speech-not-available", name=name, picked=picked)
        else:
            said = t("speech-auto-picked", name=name, picked=picked) if detail else name
        skipped = [
            t("speech-skipped", name=t(f"speech-{s.name}"), reason=t(f"speech-skip-{s.reason}"))
            for s in getattr(self.app.speaker, "skipped", ())
            if s.name != active
        ]
        if skipped:
            said = t("speech-and-skipped", said=said, skipped="; ".join(skipped))
        return said
