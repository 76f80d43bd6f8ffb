"""What reaches the speakers at the Tira & Passa table: SDL's disk driver writes the
mixed sound to a file, so we can check that a die I pass left is heard on the left."""

from __future__ import annotations

import time
from array import array

import pygame
import pytest

from audiogame.games.tirapassa import EDITION_COASTERS, Symbol
from audiogame.games.tirapassa.table_setup import TableSetup
from audiogame.ui.games.tira.table import TiraTable

SUPREME = Symbol.HAMSA
MY_COASTER = EDITION_COASTERS[0]  # clover on the left, cat on the right


@pytest.fixture
def disk_harness(harness_factory, monkeypatch, tmp_path):
    raw = tmp_path / "mix.raw"
    pygame.mixer.quit()
    monkeypatch.setenv("SDL_AUDIODRIVER", "disk")
    monkeypatch.setenv("SDL_DISKAUDIOFILE", str(raw))
    monkeypatch.setenv("SDL_DISKAUDIODELAY", "1")  # ~11x faster than real time
    h = harness_factory("it")
    assert h.audio.available
    yield h, raw
    h.close()
    pygame.mixer.quit()


def quiet(h, raw, timeout: float = 30.0) -> None:
    """Wait (real time) until the mixer has finished every sound and the driver has
    written it: four buffers more on disk than when the mixer fell silent (a fixed
    pause may be short on a loaded machine, whose driver thread runs late). The timeout
    only ends a wait that would never end."""
    deadline = time.monotonic() + timeout
    while pygame.mixer.get_busy():
        assert time.monotonic() < deadline, "the mixer never fell silent"
        time.sleep(0.005)
    written = raw.stat().st_size + 4 * h.audio.buffer * 4  # stereo, 16 bits a sample
    while raw.stat().st_size < written:
        assert time.monotonic() < deadline, "the driver stopped writing"
        time.sleep(0.005)


def energies(raw, start: int) -> tuple[float, float]:
    data = raw.read_bytes()[start:]
    mix = array("h", data[: len(data) - len(data) % 4])
    return float(sum(s * s for s in mix[0::2])), float(sum(s * s for s in mix[1::2]))


@pytest.mark.parametrize(
    ("face", "louder"),
    [(MY_COASTER.left, "left"), (MY_COASTER.right, "right")],
)
def test_a_die_i_pass_is_heard_on_its_side(disk_harness, face, louder):
    h, raw = disk_harness
    # the big die, then my throw: the die to pass and two that stay in hand
    faces = (SUPREME, face, Symbol.PIG, Symbol.PENNY)
    setup = TableSetup(players=3)
    table = TiraTable(h.app, setup, 1, practice=True, pile=EDITION_COASTERS, faces=faces)
    h.start(table)
    h.advance(4.6)  # the start signal, then "go!"; slow bots wait 2.5 s at least
    h.press("space")
    h.advance(1.0)  # my dice still in the air
    quiet(h, raw)
    start = raw.stat().st_size
    start -= start % 4
    h.advance(0.2)  # they land: the die goes to my neighbour
    assert h.transcript[-1].startswith("Quadrifoglio" if louder == "left" else "Gatto")
    assert table.observation().my_dice == 2
    quiet(h, raw)
    left, right = energies(raw, start)
    assert max(left, right) > 1e9  # something was heard
    ratio = left / right if louder == "left" else right / left
    assert ratio > 20, (left, right)
