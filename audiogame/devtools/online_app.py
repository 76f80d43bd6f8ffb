"""The real app, played online by scripted keys, as a process of its own.

``python -m audiogame.devtools.online_app --role host|guest|watch --lang it|en ...``
runs the whole app — its loop (``App.run`` on the real clock), the SDL dummy
drivers, the recording speaker — and presses keys into pygame's queue the way a
player would, from the main menu on:

- ``host``: Play online, Host a table (one manche, the rest as they are), then at
  the seating waits for the other players, puts bots on the empty seats with B and
  starts with Enter;
- ``guest``: Play online, Join with an address (the host's, read from the shared
  folder), then Join with an invite code (typed as words of its own language);
- ``watch``: the same address, then Shift+Enter on the table in the list: watching.

At the game's table a player presses the scripted player's keys (the first tile
that fits, else a draw: ``games.domino.resume_check.scripted_key``), reading its
own view only. Everything goes through the same code as a player's keys. At the
end it writes ``<name>.json`` in the shared folder: its seat and language, the
seats' names, the table's narration of every batch as the player heard it (the
words), what the speaker said, the history, the game's events it received with
their audiences, and the table's revealed seed and log (``MatchOver``).

For timing key -> speech between two such processes at a two-human table
(``benchmarks/online_keys.py``) each key a player presses that sends the
game an action (``ACTING_KEYS``) and each narration heard are stamped with
``time.perf_counter`` (the same clock in every process of this machine).

Loopback only; every wait is bounded (``--timeout``).
"""

from __future__ import annotations

import argparse
import faulthandler
import json
import os
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from audiogame.core.clock import RealClock  # noqa: E402
from audiogame.core.contract import PUBLIC  # noqa: E402
from audiogame.core.narration import (
    Message,  # noqa: E402
    resolve,  # noqa: E402
)
from audiogame.devtools.harness import Harness, key_event  # noqa: E402
from audiogame.language.localizer import Localizer, capital_first  # noqa: E402
from audiogame.net.client import game_client as client_module  # noqa: E402
from audiogame.net.protocol import messages as m  # noqa: E402
from audiogame.net.protocol import spoken_words  # noqa: E402
from audiogame.ui.table import TableScene  # noqa: E402

#: the shortest gap between two keys: the app answers each before the next
KEY_GAP = 0.02
#: seconds a guest waits for the server's answer to the code it sent before it asks
#: again (under load the answer came after the app was back in the lobby, and the code
#: typed a second time went on at the table that had opened over its entry)
JOIN_WAIT = 30.0
#: the scripted player's keys that send the game an action (play, the end for a tile
#: that fits both, draw): the keys the benchmark times. Enter on a tile that fits both
#: ends sends a move the server refuses with "which end?", and the move is the next
#: key's; timing from Enter alone counted the player's pause before that key
ACTING_KEYS = frozenset({"enter", "s", "space"})


def message_text(message: Message, localizer: Localizer, words: Any) -> str:
    """A message's words as the announcer makes them ("" for a sound alone)."""
    if not message.msg_id:
        return ""
    return capital_first(localizer(message.msg_id, **resolve(message, words).args))


