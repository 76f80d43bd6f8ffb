"""Friends, blocks and privacy choices: the words both ends use for them.

A client lists them in its menus and sends them; the server keeps them
(``server.records``) and decides what may reach whom (``server.people``).
"""

from __future__ import annotations

from enum import StrEnum


class Relation(StrEnum):
    FRIEND = "friend"
    FAVOURITE = "favourite"  # a friend marked as one of the closest
    BLOCKED = "blocked"


class Privacy(StrEnum):
    """Who may invite me, message me, or join the table I am at (the Salotto's choices)."""

    EVERYONE = "everyone"  # all but the blocked
    FRIENDS_OF_FRIENDS = "friends-of-friends"
    FRIENDS = "friends"
    FAVOURITES = "favourites"
    NOBODY = "nobody"


PRIVACY_TOPICS = ("invite", "message", "join")
