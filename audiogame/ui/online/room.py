"""A table on the server before its match and between matches: ``RoomScene``.

The seating as a list, the Salotto's way: each seat (who sits there, the bots
with their level, who is the master, who is away), then the table's options,
its invite code, starting and leaving. The keys are the Salotto's:

- Enter starts the match (the master; on the rows below the seats Enter does
  what the row says); B puts a bot on the seat under the cursor (or the first
  empty one), Shift+B takes the bot under the cursor away (or the last one);
  Left/Right on a bot's seat change its level;
- Ctrl+K sends the player under the cursor away, Ctrl+Shift+X hands them the
  master role, Ctrl+H makes the table private or public, Alt+O its options
  (the master changes them, everyone hears them);
- Alt+C chat, Ctrl+U who is here, Ctrl+I the invite code (as at the game's table);
- M (or Enter on its row, below the seats) changes my seat's own option, Tira's
  controls: assisted or manual (my setup's at first: ``Link``);
- Escape leaves the table (asking first).

Opened with F2 over a match under way (``covering``), it is the table's people
menu: the same keys, and Escape goes back to the game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from audiogame.core import keys
from audiogame.core.contract import OptionSpec
from audiogame.core.keys import Key
from audiogame.games import registry
from audiogame.net.client.game_client import Incoming
from audiogame.net.protocol import messages as m
from audiogame.net.protocol import option_words
from audiogame.ui.confirm import ConfirmScene
from audiogame.ui.menu import MenuItem, MenuScene
from audiogame.ui.online import words
from audiogame.ui.online.beside import BESIDE_KEYS, TableCommands, modifiers

if TYPE_CHECKING:
    from audiogame.app.loop import App
    from audiogame.ui.online.link import Link

ENTER = (keys.RETURN, keys.KP_ENTER)


class RoomScene(MenuScene):
    title_id = "online-room-title"
    keys_id = "keys-online-room"
    rules_doc = "online"  # Ctrl+F1: the guide to playing online
    letters_are_commands = True
    wrap = False

    def __init__(self, app: App, link: Link, covering: bool = False) -> None:
        super().__init__(app)
        self.link = link
        self.covering = covering
        self.commands = TableCommands(link, self)
        self.rebuild()

    # -- the rows --------------------------------------------------------------------------
    @property
    def info(self) -> m.TableInfo | None:
        return self.link.table

    def rebuild(self) -> None:
        info = self.info
        seats = 0 if info is None else len(info.seats)
        t = self.t
        items = [self.seat_item(i) for i in range(seats)]
        items += [self.seat_option_item(o) for o in self.my_seat_options()]
        items += [
            MenuItem(self.options_text, self.options),
            MenuItem(self.code_text, self.commands.invite),
            MenuItem(lambda: t("online-room-start"), self.start),
            MenuItem(lambda: t("online-room-leave"), self.ask_leave),
        ]
        self.items = items
        self.index = min(self.index, len(items) - 1)

    def seat_item(self, seat: int) -> MenuItem:
        return MenuItem(lambda: self.seat_text(seat), self.start, self.bot_level(seat))

    def my_seat_options(self) -> list[OptionSpec]:
        """The game's per-seat options, when I have a seat (a row each)."""
        info, me = self.info, self.link.seat
        if info is None or me is None:
            return []
        return option_words.seat_options(registry.get(info.game))

    def seat_option_item(self, option: OptionSpec) -> MenuItem:
        def text() -> str:
            info, me = self.info, self.link.seat
            if info is None or me is None or not 0 <= me < len(info.seats):
                return ""
            now = option_words.seat_value(option, info.seats[me])
            value = option_words.seat_option_words(info.game, option, now, self.t)
            return self.t("online-room-seat-option", value=value)

        def change(delta: int = 1) -> None:
            self.commands.seat_option(option.id)

        return MenuItem(text, change, change)

    def bot_level(self, seat: int) -> Callable[[int], None]:
        def adjust(delta: int) -> None:
            info = self.info
            if (
                info is None
                or seat >= len(info.seats)
                or info.seats[seat].kind is not m.SeatKind.BOT
            ):
                self.cue("menu_edge")
                return
            if self.commands.master_only():
                return
            levels = list(info.bot_levels)
            now = info.seats[seat].level
            index = levels.index(now) + delta if now in levels else 0
            if not 0 <= index < len(levels):
                self.cue("menu_edge")
                self.app.announcer.say_text(self.seat_text(seat), record=False)
                return
            self.link.ask(m.SetBot(seat=seat, level=levels[index]))

        return adjust

    def seat_text(self, index: int) -> str:
        info = self.info
        if info is None or index >= len(info.seats):
            return ""
        return words.seat_line(info, index, self.link.seat, self.t)

    def options_text(self) -> str:
        info = self.info
        spec = None if info is None else registry.get(info.game)
        if info is None or spec is None:
            return self.t("online-room-options", options="")
        described = words.describe_options(spec, info.config, self.t)
        privacy = self.t("online-private" if info.private else "online-public")
        game = words.short_game_name(info.game, self.t)
        return self.t("online-room-options", options=f"{game}. {privacy}. {described}".strip())

    def code_text(self) -> str:
        info = self.info
        if info is None:
            return ""
        code = words.code_words(info.code, self.t, self.app.localizer.lang)
        return self.t("online-room-code", code=code)

    # -- life -----------------------------------------------------------------------------
    def where(self) -> str:
        info = self.info
        if info is None:
            return self.t(self.title_id)
        game = words.short_game_name(info.game, self.t)
        stage = self.t(f"online-stage-{info.stage.value}")
        return words.joined(
            [self.t("online-room-where", game=game, stage=stage), self.link.where_words()]
        )

    def on_enter(self) -> None:
        self.link.views.append(self)
        super().on_enter()

    def on_exit(self) -> None:
        if self in self.link.views:
            self.link.views.remove(self)

    def table_changed(self) -> None:
        self.rebuild()

    def back_online(self) -> None:
        """The table comes back by itself (``Link``): nothing was asked here."""

    def news(self, item: Incoming) -> bool:
        return False

    # -- keys -------------------------------------------------------------------------------
    def on_key(self, key: Key) -> bool:
        k = key.key
        seat = self.index if self.info is not None and self.index < len(self.info.seats) else None
        if k == "b" and not key.ctrl and not key.alt:
            if key.shift:
                self.commands.remove_bot(seat)
            else:
                self.commands.add_bot(seat)
        elif k == "k" and modifiers(key) == "ctrl":
            self.commands.kick(seat if seat is not None else None)
        elif k == "x" and modifiers(key) == "ctrl+shift":
            self.commands.hand_over(seat if seat is not None else None)
        elif k == "o" and modifiers(key) == "alt":
            self.options()
        elif k == "p" and modifiers(key) == "shift":
            self.commands.hold_rounds()
        elif (k, modifiers(key)) in BESIDE_KEYS:
            getattr(self.commands, BESIDE_KEYS[(k, modifiers(key))])()
        else:
            return super().on_key(key)
        return True

    def start(self) -> None:
        info = self.info
        if info is None:
            return
        if info.stage is m.TableStage.PLAYING:
            if self.covering:
                self.app.pop(self)
            else:
                self.app.announcer.say("online-room-under-way")
            return
        if self.link.is_master:
            self.commands.start()
        else:
            self.app.announcer.say(
                "online-room-master-starts", master=info.master_name or self.t("online-no-one")
            )

    def options(self) -> None:
        info = self.info
        spec = None if info is None else registry.get(info.game)
        if info is None or spec is None:
            return
        if not self.link.is_master or info.stage is m.TableStage.PLAYING:
            self.app.announcer.say_text(self.options_text())
            return
        from audiogame.ui.online.create import TableOptionsScene

        def apply(config: dict[str, object], private: bool) -> None:
            if self.link.ask(m.SetOptions(config=config)) and private != info.private:
                self.link.ask(m.SetPrivate(private=private))

        self.app.push(
            TableOptionsScene(self.app, spec, len(info.seats), info.config, info.private, apply)
        )

    def on_escape(self) -> None:
        if self.covering:
            self.cue("menu_back")
            self.app.pop(self)
            return
        self.ask_leave()

    def ask_leave(self) -> None:
        self.app.push(ConfirmScene(self.app, "online-confirm-leave", self.link.leave_table))
