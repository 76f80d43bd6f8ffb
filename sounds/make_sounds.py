"""Make every sound cue of the game: ``python sounds/make_sounds.py [--out DIR] [ids...]``.

Pure standard library (no numpy), deterministic: each cue draws its noise from
a ``random.Random`` seeded by the cue id, so a rerun writes the same bytes.

Each cue is a recipe in ``RECIPES``: a small function of a random generator
that returns mono samples in [-1, 1]. ``finish`` then gives every cue the same
treatment: DC removed, short fades (no clicks), loudness set to the common
RMS target plus the cue's own ``level_db`` from ``audiogame.core.cues``, peaks
softly limited below -1 dBFS. The files are 22.05 kHz 16-bit mono: small,
and the mixer pans them at play time.

Design aims: pleasant rather than harsh (players hear these thousands of
times), short, and each recognisable at once; the six dice symbols in
particular use six different families of sound (chime, grunt, voice, coin,
clang, chord).
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import wave
import zlib
from array import array
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parent
if str(ROOT.parent) not in sys.path:
    sys.path.insert(0, str(ROOT.parent))

from audiogame.games import registry  # noqa: E402

#: the cues whose files live in this folder (a game may keep its own sounds)
CUE_BY_ID = {cue.id: cue for cue in registry.cues() if cue.folder is None}
CUE_IDS = tuple(CUE_BY_ID)

RATE = 22050
TARGET_RMS_DB = -20.0
PEAK_LIMIT = 10 ** (-1.0 / 20)  # -1 dBFS
TAU = 2 * math.pi

Signal = list[float]
Recipe = Callable[[random.Random], Signal]


# -- building blocks --------------------------------------------------------


def frames(seconds: float) -> int:
    return max(1, int(round(seconds * RATE)))


def note(name: str) -> float:
    """Frequency of a note name such as "A4", "C#5", "Bb3" (A4 = 440 Hz)."""
    steps = {"C": -9, "D": -7, "E": -5, "F": -4, "G": -2, "A": 0, "B": 2}[name[0]]
    rest = name[1:]
    if rest[0] == "#":
        steps, rest = steps + 1, rest[1:]
    elif rest[0] == "b":
        steps, rest = steps - 1, rest[1:]
    return 440.0 * 2 ** ((steps + 12 * (int(rest) - 4)) / 12)


def phase_track(
    freq: float,
    seconds: float,
    end_freq: float | None = None,
    vibrato: tuple[float, float, float] = (0.0, 0.0, 0.0),
) -> Signal:
    """Running phase of a tone that may glide (exponentially) and wobble.

    ``vibrato`` is (rate Hz, depth in semitones, delay s).
    """
    count = frames(seconds)
    ratio = (end_freq / freq) ** (1 / count) if end_freq else 1.0
    rate, depth, delay = vibrato
    start = int(delay * RATE)
    out = [0.0] * count
    phase, current = 0.0, freq
    for i in range(count):
        wobble = 1.0
        if depth and i > start:
            wobble = 2 ** (depth / 12 * math.sin(TAU * rate * (i - start) / RATE))
        phase += TAU * current * wobble / RATE
        current *= ratio
        out[i] = phase
    return out


def decay(count: int, tau: float) -> Signal:
    """Exponential decay with time constant ``tau`` seconds."""
    k = math.exp(-1.0 / (tau * RATE))
    return [k**i for i in range(count)]


def additive(
    freq: float,
    seconds: float,
    partials: Sequence[tuple[float, float, float]],
    attack: float = 0.004,
    end_freq: float | None = None,
    vibrato: tuple[float, float, float] = (0.0, 0.0, 0.0),
) -> Signal:
    """A tone from (ratio, amplitude, decay tau) partials; tau 0 means sustained."""
    phases = phase_track(freq, seconds, end_freq, vibrato)
    count = len(phases)
    top = max(freq, end_freq or freq)
    out = [0.0] * count
    for ratio, amp, tau in partials:
        if ratio * top * 1.06 >= RATE / 2:
            continue
        sin = math.sin
        if tau:
            env = decay(count, tau)
            out = [o + amp * e * sin(ratio * p) for o, e, p in zip(out, env, phases, strict=True)]
        else:
            out = [o + amp * sin(ratio * p) for o, p in zip(out, phases, strict=True)]
    return shape(out, attack, min(0.03, seconds / 3))


def shape(sig: Signal, attack: float, release: float) -> Signal:
    """Linear attack and release ramps (in seconds) on a copy."""
    out = list(sig)
    count = len(out)
    rise = min(count, max(1, int(attack * RATE)))
    fall = min(count, max(1, int(release * RATE)))
    for i in range(rise):
        out[i] *= i / rise
    for i in range(fall):
        out[count - 1 - i] *= i / fall
    return out


def noise(rng: random.Random, seconds: float) -> Signal:
    return [rng.uniform(-1.0, 1.0) for _ in range(frames(seconds))]


def bandpass(sig: Signal, centre: float, q: float) -> Signal:
    """RBJ band-pass biquad (constant 0 dB peak gain)."""
    w = TAU * min(centre, RATE * 0.45) / RATE
    alpha = math.sin(w) / (2 * q)
    a0 = 1 + alpha
    b0, b2 = alpha / a0, -alpha / a0
    a1, a2 = -2 * math.cos(w) / a0, (1 - alpha) / a0
    x1 = x2 = y1 = y2 = 0.0
    out = [0.0] * len(sig)
    for i, x in enumerate(sig):
        y = b0 * x + b2 * x2 - a1 * y1 - a2 * y2
        x2, x1, y2, y1 = x1, x, y1, y
        out[i] = y
    return out


def sweep_bandpass(sig: Signal, start: float, end: float, q: float, block: int = 64) -> Signal:
    """Band-pass whose centre glides exponentially from ``start`` to ``end``."""
    count = len(sig)
    out = [0.0] * count
    x1 = x2 = y1 = y2 = 0.0
    for first in range(0, count, block):
        centre = start * (end / start) ** (first / count)
        w = TAU * min(centre, RATE * 0.45) / RATE
        alpha = math.sin(w) / (2 * q)
        a0 = 1 + alpha
        b0, b2 = alpha / a0, -alpha / a0
        a1, a2 = -2 * math.cos(w) / a0, (1 - alpha) / a0
        for i in range(first, min(first + block, count)):
            x = sig[i]
            y = b0 * x + b2 * x2 - a1 * y1 - a2 * y2
            x2, x1, y2, y1 = x1, x, y1, y
            out[i] = y
    return out


def lowpass(sig: Signal, cutoff: float) -> Signal:
    """One-pole low-pass: a gentle slope that takes the edge off."""
    k = 1 - math.exp(-TAU * cutoff / RATE)
    y = 0.0
    out = [0.0] * len(sig)
    for i, x in enumerate(sig):
        y += k * (x - y)
        out[i] = y
    return out


def gain(sig: Signal, factor: float) -> Signal:
    return [s * factor for s in sig]


def times(a: Signal, b: Signal) -> Signal:
    return [x * y for x, y in zip(a, b, strict=True)]


def mix(total: float, *parts: tuple[float, Signal]) -> Signal:
    """Lay (start seconds, signal) parts onto a silence ``total`` seconds long."""
    out = [0.0] * frames(total)
    for start, sig in parts:
        offset = int(start * RATE)
        for i, s in enumerate(sig[: max(0, len(out) - offset)]):
            out[offset + i] += s
    return out


# -- timbres: tone(freq, seconds) -> Signal ---------------------------------


def marimba(freq: float, seconds: float) -> Signal:
    return additive(freq, seconds, ((1, 1.0, 0.12), (4.0, 0.3, 0.025), (9.9, 0.08, 0.01)), 0.002)


def glock(freq: float, seconds: float) -> Signal:
    return additive(freq, seconds, ((1, 1.0, 0.25), (2.76, 0.25, 0.06), (5.4, 0.1, 0.02)), 0.001)


def vibes(freq: float, seconds: float) -> Signal:
    tone = additive(freq, seconds, ((1, 1.0, 0.35), (4.0, 0.15, 0.05)), 0.003)
    tremolo = [1 - 0.25 * (1 - math.cos(TAU * 6 * i / RATE)) / 2 for i in range(len(tone))]
    return times(tone, tremolo)


def brass(freq: float, seconds: float) -> Signal:
    harmonics = tuple((k, 1 / k**0.9, 0.0) for k in range(1, 9))
    tone = additive(freq, seconds, harmonics, 0.025, vibrato=(5.5, 0.12, 0.25))
    return lowpass(tone, 2600)


def pluck(freq: float, seconds: float) -> Signal:
    """A plucked string: bright at the pluck, the upper harmonics dying first."""
    harmonics = tuple(
        (k, abs(math.sin(k * math.pi * 0.28)) / k, 0.5 / k**0.8) for k in range(1, 11)
    )
    return additive(freq, seconds, harmonics, 0.001)


def organ(freq: float, seconds: float) -> Signal:
    return additive(freq, seconds, ((1, 0.8, 0), (2, 0.45, 0), (3, 0.25, 0), (4, 0.12, 0)), 0.02)


def warm(freq: float, seconds: float) -> Signal:
    partials = ((1, 1.0, 0.6), (2, 0.35, 0.4), (3, 0.15, 0.3), (1.003, 0.6, 0.6))
    return additive(freq, seconds, partials, 0.035)


def buzz(freq: float, seconds: float) -> Signal:
    odd = tuple((k, 1 / k, 0.0) for k in (1, 3, 5, 7, 9))
    return lowpass(additive(freq, seconds, odd, 0.006), 1800)


def beep(freq: float, seconds: float) -> Signal:
    return additive(freq, seconds, ((1, 1.0, 0), (2, 0.2, 0), (3, 0.1, 0)), 0.004)


def trombone(freq: float, seconds: float, end: float | None = None) -> Signal:
    harmonics = tuple((k, 1 / k**1.2, 0.0) for k in range(1, 10))
    tone = additive(freq, seconds, harmonics, 0.04, end_freq=end, vibrato=(4.5, 0.35, 0.2))
    return lowpass(tone, 1400)


def bell(freq: float, seconds: float) -> Signal:
    partials = (
        (0.5, 0.25, 0.5),
        (1, 1.0, 0.45),
        (1.19, 0.35, 0.3),
        (1.5, 0.25, 0.25),
        (2.0, 0.4, 0.2),
        (2.74, 0.2, 0.12),
        (4.07, 0.12, 0.06),
    )
    return additive(freq, seconds, partials, 0.001)


Timbre = Callable[[float, float], Signal]


def melody(
    timbre: Timbre,
    notes: Sequence[tuple[str, float, float]],
    total: float,
    _rng: random.Random | None = None,
) -> Signal:
    """Notes as data: (name, start s, length s) played in one timbre."""
    return mix(total, *((start, timbre(note(name), length)) for name, start, length in notes))


def chord(
    timbre: Timbre,
    names: Sequence[str],
    seconds: float,
    stagger: float = 0.0,
    _rng: random.Random | None = None,
) -> Signal:
    parts = [
        (i * stagger, timbre(note(name), seconds - i * stagger)) for i, name in enumerate(names)
    ]
    return mix(seconds, *parts)


# -- percussion --------------------------------------------------------------


def clack(
    rng: random.Random,
    centre: float,
    seconds: float = 0.08,
    tau: float = 0.012,
    modes: Sequence[tuple[float, float, float]] = (),
) -> Signal:
    """A hard, short knock: filtered noise plus a few resonant modes of the body."""
    burst = times(bandpass(noise(rng, seconds), centre, 2.5), decay(frames(seconds), tau))
    body = [0.0] * len(burst)
    for freq, amp, mode_tau in modes:
        phase_step = TAU * freq / RATE
        env = decay(len(body), mode_tau)
        body = [
            b + amp * e * math.sin(i * phase_step)
            for i, (b, e) in enumerate(zip(body, env, strict=True))
        ]
    return [b + 1.6 * s for b, s in zip(body, burst, strict=True)]


def thud(freq: float, seconds: float, drop: float = 0.6) -> Signal:
    """A soft low knock: a sine whose pitch falls as it dies away."""
    return additive(
        freq,
        seconds,
        ((1, 1.0, seconds / 4), (2.3, 0.2, seconds / 10)),
        0.001,
        end_freq=freq * drop,
    )


def rattle(
    rng: random.Random,
    seconds: float,
    hits: int,
    low: float,
    high: float,
    tau: float,
    spread: float = 1.6,
) -> Signal:
    """Many small hits, dense at first and thinning out (dice in a shaken hand)."""
    parts = []
    for _ in range(hits):
        start = seconds * 0.85 * rng.random() ** spread
        centre = rng.uniform(low, high)
        level = rng.uniform(0.4, 1.0) * (1 - 0.6 * start / seconds)
        hit = clack(rng, centre, 0.03, tau, ((centre * 0.37, 0.3, tau * 1.5),))
        parts.append((start, gain(hit, level)))
    return mix(seconds, *parts)


# -- voices --------------------------------------------------------------------


def voice(
    rng: random.Random,
    seconds: float,
    f0: tuple[float, float, float],
    formants: Sequence[tuple[tuple[float, float], float, float]],
    growl: float = 0.0,
    top: float = 4000.0,
) -> Signal:
    """A crude vocal sound: a harmonic source (pitch f0 start→middle→end) through formants.

    ``formants`` are ((start Hz, end Hz), q, amplitude); ``growl`` adds a rough
    amplitude flutter (a grunt rather than a voice).
    """
    count = frames(seconds)
    half = count // 2
    start, middle, end = f0
    contour = [
        start * (middle / start) ** (i / half)
        if i < half
        else middle * (end / middle) ** ((i - half) / (count - half))
        for i in range(count)
    ]
    phases, phase = [0.0] * count, 0.0
    for i, f in enumerate(contour):
        phase += TAU * f * (1 + 0.01 * growl * rng.uniform(-1, 1)) / RATE
        phases[i] = phase
    harmonics = int(top / max(contour))
    source = [0.0] * count
    for k in range(1, harmonics + 1):
        source = [s + math.sin(k * p) / k for s, p in zip(source, phases, strict=True)]
    out = [0.0] * count
    for (low, high), q, amp in formants:
        band = sweep_bandpass(source, low, high, q)
        out = [o + amp * b for o, b in zip(out, band, strict=True)]
    if growl:
        flutter = [1 - growl * 0.5 * (1 + math.sin(TAU * 28 * i / RATE)) for i in range(count)]
        out = times(out, flutter)
    return out


# -- the recipes -------------------------------------------------------------


def menu_edge(rng: random.Random) -> Signal:
    return mix(0.2, (0, thud(170, 0.18, 0.7)), (0, gain(clack(rng, 700, 0.04, 0.006), 0.3)))


def menu_error(_rng: random.Random) -> Signal:
    return mix(0.34, (0, buzz(note("A3"), 0.13)), (0.17, buzz(note("F3"), 0.15)))


def notice(_rng: random.Random) -> Signal:
    return additive(600, 0.2, ((1, 1.0, 0.08), (2, 0.15, 0.04)), 0.006, end_freq=950)


def toggle(rng: random.Random) -> Signal:
    first = clack(rng, 1500, 0.05, 0.006, ((1500, 0.4, 0.01),))
    second = clack(rng, 2500, 0.05, 0.006, ((2500, 0.4, 0.01),))
    return mix(0.15, (0, first), (0.06, second))


def tile_play(rng: random.Random) -> Signal:
    click = clack(rng, 2200, 0.12, 0.01, ((1250, 0.8, 0.03), (2900, 0.4, 0.02)))
    return mix(0.22, (0, click), (0, gain(thud(130, 0.12, 0.8), 0.5)))


def tile_draw(rng: random.Random) -> Signal:
    slide = sweep_bandpass(noise(rng, 0.3), 1200, 2600, 1.2)
    swell = [math.sin(math.pi * i / len(slide)) ** 2 for i in range(len(slide))]
    tap = clack(rng, 1800, 0.06, 0.008, ((1100, 0.6, 0.02),))
    return mix(0.4, (0, times(slide, swell)), (0.3, gain(tap, 0.9)))


def pass_knocks(rng: random.Random) -> Signal:
    def knock() -> Signal:
        body = thud(190, 0.12, 0.75)
        return mix(
            0.12, (0, body), (0, gain(clack(rng, 900, 0.05, 0.008, ((420, 0.5, 0.02),)), 0.6))
        )

    return mix(0.4, (0, knock()), (0.18, knock()))


def blocked(_rng: random.Random) -> Signal:
    """Nobody can move: one held, uneasy chord (diminished) that trembles and fades."""
    held = chord(organ, ("C4", "Eb4", "Gb4", "A4"), 0.7)
    count = len(held)
    tremble = [
        (1 - 0.35 * (1 + math.sin(TAU * 7 * i / RATE)) / 2) * (1 - i / count) ** 0.7
        for i in range(count)
    ]
    return lowpass(times(held, tremble), 1500)


def shuffle(rng: random.Random) -> Signal:
    bed = times(bandpass(noise(rng, 0.9), 1500, 0.8), [0.15] * frames(0.9))
    clacks = rattle(rng, 0.9, 26, 1500, 3200, 0.01, spread=1.0)
    return lowpass(mix(0.9, (0, shape(bed, 0.1, 0.2)), (0, clacks)), 5000)


def symbol_pig(rng: random.Random) -> Signal:
    formants = (((450, 380), 4.0, 1.0), ((1100, 900), 5.0, 0.5), ((2500, 2300), 6.0, 0.15))

    def grunt(pitch: float) -> Signal:
        sig = voice(rng, 0.17, (pitch, pitch * 1.25, pitch * 0.8), formants, growl=0.7, top=3000)
        return shape(sig, 0.02, 0.05)

    return mix(0.42, (0, grunt(120)), (0.2, grunt(135)))


def symbol_cat(rng: random.Random) -> Signal:
    formants = (((400, 600), 5.0, 1.0), ((2300, 1000), 6.0, 0.6), ((3000, 2600), 8.0, 0.2))
    sig = voice(rng, 0.5, (480, 720, 420), formants, top=5000)
    return shape(sig, 0.05, 0.15)


def symbol_penny(_rng: random.Random) -> Signal:
    ring = ((1, 1.0, 0.16), (1.52, 0.45, 0.09), (2.21, 0.25, 0.05), (2.9, 0.12, 0.03))
    first = additive(2400, 0.36, ring, 0.0005)
    second = additive(2850, 0.3, ring, 0.0005)
    return mix(0.42, (0, first), (0.08, gain(second, 0.5)))


def symbol_horseshoe(rng: random.Random) -> Signal:
    bar = ((1, 1.0, 0.3), (2.756, 0.6, 0.18), (5.404, 0.35, 0.09), (8.933, 0.15, 0.05))
    ring = additive(330, 0.6, bar, 0.0008)
    beat = additive(334, 0.6, bar[:2], 0.0008)
    hit = clack(rng, 2000, 0.05, 0.006)
    return mix(0.62, (0, ring), (0, gain(beat, 0.5)), (0, gain(hit, 0.6)))


def dice_roll(rng: random.Random) -> Signal:
    return lowpass(rattle(rng, 0.6, 34, 2200, 4200, 0.008, spread=1.2), 5000)


def calm_roll(rng: random.Random) -> Signal:
    return lowpass(rattle(rng, 0.6, 9, 700, 1300, 0.02, spread=0.9), 2500)


def die_landing(rng: random.Random, centre: float, bounces: int, gap: float) -> Signal:
    parts = []
    for b in range(bounces):
        hit = clack(rng, centre, 0.06, 0.01, ((centre * 0.45, 0.7, 0.03),))
        parts.append((gap * b * (1 - 0.15 * b), gain(hit, 0.55**b)))
    return mix(gap * bounces + 0.08, *parts)


def die_pass(rng: random.Random) -> Signal:
    whoosh = sweep_bandpass(noise(rng, 0.3), 500, 3500, 2.0)
    swell = [math.sin(math.pi * (i / len(whoosh)) ** 0.7) ** 2 for i in range(len(whoosh))]
    return times(whoosh, swell)


def die_arrive(rng: random.Random) -> Signal:
    landing = mix(0.1, (0, thud(260, 0.1, 0.8)), (0, gain(clack(rng, 1400, 0.04, 0.006), 0.4)))
    blip = additive(note("E5"), 0.12, ((1, 1.0, 0.05),), 0.004, end_freq=note("A5"))
    return mix(0.3, (0, landing), (0.09, gain(blip, 0.5)))


def soft_click(rng: random.Random) -> Signal:
    return lowpass(clack(rng, 1200, 0.04, 0.004), 3000)


def big_die(rng: random.Random) -> Signal:
    parts = []
    start = 0.0
    for k, spacing in enumerate((0.22, 0.17, 0.13, 0.1)):
        knock = clack(rng, 700, 0.05, 0.012, ((330 + 20 * k, 0.6, 0.04),))
        tumble = mix(0.2, (0, thud(130 + 12 * k, 0.2, 0.7)), (0, gain(knock, 0.6)))
        parts.append((start, gain(tumble, 1 - 0.15 * k)))
        start += spacing
    return mix(0.85, *parts)


def race_start(_rng: random.Random) -> Signal:
    return mix(
        0.95,
        (0, beep(note("A4"), 0.12)),
        (0.3, beep(note("A4"), 0.12)),
        (0.6, beep(note("A5"), 0.33)),
    )


def coaster_won(_rng: random.Random) -> Signal:
    names = ("C6", "D6", "E6", "G6", "A6", "C7")
    return melody(glock, [(name, 0.05 * i, 0.35) for i, name in enumerate(names)], 0.62)


def game_won(_rng: random.Random) -> Signal:
    run = [(name, 0.08 * i, 0.3) for i, name in enumerate(("G5", "C6", "E6", "G6"))]
    sparkle = melody(glock, run, 0.6)
    held = chord(warm, ("C5", "E5", "G5", "C6"), 1.0)
    return mix(1.4, (0, sparkle), (0.36, held))


def game_lost(_rng: random.Random) -> Signal:
    steps = (("Bb3", 0.0, 0.3), ("A3", 0.32, 0.3), ("Ab3", 0.64, 0.3))
    parts = [(start, trombone(note(name), length)) for name, start, length in steps]
    parts.append((0.96, trombone(note("G3"), 0.5, note("F#3"))))
    return mix(1.46, *parts)


def eliminated(_rng: random.Random) -> Signal:
    slide = trombone(note("D3"), 0.6, note("A2"))
    return mix(1.25, (0, organ(note("D4"), 0.2)), (0.25, organ(note("D4"), 0.2)), (0.55, slide))


RECIPES: dict[str, Recipe] = {
    "menu_move": partial(melody, marimba, (("G5", 0, 0.08),), 0.09),
    "menu_select": partial(melody, marimba, (("C6", 0, 0.1), ("G6", 0.07, 0.16)), 0.24),
    "menu_back": partial(melody, marimba, (("G5", 0, 0.1), ("C5", 0.07, 0.16)), 0.24),
    "menu_edge": menu_edge,
    "menu_error": menu_error,
    "notice": notice,
    "toggle": toggle,
    "chat": partial(melody, bell, (("E6", 0, 0.14), ("B6", 0.09, 0.18)), 0.28),
    "chat_private": partial(
        melody, bell, (("B6", 0, 0.1), ("F#6", 0.08, 0.1), ("B6", 0.16, 0.18)), 0.36
    ),
    "whisper": partial(melody, warm, (("G5", 0, 0.16), ("D6", 0.12, 0.24)), 0.38),
    "friend_online": partial(melody, marimba, (("C5", 0, 0.14), ("G5", 0.1, 0.2)), 0.32),
    "friend_offline": partial(melody, marimba, (("G5", 0, 0.14), ("C5", 0.1, 0.2)), 0.32),
    "link_lost": partial(
        melody, vibes, (("E5", 0, 0.16), ("C5", 0.13, 0.16), ("A4", 0.26, 0.26)), 0.52
    ),
    "link_back": partial(
        melody, vibes, (("A4", 0, 0.16), ("C5", 0.13, 0.16), ("E5", 0.26, 0.26)), 0.52
    ),
    "tile_play": tile_play,
    "tile_draw": tile_draw,
    "pass": pass_knocks,
    "blocked": blocked,
    "your_turn": partial(
        melody,
        pluck,
        (("D5", 0, 0.3), ("G5", 0.055, 0.3), ("B5", 0.11, 0.3), ("D6", 0.165, 0.25)),
        0.42,
    ),
    "manche_won": partial(
        melody, marimba, (("C5", 0, 0.2), ("E5", 0.1, 0.2), ("G5", 0.2, 0.2), ("C6", 0.3, 0.4)), 0.7
    ),
    "manche_lost": partial(melody, vibes, (("E4", 0, 0.3), ("C4", 0.28, 0.42)), 0.72),
    "eliminated": eliminated,
    "match_won": partial(
        melody,
        brass,
        (("C4", 0, 0.14), ("E4", 0.15, 0.14), ("G4", 0.3, 0.14), ("C5", 0.45, 0.9)),
        1.36,
    ),
    "match_lost": partial(
        melody, organ, (("C5", 0, 0.3), ("Ab4", 0.3, 0.3), ("F4", 0.6, 0.3), ("C4", 0.9, 0.5)), 1.42
    ),
    "timer_tick": partial(melody, marimba, (("A6", 0, 0.06),), 0.06),
    "shuffle": shuffle,
    "symbol_clover": partial(melody, glock, (("E6", 0, 0.3), ("B6", 0.12, 0.3)), 0.44),
    "symbol_pig": symbol_pig,
    "symbol_cat": symbol_cat,
    "symbol_penny": symbol_penny,
    "symbol_horseshoe": symbol_horseshoe,
    "symbol_hamsa": partial(chord, warm, ("F3", "C4", "F4", "A4"), 0.62, 0.025),
    "dice_roll": dice_roll,
    "die_tray": partial(die_landing, centre=2600, bounces=3, gap=0.08),
    "die_pass": die_pass,
    "die_arrive": die_arrive,
    "stop": partial(melody, bell, (("A5", 0, 0.3), ("A5", 0.2, 0.5)), 0.7),
    "soft_click": soft_click,
    "big_die": big_die,
    "race_start": race_start,
    "coaster_won": coaster_won,
    "calm_roll": calm_roll,
    "round_end": partial(melody, vibes, (("G4", 0, 0.25), ("C5", 0.2, 0.42)), 0.62),
    "game_won": game_won,
    "game_lost": game_lost,
}


# -- finishing and writing ---------------------------------------------------


def rms(sig: Sequence[float]) -> float:
    return math.sqrt(sum(s * s for s in sig) / len(sig))


def biquad(sig: Signal, b: tuple[float, float, float], a: tuple[float, float, float]) -> Signal:
    """Direct-form biquad with coefficients (b0, b1, b2), (a0, a1, a2)."""
    b0, b1, b2 = (v / a[0] for v in b)
    a1, a2 = a[1] / a[0], a[2] / a[0]
    x1 = x2 = y1 = y2 = 0.0
    out = [0.0] * len(sig)
    for i, x in enumerate(sig):
        y = b0 * x + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2
        x2, x1, y2, y1 = x1, x, y1, y
        out[i] = y
    return out


def loudness(sig: Signal) -> float:
    """RMS as the ear weighs it, roughly (the K-weighting of ITU BS.1770).

    A high-pass at 60 Hz and a +4 dB shelf above 1.5 kHz: bright cues get a
    little less gain than dull ones of the same plain RMS.
    """
    w = TAU * 60 / RATE
    alpha = math.sin(w) / (2 * 0.5)
    cos = math.cos(w)
    high_passed = biquad(
        sig, ((1 + cos) / 2, -(1 + cos), (1 + cos) / 2), (1 + alpha, -2 * cos, 1 - alpha)
    )
    amp = 10 ** (4 / 40)
    w = TAU * 1500 / RATE
    cos, alpha = math.cos(w), math.sin(w) / 2 * math.sqrt(2)
    root = 2 * math.sqrt(amp) * alpha
    shelf_b = (
        amp * ((amp + 1) + (amp - 1) * cos + root),
        -2 * amp * ((amp - 1) + (amp + 1) * cos),
        amp * ((amp + 1) + (amp - 1) * cos - root),
    )
    shelf_a = (
        (amp + 1) - (amp - 1) * cos + root,
        2 * ((amp - 1) - (amp + 1) * cos),
        (amp + 1) - (amp - 1) * cos - root,
    )
    return rms(biquad(high_passed, shelf_b, shelf_a))


def remove_dc(sig: Signal) -> Signal:
    """One-pole high-pass at ~20 Hz: no offset, no thump from the start."""
    k = math.exp(-TAU * 20 / RATE)
    out = [0.0] * len(sig)
    prev_x = prev_y = 0.0
    for i, x in enumerate(sig):
        prev_y = x - prev_x + k * prev_y
        prev_x = x
        out[i] = prev_y
    return out


def limit(sig: Signal, ceiling: float = PEAK_LIMIT) -> Signal:
    """Soft knee above 80 % of the ceiling: peaks bend instead of clipping."""
    knee = ceiling * 0.8
    room = ceiling - knee

    def bend(s: float) -> float:
        size = abs(s)
        if size <= knee:
            return s
        return math.copysign(knee + room * math.tanh((size - knee) / room), s)

    return [bend(s) for s in sig]


def finish(sig: Signal, level_db: float) -> Signal:
    """Even loudness: weighted RMS to the target (plus the cue's level), peaks limited."""
    sig = shape(remove_dc(sig), 0.002, 0.012)
    target = 10 ** ((TARGET_RMS_DB + level_db) / 20)
    for _ in range(8):
        scaled = gain(sig, target / loudness(sig))
        sig = limit(scaled)
        if sig == scaled:  # nothing reached the limiter: the loudness is exact
            break
    return sig


def to_pcm(sig: Signal) -> bytes:
    top = 32767
    return array("h", (max(-top, min(top, round(s * top))) for s in sig)).tobytes()


def write_wav(path: Path, sig: Signal) -> None:
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(to_pcm(sig))


def build(cue_id: str) -> Signal:
    rng = random.Random(zlib.crc32(cue_id.encode()))
    return finish(RECIPES[cue_id](rng), CUE_BY_ID[cue_id].level_db)


def build_all(out_dir: Path, ids: Sequence[str] = CUE_IDS) -> list[Path]:
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    for cue_id in ids:
        path = out_dir / f"{cue_id}.wav"
        write_wav(path, build(cue_id))
        written.append(path)
    return written


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT, help="where to write (default: sounds/)")
    parser.add_argument("ids", nargs="*", help="only these cues (default: all)")
    args = parser.parse_args(argv)
    unknown = sorted(set(args.ids) - set(CUE_IDS))
    if unknown:
        parser.error(f"unknown cue ids: {', '.join(unknown)}")
    for path in build_all(args.out, args.ids or CUE_IDS):
        print(path)
    return 0


assert set(RECIPES) == set(CUE_IDS), "every cue needs exactly one recipe"

if __name__ == "__main__":
    raise SystemExit(main())
