"""The cue files: present, short, audible, even in loudness, distinct, reproducible."""

from __future__ import annotations

import importlib.util
import itertools
import math
import random
import wave
from array import array
from pathlib import Path

import pytest

from audiogame.games import registry
from audiogame.games.tirapassa.cues import SYMBOL_CUES

CUES = tuple(cue for cue in registry.cues() if cue.folder is None)
CUE_BY_ID = {cue.id: cue for cue in CUES}
CUE_IDS = tuple(CUE_BY_ID)

SOUNDS = Path(__file__).resolve().parents[1] / "sounds"
TARGET_RMS_DB = -20.0  # the weighted loudness every cue is made to (plus its own level_db)
LONGEST = 1.5  # no cue may hold the player up longer than this


def read(path: Path) -> tuple[int, list[float]]:
    with wave.open(str(path)) as wav:
        assert wav.getnchannels() == 1, f"{path.name}: mono expected (panning is done at play)"
        assert wav.getsampwidth() == 2, f"{path.name}: 16-bit expected"
        rate = wav.getframerate()
        samples = array("h", wav.readframes(wav.getnframes()))
    return rate, [s / 32768 for s in samples]


@pytest.fixture(scope="module")
def cues() -> dict[str, tuple[int, list[float]]]:
    return {cue_id: read(SOUNDS / f"{cue_id}.wav") for cue_id in CUE_IDS}


def rms_db(samples: list[float]) -> float:
    return 10 * math.log10(sum(s * s for s in samples) / len(samples))


def _filter(samples: list[float], b: tuple[float, ...], a: tuple[float, ...]) -> list[float]:
    x1 = x2 = y1 = y2 = 0.0
    out = []
    for x in samples:
        y = (b[0] * x + b[1] * x1 + b[2] * x2 - a[1] * y1 - a[2] * y2) / a[0]
        x2, x1, y2, y1 = x1, x, y1, y
        out.append(y)
    return out


def loudness_db(rate: int, samples: list[float]) -> float:
    """RMS in dBFS after a loudness weighting close to ITU BS.1770's K-weighting:
    a 60 Hz high-pass (Q 0.5) and a +4 dB high shelf at 1.5 kHz (RBJ biquads)."""
    w = 2 * math.pi * 60 / rate
    c, alpha = math.cos(w), math.sin(w)
    weighted = _filter(
        samples, ((1 + c) / 2, -(1 + c), (1 + c) / 2), (1 + alpha, -2 * c, 1 - alpha)
    )
    g = 10 ** (4 / 40)
    w = 2 * math.pi * 1500 / rate
    c, k = math.cos(w), 2 * math.sqrt(g) * math.sin(w) / math.sqrt(2)
    b = (
        g * (g + 1 + (g - 1) * c + k),
        -2 * g * (g - 1 + (g + 1) * c),
        g * (g + 1 + (g - 1) * c - k),
    )
    a = (g + 1 - (g - 1) * c + k, 2 * (g - 1 - (g + 1) * c), g + 1 - (g - 1) * c - k)
    return rms_db(_filter(weighted, b, a))


def test_cue_table_is_consistent() -> None:
    assert len(CUE_IDS) == len(set(CUE_IDS))
    assert set(SYMBOL_CUES) <= set(CUE_IDS) and len(SYMBOL_CUES) == 6
    assert all(cue.group in {"menu", *registry.ids()} for cue in CUES)
    assert all(0 < cue.max_seconds <= LONGEST for cue in CUES)


def test_every_cue_has_a_file_and_no_file_is_stray() -> None:
    on_disk = {path.stem for path in SOUNDS.glob("*.wav")}
    assert sorted(set(CUE_IDS) - on_disk) == []
    assert sorted(on_disk - set(CUE_IDS)) == []


def test_files_are_small_short_and_at_a_mixer_friendly_rate(cues) -> None:
    for cue_id, (rate, samples) in cues.items():
        assert rate in (22050, 44100), cue_id
        seconds = len(samples) / rate
        assert 0.02 <= seconds <= CUE_BY_ID[cue_id].max_seconds, (cue_id, seconds)


def test_every_cue_is_audible_and_never_clips(cues) -> None:
    for cue_id, (_rate, samples) in cues.items():
        peak = max(abs(s) for s in samples)
        assert 0.05 < peak <= 10 ** (-0.9 / 20), (cue_id, peak)


def test_loudness_is_even(cues) -> None:
    for cue_id, (rate, samples) in cues.items():
        expected = TARGET_RMS_DB + CUE_BY_ID[cue_id].level_db
        assert abs(loudness_db(rate, samples) - expected) <= 1.5, (
            cue_id,
            loudness_db(rate, samples),
        )
        assert abs(rms_db(samples) - expected) <= 5.0, (cue_id, rms_db(samples))  # plain RMS too


def test_cues_start_and_end_without_a_click(cues) -> None:
    for cue_id, (_rate, samples) in cues.items():
        assert abs(samples[0]) < 0.01 and abs(samples[-1]) < 0.01, cue_id