class Driver:
    """An app pump that presses the next key when the scene on top calls for one."""

    def __init__(self, h: Harness, args: argparse.Namespace) -> None:
        self.h = h
        self.app = h.app
        self.args = args
        self.shared: Path = args.shared
        self.typing: list[str] = []
        #: the text entry ``typing`` goes to: keys typed for it never land elsewhere
        self.typing_in: Any = None
        #: when the guest last sent the invite code (0: never)
        self.code_sent_at = 0.0
        self.next_at = 0.0
        self.deadline = time.monotonic() + args.timeout
        self.table: TableScene | None = None
        self.narrated: list[list[str]] = []
        self.heard: list[list[Any]] = []  # (event class, audience seats) per event
        self.names: list[str] = []
        self.link: Any = None
        self.wrote_address = False
        self.pressed: list[tuple[float, str]] = []  # bench: my keys at the table
        self.spoken_at: list[tuple[float, str]] = []  # bench: narration heard
        self.failed = ""
        #: the keys pressed at the table since the match's log last grew (its ``step``):
        #: each at most once, so no second action goes while one is on its way
        self._pressed_here: set[tuple[Any, ...]] = set()
        self._step: Any = None
        #: the last keys pressed at the table, with the view's step and phase (a failure
        #: says them)
        self.last_keys: list[tuple[Any, Any, str]] = []

    # -- keys -------------------------------------------------------------------------------
    def press(self, name: str, *, shift: bool = False, char: str | None = None) -> None:
        event = key_event(name, shift=shift)
        if char is not None:
            event = pygame.event.Event(
                pygame.KEYDOWN, key=event.key, mod=event.mod, unicode=char, scancode=0
            )
        pygame.event.post(event)
        self.next_at = time.monotonic() + KEY_GAP

    def type_text(self, text: str) -> None:
        self.typing = list(text) + ["\n"]
        self.typing_in = self.app.top

    def __call__(self) -> None:
        now = time.monotonic()
        if now > self.deadline:
            self.failed = f"timed out: {self.where()}"
            self.app.quit()
            return
        if now < self.next_at:
            return
        if self.typing and self.app.top is not self.typing_in:
            self.typing.clear()  # its entry went (a table opened over it): typed no more
        if self.typing:
            char = self.typing.pop(0)
            if char == "\n":
                if getattr(self.typing_in, "prompt_id", "") == "online-code-prompt":
                    self.code_sent_at = now
                self.press("enter")
            elif char == " ":
                self.press("space")
            else:
                self.press(char.lower() if char.isalpha() else char, char=char)
            return
        self.step(now)

    def where(self) -> str:
        """Where this player is stuck, for the failure: the scenes, the link, the table."""
        scenes = " > ".join(type(scene).__name__ for scene in self.app.scenes)
        link = self.link
        if link is None:
            return f"{scenes}; no link"
        table = link.table
        seats = "" if table is None else " ".join(s.kind.value for s in table.seats)
        stage = None if table is None else table.stage.value
        said = " | ".join(self.h.speaker.transcript[-8:])
        return (
            f"{scenes}; link {link.state}, seat {link.seat}, table {stage} [{seats}] "
            f"spectators {None if table is None else table.spectators}; "
            f"opened {self.table is not None}; last keys (step, phase, key): {self.last_keys}; "
            f"last said: {said}"
        )

    def label(self, msg_id: str, **args: Any) -> str:
        return self.app.localizer(msg_id, **args)

    def menu_to(self, label_start: str) -> None:
        """Walk the menu on top to the item starting with ``label_start``; Enter on it."""
        scene: Any = self.app.top
        labels = [item.label() for item in scene.items]
        target = next((i for i, lb in enumerate(labels) if lb.startswith(label_start)), None)
        if target is None:
            self.failed = f"no item {label_start!r} in {labels}"
            self.app.quit()
        elif scene.index != target:
            self.press("down" if scene.index < target else "up")
        else:
            self.press("enter")

    # -- what to do where -------------------------------------------------------------------
    def step(self, now: float) -> None:
        from audiogame.ui.main_menu import MainMenu
        from audiogame.ui.online.create import CreateTableScene
        from audiogame.ui.online.lobby import LobbyScene
        from audiogame.ui.online.menu import OnlineMenu
        from audiogame.ui.online.room import RoomScene
        from audiogame.ui.text_entry import TextEntry

        top = self.app.top
        role = self.args.role
        if isinstance(top, MainMenu):
            self.menu_to(self.label("menu-online"))
        elif isinstance(top, OnlineMenu):
            self.menu_to(
                self.label("online-menu-host" if role == "host" else "online-menu-address")
            )
        elif isinstance(top, CreateTableScene):
            self.create_table(top)
        elif isinstance(top, TextEntry):
            self.entry(top)
        elif isinstance(top, LobbyScene):
            self.lobby(top)
        elif isinstance(top, RoomScene):
            self.room(top)
        elif isinstance(top, TableScene):
            self.at_table(top, now)

    def create_table(self, scene: Any) -> None:
        """Players and manches as asked, by the rows' own keys; then Enter creates."""
        limit = self.label("domino-option-manche-limit")
        manche_row = next(i for i, it in enumerate(scene.items) if it.label().startswith(limit))
        wanted = [
            (1, scene.players, self.args.players),
            (manche_row, scene.values.get("manche_limit"), self.args.manches),
        ]
        for row, now, want in wanted:
            if now == want:
                continue
            if scene.index != row:
                self.press("down" if scene.index < row else "up")
            else:
                self.press("right" if now < want else "left")
            return
        self.press("enter")  # Enter on any row creates the table

    def entry(self, entry: Any) -> None:
        if entry.text:  # something kept from before: cleared first
            if entry.cursor < len(entry.text):
                self.press("end")
            else:
                self.press("backspace")
            return
        if entry.prompt_id == "online-address-prompt":
            port_file = self.shared / "port"
            if port_file.is_file() and port_file.read_text():
                self.type_text(f"127.0.0.1:{port_file.read_text().strip()}")
        elif entry.prompt_id == "online-code-prompt":
            code = json.loads((self.shared / "code").read_text())
            self.type_text(spoken_words.say(code, self.app.localizer.lang))

    def lobby(self, lobby: Any) -> None:
        self.watch_link(lobby.link)
        role = self.args.role
        if role == "guest":
            if self.code_sent_at and time.monotonic() - self.code_sent_at < JOIN_WAIT:
                return  # the code is on its way: its table (or a refusal) comes first
            self.menu_to(self.label("online-lobby-code"))
        elif role == "watch" and lobby.tables:
            if lobby.index != 0:
                self.press("home")
            else:
                self.press("enter", shift=True)

    def watch_link(self, link: Any) -> None:
        if link is None or link is self.link:
            return
        self.link = link
        link.on_table_opened.append(self.opened)

    def room(self, room: Any) -> None:
        info = room.info
        if info is None or self.args.role != "host":
            return
        if not self.wrote_address:
            self.wrote_address = True
            numbers = [int(n) for n in info.code.split("-")]
            (self.shared / "code").write_text(json.dumps(numbers))
            hosted = room.link.hosted
            (self.shared / "port").write_text(str(hosted.port))
        humans = sum(1 for s in info.seats if s.kind is m.SeatKind.HUMAN)
        if humans < self.args.humans or info.spectators < self.args.watchers:
            return
        if any(s.kind is m.SeatKind.EMPTY for s in info.seats):
            self.press("b")
            self.next_at = time.monotonic() + 0.2  # the seating comes back first
            return
        if info.stage is m.TableStage.WAITING:
            if room.index != 0:
                self.press("home")
            else:
                self.press("enter")
                self.next_at = time.monotonic() + 0.5

    def opened(self, table: TableScene) -> None:
        """A game table opens: watch its narration and its batches from the first."""
        self.table = table
        self.code_sent_at = 0.0  # the code's answer came
        self.names = list(self.link.names())
        localizer, words = self.app.localizer, self.app.announcer.words

        def narrated(messages: Sequence[Message]) -> None:
            texts = [message_text(msg, localizer, words) for msg in messages]
            texts = [text for text in texts if text]
            self.narrated.append(texts)
            if texts:
                self.spoken_at.append((time.perf_counter(), texts[0]))

        def watched(batch: Sequence[Any]) -> None:
            self.heard.append(
                [
                    [
                        type(e).__name__,
                        None if e.audience.seats is None else sorted(e.audience.seats),
                    ]
                    for e in batch
                    if getattr(e, "audience", PUBLIC) is not None
                ]
            )

        table.narration_watchers.append(narrated)
        table.watchers.append(watched)

    def at_table(self, table: TableScene, now: float) -> None:
        from audiogame.devtools.games.domino.resume_check import scripted_key

        link = self.link
        if table is not self.table:
            return
        over = link is not None and link.last_over is not None and getattr(table, "finished", False)
        if over:
            if self.args.role == "host" and not self.others_done():
                return  # my server is theirs too: it stays until they have all they need

            self.finish()
            return
        key = scripted_key(table)  # type: ignore[arg-type]
        if key is None:
            return
        view = table.session.view()
        if view.step != self._step:
            self._step = view.step
            self._pressed_here.clear()
        controls = getattr(table, "controls", None)  # the cursor is the controls'
        focus, choosing = getattr(controls, "focus", None), getattr(controls, "choosing", None)
        pressed = (focus, choosing, key)
        if pressed in self._pressed_here:
            # pressed already on this view: its answer is on its way. Enter refused with
            # "which end?", then S, must not be followed by Enter again on the same view:
            # a second play that, landing as the match ended, went on to the next match
            return
        self._pressed_here.add(pressed)
        self.last_keys = [*self.last_keys[-5:], (view.step, view.phase, key)]
        if key in ACTING_KEYS:
            self.pressed.append((time.perf_counter(), key))
        self.press(key)

    def others_done(self) -> bool:
        return all((self.shared / f"{name}.json").is_file() for name in self.args.wait_for)

    def finish(self) -> None:
        link = self.link
        table = self.table
        out = {
            "name": self.args.name,
            "lang": self.app.localizer.lang,
            "seat": None if table is None else table.session.seat,
            "names": self.names,
            "narrated": self.narrated,
            "heard": self.heard,
            "spoken": list(self.h.speaker.transcript),
            "history": self.app.history.last(len(self.app.history)),
            "over": json.loads(m.encode(link.last_over))
            if link is not None and link.last_over
            else None,
            "pressed": self.pressed,
            "spoken_at": self.spoken_at,
            "failed": self.failed,
        }
        path = self.shared / f"{self.args.name}.json"
        tmp = path.with_suffix(".part")
        tmp.write_text(json.dumps(out), encoding="utf-8")
        tmp.replace(path)
        self.app.quit()


