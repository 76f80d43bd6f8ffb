"""Words inside words: message arguments that are themselves messages.

Narrators are pure and never format text, yet their sentences hold tiles,
symbols, names and lists that must be said in the player's language. An
argument may be a ``Phrase`` (a message id with its own arguments) or a
``Join`` (parts said one after the other with a separator: commas for lists,
semicolons between teams); ``resolve`` turns them into text with the localizer
just before the announcer speaks, so a language switch applies to the very
next sentence.

``Later`` is a ``Message`` a table delivers after ``delay`` seconds on the
app's scheduler: it spaces out a train of sounds so each stays recognisable.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from audiogame.announce import Message

COMMA = ", "
SEMICOLON = "; "


@dataclass(frozen=True, slots=True)
class Phrase:
    msg_id: str
    args: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Join:
    parts: tuple[Any, ...]
    separator: str = COMMA


@dataclass(frozen=True)
class Later(Message):
    """A message (usually a cue alone) to deliver ``delay`` seconds from now."""

    delay: float = 0.0


Localize = Callable[..., str]


class Words:
    """The localizer, remembering words with plain arguments (tiles, symbols, sides).

    A hand of twelve tiles or a landing of a dozen dice is read often, and
    Fluent formatting is the costly part of narration.
    """

    def __init__(self, localizer: Any) -> None:
        self.localizer = localizer
        self._known: dict[tuple[str, str, tuple[tuple[str, Any], ...]], str] = {}

    def __call__(self, msg_id: str, **args: Any) -> str:
        if any(not isinstance(v, int | str) for v in args.values()):
            return self.localizer(msg_id, **args)
        key = (self.localizer.lang, msg_id, tuple(sorted(args.items())))
        word = self._known.get(key)
        if word is None:
            word = self._known[key] = self.localizer(msg_id, **args)
        return word


def resolve_value(value: Any, t: Localize) -> Any:
    if isinstance(value, Phrase):
        return t(value.msg_id, **resolve_args(value.args, t))
    if isinstance(value, Join):
        return value.separator.join(str(resolve_value(part, t)) for part in value.parts)
    return value


def resolve_args(args: Mapping[str, Any], t: Localize) -> dict[str, Any]:
    return {name: resolve_value(value, t) for name, value in args.items()}


def resolve(message: Message, t: Localize) -> Message:
    """The same message with every ``Phrase``/``Join`` argument turned into text."""
    if not any(isinstance(v, Phrase | Join) for v in message.args.values()):
        return message
    return replace(message, args=resolve_args(message.args, t))
