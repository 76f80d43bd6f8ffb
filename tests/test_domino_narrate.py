"""The domino narrator: scripted deals through the real engine, heard by seat 0,
in Italian and English: words, sounds, pans, kinds, and what must stay hidden."""

from __future__ import annotations

import pytest

from audiogame.core.narration import resolve
from audiogame.games.domino import DominoConfig, DominoMatch, Draw, End, NextManche, Play
from audiogame.games.domino.events import TilePlayed
from audiogame.games.domino.narrate import REASONS, STARTS, narrate, tile_words
from audiogame.games.domino.notation import fixed_deal
from audiogame.language.localizer import Localizer

NAMES = ("", "Marco", "Giulia", "Luca")


class Table:
    """A scripted match and what seat 0 hears of it."""

    def __init__(self, hands: list[str], boneyard: str = "", lang: str = "it", **options) -> None:
        config = DominoConfig(seats=len(hands), **options)
        self.match = DominoMatch(config, 0)
        self.names = NAMES[: len(hands)]
        self.t = Localizer(lang)
        self.messages = []
        self.said: list[str] = []
        self.events(self.match.apply(None, fixed_deal(config, hands, boneyard)))

    def events(self, result) -> list[str]:
        assert result.ok, result.refusal
        messages = narrate(result.events, self.match.observation(0), self.names)
        self.messages += messages
        said = [self.t(m.msg_id, **resolve(m, self.t).args) for m in messages if m.msg_id]
        self.said += said
        return said

    def play(self, seat: int, text: str, end: End | None = None) -> list[str]:
        x, y = sorted(int(n) for n in text.split("|"))
        hand = self.match.observation(seat).hand
        uid = next(t.uid for t in hand if (t.a, t.b) == (x, y))
        return self.events(self.match.apply(seat, Play(uid, end)))

    def draw(self, seat: int) -> list[str]:
        return self.events(self.match.apply(seat, Draw()))

    def cues(self) -> list[tuple[str, float]]:
        return [(m.cue, m.pan) for m in self.messages if m.cue]


WORDS = {
    "it": {
        "start": [
            "Domino con Marco e Giulia, fino a 100 punti.",
            "Regole: non si pesca.",
            "Manche 1: 3 tessere a testa, ossario 19.",
            "Cominci tu.",
        ],
        "open": ["Apri con doppio 6."],
        "marco": ["Marco gioca 4 e 6 a sinistra."],
        "giulia": ["Giulia gioca 6 e 3 a destra.", "Passi: nessuna tessera attacca."],
    },
    "en": {
        "start": [
            "Domino with Marco and Giulia, to 100 points.",
            "Rules: no drawing.",
            "Manche 1: 3 tiles each, boneyard 19.",
            "You start.",
        ],
        "open": ["You open with double 6."],
        "marco": ["Marco plays 4 6 on the left."],
        "giulia": ["Giulia plays 6 3 on the right.", "You pass: no tile fits."],
    },
}


def test_tiles_are_words_for_the_synthesizer():
    for lang, five_four, double in (("it", "5 e 4", "doppio 6"), ("en", "5 4", "double 6")):
        t = Localizer(lang)
        phrase = tile_words(5, 4)
        assert t(phrase.msg_id, **phrase.args) == five_four
        phrase = tile_words(6, 6)
        assert t(phrase.msg_id, **phrase.args) == double
        assert "|" not in t("domino-tile", a=3, b=5)


@pytest.mark.parametrize("lang", ["it", "en"])
def test_a_short_manche_as_seat_zero_hears_it(lang):
    words = WORDS[lang]
    table = Table(["6|6 5|6 0|1", "4|6 2|3 1|1", "3|6 0|0 2|2"], lang=lang, forbid_drawing=True)
    # terse: the table, the rule that differs from the usual one, the deal, who
    # starts; my hand is not read (H reads it)
    assert table.said == words["start"]
    assert table.play(0, "6|6") == words["open"]
    assert table.play(1, "4|6", End.LEFT) == words["marco"]
    # nothing of mine fits 4 or 3 and nobody draws: I pass at once
    assert table.play(2, "3|6", End.RIGHT) == words["giulia"]


