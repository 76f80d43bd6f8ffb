"""The longest message a player must hear in full, per game and language (issue 29, item 11).

The real app (``Harness``: the recording speaker, the virtual clock) plays, in
Italian and English:

- Domino: the tables of ``message_words.py`` (2 players to 25 points; 4; 4 in 2
  teams; 6 in 3 teams with a set, a manche limit and a rule), and 4 in 2 teams
  against hard bots with 10 s of thinking time, you playing by keys (the arrows
  to the first tile that fits, then its end's key); each match is also left
  after a few manches and resumed from the main menu;
- Tira e Passa: a game of 3 in assisted mode (Space a second after each
  landing) and one of 4 in manual mode (Enter on each die to send), each left
  between rounds and in a race and resumed;
- F1 in the main menu, a setup and each table (each part F1 steps through).

Every utterance the speaker was handed is counted, answers to keys apart from
game events (what one frame queued, said as one utterance). Printed: the
longest of each kind per game and language, with its words.

    uv run python benchmarks/longest_messages.py [--lang it en] [--texts]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from message_words import TABLES, Table  # noqa: E402

from audiogame.devtools.domino_keys import my_move_keys  # noqa: E402
from audiogame.devtools.harness import Harness  # noqa: E402
from audiogame.devtools.tira_keys import throw_due  # noqa: E402
from audiogame.games.domino import Phase  # noqa: E402
from audiogame.games.tirapassa.observation import Phase as TiraPhase  # noqa: E402
from audiogame.games.tirapassa.options import Control  # noqa: E402
from audiogame.games.tirapassa.table_setup import TableSetup  # noqa: E402
from audiogame.ui.games.domino.table import DominoTable  # noqa: E402
from audiogame.ui.games.tira.table import TiraTable  # noqa: E402

TARGET = 25
HARD_TEAMS = Table(
    "4 in 2 teams, hard bots, 10 s thinking time",
    ("hard", "hard", "hard"),
    (0, 1, 0, 1),
    (("thinking-time", 10),),
)


def words(text: str) -> int:
    return len(text.split())


@dataclass
class Longest:
    """The longest utterance of each kind heard, per (game, language)."""

    found: dict[tuple[str, str, str], tuple[int, str]] = field(default_factory=dict)

    def add(self, game: str, lang: str, kind: str, text: str) -> None:
        key = (game, lang, kind)
        if words(text) > self.found.get(key, (0, ""))[0]:
            self.found[key] = (words(text), text)

    def heard(self, h: Harness, game: str, lang: str, since: int = 0) -> None:
        for said in h.speaker.spoken[since:]:
            self.add(game, lang, "answer" if said.interrupt else "event", said.text)


def leave_and_resume(h: Harness, table_type: type) -> object:
    """Escape at the table and out to the main menu (a table menu's last item, a
    question), then Enter on the main menu's first item: the saved match."""
    from audiogame.ui.main_menu import MainMenu

    h.press("escape")
    for _ in range(6):
        if isinstance(h.app.top, MainMenu):
            break
        h.press("end")
        h.press("enter")
        h.press("y")
    h.press("home")
    h.press("enter")
    assert isinstance(h.app.top, table_type)
    return h.app.top


def domino(lang: str, table: Table, longest: Longest, seed: int = 1) -> None:
    from audiogame.ui.main_menu import MainMenu

    h = Harness(Path(tempfile.mkdtemp()), lang=lang, seed=seed)
    h.start(MainMenu(h.app))
    scene = DominoTable(h.app, table.setup(), seed, home=h.app.top, iterations=200)
    h.app.push(scene)
    left = False
    while scene.view().phase is not Phase.OVER and h.clock.now() < 40_000:
        view = scene.view()
        if not left and view.manche >= 3 and view.phase is Phase.PLAYING:
            left = True
            scene = leave_and_resume(h, DominoTable)  # type: ignore[assignment]
            continue
        if view.my_turn:
            h.advance(0.5)
            if scene.view().my_turn:
                for key in my_move_keys(scene):
                    h.press(key)
        else:
            h.advance(0.25)
    h.advance(1.0)
    longest.heard(h, "Domino", lang)
    h.close()


def tira(lang: str, control: Control, players: int, longest: Longest, seed: int = 1) -> None:
    from audiogame.ui.main_menu import MainMenu

    h = Harness(Path(tempfile.mkdtemp()), lang=lang, seed=seed)
    h.start(MainMenu(h.app))
    table = TiraTable(h.app, TableSetup(players=players, control=control), seed, home=h.app.top)
    h.app.push(table)
    resumed: set[TiraPhase] = set()
    while not table.finished and h.clock.now() < 20_000:
        obs = table.observation()
        if obs.round >= 2 and obs.phase in (TiraPhase.BETWEEN_ROUNDS, TiraPhase.RACING):
            if obs.phase not in resumed:
                resumed.add(obs.phase)
                table = leave_and_resume(h, TiraTable)  # type: ignore[assignment]
                continue
        if control is Control.MANUAL:
            if obs.phase in (TiraPhase.RACING, TiraPhase.CALM) and obs.hand:
                h.press("enter" if any(f is not None for f in obs.hand) else "space")
        elif throw_due(table, h.clock.now(), 1.0):
            h.press("space")
        h.advance(0.05 if control is Control.ASSISTED else 0.4)
    h.advance(1.0)
    longest.heard(h, "Tira", lang)
    h.close()


def f1_parts(lang: str, longest: Longest) -> None:
    """Every part of F1 in the main menu, Domino's setup and table, Tira's table."""
    h = Harness(Path(tempfile.mkdtemp()), lang=lang).start()

    def parts(where: str) -> None:
        seen: set[str] = set()
        for _ in range(12):
            said = h.press("f1")
            if said in seen:
                break
            seen.add(said)
            longest.add("F1", lang, where, said)

    parts("main menu")
    h.press("enter")
    parts("setup")
    h.press("enter")
    h.advance(3.0)
    parts("table")
    h.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lang", nargs="+", default=["it", "en"])
    parser.add_argument("--texts", action="store_true", help="show the longest of each")
    parser.add_argument("--quick", action="store_true", help="fewer tables")
    args = parser.parse_args()
    longest = Longest()
    runs: list[Callable[[str], None]] = [
        lambda lang: f1_parts(lang, longest),
        lambda lang: tira(lang, Control.ASSISTED, 3, longest),
        lambda lang: tira(lang, Control.MANUAL, 4, longest),
        lambda lang: domino(lang, HARD_TEAMS, longest),
    ]
    if not args.quick:
        runs += [lambda lang, t=t: domino(lang, t, longest) for t in TABLES]
    for lang in args.lang:
        for run in runs:
            run(lang)
    print(f"longest message per game and language (target: at most about {TARGET} words)")
    for (game, lang, kind), (n, text) in sorted(longest.found.items()):
        print(f"{game:7} {lang:3} {kind:10} {n:4}" + (f"  {text}" if args.texts else ""))


if __name__ == "__main__":
    main()
