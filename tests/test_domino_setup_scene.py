"""The domino table setup through the real loop: players, levels, teams, options,
refusals, and the setup remembered next time."""

from __future__ import annotations

import json

import pytest

from audiogame.devtools.harness import DISK_WAIT
from audiogame.games.domino.options import OPTIONS
from audiogame.ui.games.domino.setup_scene import DominoSetupScene
from audiogame.ui.games.domino.table import DominoTable

ROWS = 15  # start, you, three bots, teams, eight options, bot pace

WORDS = {
    "it": {
        "title": f"Domino, preparazione del tavolo. Inizia la partita, 1 di {ROWS}. "
        "Invio comincia da qualsiasi riga.",
        "you": f"Tu, 2 di {ROWS}. B aggiunge un bot, Maiuscolo B toglie l'ultimo.",
        "marco": f"Marco, bot normale, 3 di {ROWS}. "
        "Frecce sinistra e destra cambiano il livello del bot.",
        "hard": "Marco, bot difficile",
        "expert": "Marco, bot esperto",
        "teams": f"Squadre: individuale, 6 di {ROWS}. Tutti contro tutti, o da 2 a 6 squadre "
        "uguali; Maiuscolo R forma squadre a caso.",
        "two-teams": "2 squadre. Squadre: la tua squadra: tu, Giulia; squadra 2: Marco, Luca.",
        "set": f"Set: doppio 6: 28 tessere, fino a 4 giocatori, 7 di {ROWS}. Quali tessere si "
        "usano; un set più grande serve a più giocatori.",
        "double-9": "doppio 9: 55 tessere, fino a 6 giocatori",
        "added": "Sara si siede al tavolo, normale. 5 giocatori.",
        "full": "Il tavolo è pieno: 12 giocatori al massimo.",
        "removed": "Sara lascia il tavolo. 4 giocatori.",
        "too-few": "Servono almeno 2 giocatori.",
        "refused": "Il set doppio 6 non basta per 5 giocatori: ne regge 4 al massimo. "
        "Scegli un set più grande.",
        "random": "Squadre a caso. ",
        "no-teams": "In 3 non si possono fare squadre uguali.",
        "dropped": "Luca lascia il tavolo. 3 giocatori. "
        "In 3 non si fanno squadre uguali: si gioca individuale.",
        "thinking": "Tempo di riflessione: disattivato",
        "ten": "10 secondi",
        "pace": "Ritmo dei bot: 1,5 secondi",
        "keys": "B aggiunge un bot",
    },
    "en": {
        "title": f"Domino, table setup. Start the match, 1 of {ROWS}. Enter starts from any row.",
        "you": f"You, 2 of {ROWS}. B adds a bot, Shift B removes the last one.",
        "marco": f"Marco, normal bot, 3 of {ROWS}. Left and right arrows change the bot's level.",
        "hard": "Marco, hard bot",
        "expert": "Marco, expert bot",
        "teams": f"Teams: individual, 6 of {ROWS}. Everyone for themselves, or 2 to 6 equal "
        "teams; Shift R deals random teams.",
        "two-teams": "2 teams. Teams: your team: you, Giulia; team 2: Marco, Luca.",
        "set": f"Set: double 6: 28 tiles, up to 4 players, 7 of {ROWS}. Which tiles are used; "
        "a bigger set seats more players.",
        "double-9": "double 9: 55 tiles, up to 6 players",
        "added": "Sara joins, normal. 5 players.",
        "full": "The table is full: 12 players at most.",
        "removed": "Sara leaves. 4 players.",
        "too-few": "At least 2 players are needed.",
        "refused": "The double 6 set is not enough for 5 players: it seats 4 at most. "
        "Choose a bigger set.",
        "random": "Random teams. ",
        "no-teams": "3 players cannot form equal teams.",
        "dropped": "Luca leaves. 3 players. 3 players cannot form equal teams: individual play.",
        "thinking": "Thinking time: off",
        "ten": "10 seconds",
        "pace": "Bot pace: 1.5 seconds",
        "keys": "B adds a bot",
    },
}


def open_setup(h, lang: str) -> DominoSetupScene:
    h.start()
    assert h.press("enter") == WORDS[lang]["title"]
    scene = h.app.top
    assert isinstance(scene, DominoSetupScene)
    return scene


