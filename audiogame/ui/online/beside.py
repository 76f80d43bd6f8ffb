"""What an online table has beside the game: chat, the people, the master's commands.

``TableCommands`` are the commands the table's seating (``RoomScene``) and the
game's own table share; ``OnlineBeside`` places them beside the game's keys
(``ui.table.Beside``: tried before the game's, said by F1 after the game's):

- Alt+C writes in the chat (``@name`` privately, ``@`` replies, ``@@`` writes
  again to the last one written to), Alt+Left/Right switch the history's view
  (everything, the game, chat: the app's own keys);
- Alt+R answers the last private message from anywhere on the server;
- Ctrl+Shift+U opens the server's people online (Ctrl+I there invites one),
  Ctrl+R the ratings, Ctrl+P my privacy (as in the lobby: the room's keys hold
  everywhere in the room, as at the Salotto);
- Ctrl+U says who is at the table, Ctrl+I the invite code (and, hosting on the
  network, the address and the certificate's words), F2 opens the seating over
  the game (its bots, kick, the master role);
- M changes my seat's own option (Tira's controls: assisted or manual) while no
  match is under way, and keeps it in my setup; during a match it says it is fixed;
- the master: Ctrl+K sends a player away, Ctrl+Shift+X hands the master role
  over (each asks whom), Ctrl+H makes the table private or public, Shift+P
  (the game's own key) holds the next round.

Commands only the master may give are answered at once for anyone else: no
round trip to hear "only the master can".
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from audiogame.core import keys
from audiogame.core.keys import Key
from audiogame.games import registry
from audiogame.net.protocol import messages as m
from audiogame.net.protocol import option_words
from audiogame.net.protocol.chat_text import MAX_CHARS
from audiogame.ui.menu import MenuItem, MenuScene
from audiogame.ui.online import words
from audiogame.ui.online.chat import parse_line
from audiogame.ui.text_entry import TextEntry

if TYPE_CHECKING:
    from audiogame.app.loop import App
    from audiogame.app.scene import Scene
    from audiogame.ui.online.link import Link
    from audiogame.ui.table import TableScene


class TableCommands:
    def __init__(self, link: Link, scene: Scene) -> None:
        self.link = link
        self.scene = scene
        self.app = link.app

    def t(self, msg_id: str, **args: Any) -> str:
        return self.app.localizer(msg_id, **args)

    @property
    def info(self) -> m.TableInfo | None:
        return self.link.table

    def answer(self, msg_id: str, cue: str | None = None, **args: Any) -> None:
        self.app.announcer.say(msg_id, cue=cue, **args)

    def master_only(self) -> bool:
        """True (and said) when the player is not the table's master."""
        if self.link.is_master:
            return False
        self.answer("net-reason-not-master", cue="menu_error")
        return True

    # -- for everyone -------------------------------------------------------------------------
    def chat(self) -> None:
        self.scene.cue("menu_select")
        self.app.push(
            TextEntry(
                self.app,
                "online-chat-prompt",
                self.send_line,
                check=self.check_line,
                limit=MAX_CHARS,
                speak_return=False,
            )
        )

    def check_line(self, text: str) -> str | None:
        info = self.info
        if info is None:
            return "net-reason-not-at-table"
        return parse_line(text, info.seats, self.link.seat, self.link.people).problem

    def send_line(self, text: str) -> None:
        info = self.info
        if info is None:
            return
        line = parse_line(text, info.seats, self.link.seat, self.link.people)
        if line.problem is None:
            self.link.ask(m.Say(text=line.text, to=line.to))

    def reply(self) -> None:
        from audiogame.ui.online.people import reply

        reply(self.app, self.link)

    def people(self) -> None:
        """The server's people online (Ctrl+I on one of them invites them here)."""
        from audiogame.ui.online.people import PeopleScene

        self.scene.cue("menu_select")
        self.app.push(PeopleScene(self.app, self.link))

    def ratings(self) -> None:
        from audiogame.ui.online.ratings import RatingsScene

        self.scene.cue("menu_select")
        self.app.push(RatingsScene(self.app, self.link))

    def privacy(self) -> None:
        from audiogame.ui.online.privacy import open_privacy

        open_privacy(self.app, self.link)

    def who(self) -> None:
        info = self.info
        if info is not None:
            self.app.announcer.say_text(words.names_at_table(info, self.link.seat, self.t))

    def invite(self) -> None:
        info = self.info
        if info is None:
            return
        lang = self.app.localizer.lang
        said = [self.t("online-invite-code", code=words.code_words(info.code, self.t, lang))]
        hosted = self.link.hosted
        if hosted is not None and not hosted.lan:
            # this computer only: another copy here joins by this address (its port is
            # any free one, so without it nobody could find the table)
            port = str(hosted.port)  # a number in words would read "38,079"
            said.append(self.t("online-invite-address", address="127.0.0.1", port=port))
        elif hosted is not None:
            from audiogame.net.protocol import tls
            from audiogame.ui.online.hosting import lan_address

            port = str(hosted.port)
            said.append(self.t("online-invite-address", address=lan_address(), port=port))
            fingerprint = hosted.fingerprint()
            if fingerprint:
                said.append(
                    self.t("online-invite-words", words=tls.fingerprint_words(fingerprint, lang))
                )
        self.app.announcer.say_text(" ".join(said))

    def seat_option(self, option_id: str = "") -> None:
        """M: my seat's next value of the game's per-seat option (Tira's controls),
        while no match is under way; kept in my own setup too (my controls follow me)."""
        info = self.info
        spec = None if info is None else registry.get(info.game)
        options = option_words.seat_options(spec)
        option = next((o for o in options if o.id == option_id or not option_id), None)
        me = self.link.seat
        if info is None or option is None:
            self.answer("online-seat-option-none", cue="menu_error")
            return
        if me is None or not 0 <= me < len(info.seats):
            self.answer("net-reason-not-seated", cue="menu_error")
            return
        now = option_words.seat_value(option, info.seats[me])
        if info.stage is m.TableStage.PLAYING:
            value = option_words.seat_option_words(info.game, option, now, self.t)
            self.answer("online-seat-option-fixed", cue="menu_error", value=value)
            return
        value = option.after(now)
        saved = self.app.settings.setups.setdefault(info.game, {})
        saved[option.id] = value
        self.app.save_settings()
        self.link.ask(m.SetSeatOption(option=option.id, value=value))

    # -- the master's ---------------------------------------------------------------------------
    def start(self) -> None:
        if not self.master_only():
            self.link.ask(m.Start())

    def toggle_private(self) -> None:
        info = self.info
        if info is not None and not self.master_only():
            self.link.ask(m.SetPrivate(private=not info.private))

    def hold_rounds(self) -> None:
        info = self.info
        if info is not None and not self.master_only():
            self.link.ask(m.Pause(paused=not info.paused))

    def add_bot(self, seat: int | None = None, level: str = "") -> None:
        info = self.info
        if info is None or self.master_only():
            return
        empty = [i for i, s in enumerate(info.seats) if s.kind is m.SeatKind.EMPTY]
        if seat is None or seat not in empty:
            seat = empty[0] if empty else None
        if seat is None:
            self.answer("online-no-empty-seat", cue="menu_error")
            return
        levels = info.bot_levels
        if not levels:
            self.answer("online-no-bots", cue="menu_error")
            return
        self.link.ask(m.SetBot(seat=seat, level=level or levels[(len(levels) - 1) // 2]))

    def remove_bot(self, seat: int | None = None) -> None:
        info = self.info
        if info is None or self.master_only():
            return
        bots = [i for i, s in enumerate(info.seats) if s.kind is m.SeatKind.BOT]
        if seat is None or seat not in bots:
            seat = bots[-1] if bots else None
        if seat is None:
            self.answer("online-no-bot-here", cue="menu_error")
            return
        self.link.ask(m.SetBot(seat=seat, level=None))

    def kick(self, seat: int | None = None) -> None:
        if self.master_only():
            return
        if seat is None:
            self.pick("online-pick-kick", self.kick)
        elif self._other_human(seat):
            self.link.ask(m.Kick(seat=seat))

    def hand_over(self, seat: int | None = None) -> None:
        if self.master_only():
            return
        if seat is None:
            self.pick("online-pick-master", self.hand_over)
        elif self._other_human(seat):
            self.link.ask(m.HandOver(seat=seat))

    def _other_human(self, seat: int) -> bool:
        info = self.info
        ok = (
            info is not None
            and 0 <= seat < len(info.seats)
            and info.seats[seat].kind is m.SeatKind.HUMAN
            and seat != self.link.seat
        )
        if not ok:
            self.answer("online-not-a-player", cue="menu_error")
        return ok

    def pick(self, title_id: str, then: Callable[[int], None]) -> None:
        info = self.info
        if info is None:
            return
        others = [
            i
            for i, s in enumerate(info.seats)
            if s.kind is m.SeatKind.HUMAN and i != self.link.seat
        ]
        if not others:
            self.answer("online-no-other-player", cue="menu_error")
            return
        self.scene.cue("menu_select")
        self.app.push(PickPlayer(self.app, self.link, title_id, others, then))


class PickPlayer(MenuScene):
    """Whom a command is for: the other players at the table; Enter chooses."""

    keys_id = "keys-menu"

    def __init__(
        self, app: App, link: Link, title_id: str, seats: list[int], then: Callable[[int], None]
    ) -> None:
        super().__init__(app, title_id=title_id)
        self.link = link
        info = link.table
        assert info is not None
        self.items = [self.item(info, seat, then) for seat in seats]

    def item(self, info: m.TableInfo, seat: int, then: Callable[[int], None]) -> MenuItem:
        return MenuItem(
            lambda: words.seat_line(info, seat, self.link.seat, self.t),
            lambda: self.choose(seat, then),
        )

    def choose(self, seat: int, then: Callable[[int], None]) -> None:
        self.app.pop(self, resume=False)
        then(seat)


#: (key, modifiers) -> the command's name; Ctrl+Shift+X is the Salotto's hand-over
BESIDE_KEYS: dict[tuple[str, str], str] = {
    ("m", ""): "seat_option",
    ("c", "alt"): "chat",
    ("r", "alt"): "reply",
    ("u", "ctrl"): "who",
    ("u", "ctrl+shift"): "people",
    ("r", "ctrl"): "ratings",
    ("p", "ctrl"): "privacy",
    ("i", "ctrl"): "invite",
    ("h", "ctrl"): "toggle_private",
    ("k", "ctrl"): "kick",
    ("x", "ctrl+shift"): "hand_over",
}


def modifiers(key: Key) -> str:
    names = [
        name for name, on in (("ctrl", key.ctrl), ("shift", key.shift), ("alt", key.alt)) if on
    ]
    return "+".join(names)


class OnlineBeside:
    """``ui.table.Beside`` for a game's table played on a server."""

    def __init__(self, link: Link, table: TableScene) -> None:
        self.link = link
        self.table = table
        self.commands = TableCommands(link, table)

    def on_key(self, key: Key) -> bool:
        if key.key == keys.F2 and key.plain:
            from audiogame.ui.online.room import RoomScene

            self.table.cue("menu_select")
            self.link.app.push(RoomScene(self.link.app, self.link, covering=True))
            return True
        name = BESIDE_KEYS.get((key.key, modifiers(key)))
        if name is None:
            return False
        getattr(self.commands, name)()
        return True

    def keys_text(self) -> str:
        return self.link.app.localizer("keys-online-table")

    def where_words(self) -> str:
        return self.link.where_words()

    def round_gap(self) -> float | None:
        info = self.link.table
        if info is None:
            return None
        return None if info.paused else info.between_rounds

    def hold_rounds(self) -> None:
        self.commands.hold_rounds()

    def next_match(self) -> None:
        self.table.cue("menu_back")
        self.link.to_room()

    def leave(self) -> None:
        self.link.leave_table()
