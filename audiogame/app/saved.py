"""The matches the main menu offers to resume: one per game, found on disk at start
or left during this run.

Each game keeps its own saved match (``SaveStore`` keeps a pair of slots per
game): starting Domino never touches a Tira match left earlier, and a match
left with Escape is offered again at once, from the snapshot the table handed
over last (the disk holds the same, unless writing failed: then memory is
the newer). Games are named by their ``GameSpec`` (``games.registry``); this
module names none.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from audiogame.core.contract import GameSpec
from audiogame.games import registry
from audiogame.store.saves import Loaded, OtherVersion, SaveStore

if TYPE_CHECKING:
    from audiogame.app.loop import App
    from audiogame.app.scene import Scene

log = logging.getLogger(__name__)


class SavedMatches:
    def __init__(self, app: App) -> None:
        self.app = app
        #: game id -> its match to offer, in the registry's order when listed
        self.by_game: dict[str, Loaded] = {}

    @property
    def store(self) -> SaveStore | None:
        return self.app.saves

    # -- at start ------------------------------------------------------------------
    def load(self) -> None:
        """Read every game's save; say why one cannot be used (once per reason)."""
        store = self.store
        if store is None:
            return
        if store.off is not None:  # another copy holds the folder: its matches are its own
            self.app.notify("game-already-open")
            return
        store.tidy()
        told: set[str] = set()
        legacy = store.legacy()
        if legacy.refusal:
            told.add(legacy.refusal)
            self.app.notify(legacy.refusal)
        for spec in registry.games():
            try:
                loaded = store.read(spec.id, spec.read_save)
            except Exception:  # the boundary: nothing on disk may stop the game starting
                log.exception("reading the saved %s match failed", spec.id)
                store.keep_aside(spec.id)
                loaded = Loaded(refusal="save-damaged")
            if loaded.ok:
                self.by_game[spec.id] = loaded
            elif loaded.refusal and loaded.refusal not in told:
                told.add(loaded.refusal)
                self.app.notify(loaded.refusal)

    # -- what the main menu lists --------------------------------------------------------
    def offered(self) -> list[tuple[GameSpec, Loaded]]:
        found = []
        for spec in registry.games():
            saved = self.by_game.get(spec.id)
            if saved is not None:
                found.append((spec, saved))
        return found

    def first(self) -> Loaded | None:
        offered = self.offered()
        return offered[0][1] if offered else None

    def describe(self, spec: GameSpec, saved: Loaded) -> str:
        """The resume item's words."""
        return self.app.localizer("menu-resume", what=self.what(spec, saved))

    def what(self, spec: GameSpec, saved: Loaded) -> str:
        """The saved match in words: the game's own description of the summary, checked
        (a summary that does not describe leaves the game's name alone)."""
        if spec.describe_save is not None:
            try:
                msg_id, args = spec.describe_save(saved.summary)
                return self.app.localizer(msg_id, **args)
            except Exception:
                log.warning("a summary that does not describe: %r", saved.summary)
        return self.app.localizer(spec.name_message)

    # -- the tables' side --------------------------------------------------------------
    def autosaved(self, game: str, state: Any, summary: dict[str, Any]) -> None:
        """A table's snapshot: written now, and the match offered if it is left."""
        self.by_game[game] = Loaded(game, state, dict(summary))
        if self.store is not None:
            self.store.write(game, state, summary)

    def ended(self, game: str | None) -> None:
        """A match is over: nothing to offer, nothing on disk."""
        if game is None and self.store is not None:
            game = self.store.last_game
        if game is None:
            return
        self.by_game.pop(game, None)
        if self.store is not None:
            self.store.discard(game)

    # -- resuming ------------------------------------------------------------------------
    def resume(self, spec: GameSpec, rebuild: Callable[[App, Any], Scene]) -> Scene | None:
        """The table of ``spec``'s saved match, or None after saying why it cannot be.

        When the newest snapshot cannot be rebuilt, the other slot's (one action
        older) is tried, and the player told the last move may be missing. ``rebuild``
        is the app's way back to the game's table (``ui.games``)."""
        saved = self.by_game.get(spec.id)
        if saved is None:
            return None
        reason = None
        for attempt, candidate in enumerate((saved, saved.fallback)):
            if candidate is None:
                break
            try:
                scene = rebuild(self.app, candidate.plain_state())
            except Exception as exc:  # a save this version cannot rebuild
                log.info("saved %s match %s not rebuilt: %r", spec.id, candidate.seq, exc)
                reason = reason or (
                    "save-other-version" if isinstance(exc, OtherVersion) else "save-damaged"
                )
                if self.store is not None and candidate.seq >= 0:
                    self.store.drop(spec.id, candidate.seq)
                continue
            del self.by_game[spec.id]
            if attempt or saved.fell_back:
                self.app.notify("save-fell-back")
            return scene
        self.by_game.pop(spec.id, None)
        if self.store is not None and saved.seq >= 0:
            self.store.keep_aside(spec.id)
        self.app.announcer.say(reason or "save-damaged", cue="menu_error")
        return None
