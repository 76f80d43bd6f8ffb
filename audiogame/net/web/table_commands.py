"""The table's own commands on a web page, as keys and as buttons, defined once.

A game's controls say what a seat may do in the game (``core.controls``); around
the game, a table has its own: at a waiting table the master adds a bot (B),
removes one (Shift+B) and starts (Enter), as at the Salotto, and anyone reads the
seats (T or E); during a match of a game that waits for the table between rounds
(Domino deals each manche when the table says so: ``WireTypes.table_actions``) the
master holds the next round (Shift+P) or lets it come again (Shift+P); after a match
the master starts another (Enter); a game with options of each seat's own (Tira's
controls) lets a seated player change theirs (M) while no match is under way. Each is
one ``TableCommand`` here — its id, its label (a message id), its keys, whether only
the master may, and when it is offered — read by the page's keys and its buttons
alike (``WebListener``), which does what it says.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from audiogame.core import keys
from audiogame.core.controls import presses
from audiogame.core.keys import SHIFT, Key
from audiogame.games import registry
from audiogame.net.protocol import messages as m
from audiogame.net.protocol import option_words

Stage = m.TableStage


@dataclass(frozen=True, slots=True)
class TableCommand:
    id: str
    #: what the button says (``web-do-<id>``)
    label: str
    keys: tuple[Key, ...]
    #: only the table's master may
    master: bool
    #: when it is offered: (the table, whether its game waits for the table between
    #: rounds)
    when: Callable[[m.TableInfo, bool], bool]
    #: what anyone else hears
    not_master: str = "net-reason-not-master"
    #: only a seated player may (a spectator is shown no button for it)
    seated: bool = False
    #: when its button is offered, if not whenever its keys work (``when``)
    button: Callable[[m.TableInfo, bool], bool] | None = None


def _waiting(info: m.TableInfo, rounds: bool) -> bool:
    return info.stage is Stage.WAITING


def _over(info: m.TableInfo, rounds: bool) -> bool:
    return info.stage is Stage.OVER


def _rounds_come(info: m.TableInfo, rounds: bool) -> bool:
    return rounds and info.stage is Stage.PLAYING and not info.paused


def _rounds_wait(info: m.TableInfo, rounds: bool) -> bool:
    return rounds and info.stage is Stage.PLAYING and info.paused


def _seat_options(info: m.TableInfo, rounds: bool) -> bool:
    """The game has options of each seat's own (Tira's controls): M works at any time
    (during a match it says they are fixed until its end)."""
    return bool(option_words.seat_options(registry.get(info.game)))


def _seat_options_open(info: m.TableInfo, rounds: bool) -> bool:
    return _seat_options(info, rounds) and info.stage is not Stage.PLAYING


ENTER = (Key(keys.RETURN), Key(keys.KP_ENTER))
COMMANDS: tuple[TableCommand, ...] = (
    TableCommand("start", "web-do-start", ENTER, True, _waiting),
    TableCommand("add-bot", "web-do-add-bot", (Key("b"),), True, _waiting),
    TableCommand("remove-bot", "web-do-remove-bot", (Key("b", SHIFT),), True, _waiting),
    TableCommand("seats", "web-do-seats", (Key("t"), Key("e")), False, _waiting),
    TableCommand(
        "seat-option",
        "web-do-seat-option",
        (Key("m"),),
        False,
        _seat_options,
        seated=True,
        button=_seat_options_open,
    ),
    TableCommand("next-match", "web-do-next-match", ENTER, True, _over, "web-wait-master"),
    TableCommand("hold", "web-do-hold", (Key("p", SHIFT),), True, _rounds_come),
    TableCommand("release", "web-do-release", (Key("p", SHIFT),), True, _rounds_wait),
)
BY_ID = {command.id: command for command in COMMANDS}


def offered(
    info: m.TableInfo, rounds: bool, master: bool, seated: bool = True
) -> list[TableCommand]:
    """The table's commands this seat may give now (its buttons); ``rounds``: the game
    waits for the table between rounds."""
    return [
        c
        for c in COMMANDS
        if (c.button or c.when)(info, rounds)
        and (master or not c.master)
        and (seated or not c.seated)
    ]


def bound(key: Key, info: m.TableInfo, rounds: bool) -> TableCommand | None:
    """The table's command ``key`` gives now (the master's too: anyone else pressing
    it hears why not)."""
    found = (c for c in COMMANDS if c.when(info, rounds) and any(presses(key, k) for k in c.keys))
    return next(found, None)


__all__ = ["BY_ID", "COMMANDS", "TableCommand", "bound", "offered"]
