"""The hosts heard on this network: ``LanScene``.

A host serving its home network says where it is every two seconds (the
beacon); this list shows the hosts heard in the last few seconds, each with
its name, its address and how many of its tables wait for players, and keeps
itself up to date (the cursor stays on the host it was on; a host that
appears or goes away is said). Enter connects to the host (its tables, as the
lobby lists them); a host met for the first time has its certificate's
fingerprint read as six words to compare with the host's before anything else.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from audiogame.net.protocol.beacon import HostSeen
from audiogame.ui.menu import MenuItem, MenuScene
from audiogame.ui.online.hosting import Target
from audiogame.ui.online.lobby import LobbyScene

if TYPE_CHECKING:
    from audiogame.app.loop import App
    from audiogame.ui.online.menu import OnlineMenu

#: the list is looked at again this often (seconds)
LOOK = 1.0


class LanScene(MenuScene):
    title_id = "online-lan-title"
    keys_id = "keys-online-lan"
    rules_doc = "online"  # Ctrl+F1: the guide to playing online

    def __init__(self, app: App, menu: OnlineMenu) -> None:
        super().__init__(app)
        self.menu = menu
        self.hosts: list[HostSeen] = []
        self.next_look = 0.0
        self.rebuild()

    @staticmethod
    def key(host: HostSeen) -> tuple[str, int]:
        return host.address, host.port

    def rebuild(self) -> None:
        t = self.t
        if not self.hosts:
            self.items = [MenuItem(lambda: t("online-lan-none"))]
            self.index = 0
            return
        self.items = [self.host_item(h) for h in self.hosts]
        self.index = min(self.index, len(self.items) - 1)

    def host_item(self, host: HostSeen) -> MenuItem:
        def label() -> str:
            t = self.t
            return t("online-lan-host", name=host.name, address=host.address, tables=host.tables)

        return MenuItem(label, lambda: self.connect(host))

    def update(self, now: float) -> None:
        if now < self.next_look:
            return
        self.next_look = now + LOOK
        listener = self.menu.listener
        found = [] if listener is None else listener.hosts()
        before = {self.key(h) for h in self.hosts}
        after = {self.key(h) for h in found}
        if before == after and [h.tables for h in found] == [h.tables for h in self.hosts]:
            return
        here = self.key(self.hosts[self.index]) if self.index < len(self.hosts) else None
        self.hosts = found
        self.rebuild()
        keys = [self.key(h) for h in found]
        if here in keys:
            self.index = keys.index(here)
        for host in found:
            if self.key(host) not in before:
                self.app.announcer.say("online-lan-appeared", name=host.name)
        for key in before - after:
            self.app.announcer.say("online-lan-gone", address=key[0])

    def connect(self, host: HostSeen) -> None:
        target = Target(host.url, f"{host.address}:{host.port}")
        self.app.push(LobbyScene(self.app, self.menu, [target]))
