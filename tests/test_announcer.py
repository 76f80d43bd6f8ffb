"""The one speech queue, through the real loop: what the player hears, and when.

A small scene posts messages when letters are pressed, as a game table does
with what its narrator returns; the recording speaker and the recording mixer
say what reached the player.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from audiogame.announce import OTHERS_GAP, OTHERS_VOLUME
from audiogame.app.scene import Scene
from audiogame.core.keys import Key
from audiogame.core.narration import Join, Later, Message, Phrase, resolve
from audiogame.devtools.harness import Harness

LANGUAGES = Phrase("option-value", {"label": Phrase("opt-language"), "value": Phrase("lang-it")})


class Poster(Scene):
    """Letters run scripted posts; nothing else."""

    letters_are_commands = True

    def __init__(self, app, script: dict[str, Callable[[Poster], None]]) -> None:
        super().__init__(app)
        self.script = script

    def on_key(self, key: Key) -> bool:
        action = self.script.get(key.letter or "")
        if action is None:
            return False
        action(self)
        return True


def at_table(h: Harness, **script: Callable[[Poster], None]) -> Poster:
    scene = Poster(h.app, script)
    h.start(scene)
    return scene


def played(h: Harness) -> list[tuple[str, float, float]]:
    return list(h.audio.played)


def test_phrases_and_joins_are_said_in_the_players_language(harness_factory) -> None:
    h = harness_factory("en")
    langs = Join((Phrase("lang-it"), Phrase("lang-en")))
    message = Message("option-value", {"label": Phrase("opt-language"), "value": langs}, "turn")
    at_table(h, a=lambda s: s.post(message), b=lambda s: s.post(resolve(message, s.t)))
    assert h.press("a") == "Language: Italian, English"
    # a message its sender already resolved (as the game tables still do) says the same
    assert h.press("b") == "Language: Italian, English"
    assert resolve(resolve(message, h.app.localizer), h.app.localizer) == resolve(
        message, h.app.localizer
    )
    h.app.set_language("it")
    assert h.press("a") == "Lingua: italiano, inglese"


def test_events_of_a_frame_are_one_utterance_after_the_answer(harness_factory) -> None:
    h = harness_factory("en")

    def busy_frame(s: Poster) -> None:
        s.post(Message("kind-others", kind="others"))
        s.post(Message("kind-draws", kind="draws"))
        s.say("history-empty")  # the player's answer, in the same frame
        s.post(Message("kind-scores", kind="scores"))

    at_table(h, a=busy_frame)
    mark = len(h.speaker.spoken)
    h.press("a")
    spoken = h.speaker.spoken[mark:]
    assert [(s.text, s.interrupt) for s in spoken] == [
        ("No messages in the history.", True),
        ("Others' moves Draws Scores", False),
    ]
    assert h.app.history.last(4) == [
        "Others' moves",
        "Draws",
        "No messages in the history.",
        "Scores",
    ]


def test_verbosity_per_kind(harness_factory) -> None:
    h = harness_factory("en")
    h.app.set_verbosity("draws", "sound")
    h.app.set_verbosity("scores", "off")
    at_table(
        h,
        a=lambda s: s.post(Message("kind-draws", kind="draws", cue="tile_draw")),
        b=lambda s: s.post(Message("kind-scores", kind="scores", cue="coaster_won")),
        c=lambda s: s.post(Message("kind-own", kind="own", cue="tile_play")),
    )
    assert h.press("a") == ""  # sound only: the cue, and the words in the history
    assert played(h)[-1][0] == "tile_draw" and h.app.history.last(1) == ["Draws"]
    assert h.press("b") == ""
    assert played(h)[-1][0] == "tile_draw"  # off: not even the sound
    assert h.press("c") == "My moves"
    assert played(h)[-1] == ("tile_play", 0.0, 1.0)


def test_a_later_message_waits_its_delay_then_joins_that_frames_words(harness_factory) -> None:
    h = harness_factory("en")
    at_table(
        h,
        a=lambda s: s.post(Later("kind-scores", kind="scores", cue="coaster_won", delay=0.6)),
        b=lambda s: s.post(Message("kind-turn", kind="turn")),
    )
    assert h.press("a") == ""
    assert "coaster_won" not in [c for c, _, _ in played(h)]
    assert h.advance(0.5) == ""
    heard = h.advance(0.2)
    assert heard == "Scores"
    assert played(h)[-1][0] == "coaster_won"
    assert h.press("b") == "Turn notices"  # nothing left behind, nothing said twice


def test_a_train_of_later_sounds_plays_one_by_one_in_order(harness_factory) -> None:
    h = harness_factory("en")

    def train(s: Poster) -> None:
        for i, cue in enumerate(("symbol_clover", "symbol_pig", "symbol_cat")):
            s.post(Later("", kind="own", cue=cue, pan=-0.5, delay=0.15 * (i + 1)))

    at_table(h, a=train)
    h.press("a")
    start = len(h.audio.played)
    h.advance(0.2)
    assert [c for c, _, _ in played(h)[start:]] == ["symbol_clover"]
    h.advance(0.3)
    assert played(h)[start:] == [
        ("symbol_clover", -0.5, 1.0),
        ("symbol_pig", -0.5, 1.0),
        ("symbol_cat", -0.5, 1.0),
    ]


def test_later_messages_end_with_the_scene_that_posted_them(harness_factory) -> None:
    h = harness_factory("en")
    table = at_table(
        h,
        a=lambda s: s.post(Later("kind-scores", kind="scores", cue="coaster_won", delay=1.0)),
    )
    h.press("a")
    # a menu over the table comes and goes: the table's pending message stays
    menu = Poster(h.app, {})
    h.app.push(menu)
    h.app.pop(menu)
    assert h.advance(1.1) == "Scores"
    h.press("a")
    h.app.replace(Poster(h.app, {}))  # the table is left before its message is due
    assert table not in h.app.scenes
    assert h.advance(1.5) == ""
    assert list(h.app.history.last(500)).count("Scores") == 1
    assert h.app.scheduler.pending() == 0


def test_other_players_sounds_are_softer_and_thinned(harness_factory) -> None:
    h = harness_factory("en")

    def others(cue: str, pan: float = 0.5) -> Callable[[Poster], None]:
        return lambda s: s.post(Message("", kind="others", cue=cue, pan=pan))

    at_table(
        h,
        a=others("die_pass"),
        b=others("die_arrive", -0.5),
        e=others("die_pass", -0.5),
        c=lambda s: s.post(Message("", kind="own", cue="die_pass")),
        d=lambda s: s.post(Message("kind-others", kind="others", cue="die_pass")),
    )
    start = len(h.audio.played)
    h.press("a")
    h.press("a")  # the same sound again at once: dropped
    h.press("b")  # another sound: played
    h.press("e")  # the same sound from the other side: where it comes from is news
    h.press("e")  # ... but from that side too, once
    h.press("c")  # my own sound: never thinned, full loudness
    h.press("d")  # another player's move in words: its sound is not thinned either
    assert played(h)[start:] == [
        ("die_pass", 0.5, OTHERS_VOLUME),
        ("die_arrive", -0.5, OTHERS_VOLUME),
        ("die_pass", -0.5, OTHERS_VOLUME),
        ("die_pass", 0.0, 1.0),
        ("die_pass", 0.0, 1.0),
    ]
    h.advance(OTHERS_GAP)
    h.press("a")
    assert played(h)[-1] == ("die_pass", 0.5, OTHERS_VOLUME)


@pytest.mark.parametrize("count", [1, 40])
def test_nothing_is_lost_however_many_events_a_frame_brings(harness_factory, count) -> None:
    h = harness_factory("en")

    def burst(s: Poster) -> None:
        for _ in range(count):
            s.post(Message("kind-others", kind="others"))
            s.post(Later("kind-draws", kind="draws", delay=0.1))

    at_table(h, a=burst)
    now = h.press("a")
    later = h.advance(0.2)
    assert now.count("Others' moves") == count
    # joined into utterances of whole messages, none longer than about 25 words
    assert all(len(u.split()) <= 25 for u in now.split(" | "))
    assert later.count("Draws") == count
    assert len(h.app.history) >= 2 * count
