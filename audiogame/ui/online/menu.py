"""Playing online: ``OnlineMenu``, what the main menu's "Play online" opens.

- your name (what the others hear; letters, digits, spaces, 2 to 24 characters);
- host a table: its game and options, public or private, and who can reach it
  (this computer, or the home network); the server starts as a child process of
  this machine and this app joins it over loopback like everyone else;
- join with an invite code (the three words the host reads out): the servers
  heard on this network and the last one used are asked in turn;
- join with an address (the host's, as they read it out: "192.168.1.5");
- the tables on this network: the hosts heard on the local network, live.

While this menu is open it listens for hosts on the network (a UDP beacon the
hosts send every two seconds), so a code typed a moment later already knows
where to look.
"""

from __future__ import annotations

import getpass
import logging
from pathlib import Path
from typing import TYPE_CHECKING

from audiogame.net.client.host import LocalHosts
from audiogame.net.protocol import beacon
from audiogame.net.protocol.names import clean_name
from audiogame.ui.menu import MenuItem, MenuScene
from audiogame.ui.online.create import CreateTableScene, TableChoice, online_games
from audiogame.ui.online.hosting import Target, new_hosted, parse_address
from audiogame.ui.online.lobby import LobbyScene, code_key, code_problem
from audiogame.ui.text_entry import TextEntry

if TYPE_CHECKING:
    from audiogame.app.loop import App

log = logging.getLogger(__name__)


class LanPlace:
    """Where the menu listens for hosts (tests listen on loopback and a port of their own)."""

    bind = ""
    port = beacon.PORT


#: the system's accounts, not a person's name: heard at a table they would say nothing of
#: the player ("root" over SSH, "Administrator" on a shared Windows machine)
SYSTEM_USERS = frozenset(
    {
        "root", "admin", "administrator", "amministratore", "user", "utente", "guest",
        "ospite", "owner", "default", "pi", "ubuntu", "debian", "kali", "vagrant",
        "test", "nobody", "wdagutilityaccount", "defaultaccount",
    }
)  # fmt: skip


def default_name(app: App) -> str:
    """The name kept in the settings, else the system's user name when it makes a good
    one (a person's, not a system account's), else a friendly default ("Player")."""
    kept = str(app.settings.online_name)
    if kept:
        return kept
    try:
        guess, problem = clean_name(getpass.getuser())
    except (OSError, KeyError, ImportError):  # no user name to be had on this system
        return app.localizer("online-default-name")
    if problem is not None or guess.casefold() in SYSTEM_USERS:
        return app.localizer("online-default-name")
    return guess


class OnlineMenu(MenuScene):
    title_id = "online-title"
    keys_id = "keys-online-menu"
    rules_doc = "online"  # Ctrl+F1: the guide to playing online

    def __init__(self, app: App) -> None:
        super().__init__(app)
        if not app.settings.online_name:
            app.settings.online_name = default_name(app)
        t = self.t
        self.listener: beacon.LanListener | None = None
        self.items = [
            MenuItem(lambda: t("online-menu-name", name=app.settings.online_name), self.ask_name),
            MenuItem(lambda: t("online-menu-host"), self.ask_host),
            MenuItem(lambda: t("online-menu-code"), self.ask_code),
            MenuItem(lambda: t("online-menu-address"), self.ask_address),
            MenuItem(lambda: t("online-menu-lan"), self.open_lan),
        ]

    # -- listening for hosts while the menu is open ----------------------------------------------
    def on_enter(self) -> None:
        self.listen()
        super().on_enter()

    def on_exit(self) -> None:
        if self.listener is not None:
            self.listener.stop()
            self.listener = None

    def listen(self) -> None:
        if self.listener is not None:
            return
        listener = beacon.LanListener(bind=LanPlace.bind, port=LanPlace.port)
        try:
            listener.start()
        except OSError:  # another copy listens already, or no network: codes use addresses
            log.info("cannot listen for hosts on this network")
            return
        self.listener = listener

    def lan_targets(self) -> list[Target]:
        if self.listener is None:
            return []
        out = []
        for host in self.listener.hosts():
            out.append(Target(host.url, f"{host.address}:{host.port}"))
        return out

    # -- the items ------------------------------------------------------------------------------
    def ask_name(self) -> None:
        self.app.push(
            TextEntry(
                self.app,
                "online-name-prompt",
                self.set_name,
                check=name_problem,
                initial=str(self.app.settings.online_name),
                limit=40,
            )
        )

    def set_name(self, text: str) -> None:
        name, _problem = clean_name(text)
        self.app.settings.online_name = name
        self.app.save_settings()
        self.app.announcer.say("online-name-set", name=name)

    def ask_host(self) -> None:
        if not online_games():
            self.app.announcer.say("online-no-games", cue="menu_error")
            return
        self.app.push(CreateTableScene(self.app, self.host, hosting=True))

    def host(self, choice: TableChoice) -> None:
        data = self.app.data_dir
        if data is None:
            self.app.announcer.say("online-host-failed", cue="menu_error")
            return
        hosted = new_hosted(data / "server", choice.lan, str(self.app.settings.online_name))
        self.app.push(LobbyScene(self.app, self, [], create=choice, hosting=hosted))

    def ask_code(self) -> None:
        self.app.push(TextEntry(self.app, "online-code-prompt", self.join_code, check=code_problem))

    def join_code(self, text: str) -> None:
        data = self.app.data_dir
        targets = self.lan_targets() + ([] if data is None else local_targets(data))
        last = parse_address(str(self.app.settings.online_address))
        if last is not None and all(t.address != last.address for t in targets):
            targets.append(last)
        if not targets:
            self.app.announcer.say("online-code-nowhere", cue="menu_error")
            return
        self.app.push(LobbyScene(self.app, self, targets, code=code_key(text)))

    def ask_address(self) -> None:
        self.app.push(
            TextEntry(
                self.app,
                "online-address-prompt",
                self.join_address,
                check=address_problem,
                initial=str(self.app.settings.online_address),
            )
        )

    def join_address(self, text: str) -> None:
        target = parse_address(text)
        if target is None:
            return
        self.app.settings.online_address = text.strip()
        self.app.save_settings()
        self.app.push(LobbyScene(self.app, self, [target]))

    def open_lan(self) -> None:
        from audiogame.ui.online.lan import LanScene

        self.listen()
        self.app.push(LanScene(self.app, self))


def local_targets(data: Path) -> list[Target]:
    """The servers hosted for this computer only, by any copy of the game on it (each
    hosts in ``data``'s ``server`` folder and leaves its port in ``hosts``)."""
    ports = LocalHosts(data / "hosts").ports()
    return [Target(f"ws://127.0.0.1:{port}", f"127.0.0.1:{port}") for port in ports]


def name_problem(text: str) -> str | None:
    _name, problem = clean_name(text)
    return None if problem is None else f"net-reason-{problem.value}"


def address_problem(text: str) -> str | None:
    return None if parse_address(text) is not None else "online-address-bad"