def test_sounds_are_panned_to_the_end_and_kinds_follow_the_player():
    table = Table(["6|6 5|6 0|1", "4|6 2|3 1|1", "3|6 0|0 2|2"], forbid_drawing=True)
    start = table.messages[:]
    assert [m.cue for m in start if m.cue == "shuffle"] == ["shuffle"]  # with my hand
    turn = [m for m in start if m.cue == "your_turn"]
    assert len(turn) == 1 and turn[0].msg_id == "domino-starter-you-highest-double"
    assert turn[0].kind == "turn"
    mark = len(table.messages)
    table.play(0, "6|6")
    table.play(1, "4|6", End.LEFT)
    table.play(2, "3|6", End.RIGHT)
    moves = table.messages[mark:]
    played = [(m.cue, m.pan, m.kind) for m in moves if m.cue == "tile_play"]
    assert played == [
        ("tile_play", 0.0, "own"),  # the first tile: in the middle
        ("tile_play", -0.6, "others"),
        ("tile_play", 0.6, "others"),
    ]
    passed = [m for m in moves if m.cue == "pass"]
    assert len(passed) == 1 and passed[0].kind == "own"


@pytest.mark.parametrize("lang", ["it", "en"])
def test_what_another_player_drew_is_never_told(lang):
    table = Table(["6|6 0|1 0|2 0|3 0|4", "1|2 2|3 1|3 1|4 2|4"], "4|5 5|5 3|6", lang=lang)
    table.play(0, "6|6")
    said = " ".join(table.draw(1))  # Marco has no 6: he draws 4|5, which does not fit
    assert (
        said
        == {
            "it": "Marco pesca una tessera, ossario 17. Marco passa. Tocca a te. 6 a sinistra, "
            "6 a destra.",
            "en": "Marco draws a tile, boneyard 17. Marco passes. Your turn. 6 on the left, "
            "6 on the right.",
        }[lang]
    )
    assert "4 e 5" not in said and "4 5" not in said
    draws = [m for m in table.messages if m.cue == "tile_draw"]
    assert draws and draws[0].kind == "draws"


@pytest.mark.parametrize("lang", ["it", "en"])
def test_my_draw_names_the_tiles_and_whether_the_last_fits(lang):
    table = Table(
        ["1|2 2|3 1|3 1|4 2|4", "6|6 0|1 0|2 0|3 0|4"],
        "4|5 3|6",
        lang=lang,
        draw_until_fits=True,
    )
    table.play(1, "6|6")
    assert table.draw(0) == [
        {
            "it": "Peschi 2 tessere: 4 e 5, 3 e 6, attacca. Ossario 16.",
            "en": "You draw 2 tiles: 4 5, 3 6, it fits. Boneyard 16.",
        }[lang]
    ]


@pytest.mark.parametrize("lang", ["it", "en"])
def test_going_out_scores_eliminates_and_ends_the_match(lang):
    table = Table(
        ["6|6 5|6", "2|2 3|3 4|4 1|4 2|4"], lang=lang, forbid_drawing=True, point_limit=25
    )
    table.play(0, "6|6")  # Marco holds no 6 and cannot draw: he passes
    said = table.play(0, "5|6")
    assert (
        said
        == {
            # who closed is said once; the points once, in the standings
            "it": [
                "Giochi 6 e 5 a destra.",
                "Manche 1 finita: hai chiuso tu.",
                "Fuori dalla partita: Marco.",
                "Hai vinto la partita!",
                "Classifica: tu: 0, Marco: 29.",
            ],
            "en": [
                "You play 6 5 on the right.",
                "Manche 1 over: you went out.",
                "Out of the match: Marco.",
                "You win the match!",
                "Standings: you: 0, Marco: 29.",
            ],
        }[lang]
    )
    cues = [c for c, _ in table.cues()]
    assert cues[-3:] == ["manche_won", "eliminated", "match_won"]


