"""The chat line read the Salotto's way, the history's views, and the line editor."""

from __future__ import annotations

from audiogame.devtools.harness import Harness
from audiogame.history import History
from audiogame.net.protocol import messages as m
from audiogame.net.protocol.chat_text import MAX_CHARS
from audiogame.ui.online.chat import Correspondents, Line, parse_line
from audiogame.ui.text_entry import TextEntry

SEATS = [
    m.Seat(m.SeatKind.HUMAN, name="Anna"),
    m.Seat(m.SeatKind.HUMAN, name="Anna Maria"),
    m.Seat(m.SeatKind.BOT, level="easy"),
    m.Seat(m.SeatKind.HUMAN, name="Bruno"),
]


def test_a_plain_line_goes_to_the_table_cleaned():
    line = parse_line("ciao\u202e a   tutti!!!!!!!!", SEATS, 0, Correspondents())
    assert line == Line("ciao a tutti!!!")


def test_at_name_is_private_to_the_longest_name_it_starts_with():
    people = Correspondents()
    assert parse_line("@Anna Maria ciao", SEATS, 3, people) == Line("ciao", to=1)
    assert parse_line("@anna ciao", SEATS, 3, people) == Line("ciao", to=0)
    assert parse_line("@bruno  ehi", SEATS, 0, people) == Line("ehi", to=3)


def test_at_alone_replies_and_double_at_writes_again():
    people = Correspondents()
    assert parse_line("@ grazie", SEATS, 0, people).problem == "online-chat-no-last-from"
    assert parse_line("@@ ancora", SEATS, 0, people).problem == "online-chat-no-last-to"
    people.last_from, people.last_to = "Bruno", "Anna Maria"
    assert parse_line("@ grazie", SEATS, 0, people) == Line("grazie", to=3)
    assert parse_line("@@ ancora", SEATS, 0, people) == Line("ancora", to=1)
    people.last_from = "Carla"  # wrote to me, then left the table
    assert parse_line("@ ciao", SEATS, 0, people).problem == "online-chat-not-here"


def test_what_cannot_be_sent_says_why():
    people = Correspondents()
    assert parse_line("   ", SEATS, 0, people).problem == "online-chat-empty"
    assert parse_line("@Carla ciao", SEATS, 0, people).problem == "online-chat-no-one"
    assert parse_line("@Anna ciao", SEATS, 0, people).problem == "online-chat-yourself"
    assert parse_line("@Bruno", SEATS, 0, people).problem == "online-chat-empty"
    assert parse_line("@Annabella ciao", SEATS, 3, people).problem == "online-chat-no-one"
    alphabet = "abcdefghijklmnopqrstuvwxyz"  # no repeat of eight letters or fewer to cut
    assert len(parse_line(alphabet * 100, SEATS, 0, people).text) == MAX_CHARS


def test_the_history_shows_everything_the_game_chat_or_private_messages():
    history = History()
    for text, kind in (("a", "others"), ("b", "chat"), ("c", "system"), ("d", "chat")):
        history.add(text, kind)
    history.add("e", "private")
    assert history.previous() == ("e", False)
    assert history.switch_view(1) == "game"
    assert history.count() == 2
    assert history.previous() == ("c", False)
    assert history.previous() == ("a", False)
    assert history.previous() == ("a", True)  # at the oldest already: the edge
    assert history.next() == ("c", False)
    assert history.next() == ("c", True)
    assert history.switch_view(1) == "chat"
    assert [history.first(), history.newest()] == ["b", "d"]
    assert history.switch_view(1) == "private"
    assert [history.first(), history.count()] == ["e", 1]
    assert history.switch_view(1) == "all"
    assert history.count() == 5


def test_alt_arrows_switch_the_history_view_and_page_up_reads_in_it(tmp_path):
    h = Harness(tmp_path, lang="en").start()
    h.app.announcer.history.add("Anna: hello", "chat")
    h.app.announcer.history.add("Marco plays 5 and 4.", "others")
    assert h.press("right", alt=True).startswith("History: the game, ")
    said = h.press("pageup")
    assert said == "Marco plays 5 and 4."
    assert h.press("right", alt=True) == "History: chat, one message."
    assert h.press("pageup") == "Anna: hello"
    assert h.press("pageup") == "Anna: hello"  # the oldest of the view: the edge sound
    assert h.press("left", alt=True).startswith("History: the game")
    h.close()


def test_the_line_editor_echoes_edits_and_answers(tmp_path):
    h = Harness(tmp_path, lang="it").start()
    typed: list[str] = []
    h.app.push(TextEntry(h.app, "online-name-prompt", typed.append, check=lambda s: None, limit=5))
    assert h.press("a") == "a"
    assert h.press("space") == "spazio"
    assert h.press("b", shift=True) == "B"
    assert h.press("left") == "B"
    assert h.press("backspace") == "spazio"
    assert h.press("up") == "Il tuo nome, come lo sentiranno gli altri. aB"
    for char in "cdef":
        h.press(char)
    assert h.last == "Il testo è pieno: al massimo 5 caratteri."
    assert h.press("end") == ""
    assert h.press("right") == ""  # at the end: the edge sound alone
    h.press("enter")
    assert typed == ["acdeB"]
    h.close()
