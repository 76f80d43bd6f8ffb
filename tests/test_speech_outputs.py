"""accessible-output2's screen readers built one by one, and NVDA believed only when it
runs: under Wine its controller DLL answers "running" (and "spoken") to every call.

The last test runs only under Wine (the Windows suite runs this file from the build,
``packaging/windows/run_suite.py``), against the real nvdaControllerClient64.dll."""

from __future__ import annotations

import sys

import pytest

from audiogame.io.speech.chain import build_screenreader
from audiogame.io.speech.outputs import (
    Outputs,
    build_outputs,
    drop_silent_nvda,
    nvda_in,
    under_wine,
)


class Reader:
    def __init__(self, name: str, active: bool = True) -> None:
        self.name = name
        self.active = active

    def is_active(self) -> bool:
        return self.active

    def is_system_output(self) -> bool:
        return False


def test_one_output_that_cannot_load_does_not_hide_the_others() -> None:
    def broken() -> Reader:
        raise AttributeError("pctkusr64.dll")  # what ctypes raises for a DLL it cannot load

    outputs = build_outputs([broken, lambda: Reader("NVDA")])
    assert [o.name for o in outputs.outputs] == ["NVDA"]
    assert outputs.get_first_available_output().name == "NVDA"


def test_nvda_answering_with_no_nvda_process_is_dropped() -> None:
    outputs = Outputs([Reader("NVDA"), Reader("Dolphin", active=False)])
    why = drop_silent_nvda(outputs, lambda: ["explorer.exe", "python.exe"])
    assert why.startswith("NVDA's controller answers but no NVDA process runs")
    assert outputs.get_first_available_output() is None


def test_nvda_running_is_believed() -> None:
    outputs = Outputs([Reader("NVDA")])
    assert drop_silent_nvda(outputs, lambda: ["explorer.exe", "nvda.exe"]) == ""
    assert outputs.get_first_available_output().name == "NVDA"


def test_nvda_not_answering_is_left_as_it_is() -> None:
    outputs = Outputs([Reader("NVDA", active=False)])
    assert drop_silent_nvda(outputs, lambda: []) == ""
    assert len(outputs.outputs) == 1  # it may start later: asked again at each message


def test_nvdas_processes_are_recognised() -> None:
    assert nvda_in(["NVDA.exe"]) and nvda_in(["nvda_uiAccess.exe"])
    assert not nvda_in(["explorer.exe", "notepad.exe"])


@pytest.mark.skipif(
    sys.platform != "win32" or not under_wine(),
    reason="Wine's false answer exists only under Wine (the Windows suite runs it there)",
)
def test_under_wine_auto_does_not_pick_an_nvda_that_does_not_speak() -> None:
    speaker, skipped = build_screenreader("it", 300, 30.0)
    assert speaker is None
    assert skipped is not None and skipped.reason == "silent"
    assert "no NVDA process runs (running under Wine)" in skipped.detail
