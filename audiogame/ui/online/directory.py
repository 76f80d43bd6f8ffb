"""What the player knows of the server's people, and what of it is news: ``Directory``.

Fed with the server's lobby messages as they come (who is online, each change
of presence, my lists, private messages, invitations), it keeps:

- who is online (by name, as a listener tells names apart) and how I list them
  (friend, favourite, blocked), my own presence among them;
- who wrote to me privately last and whom I wrote to last (Alt+R replies);
- the last invitation to a table.

``took(item)`` returns what the player should hear of it, as ``Message`` values
of the "private" kind (its own history view and verbosity, apart from the
table's chat) with their cues: a friend (or favourite) coming, going or
changing presence, a private message received, an invitation. Everyone else's
comings and goings are kept quietly (the people list reads them). No scenes
here: the link says the messages.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from audiogame.core.narration import Message
from audiogame.net.client import server_words
from audiogame.net.protocol import messages as m

#: the message kind of private messages, invitations and friends' presence
PRIVATE = "private"
FRIENDLY = frozenset({"friend", "favourite"})
#: the cues of what the directory says
CUE_WHISPER = "whisper"
CUE_FRIEND_CAME = "friend_online"
CUE_FRIEND_WENT = "friend_offline"
CUE_INVITED = "notice"


def key(name: str) -> str:
    """A name as a listener tells names apart."""
    return name.casefold()


@dataclass
class Directory:
    me: str = ""
    lang: str = "en"
    online: dict[str, m.Person] = field(default_factory=dict)
    #: how I list people, by name key (friend, favourite, blocked)
    relations: dict[str, str] = field(default_factory=dict)
    #: my lists as the server last sent them (with who is online)
    listed: list[m.Listed] = field(default_factory=list)
    last_from: str = ""
    last_to: str = ""
    invitation: m.Invited | None = None
    #: the server has sent the list of who is online at least once
    heard: bool = False

    # -- reading ------------------------------------------------------------------------------
    def others(self) -> list[m.Person]:
        """Everyone online but me: friends and favourites first, then by name."""
        found = [p for k, p in self.online.items() if k != key(self.me)]
        found.sort(key=lambda p: (self.relation(p.name) not in FRIENDLY, p.name.casefold()))
        return found

    def relation(self, name: str) -> str:
        return self.relations.get(key(name), "")

    def my_status(self) -> str:
        mine = self.online.get(key(self.me))
        return "available" if mine is None else mine.status

    def person(self, name: str) -> m.Person | None:
        return self.online.get(key(name))

    # -- news ----------------------------------------------------------------------------------
    def took(self, item: object) -> list[Message]:
        """Keep what ``item`` says; what of it the player hears."""
        if isinstance(item, m.People):
            self.online = {key(p.name): p for p in item.people}
            self.heard = True
            for person in item.people:
                if person.relation:
                    self.relations[key(person.name)] = person.relation
            return []
        if isinstance(item, m.Presence):
            return self._presence(item)
        if isinstance(item, m.Relations):
            self.listed = list(item.people)
            self.relations = {key(p.name): p.relation for p in item.people}
            return []
        if isinstance(item, m.WhisperFrom):
            return self._whisper(item)
        if isinstance(item, m.Invited):
            self.invitation = item
            said = server_words.invited(item, self.lang)
            return [replace(said, kind=PRIVATE, cue=CUE_INVITED)]
        return []

    def _presence(self, change: m.Presence) -> list[Message]:
        name_key = key(change.person.name)
        before = self.online.get(name_key)
        if change.online:
            self.online[name_key] = change.person
        else:
            self.online.pop(name_key, None)
        if name_key == key(self.me) or self.relation(change.person.name) not in FRIENDLY:
            return []
        if change.online and before is not None and before.status == change.person.status:
            return []  # a table joined or left: the list says it, no news
        said = server_words.presence(change, before is not None)
        came = change.online and before is None
        cue = CUE_FRIEND_WENT if not change.online else CUE_FRIEND_CAME if came else "notice"
        return [replace(said, kind=PRIVATE, cue=cue)]

    def _whisper(self, found: m.WhisperFrom) -> list[Message]:
        said = replace(server_words.whisper(found, self.me), kind=PRIVATE, cue=CUE_WHISPER)
        if key(found.name) == key(self.me):
            self.last_to = found.to
        else:
            self.last_from = found.name
        return [said]

    def mine(self, found: m.WhisperFrom) -> bool:
        """A private message I wrote (the server's echo: it went)."""
        return key(found.name) == key(self.me)
