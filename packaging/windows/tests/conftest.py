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


@pytest.fixture(scope="session")
def figures(request, trial):
    """What the tests measured, printed at the end of the run (the README's figures)."""
    found = trial.figures
    yield found
    reporter = request.config.pluginmanager.get_plugin("terminalreporter")
    if reporter is not None:
        reporter.write_line(f"Windows build under Wine: {found}")
