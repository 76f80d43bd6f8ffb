"""The project's own checks, run by the test command (so by CI): ruff, mypy, the layers.

Ruff reads the whole project (lint and format); mypy reads the package with the
settings in ``pyproject.toml`` (strict on the ground floor and the games);
import-linter checks the floors and rooms written as contracts in
``pyproject.toml`` (``[tool.importlinter]``: each floor imports only those below
it, no circle between packages, a game imports only the ground floor). A
failure shows the tool's own report.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

CHECKS = {
    "ruff check": ["-m", "ruff", "check", "--no-cache", "."],
    "ruff format": ["-m", "ruff", "format", "--check", "--no-cache", "."],
    "mypy": ["-m", "mypy"],
    # import-linter's own command (lint-imports), run by this Python
    "layers": ["-c", "from importlinter.cli import lint_imports_command as c; c()", "--no-cache"],
}


@pytest.mark.parametrize("name", CHECKS)
def test_the_code_passes(name: str) -> None:
    done = subprocess.run(
        [sys.executable, *CHECKS[name]],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, f"{name} found problems:\n{done.stdout}{done.stderr}"
