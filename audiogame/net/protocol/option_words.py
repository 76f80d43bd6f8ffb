"""A refused table configuration, from the server's reason to the player's words.

The server tells which option and why (``messages.OptionProblem``) rather than a
bare "bad options": the game's own setup reason (``GameSpec.setup_problem``:
"the double 6 set is not enough for 5 players"), or a value this server's game
does not offer (a client of another version). It sends message ids, never text:
each client says them in its player's language. A ``Phrase`` argument travels as
``{"phrase": id, "args": {...}}`` (``plain``); a client reads back only what it
recognises (``problem_words``): a message id that is not a game's setup reason
or one of the server's own is never said, and an argument it cannot read is left
out, so a hostile server cannot make the client read out arbitrary messages.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from audiogame.core.contract import GameSpec, OptionSpec, plain_value
from audiogame.core.narration import Phrase
from audiogame.games import registry

Localize = Callable[..., str]

#: why an option was refused: a value the game here does not offer (another version's)
NOT_OFFERED = "net-option-not-offered"
#: a table of more or fewer seats than the game has
SEATS = "net-option-seats"
#: the server's own reasons (the game's are ``<game>-problem-...``)
SERVER_PROBLEMS = frozenset({NOT_OFFERED, SEATS})
#: the longest text argument read back
MAX_TEXT = 64


def plain(args: Mapping[str, Any]) -> dict[str, Any]:
    """A message's arguments as JSON data (``Phrase`` as a tagged dict)."""
    return {name: _plain(value) for name, value in args.items()}


def _plain(value: Any) -> Any:
    if isinstance(value, Phrase):
        return {"phrase": value.msg_id, "args": plain(value.args)}
    if isinstance(value, bool | int | float | str):
        return value
    return str(value)


def allowed(game: str, msg_id: str) -> bool:
    return msg_id in SERVER_PROBLEMS or (bool(game) and msg_id.startswith(f"{game}-problem-"))


def problem_words(game: str, option: str, problem: str, args: Any, t: Localize) -> str | None:
    """The refusal in the player's words ("Set: the double 6 set is not enough for 5
    players..."), or None when it names nothing this client knows."""
    has = getattr(t, "has", None)
    if not allowed(game, problem) or (has is not None and not has(problem)):
        return None
    why = t(problem, **_read_args(args, t, _known(game, has), depth=2))
    name = f"{game}-option-{option}"
    if option and (has is None or has(name)):
        return t("net-option-refused", option=t(name), why=why)
    return why


def _known(game: str, has: Any) -> Callable[[str], bool]:
    """A phrase may name only the game's own words (a set's name, a value's)."""
    return lambda msg_id: msg_id.startswith(f"{game}-") and (has is None or bool(has(msg_id)))


def _read_args(args: Any, t: Localize, known: Callable[[str], bool], depth: int) -> dict[str, Any]:
    if not isinstance(args, dict):
        return {}
    out: dict[str, Any] = {}
    for name, value in list(args.items())[:16]:
        if not isinstance(name, str):
            continue
        read = _read_value(value, t, known, depth)
        if read is not None:
            out[name] = read
    return out


def _read_value(value: Any, t: Localize, known: Callable[[str], bool], depth: int) -> Any:
    if isinstance(value, bool | int | float):
        return value
    if isinstance(value, str):
        return value[:MAX_TEXT]
    if isinstance(value, dict) and depth > 0:
        msg_id = value.get("phrase")
        if isinstance(msg_id, str) and known(msg_id):
            return t(msg_id, **_read_args(value.get("args"), t, known, depth - 1))
    return None


# -- a seat's own options (``OptionSpec.per_seat``: Tira's controls) -------------------------


def seat_options(spec: GameSpec | None) -> list[OptionSpec]:
    """The game's options each seat has its own value of."""
    return [] if spec is None else [o for o in spec.options if o.per_seat]


def seat_value(option: OptionSpec, seat: Any) -> Any:
    """A seat's value of ``option`` (a ``messages.Seat``), the default when not said."""
    value = seat.options.get(option.id)
    return value if option.offers(value) else plain_value(option.default)


def seat_option_words(game: str, option: OptionSpec, value: Any, t: Localize) -> str:
    """A seat's value in a few words ("manual controls"): the game's
    ``<game>-seat-<option>-<value>``, else the value as its setup says it."""
    msg_id = f"{game}-seat-{option.id}-{value}"
    has = getattr(t, "has", None)
    return t(msg_id if has is None or has(msg_id) else f"{game}-option-{option.id}-{value}")


def seat_notes(spec: GameSpec | None, seat: Any, t: Localize) -> list[str]:
    """What a seat plays with that is not the game's default ("manual controls"): what
    the seat lists say, so a friend knows why someone is slower."""
    if spec is None:
        return []
    notes = []
    for option in seat_options(spec):
        value = seat_value(option, seat)
        if value != plain_value(option.default):
            notes.append(seat_option_words(spec.id, option, value, t))
    return notes


def seat_said(game: str, seats: Sequence[Any], seat: int | None, t: Localize) -> str:
    """What the player at ``seat`` plays with, of the game's per-seat options ("manual
    controls"; the default's words too): the words of a change at that seat."""
    spec = registry.get(game)
    if spec is None or seat is None or not 0 <= seat < len(seats):
        return ""
    options = seat_options(spec)
    return ", ".join(seat_option_words(game, o, seat_value(o, seats[seat]), t) for o in options)
