"""accessible-output2's screen readers, built one by one and believed only when they speak.

Two things its ``Auto()`` gets wrong, both met under Wine running the Windows build:

- it gives up entirely when one output's DLL fails to load with anything but its own
  ``OutputError`` (PC-Talker's and ZDSR's DLLs raise ``AttributeError`` from ctypes),
  so no screen reader is found at all. Here each output is built on its own.
- NVDA's controller answers through an RPC call, and under Wine every call of its
  client DLL returns 0, "success", with no NVDA anywhere: ``testIfRunning`` says NVDA
  runs, ``speakText`` says it spoke. So NVDA's answer is believed only when an NVDA
  process is running too (the process list: Wine's has none; a real NVDA always has
  its ``nvda.exe``). A controller that answers with no NVDA behind it is "silent": it
  would be chosen and say nothing.

Windows only in practice; the process list is read through the Tool Help API, which
Wine implements too.
"""

from __future__ import annotations

import ctypes
import logging
import sys
from collections.abc import Callable, Iterable
from typing import Any

log = logging.getLogger(__name__)


class SilentScreenReader(RuntimeError):
    """A screen reader answers that it runs, and nothing of it does."""

    reason = "silent"


class Outputs:
    """The outputs that could be built, in accessible-output2's order of priority; the
    first active one speaks (the same interface as its ``Auto``)."""

    def __init__(self, outputs: Iterable[Any]) -> None:
        self.outputs = list(outputs)

    def get_first_available_output(self) -> Any:
        for output in self.outputs:
            try:
                if output.is_active():
                    return output
            except Exception:  # a screen reader gone mid-call: the next one
                continue
        return None


def build_outputs(classes: Iterable[Callable[[], Any]]) -> Outputs:
    """Each output class built on its own; one that fails to build is left out."""
    built = []
    for output_class in classes:
        try:
            built.append(output_class())
        except Exception as exc:  # OutputError, or a DLL that does not load at all
            name = getattr(output_class, "__name__", str(output_class))
            log.info("screen reader %s not available: %s: %s", name, type(exc).__name__, exc)
    return Outputs(built)


def drop_silent_nvda(outputs: Outputs, processes: Callable[[], list[str]]) -> str:
    """Take NVDA out when its controller says it runs and no NVDA process does; returns
    why ("" when nothing was dropped)."""
    for output in list(outputs.outputs):
        if getattr(output, "name", "") != "NVDA":
            continue
        try:
            answers = bool(output.is_active())
        except Exception:
            answers = False
        if answers and not nvda_in(processes()):
            outputs.outputs.remove(output)
            wine = " (running under Wine)" if under_wine() else ""
            why = f"NVDA's controller answers but no NVDA process runs{wine}"
            log.info("screen reader NVDA skipped: %s", why)
            return why
    return ""


def nvda_in(names: Iterable[str]) -> bool:
    """Whether a process list holds NVDA (nvda.exe and its uiAccess and helper copies)."""
    return any(name.lower().startswith("nvda") for name in names)


def under_wine() -> bool:
    """Wine's ntdll exports ``wine_get_version``; Windows' does not."""
    if sys.platform != "win32":
        return False
    try:
        return hasattr(ctypes.WinDLL("ntdll"), "wine_get_version")
    except OSError:
        return False


def running_processes() -> list[str]:
    """The executable names of the running processes (Windows; [] elsewhere)."""
    if sys.platform != "win32":
        return []
    from ctypes import wintypes

    class Entry(ctypes.Structure):
        _fields_ = [
            ("dwSize", wintypes.DWORD),
            ("cntUsage", wintypes.DWORD),
            ("th32ProcessID", wintypes.DWORD),
            ("th32DefaultHeapID", ctypes.c_void_p),
            ("th32ModuleID", wintypes.DWORD),
            ("cntThreads", wintypes.DWORD),
            ("th32ParentProcessID", wintypes.DWORD),
            ("pcPriClassBase", ctypes.c_long),
            ("dwFlags", wintypes.DWORD),
            ("szExeFile", ctypes.c_wchar * 260),
        ]

    kernel32: Any = ctypes.WinDLL("kernel32")
    kernel32.CreateToolhelp32Snapshot.restype = wintypes.HANDLE
    snapshot = kernel32.CreateToolhelp32Snapshot(2, 0)  # TH32CS_SNAPPROCESS
    if not snapshot or snapshot == wintypes.HANDLE(-1).value:
        return []
    names = []
    try:
        entry = Entry()
        entry.dwSize = ctypes.sizeof(Entry)
        found = kernel32.Process32FirstW(snapshot, ctypes.byref(entry))
        while found:
            names.append(entry.szExeFile)
            found = kernel32.Process32NextW(snapshot, ctypes.byref(entry))
    finally:
        kernel32.CloseHandle(snapshot)
    return names
