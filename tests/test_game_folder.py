"""A game is one folder: each of ``tests/games/`` joins the app with no edit anywhere else.

The folder holds the whole game (engine, events, narration, a bot, its
controls, messages in both languages, its guide, its sounds and the script that
makes them); the app gives it every scene (its setup from its options, its
table from its controls, saving, online play). Put on ``AUDIOGAME_GAMES`` (only inside these tests:
others count the main menu's items), it is found, listed in the main menu,
played with keys through the real loop and heard, in Italian and in English.
The conformance suite (``test_game_contract.py``) checks its engine like any
shipped game's.
"""

from __future__ import annotations

import importlib.util
import re
import wave
from array import array
from pathlib import Path

import pytest
from fluent.syntax import ast, parse
from fluent.syntax.visitor import Visitor

from audiogame.games import registry
from audiogame.language.localizer import LANGUAGES
from audiogame.ui.main_menu import MainMenu

ROOT = Path(__file__).resolve().parents[1]
GAMES = ROOT / "tests" / "games"
#: every test game: a folder with a spec (its name is its id)
FOLDERS = sorted(p.name for p in GAMES.iterdir() if (p / "spec.py").is_file())
GAME_ID = "hiddendie"


@pytest.fixture(params=FOLDERS)
def game(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch):
    """Each test game, its folder on the variable for this test only."""
    monkeypatch.setenv(registry.ENV_VAR, str(GAMES))
    registry.reset()
    yield registry.get(request.param)
    monkeypatch.delenv(registry.ENV_VAR)
    registry.reset()


@pytest.fixture
def registered(monkeypatch: pytest.MonkeyPatch):
    """The test games' folder on the variable, for this test only: Hidden Die."""
    monkeypatch.setenv(registry.ENV_VAR, str(GAMES))
    registry.reset()
    yield registry.get(GAME_ID)
    monkeypatch.delenv(registry.ENV_VAR)
    registry.reset()


# -- found through the variable, and only through it ------------------------------------------


