"""A small real filesystem for the tests of a full disk: a tmpfs mounted on a folder.

Mounting needs root on Linux (CI runs as root); where it cannot be done, ``mount``
says why in words a skipped test can give.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path


def mount(folder: Path, size: str) -> str | None:
    """Mount a tmpfs of ``size`` (``"256k"``, ``"4m"``) on ``folder``; None when done,
    else why it could not be."""
    if sys.platform != "linux":
        return "a tmpfs can only be mounted on Linux"
    if os.geteuid() != 0:
        return "mounting a tmpfs needs root (CI runs as root)"
    if shutil.which("mount") is None:
        return "no mount command on this system"
    folder.mkdir(parents=True, exist_ok=True)
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(folder)],
        capture_output=True,
        text=True,
    )
    return None if done.returncode == 0 else f"mount refused: {done.stderr.strip()}"


def unmount(folder: Path) -> None:
    """Lazily: a file the test still holds open does not keep the mount."""
    subprocess.run(["umount", "-l", str(folder)], check=False)
