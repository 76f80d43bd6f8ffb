"""Tira & Passa's test tooling: the fuzzer's places (``walks``), the resume checks' player."""

from __future__ import annotations

from typing import TYPE_CHECKING

from audiogame.devtools.games import GameHooks
from audiogame.devtools.games.tira.walks import TARGETS, scene_label

if TYPE_CHECKING:
    from audiogame.devtools.resume_check import MatchAdapter


def _adapter() -> MatchAdapter:
    from audiogame.devtools.games.tira.resume_check import TiraAdapter

    return TiraAdapter()


HOOKS = GameHooks(fuzz_targets=TARGETS, scene_label=scene_label, resume_adapter=_adapter)
