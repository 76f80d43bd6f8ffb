"""What narrators hand the announcer: plain data, no dependencies.

A narrator turns a game event into ``Message`` values: a message id with its
arguments (never text), a verbosity kind, a cue and its pan. Arguments that
are words in their own right (a tile, a symbol, a list of names) are
``Phrase`` or ``Join`` values; the announcer resolves them in the listener's
language just before speaking, so a narrator never touches Fluent, speech or
sound, and a server can run it for a listener in any language.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

SYSTEM = "system"  # a kind the verbosity options never silence
#: the player's own moves and what follows from them at once (the tile I drew, my
#: dice landing, "Stop! you are out of dice"): spoken whatever the options say,
#: as answers to keys are. Verbosity filters what the others do, never what I did.
OWN = "own"
#: the kinds no verbosity option silences
ALWAYS_SPOKEN = frozenset({SYSTEM, OWN})
COMMA = ", "
SEMICOLON = "; "


@dataclass(frozen=True)
class Message:
    """One thing to tell the player."""

    msg_id: str
    args: Mapping[str, Any] = field(default_factory=dict)
    kind: str = SYSTEM
    cue: str | None = None
    pan: float = 0.0
    interrupt: bool = False
    #: the cue's loudness (others' sounds are softer than the player's own)
    volume: float = 1.0


@dataclass(frozen=True, slots=True)
class Phrase:
    """A message id with its arguments, said inside another message."""

    msg_id: str
    args: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Join:
    """Parts said one after the other with a separator (commas for lists)."""

    parts: tuple[Any, ...]
    separator: str = COMMA


@dataclass(frozen=True)
class Later(Message):
    """A message (usually a cue alone) to deliver ``delay`` seconds from now.

    It spaces out a train of sounds so each stays recognisable.
    """

    delay: float = 0.0


# -- words resolved in a listener's language ----------------------------------------------

#: a localizer: a message id and its arguments to text
Localize = Callable[..., str]


def resolve_value(value: Any, t: Localize) -> Any:
    if isinstance(value, Phrase):
        return t(value.msg_id, **resolve_args(value.args, t))
    if isinstance(value, Join):
        return value.separator.join(str(resolve_value(part, t)) for part in value.parts)
    return value


def resolve_args(args: Mapping[str, Any], t: Localize) -> dict[str, Any]:
    return {name: resolve_value(value, t) for name, value in args.items()}


def resolve(message: Message, t: Localize) -> Message:
    """The same message with every ``Phrase``/``Join`` argument turned into text.

    Idempotent: a message already resolved comes back as it is.
    """
    if not any(isinstance(v, Phrase | Join) for v in message.args.values()):
        return message
    return replace(message, args=resolve_args(message.args, t))


#: ``narrate(events, view, names)``: what the listener whose observation is ``view``
#: hears of one batch of events (one ``apply`` or ``advance``), already filtered to
#: what it may know. Pure: no state is carried between batches.
Narrate = Callable[[Sequence[Any], Any, Sequence[str]], list[Message]]