def attach(h: Harness, args: argparse.Namespace) -> Driver:
    """The scripted player on the app ``h``: it looks at the end of every frame, after
    the frame's news is delivered, so the key it presses is handled (first thing in the
    next frame) on the state it was chosen on."""
    driver = Driver(h, args)
    h.app.frame_ends.append(driver)
    return driver


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="online_app")
    parser.add_argument("--role", choices=("host", "guest", "watch"), required=True)
    parser.add_argument("--name", required=True)
    parser.add_argument("--lang", choices=("it", "en"), default="it")
    parser.add_argument("--shared", type=Path, required=True, help="the folder the processes share")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--humans", type=int, default=2, help="host: humans to wait for")
    parser.add_argument("--watchers", type=int, default=1, help="host: spectators to wait for")
    parser.add_argument("--manches", type=int, default=1)
    parser.add_argument("--wait-for", nargs="*", default=[], help="host: names to wait for")
    parser.add_argument("--timeout", type=float, default=240.0)
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    # a crash (an access violation under Wine) prints every thread's Python stack
    faulthandler.enable()
    args = parse_args(argv)
    from audiogame.ui.online import hosting

    # nobody drops on purpose here, and a loaded machine may stall a process for seconds:
    # a long heartbeat and keepalive (a drop would change what the player hears)
    hosting.HOST_EXTRA = ("--between-rounds", "1", "--rate", "200", "--heartbeat", "10")
    client_module.KEEPALIVE = 10.0
    home = args.shared / args.name
    home.mkdir(parents=True, exist_ok=True)
    h = Harness(home, lang=args.lang, clock=RealClock(), seed=None)
    h.app.settings.language = args.lang
    h.app.settings.online_name = args.name
    driver = attach(h, args)
    h.start()
    try:
        h.app.run()
    finally:
        h.app.pop_to(h.app.scenes[0]) if h.app.scenes else None
        if driver.link is not None:
            driver.link.close()
        h.close()
        # SDL ends here, as at the game's exit (cli.py): under Wine two of these processes
        # once died of an access violation at exit, the kind a thread still running while
        # the process is torn down causes there (docs/windows.md)
        pygame.quit()
    if driver.failed:
        print(driver.failed, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
