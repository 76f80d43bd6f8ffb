"""What a player hears of the public server's answers: ``Message`` values, no text.

The online screens (the desktop client's, the web page's) hand these to the
announcer, which says them in the player's language (``locales/*/server.ftl``).
A rating is said as a whole number and a plus-or-minus ("27, più o meno 3"):
decimals would be noise to the ear, and the spread says how far to trust it.
"""

from __future__ import annotations

from audiogame.core.narration import Message, Phrase
from audiogame.games import registry
from audiogame.net.protocol import messages as m
from audiogame.net.protocol import spoken_words


def whole(value: float) -> int:
    return int(round(value))


def rating_words(mu: float, spread: float) -> Phrase:
    """ "27, give or take 3": the spread never said as zero (nothing is that sure)."""
    return Phrase("online-rating", {"mu": whole(mu), "spread": max(1, whole(spread))})


def game_name(game: str) -> Phrase:
    """A game's short name, as it sits inside a sentence ("at a table of Tira e Passa")."""
    spec = registry.get(game)
    return Phrase(spec.name_message if spec is not None else game)


def rating(found: m.Rating) -> list[Message]:
    said = Message(
        "online-rating-of",
        {
            "name": found.name,
            "game": game_name(found.game),
            "mu": whole(found.mu),
            "spread": max(1, whole(found.spread)),
            "matches": found.matches,
        },
    )
    return [said, Message("online-rating-place", {"place": found.place})]


def leaderboard(board: m.Leaderboard) -> list[Message]:
    if not board.rows:
        return [Message("online-leaderboard-empty")]
    return [
        Message(
            "online-leader-row",
            {
                "place": row.place,
                "name": row.name,
                "mu": whole(row.mu),
                "spread": max(1, whole(row.spread)),
                "matches": row.matches,
            },
        )
        for row in board.rows
    ]


def record(found: m.Record) -> list[Message]:
    if not found.results:
        return [Message("online-record-empty")]
    return [
        Message(
            "online-record-item",
            {
                "game": game_name(item.game),
                "rank": item.rank,
                "players": item.players,
                "before": whole(item.before),
                "after": whole(item.after),
                "match": item.match,
                "table": item.table,
                "seed": item.seed,
            },
        )
        for item in found.results
    ]


def person(someone: m.Person) -> Message:
    status = Phrase(f"online-status-{someone.status}")
    args = {"name": someone.name, "status": status}
    if someone.game:
        args["game"] = game_name(someone.game)
        return Message("online-person-playing" if someone.playing else "online-person-at", args)
    if someone.private:
        return Message("online-person-private", args)
    return Message("online-person", args)


def presence(change: m.Presence, known: bool) -> Message:
    """A change as news: came, went, or a new status (``known``: they were online)."""
    name = change.person.name
    if not change.online:
        return Message("online-went", {"name": name})
    if not known:
        return Message("online-came", {"name": name})
    return Message(
        "online-now", {"name": name, "status": Phrase(f"online-status-{change.person.status}")}
    )


def relations(found: m.Relations) -> list[Message]:
    return [
        Message(
            "online-listed",
            {
                "name": item.name,
                "relation": Phrase(f"online-relation-{item.relation}"),
                "online": "yes" if item.online else "no",
            },
        )
        for item in found.people
    ]


def privacy(found: m.PrivacyState) -> list[Message]:
    return [
        Message(f"online-privacy-{topic}", {"who": Phrase(f"online-privacy-{value}")})
        for topic, value in (
            ("invite", found.invite),
            ("message", found.message),
            ("join", found.join),
        )
    ]


def whisper(found: m.WhisperFrom, me: str) -> Message:
    if found.name == me:
        return Message("online-whisper-to", {"name": found.to, "text": found.text})
    return Message("online-whisper-from", {"name": found.name, "text": found.text})


def lobby_line(found: m.LobbyChat) -> Message:
    return Message("online-lobby-line", {"name": found.name, "text": found.text})


def invited(found: m.Invited, lang: str) -> Message:
    """The invitation, its code said as words in the listener's language."""
    numbers = tuple(int(part) for part in found.code.split("-") if part.isdigit())
    code = spoken_words.say(numbers, lang) if numbers else found.code
    return Message(
        "online-invited", {"name": found.name, "game": game_name(found.game), "code": code}
    )
