"""How the online screens say tables, seats, options and people: the words, nothing else.

Every sentence is a message of ``locales/*/online-play.ftl``; these functions
pick the message and its arguments from the protocol's values (``net.protocol.messages``)
so that the lobby, the seating and the game's table say a table the same way:
"Domino, 2 in attesa su 4" as the Salotto reads its list.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from audiogame.core.contract import GameSpec
from audiogame.games import registry
from audiogame.language.localizer import Localizer
from audiogame.net.protocol import messages as m
from audiogame.net.protocol import option_words, spoken_words
from audiogame.ui.choice_row import value_words

Localize = Callable[..., str]


def game_name(game: str, t: Localize) -> str:
    spec = registry.get(game)
    return t(spec.title_id) if spec is not None else game


def short_game_name(game: str, t: Localize) -> str:
    """The game's short name ("Tira e Passa", without the credit: ``GameSpec.name_message``)."""
    spec = registry.get(game)
    return t(spec.name_message) if spec is not None else game


def table_line(summary: m.TableSummary, t: Localize) -> str:
    """One line of the table list: the game, who waits (or that it plays), its master."""
    game = short_game_name(summary.game, t)
    stage = summary.stage.value
    return t(
        f"online-table-line-{stage}",
        game=game,
        seated=summary.seated,
        seats=summary.seats,
        master=summary.master or t("online-no-one"),
        spectators=summary.spectators,
    )


def bot_name(seat: int, level: str, t: Localize) -> str:
    """A bot's name in the listener's language: the server names only humans."""
    return t("online-bot-name", n=seat + 1)


def seat_names(info: m.TableInfo, t: Localize) -> list[str]:
    """Every seat's name as the game's narration says it."""
    return [
        s.name if s.kind is m.SeatKind.HUMAN else bot_name(i, s.level, t)
        for i, s in enumerate(info.seats)
    ]


def seat_line(info: m.TableInfo, index: int, me: int | None, t: Localize) -> str:
    """A seat as the table's seating lists it."""
    seat = info.seats[index]
    if seat.kind is m.SeatKind.EMPTY:
        words = t("online-seat-empty", n=index + 1)
    elif seat.kind is m.SeatKind.BOT:
        level = t(f"bot-level-{seat.level}") if seat.level else ""
        words = t("online-seat-bot", n=index + 1, name=bot_name(index, seat.level, t), level=level)
    else:
        words = t("online-seat-player", n=index + 1, name=seat.name)
    notes = []
    if index == me:
        notes.append(t("online-seat-you"))
    if index == info.master:
        notes.append(t("online-seat-master"))
    if seat.kind is m.SeatKind.HUMAN and seat.covered:
        notes.append(t("online-seat-covered"))
    elif seat.kind is m.SeatKind.HUMAN and not seat.connected:
        notes.append(t("online-seat-away"))
    notes += option_words.seat_notes(registry.get(info.game), seat, t)
    return ", ".join([words, *notes])


def option_values(spec: GameSpec, config: Mapping[str, Any]) -> dict[str, Any]:
    """The table's value of each of the game's options (its default when missing)."""
    return {o.field: config.get(o.field, o.default) for o in spec.options if not o.per_seat}


def describe_options(spec: GameSpec, config: Mapping[str, Any], t: Localize) -> str:
    """A table's options in one go, each said as its row says it ("Set: double 6. ...")."""
    parts = [
        t(
            "option-value",
            label=t(f"{spec.id}-option-{o.id}"),
            value=value_words(o, spec.id, t)(config.get(o.field, o.default)),
        )
        for o in spec.options
        if not o.per_seat
    ]
    return ". ".join(parts)


def code_words(code: str, t: Localize, lang: str) -> str:
    """The invite code as words of the listener's language ("gatto luna verde")."""
    parts = code.split("-")
    if not all(p.isdigit() for p in parts):
        return code
    numbers = [int(p) for p in parts]
    if not all(0 <= n < len(spoken_words.WORDS) for n in numbers):
        return code
    return spoken_words.say(numbers, lang)


def notice_words(notice: m.Notice, info: m.TableInfo | None, t: Localize, lang: str = "en") -> str:
    """A change at the table, as everyone there hears it (a new invite code in words of
    ``lang``: the table's state that carries it came just before)."""
    name = notice.name
    if not name and notice.seat is not None and info is not None:
        if 0 <= notice.seat < len(info.seats):
            name = seat_names(info, t)[notice.seat]
    seat = "" if notice.seat is None else str(notice.seat + 1)
    code = "" if info is None else code_words(info.code, t, lang)
    return t(
        f"online-notice-{notice.what.value}",
        name=name or t("online-no-one"),
        seat=seat,
        code=code,
        value=seat_option_words(info, notice.seat, t),
    )


def seat_option_words(info: m.TableInfo | None, seat: int | None, t: Localize) -> str:
    """What the seat plays with, of the game's per-seat options ("manual controls")."""
    return "" if info is None else option_words.seat_said(info.game, info.seats, seat, t)


def names_at_table(info: m.TableInfo, me: int | None, t: Localize) -> str:
    """Who is at the table: each seat, then how many watch."""
    seats = [seat_line(info, i, me, t) for i in range(len(info.seats))]
    return t("online-who", seats="; ".join(seats), spectators=info.spectators)


def refused_words(refused: m.Refused, localizer: Localizer) -> str:
    """Why the server refused a message: a table's options, which and why when told."""
    detail = refused.options
    if detail is not None:
        said = option_words.problem_words(
            detail.game, detail.option, detail.problem, detail.args, localizer
        )
        if said is not None:
            return said
    return reason_words(refused.reason, localizer)


def reason_words(reason: str, localizer: Localizer) -> str:
    """Why the server refused or closed something, in the player's words."""
    msg_id = f"net-reason-{reason}"
    if localizer.has(msg_id):
        return localizer(msg_id)
    return localizer("online-refused-other", reason=reason)


def joined(parts: Sequence[str]) -> str:
    return ". ".join(p for p in parts if p)