def row_of(scene: DominoSetupScene, label_start: str) -> int:
    return next(i for i, item in enumerate(scene.items) if item.label().startswith(label_start))


@pytest.mark.parametrize("lang", ["it", "en"])
def test_players_levels_and_options_are_spoken_with_a_description(harness_factory, lang):
    words = WORDS[lang]
    h = harness_factory(lang)
    scene = open_setup(h, lang)
    assert h.press("down") == words["you"]
    assert h.press("down") == words["marco"]
    assert h.press("right") == words["hard"]
    assert h.app.announcer.cue_log[-1][0] == "toggle"
    assert h.press("right") == words["expert"]
    assert h.press("right") == words["expert"]  # the last level: an edge, nothing changes
    assert h.app.announcer.cue_log[-1][0] == "menu_edge"
    h.press("down")
    h.press("down")
    assert h.press("down") == words["teams"]
    assert h.press("right") == words["two-teams"]
    assert h.press("left").startswith(words["teams"].split(",")[0].split(":")[1].strip())
    assert h.press("down") == words["set"]
    assert h.press("right") == words["double-9"]
    h.press("left")
    # every option of the spec has a row, a value and a description
    for option in OPTIONS:
        label = h.app.localizer(f"domino-option-{option.id}")
        index = row_of(scene, label)
        assert scene.item_text(index).endswith(h.app.localizer(f"domino-option-{option.id}-desc"))
    thinking = row_of(scene, words["thinking"])
    while scene.index != thinking:
        h.press("down")
    assert h.press("right") == words["ten"]
    assert scene.setup.options["thinking-time"] == 10
    h.press("end")
    assert h.transcript[-1].startswith(words["pace"])
    # F1 says the keys in parts, F1 again the next: the bot's key is in one of them
    parts = [h.press("f1") for _ in range(6)]
    assert any(words["keys"] in part for part in parts), parts


@pytest.mark.parametrize("lang", ["it", "en"])
def test_bots_come_and_go_within_the_limits(harness_factory, lang):
    words = WORDS[lang]
    h = harness_factory(lang)
    scene = open_setup(h, lang)
    assert h.press("b") == words["added"]
    assert len(scene.items) == ROWS + 1
    assert h.press("b", shift=True) == words["removed"]
    for _ in range(8):
        h.press("b")
    assert scene.setup.players == 12
    assert h.press("b") == words["full"]
    assert h.app.announcer.cue_log[-1][0] == "menu_error"
    for _ in range(10):
        h.press("b", shift=True)
    assert scene.setup.players == 2
    assert h.press("b", shift=True) == words["too-few"]
    assert h.app.announcer.cue_log[-1][0] == "menu_error"


@pytest.mark.parametrize("lang", ["it", "en"])
def test_a_set_that_cannot_seat_the_players_is_refused_with_the_reason(harness_factory, lang):
    words = WORDS[lang]
    h = harness_factory(lang)
    scene = open_setup(h, lang)
    h.press("b")
    assert h.press("enter") == words["refused"]
    assert h.app.top is scene and h.app.announcer.cue_log[-1][0] == "menu_error"
    set_row = row_of(scene, h.app.localizer("domino-option-set"))
    while scene.index != set_row:
        h.press("down")
    h.press("right")
    h.press("enter")
    assert isinstance(h.app.top, DominoTable)
    assert h.app.top.config.set_id == "double-9" and h.app.top.config.seats == 5


@pytest.mark.parametrize("lang", ["it", "en"])
def test_random_teams_are_spoken_and_reshuffled(harness_factory, lang):
    words = WORDS[lang]
    h = harness_factory(lang)
    scene = open_setup(h, lang)
    layouts = set()
    for _ in range(6):
        said = h.press("r", shift=True)
        assert said.startswith(words["random"])
        assert h.app.announcer.cue_log[-1][0] == "shuffle"
        teams = scene.setup.teams
        assert teams is not None and sorted(teams) == [0, 0, 1, 1]
        layouts.add(teams)
        # the spoken teams are the dealt ones: my partner is named in my team
        partner = next(s for s in range(1, 4) if teams[s] == teams[0])
        mine = {"it": "la tua squadra: tu, ", "en": "your team: you, "}[lang]
        # (a capital when the list opens a sentence: "Squadre a caso. La tua squadra")
        assert (mine + scene.setup.names()[partner]).lower() in said.lower()
    assert len(layouts) > 1
    # three players cannot form equal teams: the teams go, and Shift+R says why
    assert h.press("b", shift=True) == words["dropped"]
    assert scene.setup.teams is None
    assert h.press("r", shift=True) == words["no-teams"]


