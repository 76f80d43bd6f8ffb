"""A menu row holding a choice: its name and value; Left/Right (or Enter) change it.

Every setting and every game option is one. The Options menu builds its rows
from the app's settings; a game's setup builds its rows from its
``OptionSpec``s (``ChoiceRow.for_option``), which name their messages:
``<game>-option-<id>`` (the row's name) and ``<game>-option-<id>-desc`` (one
line on what it does, said after the row when the cursor lands on it). A value
is said, unless the setup gives its own ``describe``, as

- "bool": ``option-yes`` / ``option-no``;
- "int": ``option-off`` / ``option-unlimited`` for a 0 the spec gives that
  meaning, else ``<game>-option-<id>-value`` with the number as ``n``
  (the unit: "{ $n } seconds");
- "choice": ``<game>-option-<id>-<value>``.

A change is applied at once, with a sound, and said; at either end of the
values an edge sound and the value as it stands. ``describe_options`` says a
whole table's options the same way, in one sentence.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from audiogame.app.scene import Scene
from audiogame.core.contract import OptionSpec
from audiogame.ui.menu import MenuItem

Localize = Callable[..., str]

#: what a 0 stands for, by ``OptionSpec.zero_means``
ZERO_MESSAGES = {"off": "option-off", "unlimited": "option-unlimited"}


def nearest_index(values: Sequence[Any], value: Any) -> int:
    """Where ``value`` stands in ``values``; a number not among them, at the closest one."""
    if value in values:
        return list(values).index(value)
    if isinstance(value, int | float):
        return min(range(len(values)), key=lambda i: abs(values[i] - value))
    return 0


def describe_options(options: Sequence[OptionSpec], game: str, config: Any, t: Localize) -> str:
    """A table's options in one go ("Set: double 6. Forbid drawing: no. ..."), each
    value said as its setup row says it: what the table menu reads (the options are
    fixed for the match) and an online table list shows. ``config`` holds each
    option's value in its ``field``; per-seat options are each player's own and
    are left out."""
    parts = [
        t(
            "option-value",
            label=t(f"{game}-option-{option.id}"),
            value=value_words(option, game, t)(getattr(config, option.field)),
        )
        for option in options
        if not option.per_seat
    ]
    return "".join(f"{part}. " for part in parts).rstrip()


def value_words(option: OptionSpec, game: str, t: Localize) -> Callable[[Any], str]:
    """How a value of ``option`` is said, by its kind (see the module's docstring)."""
    base = f"{game}-option-{option.id}"

    def describe(value: Any) -> str:
        if option.kind == "bool":
            return t("option-yes" if value else "option-no")
        if option.kind == "int":
            if value == 0 and option.zero_means in ZERO_MESSAGES:
                return t(ZERO_MESSAGES[option.zero_means])
            return t(f"{base}-value", n=value)
        return t(f"{base}-{value}")

    return describe


@dataclass
class ChoiceRow:
    #: what the row sets ("Language")
    name: Callable[[], str]
    #: the values in the order Left/Right walk them
    values: Sequence[Any]
    get: Callable[[], Any]
    put: Callable[[Any], None]
    #: a value in words
    describe: Callable[[Any], str]
    #: one line on what the row does, said after it when the cursor lands on it
    description: Callable[[], str] | None = None
    #: what a change says (default: the new value in words)
    said: Callable[[], str] | None = None
    #: the row as the menu says it (default: "name: value")
    label: Callable[[], str] | None = None
    #: why the row cannot change now, in words (None: it can): the row says "not
    #: available" and why, and the arrows say why nothing changes
    blocked: Callable[[], str | None] | None = None
    #: why one value cannot be chosen with the other choices as they stand, in words
    #: (None: it can): the arrows stop before it, say why and the value kept
    refuses: Callable[[Any], str | None] | None = None

    @classmethod
    def for_option(
        cls,
        option: OptionSpec,
        game: str,
        t: Localize,
        get: Callable[[], Any],
        put: Callable[[Any], None],
        *,
        describe: Callable[[Any], str] | None = None,
        said: Callable[[], str] | None = None,
        **args: Any,
    ) -> ChoiceRow:
        """The row of a game's option; ``args`` go to its name and description (a
        seat's name, for a ``per_seat`` option: the setup makes one row per seat)."""
        base = f"{game}-option-{option.id}"
        return cls(
            name=lambda: t(base, **args),
            values=option.values,
            get=get,
            put=put,
            describe=describe or value_words(option, game, t),
            description=lambda: t(f"{base}-desc", **args),
            said=said,
        )

    def now_said(self) -> str:
        return self.said() if self.said is not None else self.describe(self.get())

    def item(
        self, scene: Scene, changed: Callable[[], str | None] | Callable[[], None] | None = None
    ) -> MenuItem:
        """The menu item of this row in ``scene``; ``changed`` runs after every change
        (saving the settings, or the setup) and may return what the change caused
        (other options turned off), said after the new value."""

        def label() -> str:
            why = self.blocked() if self.blocked is not None else None
            if why is not None:
                value = scene.t("option-unavailable", reason=why)
                return scene.t("option-value", label=self.name(), value=value)
            if self.label is not None:
                return self.label()
            return scene.t("option-value", label=self.name(), value=self.describe(self.get()))

        def adjust(delta: int) -> None:
            why = self.blocked() if self.blocked is not None else None
            if why is not None:
                scene.cue("menu_error")
                text = scene.t("option-unavailable-refused", reason=why)
                scene.app.announcer.say_text(text, record=False)
                return
            index = nearest_index(self.values, self.get()) + delta
            if not 0 <= index < len(self.values):
                scene.cue("menu_edge")
                announcer = scene.app.announcer
                announcer.say_text(announcer.at_edge(self.now_said()), record=False)
                return
            why = self.refuses(self.values[index]) if self.refuses is not None else None
            if why is not None:
                scene.cue("menu_error")
                kept = scene.t("option-kept", value=self.describe(self.get()))
                scene.app.announcer.say_text(sentences([why, kept]), record=False)
                return
            self.put(self.values[index])
            scene.cue("toggle")
            caused = changed() if changed is not None else None
            scene.app.announcer.say_text(sentences([self.now_said(), caused or ""]))

        return MenuItem(label, adjust=adjust, description=self.description)


def sentences(parts: Sequence[str]) -> str:
    """Parts said one after the other as sentences, empty ones left out: a full stop
    between them where a part has none ("yes" and "Also turned off: ..." make
    "yes. Also turned off: ...")."""
    out = ""
    for part in filter(None, parts):
        if out and out[-1] not in ".!?:":
            out += "."
        out = f"{out} {part}" if out else part
    return out
