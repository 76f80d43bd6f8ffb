"""Hostile input, measured: random keys through the real loop (see ``fuzzer``)."""

from audiogame.devtools.fuzzing.fuzzer import FRAME_BOUND, Fuzzer
from audiogame.devtools.fuzzing.keyboard import KEY_FAMILIES, MODS, random_key
from audiogame.devtools.fuzzing.report import FuzzReport
from audiogame.devtools.fuzzing.walk import available_targets, scenes_of

__all__ = [
    "FRAME_BOUND",
    "KEY_FAMILIES",
    "MODS",
    "FuzzReport",
    "Fuzzer",
    "available_targets",
    "random_key",
    "scenes_of",
]
