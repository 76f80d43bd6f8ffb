"""Makes this game's four cues (standard library only; run it again to remake them).

    python tests/games/showfold/sounds/make_sounds.py

Each cue is mono, 16-bit, 22,050 Hz, brought to the same loudness (RMS -20 dBFS),
and starts and ends in silence so it never clicks. The noise is seeded, so the
files come out the same byte for byte every time.
"""

from __future__ import annotations

import math
import random
import struct
import sys
import wave
from collections.abc import Callable
from pathlib import Path

RATE = 22050
TARGET_DB = -20.0
PEAK = 0.85
FADE = 0.004  # seconds of fade at both ends

Sound = list[float]


def silence(seconds: float) -> Sound:
    return [0.0] * int(seconds * RATE)


def tone(freq: float, seconds: float, decay: float = 8.0) -> Sound:
    """A plucked note: a fundamental and two soft overtones, dying away."""
    out = []
    for i in range(int(seconds * RATE)):
        t = i / RATE
        wave_ = (
            math.sin(2 * math.pi * freq * t)
            + 0.35 * math.sin(4 * math.pi * freq * t)
            + 0.12 * math.sin(6 * math.pi * freq * t)
        )
        out.append(wave_ * math.exp(-decay * t) * min(1.0, t / 0.005))
    return out


def knock(rng: random.Random, seconds: float = 0.05) -> Sound:
    """A dry knock: noise through a crude low-pass, with a fast decay and a low thump."""
    out, low = [], 0.0
    for i in range(int(seconds * RATE)):
        t = i / RATE
        low += 0.35 * (rng.uniform(-1, 1) - low)
        thump = math.sin(2 * math.pi * 180 * t)
        out.append((low + 0.6 * thump) * math.exp(-70 * t))
    return out


def sequence(*parts: tuple[float, Sound]) -> Sound:
    """Sounds laid at their start times (seconds), mixed."""
    length = max(int(start * RATE) + len(sound) for start, sound in parts)
    out = [0.0] * length
    for start, sound in parts:
        offset = int(start * RATE)
        for i, sample in enumerate(sound):
            out[offset + i] += sample
    return out


def roll() -> Sound:
    rng = random.Random(23)
    return sequence((0.0, knock(rng, 0.06)), (0.12, knock(rng, 0.07)))


def choose() -> Sound:
    return tone(440, 0.3, 11)


def point() -> Sound:
    return sequence((0.0, tone(587.33, 0.25, 10)), (0.14, tone(880, 0.3, 9)))


def win() -> Sound:
    notes = ((0.0, 440.0, 0.2), (0.15, 554.37, 0.2), (0.3, 659.25, 0.6))
    return sequence(*((start, tone(f, length, 5)) for start, f, length in notes))


CUES: dict[str, Callable[[], Sound]] = {
    "showfold_roll": roll,
    "showfold_choose": choose,
    "showfold_point": point,
    "showfold_win": win,
}


def finish(sound: Sound) -> Sound:
    """Fades at both ends, then the common loudness, never above the peak."""
    fade = int(FADE * RATE)
    n = len(sound)
    shaped = [s * min(1.0, i / fade, (n - 1 - i) / fade) for i, s in enumerate(sound)]
    rms = math.sqrt(sum(s * s for s in shaped) / n)
    gain = 10 ** (TARGET_DB / 20) / rms
    gain = min(gain, PEAK / max(abs(s) for s in shaped))
    return [s * gain for s in shaped]


def write(path: Path, sound: Sound) -> None:
    frames = b"".join(struct.pack("<h", round(s * 32767)) for s in sound)
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(frames)


def make(folder: Path) -> list[Path]:
    """Write every cue into ``folder``; returns the files written."""
    written = []
    for name, build in CUES.items():
        path = folder / f"{name}.wav"
        write(path, finish(build()))
        written.append(path)
    return written


if __name__ == "__main__":
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parent
    for path in make(target):
        print(path)
