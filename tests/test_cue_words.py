"""Keys answered by a sound alone, without a sound device or with the cues at zero:
the player hears a short word in its place, in their language; with sound, the cue
plays and no word is added. Through the real loop."""

from __future__ import annotations

import pytest

from audiogame.app.reader import ReaderScene
from audiogame.ui.games.tira.briefing import BriefingScene

WORDS = {
    "it": {"error": "Non qui.", "sound": "Niente suono."},
    "en": {"error": "Not here.", "sound": "No sound."},
}


def played(h) -> list[str]:
    return [cue for cue, _pan, _volume in h.audio.played]


@pytest.mark.parametrize("lang", ["it", "en"])
def test_an_unknown_key_in_the_guide_is_a_word_without_sound(harness_factory, lang):
    h = harness_factory(lang, with_audio=False)
    assert not h.audio.available
    h.start(ReaderScene(h.app, "guide"))
    assert h.press("x") == WORDS[lang]["error"]


@pytest.mark.parametrize("lang", ["it", "en"])
def test_an_unknown_letter_in_a_setup_is_a_word_without_sound(harness_factory, lang):
    h = harness_factory(lang, with_audio=False)
    h.start()
    assert h.press("enter")  # the domino setup
    title = h.app.top.title_id
    assert h.press("h") == WORDS[lang]["error"]
    assert h.app.top.title_id == title  # the game goes on where it was


@pytest.mark.parametrize("lang", ["it", "en"])
def test_a_symbol_in_tira_briefing_is_a_word_without_sound(harness_factory, lang):
    h = harness_factory(lang, with_audio=False)
    h.start()
    h.press("t")
    h.press("enter")  # Tira's setup
    h.press("enter")  # the briefing
    assert isinstance(h.app.top, BriefingScene)
    h.press("down")
    assert h.press("enter") == WORDS[lang]["sound"]


def test_cues_at_zero_volume_are_words_too(harness_factory):
    h = harness_factory("en")
    assert h.audio.available
    h.start(ReaderScene(h.app, "guide"))
    h.app.set_cue_volume(0.0)
    assert h.press("x") == WORDS["en"]["error"]


@pytest.mark.parametrize("lang", ["it", "en"])
def test_with_sound_the_cue_plays_and_no_word_is_added(harness_factory, lang):
    h = harness_factory(lang)
    assert h.audio.available
    h.start(ReaderScene(h.app, "guide"))
    assert h.press("x") == ""
    assert played(h)[-1] == "menu_error"
    h.start()
    assert h.press("enter")
    assert h.press("h") == ""
    assert played(h)[-1] == "menu_error"


@pytest.mark.parametrize("lang", ["it", "en"])
def test_a_key_answered_with_words_gets_no_extra_word(harness_factory, lang):
    h = harness_factory(lang, with_audio=False)
    h.start(ReaderScene(h.app, "guide"))
    said = h.press("down")  # the next paragraph: its words, and no "next"
    assert said
    assert "|" not in said


@pytest.mark.parametrize(("lang", "end"), [("it", "Non oltre."), ("en", "No further.")])
def test_past_the_end_of_the_guide_the_edge_is_a_word_without_sound(harness_factory, lang, end):
    """Down at the guide's last paragraph says it again (the edge's bump tells the end);
    without sound the paragraph alone read as if the key had moved on."""
    h = harness_factory(lang, with_audio=False)
    h.start(ReaderScene(h.app, "guide"))
    last = h.press("end")
    assert not last.startswith(end)
    assert h.press("down") == f"{end} {last}"
    sounding = harness_factory(lang)
    sounding.start(ReaderScene(sounding.app, "guide"))
    assert sounding.press("end") == sounding.press("down")  # the bump says it
    assert played(sounding)[-1] == "menu_edge"


@pytest.mark.parametrize(("lang", "end"), [("it", "Non oltre."), ("en", "No further.")])
def test_page_up_past_the_first_message_is_a_word_without_sound(harness_factory, lang, end):
    h = harness_factory(lang, with_audio=False)
    h.app.history.add("First words.")
    h.start()
    first = h.press("pageup", shift=True)
    assert first == "First words."
    assert h.press("pageup") == f"{end} First words."


@pytest.mark.parametrize(("lang", "end"), [("it", "Non oltre."), ("en", "No further.")])
def test_a_choice_at_its_last_value_is_a_word_without_sound(harness_factory, lang, end):
    """Left on the voice's rate at its slowest said the same value again, as if it had
    changed."""
    from audiogame.ui.options import OptionsScene

    h = harness_factory(lang, with_audio=False)
    h.start(OptionsScene(h.app))
    h.press("down")
    h.press("down")  # the built-in voice's rate: 300, in steps of 25 down to 100
    said = [h.press("left") for _ in range(10)]
    assert said[-1] == said[-2] and said[-1].startswith(f"{end} ")
    assert not said[0].startswith(f"{end} ")  # a real change says its value alone


@pytest.mark.parametrize(("lang", "end"), [("it", "Non oltre."), ("en", "No further.")])
def test_a_list_that_does_not_wrap_says_its_edge_without_sound(harness_factory, lang, end):
    from audiogame.ui.menu import MenuItem, MenuScene

    h = harness_factory(lang, with_audio=False)
    menu = MenuScene(h.app, title_id="options-title")
    menu.wrap = False
    menu.items = [MenuItem(lambda: "one", lambda: None), MenuItem(lambda: "two", lambda: None)]
    h.start(menu)
    assert h.press("down").startswith("two")
    assert h.press("down").startswith(f"{end} two")


@pytest.mark.parametrize(
    ("lang", "words"), [("it", ["Lanciati.", "Non ancora."]), ("en", ["Thrown.", "Not yet."])]
)
def test_a_throw_without_sound_says_what_it_did(harness_factory, lang, words):
    """Tira's throw (the dice's rattle) and Space again while the dice fly (a soft
    click), without sounds: each says what the key did, not "No sound." (the terminal's
    own walk, test_terminal_walk.py, plays it once through a real pty)."""
    h = harness_factory(lang, with_audio=False, seed=5)
    h.start()
    h.press("down")
    h.press("enter")  # Tira's setup
    h.press("enter")  # the briefing
    h.press("enter")  # the game
    go = "Via!" if lang == "it" else "Go!"
    assert h.run_until(lambda: any(go in said for said in h.transcript), 60)
    assert [h.press("space"), h.press("space")] == words
