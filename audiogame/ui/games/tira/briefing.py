"""Before the first round: hear the six symbols, read my coaster, practise.

On entering, my coaster is read at once. A menu: "Start the game" first
(Enter plays at once), then the six symbols (Enter plays each one's sound;
each is named in full, with the key that sends it in manual mode), my
coaster (its two symbols heard on their two sides), and a practice round
against slow bots that counts for nothing.

The coaster read here is the one the game will deal: the engine draws it from
the seed alone, so a throwaway game with the same seed shows it. The practice
round deals me the same coaster (the rest of its pile, its big die and its dice
come from its own seed, so practising reveals nothing of the game).
"""

from __future__ import annotations

import random
from functools import partial
from typing import TYPE_CHECKING

from audiogame.app.scene import Scene
from audiogame.games.tirapassa.coasters import EDITION_COASTERS, Coaster
from audiogame.games.tirapassa.engine import TiraGame
from audiogame.games.tirapassa.narrate import SIDE, symbol_cue
from audiogame.games.tirapassa.symbols import SYMBOLS, Symbol
from audiogame.games.tirapassa.table_setup import HUMAN, TableSetup
from audiogame.ui.games.tira.table import TiraTable
from audiogame.ui.menu import MenuItem, MenuScene

if TYPE_CHECKING:
    from audiogame.app.loop import App

#: seconds between the coaster's left and right symbol sounds
COASTER_GAP = 0.6


def dealt_coaster(setup: TableSetup, seed: int | str) -> Coaster | None:
    return TiraGame(setup.config(), seed).observation(HUMAN).coaster


def practice_pile(coaster: Coaster | None, seed: int | str) -> list[Coaster] | None:
    """The practice round's pile: my coaster (the one the briefing read) dealt to me
    first, the others shuffled by the practice's own seed (never the game's pile)."""
    if coaster is None:
        return None
    others = [c for c in EDITION_COASTERS if c != coaster]
    random.Random(f"{seed}/practice-pile").shuffle(others)
    return [coaster, *others]


class BriefingScene(MenuScene):
    title_id = "tira-briefing-title"
    keys_id = "keys-tira-briefing"
    rules_doc = "tira"

    def __init__(
        self, app: App, setup: TableSetup, seed: int | str, home: Scene | None = None
    ) -> None:
        super().__init__(app)
        self.setup = setup
        self.seed = seed
        self.home = home
        self.coaster = dealt_coaster(setup, seed)
        self.items = self.build_items()

    def build_items(self) -> list[MenuItem]:
        t = self.t
        items = [MenuItem(lambda: t("tira-brief-start"), self.start)]
        for key, face in enumerate(SYMBOLS, start=1):
            items.append(
                MenuItem(partial(self.symbol_text, face, key), partial(self.play_symbol, face))
            )
        if self.coaster is not None:
            items.append(MenuItem(self.coaster_text, self.play_coaster))
        items.append(MenuItem(lambda: t("tira-brief-practice"), self.practice))
        return items

    def on_enter(self) -> None:
        """The title, my coaster read at once, then the first item."""
        parts = [self.t(self.title_id)]
        if self.coaster is not None:
            parts.append(self.coaster_text())
        self.speak_item(prefix=". ".join(parts))

    def coaster_text(self) -> str:
        coaster = self.coaster
        assert coaster is not None
        return self.t(
            "tira-brief-coaster",
            left=self.t(f"tira-sym-{coaster.left.value}"),
            right=self.t(f"tira-sym-{coaster.right.value}"),
        )

    def symbol_text(self, face: Symbol, key: int) -> str:
        return self.t("tira-brief-symbol", name=self.t(f"tira-sym-long-{face.value}"), key=key)

    def play_symbol(self, face: Symbol) -> None:
        self.cue(symbol_cue(face))

    def play_coaster(self) -> None:
        coaster = self.coaster
        if coaster is None:
            return
        self.cue(symbol_cue(coaster.left), -SIDE)
        self.app.scheduler.call_later(COASTER_GAP, self.cue, symbol_cue(coaster.right), SIDE)

    def start(self) -> None:
        self.app.replace(TiraTable(self.app, self.setup, self.seed, home=self.home))

    def practice(self) -> None:
        seed = f"{self.seed}/practice"
        pile = practice_pile(self.coaster, seed)
        practice = TiraTable(self.app, self.setup, seed, practice=True, home=self.home, pile=pile)
        self.app.push(practice)