def test_the_last_setup_is_remembered(harness_factory, tmp_path):
    h = harness_factory("it")
    scene = open_setup(h, "it")
    h.press("b")
    h.press("down")
    h.press("down")
    h.press("right")  # Marco: hard
    set_row = row_of(scene, "Set")
    while scene.index != set_row:
        h.press("down")
    h.press("right")  # double 9
    h.press("r", shift=True)  # 5 players: no equal teams, nothing changes
    saved = json.loads(h.settings_path.read_text())["setups"]["domino"]
    assert saved["levels"] == ["hard", "normal", "normal", "normal"]
    assert saved["options"]["set"] == "double-9"
    h.press("escape")
    h.press("enter")
    again = h.app.top
    assert isinstance(again, DominoSetupScene) and again is not scene
    assert again.setup.to_dict() == scene.setup.to_dict()
    # a damaged entry falls back to the defaults, never fails
    h.app.settings.setups["domino"] = {"levels": "many", "options": {"set": "double-99"}}
    h.press("escape")
    h.press("enter")
    assert h.app.top.setup.players == 4 and h.app.top.setup.options["set"] == "double-6"


def go_to(h, scene: DominoSetupScene, index: int) -> str:
    """Down (or Up) to row ``index``; what the last move said."""
    said = ""
    while scene.index != index:
        said = h.press("down" if scene.index < index else "up")
    return said


CONTRADICTIONS = {
    "it": {
        "forbid-on": "sì. Disattivata anche: pescare fino a trovare la tessera che attacca.",
        "greyed": "Pescare fino a trovare la tessera che attacca: non disponibile, la presa "
        "nell'ossario è vietata",
        "refused": "Non disponibile: la presa nell'ossario è vietata.",
        "no-teams": "Non disponibile: si gioca senza squadre.",
        "teams-off": "individuale. Disattivata anche: modalità di conclusione per squadra.",
        "you": "Tu, squadra 1",
        "marco": "Marco, bot normale, squadra 2",
        "giulia": "Giulia, bot normale, squadra 1",
        "you-fixed": "Questa riga sei tu: non c'è niente da cambiare. Le frecce cambiano il "
        "livello dei bot, nelle righe seguenti.",
    },
    "en": {
        "forbid-on": "yes. Also turned off: draw until a tile fits.",
        "greyed": "Draw until a tile fits: not available, drawing is forbidden",
        "refused": "Not available: drawing is forbidden.",
        "no-teams": "Not available: there are no teams.",
        "teams-off": "individual. Also turned off: team finish mode.",
        "you": "You, team 1",
        "marco": "Marco, normal bot, team 2",
        "giulia": "Giulia, normal bot, team 1",
        "you-fixed": "This row is you: nothing to change here. The arrows change the bots' "
        "levels, on the rows below.",
    },
}


@pytest.mark.parametrize("lang", ["it", "en"])
def test_contradictory_options_are_greyed_with_the_reason(harness_factory, lang):
    words = CONTRADICTIONS[lang]
    h = harness_factory(lang)
    scene = open_setup(h, lang)
    t = h.app.localizer
    until = row_of(scene, t("domino-option-draw-until-fits"))
    forbid = row_of(scene, t("domino-option-forbid-drawing"))
    go_to(h, scene, until)
    h.press("right")
    assert scene.setup.options["draw-until-fits"] is True
    go_to(h, scene, forbid)
    # forbidding drawing turns drawing until a tile fits off, and says so
    assert h.press("right") == words["forbid-on"]
    assert scene.setup.options["draw-until-fits"] is False
    assert go_to(h, scene, until).startswith(words["greyed"])
    assert h.press("right") == words["refused"]
    assert h.app.announcer.cue_log[-1][0] == "menu_error"
    assert scene.setup.options["draw-until-fits"] is False
    assert scene.setup.config().draw_until_fits is False
    # team finish means nothing without teams: refused; with teams it goes, and
    # back to individual play it is turned off again
    finish = row_of(scene, t("domino-option-team-finish"))
    go_to(h, scene, finish)
    assert h.press("right") == words["no-teams"]
    assert scene.setup.options["team-finish"] is False
    teams = row_of(scene, t("domino-setup-teams"))
    go_to(h, scene, teams)
    h.press("right")
    go_to(h, scene, finish)
    h.press("right")
    assert scene.setup.options["team-finish"] is True
    go_to(h, scene, teams)
    h.press("left")
    assert h.transcript[-1] == words["teams-off"]
    assert scene.setup.options["team-finish"] is False
    # what was said is what is saved
    h.app.flush_settings(DISK_WAIT)
    saved = json.loads(h.settings_path.read_text())["setups"]["domino"]["options"]
    assert saved["forbid-drawing"] is True and saved["draw-until-fits"] is False
    assert saved["team-finish"] is False


