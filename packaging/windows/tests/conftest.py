"""The Windows build under Wine: one build, one extraction, one Wine prefix for all."""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import checks  # noqa: E402
import wine  # noqa: E402


@pytest.hookimpl(optionalhook=True)  # pytest-xdist's hook (none without xdist)
def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """These tests share one build and one Wine prefix: they run in this process (the
    suite they start under Wine is another pytest, with workers of its own)."""
    return 0


def _must_run() -> bool:
    """Where Wine can be installed (root, apt-get), CI does not accept a skip."""
    can_install = shutil.which("apt-get") is not None and getattr(os, "geteuid", lambda: 1)() == 0
    return bool(os.environ.get("CI")) and can_install


@pytest.fixture(scope="session")
def trial(tmp_path_factory):
    why = checks.why_not_here()
    if why:
        message = f"the Windows build is tried under Wine, and here it cannot be: {why}"
        if _must_run():
            pytest.fail(message)
        pytest.skip(message)
    made = checks.Trial.make(tmp_path_factory.mktemp("windows"))
    yield made
    made.close()


@pytest.fixture(scope="session")
def prefix(trial) -> wine.Prefix:
    return trial.prefix


#: the trial's figures (build, start, suite), for the run's summary
_MEASURED: list[dict] = []


@pytest.fixture(scope="session")
def figures(trial):
    """What the tests measured, printed in the run's summary (the README's figures; and
    ``failed``, the pytest ids of the tests that failed), passed or failed."""
    _MEASURED.append(trial.figures)
    return trial.figures


def pytest_terminal_summary(terminalreporter) -> None:
    # the summary, not a fixture's teardown: output written there is captured, and a
    # passing run would not show it
    for found in _MEASURED:
        terminalreporter.write_line(f"Windows build under Wine: {found}")