# -- distinctness -------------------------------------------------------------
#
# A cue's signature, in 10 ms frames: its loudness contour (dB, relative to
# its own peak, floor -40 dB), its zero-crossing rate (a stand-in for pitch)
# and the RMS of its slope over its RMS (a stand-in for brightness).
# Distance: mean contour difference + loudness-weighted difference of pitch
# and brightness in octaves + the overall level difference / 20 dB.

FRAME = 0.01
FRAMES = int(LONGEST / FRAME) + 1
Signature = tuple[list[float], list[float], list[float], float, list[float]]


def _crossings(seg: list[float]) -> float:
    """Zero crossings per sample, with hysteresis so faint noise does not count."""
    level = 0.2 * math.sqrt(sum(s * s for s in seg) / len(seg))
    state, flips = 0, 0
    for s in seg:
        side = 1 if s > level else -1 if s < -level else state
        flips += state != side and state != 0
        state = side
    return flips / len(seg)


def signature(rate: int, samples: list[float]) -> Signature:
    size = int(FRAME * rate)
    energy, crossing, brightness = [], [], []
    for k in range(FRAMES):
        seg = samples[k * size : (k + 1) * size]
        power = sum(s * s for s in seg) / len(seg) if len(seg) > 1 else 0.0
        energy.append(power)
        crossing.append(_crossings(seg) if power else 0.0)
        slope = sum((b - a) ** 2 for a, b in itertools.pairwise(seg)) / len(seg) if power else 0.0
        brightness.append(math.sqrt(slope / power) if power else 0.0)
    top = max(energy)
    contour = [max(0.0, 1 + 10 * math.log10(e / top) / 40) if e > 0 else 0.0 for e in energy]
    weights = [e / top for e in energy]
    return contour, crossing, brightness, rms_db(samples), weights


def _octaves(a: float, b: float) -> float:
    return abs(math.log2(max(a, 1e-3) / max(b, 1e-3)))


def distance(one: Signature, two: Signature) -> float:
    c1, z1, s1, level1, w1 = one
    c2, z2, s2, level2, w2 = two
    active = sum(1 for a, b in zip(c1, c2, strict=True) if a or b)
    shape_diff = sum(abs(a - b) for a, b in zip(c1, c2, strict=True)) / active
    pitch = weight = 0.0
    for k in range(FRAMES):
        w = min(w1[k], w2[k])
        pitch += w * (_octaves(z1[k], z2[k]) + _octaves(s1[k], s2[k])) / 2
        weight += w
    pitch = pitch / weight if weight else 1.0
    return shape_diff + pitch + abs(level1 - level2) / 20


MIN_DISTANCE = 0.3


def test_no_two_cues_sound_nearly_alike(cues) -> None:
    sigs = {cue_id: signature(*cues[cue_id]) for cue_id in CUE_IDS}
    pairs = {(a, b): distance(sigs[a], sigs[b]) for a, b in itertools.combinations(CUE_IDS, 2)}
    assert sorted((round(d, 3), pair) for pair, d in pairs.items() if d < MIN_DISTANCE) == []


def test_the_distance_does_call_a_slightly_changed_copy_alike(cues) -> None:
    # guards the test above: a copy 1 dB softer with noise at -60 dBFS must count as the same sound
    rng = random.Random(7)
    for cue_id in ("tile_play", "symbol_pig", "dice_roll", "menu_move", "match_won"):
        rate, samples = cues[cue_id]
        copy = [s * 0.89 + rng.uniform(-1e-3, 1e-3) for s in samples]
        assert distance(signature(rate, samples), signature(rate, copy)) < MIN_DISTANCE / 2


def test_the_six_symbols_are_far_apart(cues) -> None:
    sigs = {cue_id: signature(*cues[cue_id]) for cue_id in SYMBOL_CUES}
    for a, b in itertools.combinations(SYMBOL_CUES, 2):
        assert distance(sigs[a], sigs[b]) >= 2 * MIN_DISTANCE, (a, b)


# -- the generator --------------------------------------------------------------


def load_generator():
    spec = importlib.util.spec_from_file_location("make_sounds", SOUNDS / "make_sounds.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_generator_has_one_recipe_per_cue() -> None:
    assert set(load_generator().RECIPES) == set(CUE_IDS)


def _pcm(path: Path) -> tuple[tuple, array]:
    with wave.open(str(path)) as wav:
        return wav.getparams(), array("h", wav.readframes(wav.getnframes()))


def test_generator_reproduces_the_committed_files(tmp_path: Path) -> None:
    written = load_generator().build_all(tmp_path)
    assert sorted(p.name for p in written) == sorted(f"{c}.wav" for c in CUE_IDS)
    differing = []
    for path in written:
        (params, fresh), (committed_params, committed) = _pcm(path), _pcm(SOUNDS / path.name)
        # another platform's libm may round a last bit differently: allow 1 step in 32768
        same = params == committed_params and len(fresh) == len(committed)
        if not same or max(abs(a - b) for a, b in zip(fresh, committed, strict=True)) > 1:
            differing.append(path.name)
    assert differing == []


def test_generator_is_deterministic_within_a_run() -> None:
    generator = load_generator()
    for cue_id in ("dice_roll", "shuffle", "symbol_pig"):  # the ones that draw noise
        assert generator.build(cue_id) == generator.build(cue_id)
