"""Run the Windows build under Wine, in a prefix of its own.

The prefix belongs to a Windows user named "Zoë Rossi" (a space and an accent in
every path the game writes: settings, saves, caches), reports Windows 10, and uses
Wine's null display driver, so windows exist (the game's real SDL window, which
receives posted keys) with no X server. It has no sound driver, as a machine with
no sound card (this one). A program that crashes ends at once with an error code
(no crash debugger: winedbg would hold it, and the tests waiting on it, for ever).

Standard library only.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from pathlib import Path
from typing import Any

#: the Windows user of the prefix: Wine names the profile folder after $USER
USER = "Zoë Rossi"
WINE_PACKAGE = "wine64"

REGISTRY = """Windows Registry Editor Version 5.00

[HKEY_CURRENT_USER\\Software\\Wine]
"Version"="win10"

[HKEY_CURRENT_USER\\Software\\Wine\\Drivers]
"Graphics"="null"
"Audio"=""

[HKEY_LOCAL_MACHINE\\Software\\Microsoft\\Windows NT\\CurrentVersion\\AeDebug]
"Debugger"=""
"""


def find_wine() -> str | None:
    return shutil.which("wine") or shutil.which("wine64")


def _apt_install(packages: list[str]) -> str | None:
    """Install Debian packages; None when done, else why not."""
    if shutil.which("apt-get") is None:
        return "this system has no apt-get"
    if hasattr(os, "geteuid") and os.geteuid() != 0:
        return "installing needs root (CI runs as root; here we are not)"
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    for command in (["apt-get", "update", "-q"], ["apt-get", "install", "-y", "-q", *packages]):
        done = subprocess.run(command, env=env, capture_output=True, text=True)
        if done.returncode != 0:
            tail = (done.stderr or done.stdout).strip().splitlines()[-1:]
            return f"`{' '.join(command)}` failed: {' '.join(tail)}"
    return None


def ensure(program: str, package: str) -> tuple[str | None, str]:
    """The program's path, installing its Debian package when missing; else (None, why)."""
    found = shutil.which(program)
    if found:
        return found, ""
    why = _apt_install([package])
    found = shutil.which(program)
    if found:
        return found, ""
    return None, f"{program} is not installed and could not be installed ({why or 'not found'})"


def ensure_wine() -> tuple[str | None, str]:
    wine, why = ensure("wine", WINE_PACKAGE)
    return (wine or find_wine()), why


class Prefix:
    """A Wine prefix in ``folder``, made on first use."""

    def __init__(self, wine: str, folder: Path) -> None:
        self.wine = wine
        self.folder = folder
        self.env = {
            **os.environ,
            "WINEPREFIX": str(folder),
            "WINEDEBUG": "-all",
            # no Mono or Gecko installer dialogs: the game needs neither
            "WINEDLLOVERRIDES": "mscoree,mshtml=",
            "USER": USER,
            "LANG": "C.UTF-8",
        }
        self.env.pop("DISPLAY", None)
        self.env.pop("WAYLAND_DISPLAY", None)

    @property
    def profile(self) -> Path:
        """The Windows user's folder, C:\\users\\Zoë Rossi, seen from Linux."""
        return self.folder / "drive_c" / "users" / USER

    @property
    def local_appdata(self) -> Path:
        return self.profile / "AppData" / "Local"

    def create(self) -> float:
        """Make the prefix; the seconds it took."""
        started = time.monotonic()
        self.folder.mkdir(parents=True, exist_ok=True)
        self.run(["wineboot", "-i"], timeout=300)
        reg = self.folder / "audiogame.reg"
        reg.write_text(REGISTRY, encoding="utf-16")
        self.run(["regedit", "/S", str(reg)], timeout=120)
        self.wait()
        return time.monotonic() - started

    def command(self, args: list[str]) -> list[str]:
        return [self.wine, *args]

    def run(
        self, args: list[str], timeout: float = 600, **kwargs: Any
    ) -> subprocess.CompletedProcess[bytes]:
        """Run a Windows program to its end (no standard input, as CI has none)."""
        kwargs.setdefault("stdout", subprocess.PIPE)
        kwargs.setdefault("stderr", subprocess.PIPE)
        return subprocess.run(
            self.command(args), env=self.env, stdin=subprocess.DEVNULL, timeout=timeout, **kwargs
        )

    def start(self, args: list[str], **kwargs: Any) -> subprocess.Popen[Any]:
        kwargs.setdefault("stdin", subprocess.DEVNULL)
        return subprocess.Popen(self.command(args), env=self.env, **kwargs)

    def wait(self) -> None:
        """Until every program of this prefix has ended (wineserver -w)."""
        server = shutil.which("wineserver")
        if server:
            subprocess.run([server, "-w"], env=self.env, timeout=120)

    def stop(self) -> None:
        """End this prefix's programs and its wineserver (only this prefix's)."""
        server = shutil.which("wineserver")
        if server:
            subprocess.run([server, "-k"], env=self.env, timeout=60)
