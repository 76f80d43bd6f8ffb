"""Words inside words: message arguments that are themselves messages.

The narrator is pure and never formats text, yet its sentences hold symbol
names, sides and lists that must be said in the player's language. So an
argument may be a ``Phrase`` (a message id with its own arguments) or a
``Join`` (a list said with commas); ``resolve`` turns them into text with the
localizer just before the announcer speaks, so a language switch applies to
the very next sentence.

``Later`` is a ``Message`` the table delivers after ``delay`` seconds on the
app's scheduler: it spaces out a train of symbol sounds so each stays
recognisable.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from audiogame.announce import Message

LIST_SEPARATOR = ", "


@dataclass(frozen=True, slots=True)
class Phrase:
    msg_id: str
    args: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Join:
    parts: tuple[Any, ...]


@dataclass(frozen=True)
class Later(Message):
    """A message (usually a cue alone) to deliver ``delay`` seconds from now."""

    delay: float = 0.0


Localize = Callable[..., str]


class Words:
    """The localizer, remembering words without arguments (symbol names, sides).

    A landing's sentence holds up to a dozen such words; formatting each with
    Fluent every time would cost more than the rest of the narration.
    """

    def __init__(self, localizer: Any) -> None:
        self.localizer = localizer
        self._known: dict[tuple[str, str], str] = {}

    def __call__(self, msg_id: str, **args: Any) -> str:
        if args:
            return self.localizer(msg_id, **args)
        key = (self.localizer.lang, msg_id)
        word = self._known.get(key)
        if word is None:
            word = self._known[key] = self.localizer(msg_id)
        return word


def resolve_value(value: Any, t: Localize) -> Any:
    if isinstance(value, Phrase):
        return t(value.msg_id, **resolve_args(value.args, t))
    if isinstance(value, Join):
        return LIST_SEPARATOR.join(str(resolve_value(part, t)) for part in value.parts)
    return value


def resolve_args(args: Mapping[str, Any], t: Localize) -> dict[str, Any]:
    return {name: resolve_value(value, t) for name, value in args.items()}


def resolve(message: Message, t: Localize) -> Message:
    """The same message with every ``Phrase``/``Join`` argument turned into text."""
    if not any(isinstance(v, Phrase | Join) for v in message.args.values()):
        return message
    return replace(message, args=resolve_args(message.args, t))
