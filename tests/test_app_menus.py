"""The foundation end to end: the real loop, posted keys, the recording speaker."""

import json

import pytest

from audiogame.store.settings import Settings


def test_start_options_switch_to_english_and_quit(harness_factory):
    h = harness_factory("it").start()
    assert h.transcript[0].startswith("Benvenuto in audiogame. Menu principale.")
    assert "1 di" in h.transcript[0]

    # walk down to Options (after the games) by its first letter
    said = h.press("o")
    assert said.startswith("Opzioni, ")
    said = h.press("enter")
    assert said.startswith("Opzioni. Lingua: italiano, 1 di")

    said = h.press("right")
    assert said == "English"  # the value is spoken in the new language at once
    assert h.app.localizer.lang == "en"
    said = h.press("down")
    assert said.startswith("Speech: automatic, using: recording, 2 of")
    said = h.press("escape")
    assert said.startswith("Main menu. Options, ") and " of " in said

    said = h.press("escape")
    assert said == "Do you really want to quit? Press Y for yes, N for no."
    said = h.press("n")
    assert said.startswith("Main menu. Options, ")  # back where we were, and told so
    assert h.app.running
    h.press("escape")
    h.press("y")
    assert not h.app.running

    saved = json.loads(h.settings_path.read_text())
    assert saved["language"] == "en"


def test_english_to_italian(harness_factory):
    h = harness_factory("en").start()
    assert h.transcript[0].startswith("Welcome to audiogame. Main menu.")
    h.press("o")
    assert h.press("enter").startswith("Options. Language: English, 1 of")
    assert h.press("left") == "italiano"
    assert h.press("escape").startswith("Menu principale. Opzioni, ")
    h.press("escape")
    assert h.last == "Vuoi davvero uscire? Premi S per sì, N per no."
    h.press("y")
    assert not h.app.running


def test_menu_wraps_with_edge_sound_and_speaks_position(harness_factory):
    h = harness_factory("en").start()
    total = len(h.app.top.items)
    said = h.press("up")
    assert said == f"Quit, {total} of {total}"
    assert h.app.announcer.cue_log[-1][0] == "menu_edge"
    said = h.press("down")
    assert said.endswith(f"1 of {total}")
    assert h.app.announcer.cue_log[-1][0] == "menu_edge"
    h.press("down")
    assert h.app.announcer.cue_log[-1][0] == "menu_move"
    h.press("home")
    assert h.press("end") == f"Quit, {total} of {total}"


def test_unknown_key_is_answered_with_a_sound(harness_factory):
    h = harness_factory("en").start()
    before = len(h.app.announcer.cue_log)
    h.press("f12")
    assert h.app.announcer.cue_log[-1][0] == "menu_error"
    assert len(h.app.announcer.cue_log) == before + 1


def test_f1_reads_keys_and_ctrl_f1_opens_the_guide(harness_factory):
    h = harness_factory("en").start()
    assert h.press("f1").startswith("Up and Down arrows to choose a game")
    said = h.press("f1", ctrl=True)
    assert said.startswith("Guide. Up and Down arrows to read, Escape to close.")
    second = h.press("down")
    assert second and second != said
    h.press("escape")
    assert h.last.startswith("Welcome") or " of " in h.last


@pytest.mark.parametrize(
    ("lang", "board", "size"),
    [
        ("en", "at a table the game itself", "Control plus 0 brings it back to normal"),
        ("it", "a un tavolo il gioco stesso", "Control più 0 lo riporta normale"),
    ],
)
def test_the_guide_says_what_the_window_shows_and_its_text_size_keys(
    harness_factory, lang, board, size
):
    """A newcomer reading the Guide to its end hears what the window shows now (the
    table in large print, not only the messages) and how to change its size."""
    h = harness_factory(lang).start()
    h.press("f1", ctrl=True)
    h.press("end")
    last = h.press("up") + " " + h.press("end")
    assert board in last and size in last