@pytest.mark.parametrize("lang", ["it", "en"])
def test_player_rows_name_the_team_and_my_row_says_why_it_does_not_change(harness_factory, lang):
    words = CONTRADICTIONS[lang]
    h = harness_factory(lang)
    scene = open_setup(h, lang)
    go_to(h, scene, row_of(scene, h.app.localizer("domino-setup-teams")))
    h.press("right")  # two teams, alternating: you and Giulia, Marco and Luca
    assert go_to(h, scene, 1).startswith(words["you"] + ",")
    assert h.press("left") == words["you-fixed"]
    assert h.app.announcer.cue_log[-1][0] == "menu_error"
    assert h.press("right") == words["you-fixed"]
    assert h.press("down").startswith(words["marco"] + ",")
    assert h.press("down").startswith(words["giulia"] + ",")


NO_END = {
    "it": {
        "points-refused": "Il limite di punti si può disattivare solo con un numero di manche "
        "da giocare, perché la partita possa finire: scegli prima le manche. Resta: 25 punti.",
        "manches-refused": "Le manche possono essere senza limite solo con un limite di punti, "
        "perché la partita possa finire: scegli prima un limite di punti. Resta: una manche.",
        "one-manche": "una manche",
        "off": "disattivato",
    },
    "en": {
        "points-refused": "The point limit can be off only with a number of manches to play, "
        "so that the match can end: choose the manches first. Still: 25 points.",
        "manches-refused": "The manches can be unlimited only with a point limit, so that the "
        "match can end: choose a point limit first. Still: one manche.",
        "one-manche": "one manche",
        "off": "off",
    },
}


@pytest.mark.parametrize("lang", ["it", "en"])
def test_a_match_that_could_not_end_is_refused_as_the_limits_are_chosen(harness_factory, lang):
    """No point limit and no manche limit: refused the moment the arrows make it,
    with the reason and the value kept, not later at Enter."""
    words = NO_END[lang]
    h = harness_factory(lang)
    scene = open_setup(h, lang)
    t = h.app.localizer
    points = row_of(scene, t("domino-option-point-limit"))
    manches = row_of(scene, t("domino-option-manche-limit"))
    go_to(h, scene, points)
    for _ in range(3):  # 100 -> 75 -> 50 -> 25
        h.press("left")
    assert h.press("left") == words["points-refused"]
    assert h.app.announcer.cue_log[-1][0] == "menu_error"
    assert scene.setup.options["point-limit"] == 25
    # a manche limit first: then the points may go off
    go_to(h, scene, manches)
    assert h.press("right") == words["one-manche"]
    go_to(h, scene, points)
    assert h.press("left") == words["off"]
    assert scene.setup.options["point-limit"] == 0
    go_to(h, scene, manches)
    assert h.press("left") == words["manches-refused"]
    assert h.app.announcer.cue_log[-1][0] == "menu_error"
    assert scene.setup.options["manche-limit"] == 1
    # what the player chose is kept, and the match starts with it
    h.app.flush_settings(DISK_WAIT)
    saved = json.loads(h.settings_path.read_text())["setups"]["domino"]["options"]
    assert saved["point-limit"] == 0 and saved["manche-limit"] == 1
    h.press("enter")
    assert isinstance(h.app.top, DominoTable)
    assert h.app.top.config.point_limit == 0 and h.app.top.config.manche_limit == 1
