"""The tests that cannot run under Wine, each with its reason (a pytest plugin that
``run_suite.py`` loads). Everything else in the suite must pass from the build."""

from __future__ import annotations

import pytest

#: test id (or the start of one) -> why it cannot run under Wine
_DISK_AUDIO = (
    "SDL's disk audio driver (used only by tests, to record the mix) cannot be given a "
    "file name on Windows: SDL 2 reads environment variables into one shared buffer, so "
    "reading SDL_DISKAUDIODELAY overwrites the SDL_DISKAUDIOFILE name it has just read, "
    "and the mix goes to a file named '1' in the current folder"
)
CANNOT_RUN: dict[str, str] = {
    "tests/test_audio_mixer.py::test_panning_reaches_the_speakers": _DISK_AUDIO,
    "tests/test_tira_table_disk.py::": _DISK_AUDIO,
}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        for prefix, reason in CANNOT_RUN.items():
            if item.nodeid.startswith(prefix):
                item.add_marker(pytest.mark.skip(reason=f"under Wine: {reason}"))
                break