def test_history_walks_back_and_forth(harness_factory):
    h = harness_factory("en").start()
    h.press("down")
    h.press("down")
    spoken = [x for x in h.transcript]
    assert h.press("pageup") == spoken[-1]
    assert h.press("pageup") == spoken[-2]
    assert h.press("pagedown") == spoken[-1]
    assert h.press("pageup", shift=True) == spoken[0]
    assert h.press("pagedown", ctrl=True) == spoken[-1]


def test_ctrl_silences(harness_factory):
    h = harness_factory("en").start()
    h.press("ctrl")
    assert h.speaker.silenced == 1


def test_volume_keys(harness_factory):
    h = harness_factory("en").start()
    before = h.app.settings.cue_volume
    said = h.press("f7")
    assert h.app.settings.cue_volume == pytest.approx(before - 0.1)
    assert said == f"Sound volume {round((before - 0.1) * 100)} percent"
    h.press("f8", shift=True)
    assert h.app.settings.speech_volume == 1.0


def test_damaged_settings_are_kept_aside_and_announced(tmp_path, harness_factory):
    from audiogame.store.settings import load_settings

    path = tmp_path / "config" / "settings.json"
    path.parent.mkdir(parents=True)
    path.write_text("{ this is not json")
    result = load_settings(path)
    assert result.notice == "settings-damaged"
    assert result.kept_at is not None and result.kept_at.read_text() == "{ this is not json"
    assert isinstance(result.settings, Settings)

    h = harness_factory("en", settings=result.settings).start()
    h.app.notify(result.notice)
    h.app.step()
    assert "The settings file was damaged" in h.last


def test_settings_that_cannot_be_saved_are_reported_once(tmp_path, harness_factory):
    h = harness_factory("en").start()
    h.app.settings_path = tmp_path / "no" / "such"
    (tmp_path / "no").write_text("a file where a folder should be")
    h.press("f7")
    assert "I cannot save the settings" in " ".join(h.transcript)
    count = " ".join(h.transcript).count("I cannot save")
    h.press("f7")
    assert " ".join(h.transcript).count("I cannot save") == count
    assert h.app.settings.cue_volume < 0.8  # kept in memory


def test_background_work_runs_in_slices_and_finishes(harness_factory):
    h = harness_factory("en").start()
    done = []
    steps = iter(range(5))

    def task() -> bool:
        n = next(steps)
        if n == 4:
            done.append(True)
            return True
        return False

    h.app.idle_tasks.append(task)
    h.app.run_idle(budget=0.0)  # no budget: nothing runs
    assert not done
    h.advance(0.02)
    assert done and not h.app.idle_tasks


def test_a_failing_background_task_is_dropped_not_fatal(harness_factory):
    h = harness_factory("en").start()

    def broken() -> bool:
        raise RuntimeError("boom")

    h.app.idle_tasks.append(broken)
    h.advance(0.02)
    assert not h.app.idle_tasks and h.app.running


@pytest.mark.parametrize(
    "lang, heard",
    [
        ("en", "Speech: built-in voice, not available: using recording, 2 of"),
        ("it", "Voce: voce interna, non disponibile: in uso registrazione, 2 di"),
    ],
)
def test_a_chosen_speech_that_could_not_start_says_what_speaks_instead(
    harness_factory, lang, heard
):
    # no sound device: the built-in voice was chosen but the chain speaks with what it has
    h = harness_factory(lang, with_audio=False)
    h.app.settings.speech = "voice"
    h.start()
    h.press("o")
    h.press("enter")
    assert h.press("down").startswith(heard)


@pytest.mark.parametrize(
    ("lang", "said"), [("it", "Nessuno ospita, 1 di 1"), ("en", "Nessuno ospita, 1 of 1")]
)
def test_an_item_that_is_a_sentence_loses_its_full_stop_before_its_place(
    harness_factory, lang, said
):
    """'…l'elenco si riempie da solo., 1 di 1' (the list of this network's hosts, empty):
    a full stop and a comma read badly; the item's place follows the words."""
    from audiogame.ui.menu import MenuItem, MenuScene

    h = harness_factory(lang)
    menu = MenuScene(h.app, title_id="options-title")
    menu.items = [MenuItem(lambda: "Nessuno ospita.", lambda: None)]
    h.start(menu)
    assert h.press("down") == said