@pytest.mark.parametrize("lang", ["it", "en"])
def test_teams_are_named_and_the_malus_is_told(lang):
    table = Table(
        ["6|6", "0|0 1|1", "2|2 3|3", "4|4 5|5"],
        lang=lang,
        forbid_drawing=True,
        teams=(0, 1, 0, 1),
    )
    # my partner and, with two teams, the others by name
    assert (
        table.said[:2]
        == {
            "it": [
                "Domino a 2 squadre, fino a 100 punti.",
                "In squadra con Giulia, contro Marco e Luca.",
            ],
            "en": ["Domino, 2 teams, to 100 points.", "With Giulia, against Marco and Luca."],
        }[lang]
    )
    # with three teams the others are named, and a spectator hears every team
    six = DominoMatch(DominoConfig(seats=6, teams=(0, 1, 2, 0, 1, 2), set_id="double-9"), 3)
    events = six.apply(None, NextManche()).events
    names = ("", "Marco", "Giulia", "Luca", "Sara", "Paolo")
    t = Localizer(lang)
    for seat, expected in (
        (
            0,
            {
                "it": "In squadra con Luca. Avversari: squadra 2: Marco, Sara; squadra 3: Giulia, "
                "Paolo.",
                "en": "On your team: Luca. Opponents: team 2: Marco, Sara; team 3: Giulia, Paolo.",
            },
        ),
        (
            None,
            {
                "it": "Squadre: squadra 1: Anna, Luca; squadra 2: Marco, Sara; squadra 3: Giulia, "
                "Paolo.",
                "en": "Teams: team 1: Anna, Luca; team 2: Marco, Sara; team 3: Giulia, Paolo.",
            },
        ),
    ):
        heard = narrate(
            events, six.observation(seat), ("Anna",) + names[1:] if seat is None else names
        )
        said = " ".join(t(m.msg_id, **resolve(m, t).args) for m in heard if m.msg_id)
        assert expected[lang] in said
    said = table.play(0, "6|6")
    # Marco and Luca hold 20, plus Giulia's 10 as malus; my team closed: nothing to take
    assert (
        said[-2:]
        == {
            "it": ["Manche 1 finita: hai chiuso tu.", "Totali: la tua squadra: 0, squadra 2: 30."],
            "en": ["Manche 1 over: you went out.", "Totals: your team: 0, team 2: 30."],
        }[lang]
    )
    # seen from the other team: what it takes, then the totals
    t = Localizer(lang)
    view = table.match.observation(1)
    last_play = max(i for i, e in enumerate(view.history) if isinstance(e, TilePlayed))
    heard = narrate(view.history[last_play:], view, ("Anna", "Marco", "Giulia", "Luca"))
    assert [t(m.msg_id, **resolve(m, t).args) for m in heard if m.msg_id] == {
        "it": [
            "Anna apre con doppio 6.",
            "Manche 1 finita: chiude Anna.",
            "La tua squadra prende 30 punti.",
            "Totali: squadra 1: 0, la tua squadra: 30.",
        ],
        "en": [
            "Anna opens with double 6.",
            "Manche 1 over: Anna went out.",
            "Your team takes 30 points.",
            "Totals: team 1: 0, your team: 30.",
        ],
    }[lang]


@pytest.mark.parametrize("lang", ["it", "en"])
def test_team_finish_mode_ends_when_the_whole_team_is_out(lang):
    table = Table(
        ["6|6", "0|1", "5|6", "0|2"],
        lang=lang,
        forbid_drawing=True,
        teams=(0, 1, 0, 1),
        team_finish=True,
    )
    table.play(0, "6|6")  # I am out; Marco passes; my partner Giulia goes on
    said = table.play(2, "5|6")
    assert (
        said
        == {
            # Giulia's going out is the manche's end: said once
            "it": [
                "Giulia gioca 6 e 5 a destra.",
                "Manche 1 finita: chiude la tua squadra.",
                "Totali: la tua squadra: 0, squadra 2: 3.",
            ],
            "en": [
                "Giulia plays 6 5 on the right.",
                "Manche 1 over: your team went out.",
                "Totals: your team: 0, team 2: 3.",
            ],
        }[lang]
    )


@pytest.mark.parametrize("lang", ["it", "en"])
def test_a_blocked_manche(lang):
    table = Table(["6|6 0|1", "2|3 4|5"], lang=lang, forbid_drawing=True)
    said = table.play(0, "6|6")
    assert (
        said[-4:]
        == {
            "it": [
                "Passi: nessuna tessera attacca.",
                "Manche 1 bloccata.",
                "Prendi un punto.",
                "Totali: tu: 1, Marco: 14.",
            ],
            "en": [
                "You pass: no tile fits.",
                "Manche 1 blocked.",
                "You take one point.",
                "Totals: you: 1, Marco: 14.",
            ],
        }[lang]
    )
    cues = [c for c, _ in table.cues()]
    assert "blocked" in cues and cues[-1] == "manche_won"  # 1 point against 14