def test_without_the_variable_no_test_game_is_there(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(registry.ENV_VAR, raising=False)
    registry.reset()
    assert not set(FOLDERS) & set(registry.ids())
    assert len(FOLDERS) >= 2


def test_the_variable_brings_the_whole_game_from_its_folder(game) -> None:
    spec = game
    assert spec is not None
    assert registry.ids()[-len(FOLDERS) :] == tuple(FOLDERS)  # after the shipped games
    for where in (spec.locales, spec.sounds, spec.docs):
        assert where is not None and where.parent == GAMES / spec.id
    assert {cue.id for cue in spec.cues} <= {cue.id for cue in registry.cues()}
    assert all(cue.folder == spec.sounds for cue in registry.cues() if cue.group == spec.id)


@pytest.mark.parametrize("game_id", FOLDERS)
def test_no_file_outside_the_folder_names_the_game(game_id: str) -> None:
    """No list in the app, no shared message file, no shared sound or guide names it."""
    allowed = {
        ROOT / "tests" / "conftest.py",  # the network tests' game, among the test games
        ROOT / "tests" / "test_game_folder.py",
        ROOT / "tests" / "test_game_contract.py",
        ROOT / "tests" / "test_generic_rounds.py",  # the app's rounds, proved with a test game
        ROOT / "docs" / "adding-a-game.md",
    }
    naming = []
    for top in ("audiogame", "locales", "sounds", "docs", "tests", "benchmarks"):
        for path in (ROOT / top).rglob("*"):
            if GAMES / game_id in path.parents or path in allowed or not path.is_file():
                continue
            if path.suffix in {".py", ".ftl", ".md", ".toml", ".txt", ".json"}:
                if game_id in path.read_text(encoding="utf-8", errors="replace").lower():
                    naming.append(str(path.relative_to(ROOT)))
    naming += [p.name for p in (ROOT / "sounds").glob(f"{game_id}*")]
    assert naming == []


def test_a_die_under_its_cup_reaches_its_own_seat_alone(registered) -> None:
    """The rule the conformance suite cannot know: which facts are private."""
    from audiogame.core.contract import visible_to

    spec = registered
    engine = spec.new_engine({"players": 3, "target": 2, "think": 0}, 7, 0.0)
    events = engine.advance(0.0)
    rolled = [e for e in events if type(e).__name__ == "DieRolled"]
    assert [e.seat for e in rolled] == [0, 1, 2]
    for event in rolled:
        assert [visible_to(event, who) for who in (0, 1, 2, None)] == [
            who == event.seat for who in (0, 1, 2, None)
        ]
    assert all(visible_to(e, None) for e in events if e not in rolled)


# -- its messages, its sounds -----------------------------------------------------------------


class _Variables(Visitor):
    def __init__(self) -> None:
        self.names: set[str] = set()

    def visit_VariableReference(self, node: ast.VariableReference) -> None:  # noqa: N802
        self.names.add(node.id.name)


def folder_messages(lang: str, game_id: str = GAME_ID) -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for path in sorted((GAMES / game_id / "locales" / lang).glob("*.ftl")):
        resource = parse(path.read_text(encoding="utf-8"))
        assert not [e for e in resource.body if isinstance(e, ast.Junk)], path
        for entry in resource.body:
            if isinstance(entry, ast.Message):
                visitor = _Variables()
                visitor.visit(entry)
                found[entry.id.name] = visitor.names
    return found


def test_its_messages_exist_in_both_languages_with_the_same_variables(game) -> None:
    it, en = folder_messages("it", game.id), folder_messages("en", game.id)
    assert len(it) > 30
    assert it == en
    assert all(msg_id.startswith((f"{game.id}-", f"keys-{game.id}-")) for msg_id in it)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_its_messages_format_with_sample_values(game, lang: str) -> None:
    from audiogame.language.localizer import Localizer

    localizer = Localizer(lang, games=registry.message_folders)
    bundle = localizer.bundle(lang)
    for msg_id, names in folder_messages(lang, game.id).items():
        for sample in (0, 1, 3, "Anna"):
            text, errors = bundle.format_pattern(
                bundle.get_message(msg_id).value, dict.fromkeys(names, sample)
            )
            assert not errors and text.strip(), (msg_id, errors)
            assert "{" not in text, (msg_id, text)


def read_wav(path: Path) -> tuple[int, list[float]]:
    with wave.open(str(path)) as wav:
        assert (wav.getnchannels(), wav.getsampwidth()) == (1, 2), path.name
        rate = wav.getframerate()
        samples = array("h", wav.readframes(wav.getnframes()))
    return rate, [s / 32768 for s in samples]


def test_its_sounds_are_short_audible_click_free_and_remade_identically(
    game, tmp_path: Path
) -> None:
    spec = game
    script = GAMES / spec.id / "sounds" / "make_sounds.py"
    module_spec = importlib.util.spec_from_file_location(f"{spec.id}_make_sounds", script)
    assert module_spec is not None and module_spec.loader is not None
    maker = importlib.util.module_from_spec(module_spec)
    module_spec.loader.exec_module(maker)
    made = {path.name: path.read_bytes() for path in maker.make(tmp_path)}
    on_disk = {path.name: path.read_bytes() for path in (GAMES / spec.id / "sounds").glob("*.wav")}
    assert made == on_disk, "the committed sounds are not what the script makes"
    assert set(on_disk) == {f"{cue.id}.wav" for cue in spec.cues}
    for cue in spec.cues:
        rate, samples = read_wav(spec.sounds / f"{cue.id}.wav")
        assert rate == 22050
        assert 0.02 <= len(samples) / rate <= cue.max_seconds, cue.id
        assert 0.05 < max(abs(s) for s in samples) <= 0.9, cue.id
        assert abs(samples[0]) < 0.01 and abs(samples[-1]) < 0.01, cue.id


# -- in the main menu, played with keys ----------------------------------------------------------

WORDS = {
    "it": {
        "title": "Dado coperto",
        "setup": "Dado coperto, preparazione. Inizia la partita, 1 di 5",
        "rolled": r"Sotto il tuo bicchiere: (\d)\.",
        "my turn": "Tocca a te: R per ritirare, K per tenere.",
        "die": "Il tuo dado: {}.",
        "keep": "Tieni il tuo dado.",
        "not my turn": "Non tocca a te.",
        "lifted": r"Si scoprono i dadi, mano 1: (.*?)\.",
        "me": "tu {}",
        "mine": "Il punto è tuo!",
        "shared": "Dividi il punto con",
        "theirs": "Punto per",
        "scores": "Punteggi:",
        "keys": "R ritira il dado, K o Spazio lo tiene",
        "leave": "Vuoi lasciare la partita? Premi S per sì, N per no.",
        "board": ["Mano 1: tocca a te", "Il tuo dado: {}"],
    },
    "en": {
        "title": "Hidden Die",
        "setup": "Hidden Die, setup. Start the game, 1 of 5",
        "rolled": r"Under your cup: (\d)\.",
        "my turn": "Your turn: R rolls again, K keeps.",
        "die": "Your die: {}.",
        "keep": "You keep your die.",
        "not my turn": "It is not your turn.",
        "lifted": r"Cups up, round 1: (.*?)\.",
        "me": "you {}",
        "mine": "You take the point!",
        "shared": "You share the point with",
        "theirs": "takes the point",
        "scores": "Scores:",
        "keys": "R rolls your die again, K or Space keeps it",
        "leave": "Leave the game? Press Y for yes, N for no.",
        "board": ["Round 1: your turn", "Your die: {}"],
    },
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_found_in_the_main_menu_opened_and_a_round_played_with_keys(
    registered, harness_factory, lang: str
) -> None:
    words = WORDS[lang]
    h = harness_factory(lang, window=True).start()
    menu = h.app.top
    assert isinstance(menu, MainMenu)
    total = len(menu.items)
    said = ""
    for _ in range(total):
        said = h.press("down")
        if said.startswith(words["title"]):
            break
    assert said.startswith(f"{words['title']}, "), said

    assert h.press("enter").startswith(words["setup"])
    said = h.press("enter")  # Start the game: the first round is dealt at once
    rolled = re.search(words["rolled"], said)
    assert rolled, said
    mine = int(rolled.group(1))
    assert words["my turn"] in said
    assert ("hiddendie_roll", 0.0) in h.app.announcer.cue_log
    assert h.audio.available and h.audio.missing == ()

    # the window shows the game's own board, drawn by the app's one renderer
    assert h.app.window is not None
    title, die = words["board"]
    assert h.app.window.shown[:2] == [title, die.format(mine)]
    assert h.press("v") == words["die"].format(mine)
    assert h.press("f1").startswith(words["keys"])
    assert h.press("k").startswith(words["keep"])
    assert h.press("r") == words["not my turn"]

    heard = h.advance(4.0)  # the bot decides within 1.6 s, then the cups are lifted
    lifted = re.search(words["lifted"], heard)
    assert lifted, heard
    shown = lifted.group(1)
    assert words["me"].format(mine) in shown
    values = [int(v) for v in re.findall(r"\d", shown)]
    best = max(values)
    if mine == best and values.count(best) == 1:
        assert words["mine"] in heard
    elif mine == best:
        assert words["shared"] in heard
    else:
        assert words["theirs"] in heard
    assert words["scores"] in heard

    said = h.press("f1", ctrl=True)  # the game's own guide, from its folder
    assert words["title"] in said, said
    h.press("escape")
    assert h.press("escape") == words["leave"]
    h.press("y")
    assert h.app.top is menu
    # left half-way, the match was kept (the app's generic saving): the menu offers it
    assert words["title"] in menu.items[0].label()


# -- a game of another shape, with no scene of its own: Show or Fold --------------------------

SHOWFOLD = {
    "it": {
        "title": "Mostra o passa",
        "setup": "Mostra o passa, preparazione. Inizia la partita, 1 di",
        "die": r"Il tuo dado: (\d)\. S lo mostra, F passa\.",
        "asked": "Il tuo dado: {}. Non hai ancora scelto.",
        "show": "Mostrerai il dado.",
        "again": "Hai già scelto: aspetta che la mano sia svelata.",
        "revealed": "Mano 1 svelata:",
        "scores": "Punteggi:",
        "leave": "Vuoi lasciare la partita? Premi S per sì, N per no.",
        "resume": "Riprendi",
        "board": "Mano 2: si sceglie",
    },
    "en": {
        "title": "Show or Fold",
        "setup": "Show or Fold, setup. Start the game, 1 of",
        "die": r"Your die: (\d)\. S shows it, F folds\.",
        "asked": "Your die: {}. You have not chosen yet.",
        "show": "You will show.",
        "again": "You have chosen already: wait for the reveal.",
        "revealed": "Round 1 revealed:",
        "scores": "Scores:",
        "leave": "Leave the game? Press Y for yes, N for no.",
        "resume": "Resume",
        "board": "Round 2: choosing",
    },
}


@pytest.fixture
def showfold(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv(registry.ENV_VAR, str(GAMES))
    registry.reset()
    yield registry.get("showfold")
    monkeypatch.delenv(registry.ENV_VAR)
    registry.reset()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_show_or_fold_is_set_up_played_left_and_resumed_through_the_apps_own_scenes(
    showfold, harness_factory, lang: str
) -> None:
    """No scene in its folder: the app's setup (from its options), its table (from its
    controls), its saving and its resume; a round played with keys and heard."""
    from audiogame.ui.game_table import GameTable

    words = SHOWFOLD[lang]
    h = harness_factory(lang, window=True).start()
    menu = h.app.top
    assert isinstance(menu, MainMenu)
    said = ""
    for _ in range(len(menu.items)):
        said = h.press("down")
        if said.startswith(words["title"]):
            break
    assert h.press("enter").startswith(words["setup"])
    said = h.press("enter")  # Start the game: the first round is dealt at once
    rolled = re.search(words["die"], said)
    assert rolled, said
    table = h.app.top
    assert isinstance(table, GameTable)
    assert h.press("v") == words["asked"].format(rolled.group(1))
    assert h.press("s").startswith(words["show"])
    assert h.press("s") == words["again"]  # the game's refusal, in the player's words
    heard = h.advance(4.0)  # the bot chooses within 1.8 s: the round is revealed
    assert words["revealed"] in heard and words["scores"] in heard, heard
    assert h.app.window is not None and h.app.window.shown[0] == words["board"]

    kept = table.match_state()["engine"]
    assert h.press("escape") == words["leave"]
    h.press("y")
    assert h.app.top is menu and words["resume"] in menu.items[0].label()
    menu.index = 0
    h.press("enter")  # the saved match, rebuilt from the generic envelope
    resumed = h.app.top
    assert isinstance(resumed, GameTable) and resumed is not table
    assert resumed.match_state()["engine"]["log"][: len(kept["log"])] == kept["log"]
    assert words["scores"] in h.press("p")


def test_show_or_fold_is_played_online_from_two_web_pages(showfold, tmp_path) -> None:
    """The server runs it, a page plays it by its controls' keys, with no edit elsewhere."""
    import asyncio

    from audiogame.devtools.net_harness import ServerThread
    from audiogame.devtools.web_harness import WebPage, press
    from audiogame.net.server.options import ServerOptions

    def said(page: WebPage, msg_id: str) -> int:
        return sum(1 for line in page.lines() if line["id"] == msg_id)

    def spoken(page: WebPage) -> str:
        return " ".join(u["text"] for f in page.frames if f["type"] == "out" for u in f["speech"])

    async def run(server: ServerThread) -> tuple[WebPage, WebPage]:
        anna = await WebPage(server.url, "Anna").open()
        config = {"players": 2, "target": 2, "think": 0}
        await anna.send({"type": "create-table", "game": "showfold", "config": config})
        await anna.until(lambda: anna.last("at-table") is not None)
        lobby = anna.last("lobby")
        code = anna.last("at-table")["code"]
        ugo = await WebPage(server.url, "Ugo", lang="it").open()
        await ugo.send({"type": "join-table", "code": code})
        await ugo.until(lambda: ugo.last("at-table") is not None)
        await anna.send(press("Enter", "Enter"))
        await anna.until(lambda: said(anna, "showfold-your-die") >= 1)
        await ugo.until(lambda: said(ugo, "showfold-your-die") >= 1)
        await anna.send(press("s", "KeyS"))
        await ugo.send(press("f", "KeyF"))
        await anna.until(lambda: said(anna, "showfold-revealed") >= 1)
        await ugo.until(lambda: said(ugo, "showfold-revealed") >= 1)
        await anna.send(press("F1", "F1"))
        await anna.until(lambda: "S shows your die, F folds it" in spoken(anna))
        await anna.close()
        await ugo.close()
        assert lobby is None or "showfold" in [g["id"] for g in lobby["games"]]
        return anna, ugo

    with ServerThread(tmp_path, ServerOptions()) as server:
        anna, ugo = asyncio.run(run(server))
    assert said(anna, "showfold-you-show") == 1 and said(ugo, "showfold-you-fold") == 1
    assert said(anna, "showfold-chose") == 1  # Ugo chose: that, never what
    assert "S shows your die, F folds it" in spoken(anna)  # F1: the game's keys at the page
