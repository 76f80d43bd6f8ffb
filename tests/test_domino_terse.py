"""Terse by default, as the Salotto speaks (issue 13, item 2a): through the real
loop (posted keys, the recording speaker), the opening, a manche's summary and
the end of the match each say at most about 25 words; the totals are said once
(the end's standings replace them); the details are a key away: H the hand, P
what each side took in the manche, E how many tiles each holds."""

from __future__ import annotations

import re

import pytest

from audiogame.devtools.domino_keys import my_move_keys
from audiogame.games.domino import Phase
from audiogame.games.domino.table_setup import DominoSetup
from audiogame.ui.games.domino.table import DominoTable

#: the issue's "at most about 25 words"
TERSE = 25

MANCHE_END = re.compile(r"Manche \d+ (finita|bloccata|over|blocked)")
WORDS = {
    "it": {"totals": "Totali:", "standings": "Classifica:", "hand": "7 tessere: "},
    "en": {"totals": "Totals:", "standings": "Standings:", "hand": "7 tiles: "},
}


def from_the_manche_end(said: list[str]) -> str:
    """The utterances from the last that says a manche's end on (a moment that says
    more than about 25 words is said as several, issue 29)."""
    at = max(i for i, u in enumerate(said) if MANCHE_END.search(u))
    return " ".join(said[at:])


def words(text: str) -> int:
    return len(text.split())


def queued(h) -> list[str]:
    """What the game said by itself (not the answers to keys), utterance by utterance."""
    return [s.text for s in h.speaker.spoken if not s.interrupt]


@pytest.mark.parametrize("lang", ["it", "en"])
def test_the_opening_the_summaries_and_the_end_are_terse(harness_factory, lang):
    h = harness_factory(lang, seed=3)
    setup = DominoSetup(levels=["easy", "easy", "easy"], pace=0.5)
    setup.options["manche-limit"] = 2
    table = DominoTable(h.app, setup, 3)
    h.start(table)
    opening = queued(h)[0]
    assert words(opening) <= TERSE, opening
    # who plays and how the match ends, the deal, who starts: the hand is not read...
    for name in ("Marco", "Giulia", "Luca"):
        assert name in opening
    # ...it is on H
    hand = h.press("h")
    assert hand.startswith(WORDS[lang]["hand"])
    assert hand.split(": ", 1)[1].rstrip(".") not in opening

    summary_seen = False
    while not table.match.is_over:
        assert h.clock.now() < 3000
        if table.match.phase is Phase.PLAYING and table.match.current_seat == 0:
            h.advance(0.25)  # a moment to listen
            for key in my_move_keys(table):
                h.press(key)
        elif table.match.phase is Phase.BETWEEN and not summary_seen:
            summary_seen = True
            h.advance(0.1)
            said = from_the_manche_end(queued(h))
            summary = said[MANCHE_END.search(said).start() :]  # type: ignore[union-attr]
            assert words(summary) <= TERSE, summary
            assert summary.count(WORDS[lang]["totals"]) == 1, summary
            # what each side took is on P, with the totals
            points = table.match.observation(0).history[-1].points  # type: ignore[attr-defined]
            answer = h.press("p")
            assert answer.startswith(
                {"it": "Manche 1 finita, punti: ", "en": "Manche 1 over, points: "}[lang]
            )
            assert all(str(n) in answer for n in points)
        else:
            h.advance(0.25)
    assert summary_seen
    h.advance(1.0)
    said = from_the_manche_end(queued(h))
    end = said[MANCHE_END.search(said).start() :]  # type: ignore[union-attr]
    assert words(end) <= TERSE + 5, end  # the standings name every player
    # the totals once: the standings, not the manche's totals before them
    assert WORDS[lang]["totals"] not in end and end.count(WORDS[lang]["standings"]) == 1
    # E: how many tiles each holds, at the end too
    assert "Marco" in h.press("e")