@pytest.mark.parametrize("lang", ["it", "en"])
def test_every_reason_and_start_has_words(lang):
    t = Localizer(lang)
    for reason in REASONS:  # the finishes by the lowest score; the last one in needs none
        assert t.has(f"domino-reason-{reason}")
    for result in ("won", "won-team", "lost", "shared-you", "shared-team", "shared"):
        assert t.has(f"domino-lowest-{result}")
    for start in STARTS:
        assert t.has(f"domino-starter-you-{start}") and t.has(f"domino-starter-other-{start}")


@pytest.mark.parametrize("lang", ["it", "en"])
def test_every_refusal_and_setup_problem_has_its_reason(lang):
    from audiogame.games.domino import Refusal, SetupProblem
    from audiogame.games.domino.sorting import SORT_IDS
    from audiogame.games.domino.tiles import SET_IDS

    t = Localizer(lang)
    for refusal in Refusal:
        assert t.has(f"domino-refusal-{refusal.value}"), refusal
    for problem in SetupProblem:
        assert t.has(f"domino-problem-{problem.value}"), problem
    for order in SORT_IDS:
        assert t.has(f"domino-sort-{order}"), order
    for set_id in SET_IDS:
        assert t.has(f"domino-option-set-{set_id}"), set_id


def test_narration_keeps_nothing_between_batches():
    """A match resumed from its log mid-manche narrates what follows exactly as
    the original does, with no history replayed into anything first."""
    import random

    from audiogame.games.domino import NextManche

    config = DominoConfig(seats=3, draw_until_fits=True, point_limit=50)
    rng = random.Random(4)
    match = DominoMatch(config, 4)
    heard: list[list] = []
    resumed = None
    while not match.is_over:
        seat = match.current_seat
        if seat is None:
            result = match.apply(None, NextManche())
        else:
            result = match.apply(seat, rng.choice(match.legal_actions(seat)))
        said = narrate(result.events, match.observation(0), NAMES[:3])
        assert narrate(result.events, match.observation(0), NAMES[:3]) == said  # pure
        if resumed is not None:
            again = resumed.replay_entry(*match.log[-1])
            assert narrate(again, resumed.observation(0), NAMES[:3]) == said
        elif match.steps == 12:  # somewhere in the first manche, after a few plays
            resumed = DominoMatch.from_dict(match.to_dict())
        heard.append(said)
    assert resumed is not None and resumed.is_over


@pytest.mark.parametrize("lang", ["it", "en"])
def test_a_spectator_hears_the_public_match_and_no_hand(lang):
    table = Table(["6|6 0|1 0|2 0|3 0|4", "1|2 2|3 1|3 1|4 2|4"], "4|5 5|5 3|6", lang=lang)
    table.play(0, "6|6")
    events = table.match.apply(1, Draw()).events  # seat 1 draws 4|5: only seat 1 may know it
    t = Localizer(lang)
    for who_listens in (None, 0):
        messages = narrate(events, table.match.observation(who_listens), NAMES[:2])
        said = " ".join(t(m.msg_id, **resolve(m, t).args) for m in messages)
        assert "4 e 5" not in said and "4 5" not in said
        assert all(m.msg_id != "domino-you-draw" for m in messages)
    start = DominoMatch(DominoConfig(seats=2), 1)
    dealt = start.apply(None, fixed_deal(start.config, ["6|6 0|1", "1|2 2|3"])).events
    spectator = narrate(dealt, start.observation(None), ("Anna", "Marco"))
    assert any(m.msg_id == "domino-manche-start" and m.cue == "shuffle" for m in spectator)
    said = " ".join(t(m.msg_id, **resolve(m, t).args) for m in spectator if m.msg_id)
    assert "Anna" in said  # she starts: nobody is "you"
    assert not any(m.msg_id.endswith("-you") or "-you-" in m.msg_id for m in spectator)
