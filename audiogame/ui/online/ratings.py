"""Ratings as a player hears them best: ``RatingsScene``, a leaderboard, my matches.

Opened with Ctrl+R, from the lobby or at a table. One row per game of the server, my rating
there as a whole number and how far to trust it ("Domino: 27, give or take 3,
12 matches, place 4 on the leaderboard"); Enter on a game opens its leaderboard
(``LeaderboardScene``), walked by arrows; the last row opens my record of
finished matches (``RecordScene``), newest first, each with its table, its
number and its seed (``audiogame verify`` replays it offline). A guest has no
rating (it is said) but may read the leaderboards. The answers come from the
server as they come: each screen says "asking the server" until then.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from audiogame.core.narration import Message, Phrase
from audiogame.net.client import server_words
from audiogame.net.client.game_client import Incoming
from audiogame.net.protocol import messages as m
from audiogame.ui.menu import MenuItem
from audiogame.ui.online import words
from audiogame.ui.online.following import FollowingScene
from audiogame.ui.online.people import text_of

if TYPE_CHECKING:
    from audiogame.app.loop import App
    from audiogame.ui.online.link import Link

#: rows a leaderboard asks for (the server gives at most its own limit)
LEADERS = 50
#: finished matches my record asks for
RECORDS = 50


class RatingsScene(FollowingScene):
    title_id = "ratings-title"

    def __init__(self, app: App, link: Link) -> None:
        super().__init__(app, link)
        self.found: dict[str, m.Rating] = {}
        #: the server said I have no rating (a guest)
        self.none = False
        t = self.t
        self.items = [self.game_item(g) for g in link.games]
        self.items.append(MenuItem(lambda: t("ratings-record"), self.open_record))

    def ask(self) -> None:
        for game in self.link.games:
            self.link.ask(m.GetRating(game=game))

    def game_item(self, game: str) -> MenuItem:
        def label() -> str:
            name = words.short_game_name(game, self.t)
            found = self.found.get(game)
            if found is None:
                said = self.t("ratings-none" if self.none else "ratings-asking")
                return self.t("ratings-game", game=name, rating=said)
            rating = phrase_text(self.app, server_words.rating_words(found.mu, found.spread))
            place = text_of(self.app, Message("online-rating-place", {"place": found.place}))
            return self.t(
                "ratings-game-rated",
                game=name,
                rating=rating,
                matches=found.matches,
                place=place,
            )

        return MenuItem(label, lambda: self.open_board(game))

    def news(self, item: Incoming) -> bool:
        if isinstance(item, m.Rating) and item.name == self.link.name:
            first = not self.found
            self.found[item.game] = item
            self.refreshed(first and self.index < len(self.link.games))
            return True
        if isinstance(item, m.Refused) and item.of == "rating" and not self.found:
            self.none = True
            self.refreshed(True)
            return True
        return False

    def open_board(self, game: str) -> None:
        self.app.push(LeaderboardScene(self.app, self.link, game))

    def open_record(self) -> None:
        self.app.push(RecordScene(self.app, self.link))


def fixed(text: str) -> MenuItem:
    """A row that says ``text`` and does nothing else."""
    return MenuItem(lambda: text)


def phrase_text(app: App, phrase: Phrase) -> str:
    return text_of(app, Message(phrase.msg_id, phrase.args))


class LeaderboardScene(FollowingScene):
    def __init__(self, app: App, link: Link, game: str) -> None:
        super().__init__(app, link)
        self.game = game
        self.heard = False
        self.items = [MenuItem(lambda: self.t("ratings-asking"))]

    def where(self) -> str:
        return self.t("leaderboard-title", game=words.short_game_name(self.game, self.t))

    def ask(self) -> None:
        self.link.ask(m.GetLeaderboard(game=self.game, limit=LEADERS))

    def news(self, item: Incoming) -> bool:
        if isinstance(item, m.Leaderboard) and item.game == self.game:
            first, self.heard = not self.heard, True
            said = [text_of(self.app, msg) for msg in server_words.leaderboard(item)]
            self.items = [fixed(text) for text in said]
            self.refreshed(first)
            return True
        return False


class RecordScene(FollowingScene):
    title_id = "record-title"

    def __init__(self, app: App, link: Link) -> None:
        super().__init__(app, link)
        self.heard = False
        self.items = [MenuItem(lambda: self.t("ratings-asking"))]

    def ask(self) -> None:
        self.link.ask(m.GetRecord(limit=RECORDS))

    def news(self, item: Incoming) -> bool:
        if isinstance(item, m.Record) and item.name == self.link.name:
            first, self.heard = not self.heard, True
            said = [text_of(self.app, msg) for msg in server_words.record(item)]
            self.items = [fixed(text) for text in said]
            self.refreshed(first)
            return True
        if isinstance(item, m.Refused) and item.of == "record":
            first, self.heard = not self.heard, True
            reason = words.reason_words(item.reason, self.app.localizer)
            self.items = [MenuItem(lambda: reason)]
            self.refreshed(first)
            return True
        return False
