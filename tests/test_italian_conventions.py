"""Italian conventions (issue 13, item 7), through the real loop.

- Yes/no questions take S (and Y, as the Salotto's) / N in Italian, Y / N in
  English, and each question says which.
- Agreement at 1: "fino a una manche", never "1 punti".
- Sentences joined in one message start with a capital after the full stop
  ("Squadre a caso. La tua squadra: …"), and so does every utterance.
- Scores are read with a separator: "squadra 2: 0 punti", not "squadra 2 0".

The walk over every message of both languages goes through the same road as
speech does (the app's announcer, one frame of the loop, the recording speaker).
"""

from __future__ import annotations

import re

import pytest
from fluent.syntax import ast, parse
from fluent.syntax.visitor import Visitor

from audiogame.core.narration import Message
from audiogame.games.domino.table_setup import DominoSetup
from audiogame.language.localizer import LANGUAGES, message_folders
from audiogame.ui.games.domino.table import DominoTable


class _Variables(Visitor):
    def __init__(self) -> None:
        self.names: set[str] = set()

    def visit_VariableReference(self, node: ast.VariableReference) -> None:  # noqa: N802
        self.names.add(node.id.name)


def messages(lang: str) -> dict[str, set[str]]:
    """Every message of a language (the shared files and the games' own), with its
    variables."""
    found: dict[str, set[str]] = {}
    for folder in message_folders():
        for path in sorted((folder / lang).glob("*.ftl")):
            for entry in parse(path.read_text(encoding="utf-8")).body:
                if isinstance(entry, ast.Message) and entry.value is not None:
                    visitor = _Variables()
                    visitor.visit(entry)
                    found[entry.id.name] = visitor.names
    return found


ALL = {lang: messages(lang) for lang in LANGUAGES}

#: counted nouns in the plural: never after "1" (or "un", "one")
PLURALS = {
    "it": "tessere punti giocatori secondi squadre volte tiri parole dischetti dadi giri "
    "manches minuti mosse",
    "en": "tiles points players seconds teams times rolls words coasters dice rounds minutes moves",
}
ONE = {"it": r"1|un|una|uno", "en": r"1|one|a|an"}
#: a plural verb before a single thing ("Si giocano al massimo una manche")
PLURAL_VERB = {
    "it": r"\b(giocano|servono|restano|rimangono|mancano)\b(?:\s+\w+){0,2}\s+(1|una?|uno)\b",
    "en": r"\b(1|one)\s+\w+\s+are\b|\bare\s+(?:at least\s+)?(1|one)\b",
}
#: a word meant for the middle of a sentence, as a name or a team can be
MIDDLE_WORDS = "la tua squadra"
AFTER_STOP = re.compile(r"[.!?] (\w)")


def lower_after_stop(text: str) -> bool:
    return any(m.group(1).islower() for m in AFTER_STOP.finditer(text))


def spoken_one_by_one(h, messages: list[Message]) -> list[str]:
    """Each message posted, one frame of the loop each: what the speaker got."""
    said = []
    for message in messages:
        mark = len(h.speaker.spoken)
        h.app.announcer.post(message)
        h.app.step()
        said += h.speaker.transcript[mark:]
    return said


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_message_agrees_at_one(harness_factory, lang):
    h = harness_factory(lang).start()
    ids = sorted(ALL[lang])
    said = spoken_one_by_one(h, [Message(m, dict.fromkeys(ALL[lang][m], 1)) for m in ids])
    plural = re.compile(rf"\b({ONE[lang]})\s+({'|'.join(PLURALS[lang].split())})\b", re.I)
    verb = re.compile(PLURAL_VERB[lang], re.I)
    wrong = [text for text in said if plural.search(text) or verb.search(text)]
    assert not wrong


@pytest.mark.parametrize("lang", LANGUAGES)
def test_joined_sentences_start_with_a_capital(harness_factory, lang):
    h = harness_factory(lang).start()
    ids = sorted(ALL[lang])
    messages = [Message(m, dict.fromkeys(ALL[lang][m], MIDDLE_WORDS)) for m in ids]
    said = spoken_one_by_one(h, messages)
    wrong = [text for text in said if lower_after_stop(text) or text[:1].islower()]
    assert not wrong
    # many messages of one frame are joined into utterances of about 25 words at most
    # (e922fd0): each joined sentence still starts with a capital
    mark = len(h.speaker.transcript)
    for message in messages[:40]:
        h.app.announcer.post(message)
    h.app.step()
    joined = h.speaker.transcript[mark:]
    assert any(". " in text for text in joined), joined  # some were joined
    assert [text for text in joined if lower_after_stop(text) or text[:1].islower()] == []


def test_random_teams_start_the_team_list_with_a_capital(harness_factory):
    h = harness_factory("it")
    h.app.settings.setups["domino"] = {"levels": ["normal", "normal", "normal"]}
    h.start()
    h.press("enter")
    said = h.press("r", shift=True)
    assert re.match(r"Squadre a caso\. (La tua squadra: tu, |Squadra \d: )", said), said
    assert not lower_after_stop(said)


@pytest.mark.parametrize(
    ("lang", "heard"),
    [("it", "squadra 2: 0"), ("en", "team 2: 0")],
)
def test_scores_are_read_with_a_separator(harness_factory, lang, heard):
    h = harness_factory(lang)
    setup = DominoSetup(levels=["normal", "normal", "normal"], pace=1.0)
    setup.set_team_count(2)
    table = DominoTable(h.app, setup, 3, iterations=10)
    h.start(table)
    assert heard in h.press("p")


@pytest.mark.parametrize(
    ("lang", "heard"),
    [("it", "fino a una manche o 100 punti."), ("en", "up to one manche or 100 points.")],
)
def test_a_one_manche_match_says_so_in_the_singular(harness_factory, lang, heard):
    h = harness_factory(lang)
    setup = DominoSetup(levels=["normal"], pace=1.0)
    setup.options["manche-limit"] = 1
    h.start(DominoTable(h.app, setup, 3, iterations=10))
    assert heard in " ".join(h.transcript)


@pytest.mark.parametrize(
    ("lang", "question", "yes", "not_an_answer"),
    [
        ("it", "Vuoi davvero uscire? Premi S per sì, N per no.", ("s", "y"), ()),
        ("en", "Do you really want to quit? Press Y for yes, N for no.", ("y",), ("s",)),
    ],
)
def test_yes_and_no_in_the_players_language(harness_factory, lang, question, yes, not_an_answer):
    for key in yes:
        h = harness_factory(lang).start()
        assert h.press("escape") == question
        for other in not_an_answer:
            h.press(other)
            assert h.app.running and h.app.announcer.cue_log[-1][0] == "menu_error"
        h.press(key)
        assert not h.app.running
    h = harness_factory(lang).start()
    h.press("escape")
    h.press("n")
    assert h.app.running
