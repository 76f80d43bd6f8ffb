"""The main menu: the games, the places beyond them (playing online), Options, Help, Quit."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from audiogame.app.reader import ReaderScene
from audiogame.core.contract import GameSpec
from audiogame.games import registry
from audiogame.ui import games
from audiogame.ui.confirm import ConfirmScene
from audiogame.ui.menu import MenuItem, MenuScene
from audiogame.ui.options import OptionsScene

if TYPE_CHECKING:
    from audiogame.app.loop import App
    from audiogame.app.scene import Scene


@dataclass(frozen=True, slots=True)
class Place:
    """A place the main menu opens besides the games, offered when ``offered()`` says so."""

    title_id: str
    offered: Callable[[], bool]
    opens: Callable[[App], Scene]


def _online(app: App) -> Scene:
    from audiogame.ui.online.menu import OnlineMenu

    return OnlineMenu(app)


#: the places after the games, in order: data, never a test on a game
PLACES: tuple[Place, ...] = (
    Place("menu-online", lambda: any(games.online_table(s) for s in registry.games()), _online),
)


def offered_games() -> list[GameSpec]:
    """The games the main menu lists, in order: every game the app has scenes for."""
    return [spec for spec in registry.games() if games.scenes(spec) is not None]


def fixed_items() -> int:
    """How many items follow the games when no match is saved: the places offered,
    Options, Help and Quit."""
    return sum(1 for place in PLACES if place.offered()) + 3


class MainMenu(MenuScene):
    title_id = "main-menu-title"
    keys_id = "keys-main-menu"

    def __init__(self, app: App, greeted: bool = False) -> None:
        super().__init__(app)
        self.items = self.build_items()
        self.greeted = greeted

    def build_items(self) -> list[MenuItem]:
        items = self.resume_items()
        items += [
            self.game_item(spec) for spec in registry.games() if games.scenes(spec) is not None
        ]
        items += [self.place_item(place) for place in PLACES if place.offered()]
        items += [
            MenuItem(lambda: self.t("menu-options"), lambda: self.app.push(OptionsScene(self.app))),
            MenuItem(
                lambda: self.t("menu-help"), lambda: self.app.push(ReaderScene(self.app, "guide"))
            ),
            MenuItem(lambda: self.t("menu-quit"), self.ask_quit),
        ]
        return items

    def game_item(self, spec: GameSpec) -> MenuItem:
        return MenuItem(lambda: self.t(spec.title_id), lambda: self.open_game(spec))

    def place_item(self, place: Place) -> MenuItem:
        return MenuItem(
            lambda: self.t(place.title_id), lambda: self.app.push(place.opens(self.app))
        )

    def open_game(self, spec: GameSpec) -> None:
        found = games.scenes(spec)
        assert found is not None
        self.app.push(found.open_setup(self.app))

    def resume_items(self) -> list[MenuItem]:
        """One item per game with a saved match, in the games' order."""
        offered = self.app.matches.offered()
        return [self.resume_item(spec) for spec, _saved in offered if games.resume(spec)]

    def resume_item(self, spec: GameSpec) -> MenuItem:
        return MenuItem(lambda: self.resume_label(spec), lambda: self.resume(spec))

    def resume_label(self, spec: GameSpec) -> str:
        saved = self.app.matches.by_game.get(spec.id)
        if saved is None:
            return self.t("menu-resume", what=self.t(spec.name_message))
        return self.app.matches.describe(spec, saved)

    def resume(self, spec: GameSpec) -> None:
        rebuild = games.resume(spec)
        scene = None if rebuild is None else self.app.matches.resume(spec, rebuild)
        if scene is None:  # refused, and said why: the menu without it
            self.items = self.build_items()
            self.index = 0
            self.speak_item()
            return
        self.app.push(scene)

    def on_resume(self) -> None:
        self.items = self.build_items()
        self.index = min(self.index, len(self.items) - 1)
        super().on_resume()

    def on_enter(self) -> None:
        welcome = "" if self.greeted else self.t("welcome") + " "
        text = welcome + self.t(self.title_id) + ". " + self.item_text(self.index)
        # after the start-up greeting, queue: never cut the player's first words
        self.app.announcer.say_text(text, interrupt=not self.greeted)

    def ask_quit(self) -> None:
        self.app.push(ConfirmScene(self.app, "confirm-quit", self.app.quit))

    def on_escape(self) -> None:
        self.ask_quit()
