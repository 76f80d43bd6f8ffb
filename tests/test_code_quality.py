"""The project's own checks, run by the test command (so by CI): ruff and mypy.

Ruff reads the whole project (lint and format); mypy reads the package with the
settings in ``pyproject.toml`` (strict on the games). A failure shows the
tool's own report.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

CHECKS = {
    "ruff check": ["ruff", "check", "--no-cache", "."],
    "ruff format": ["ruff", "format", "--check", "--no-cache", "."],
    "mypy": ["mypy"],
}


@pytest.mark.parametrize("name", CHECKS)
def test_the_code_passes(name: str) -> None:
    done = subprocess.run(
        [sys.executable, "-m", *CHECKS[name]],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, f"{name} found problems:\n{done.stdout}{done.stderr}"
