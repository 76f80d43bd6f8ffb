"""Press keys in the game's window, the way Windows delivers them (run by the build's
own python.exe under Wine).

Reads commands on standard input, one a line, and answers each with "ok" or "error
<why>":

    key <name>      WM_KEYDOWN then WM_KEYUP to the game's window (SDL's "pygame")
    quit

The window is looked for when the first key comes (up to a minute). Names: enter,
escape, space, tab, up, down, left, right, home, end, pageup, pagedown, f1..f12,
and single letters or digits.
"""

from __future__ import annotations

import ctypes
import sys
import time
from ctypes import wintypes

WM_KEYDOWN, WM_KEYUP = 0x0100, 0x0101
MAPVK_VK_TO_VSC = 0
VK = {
    "enter": 0x0D,
    "escape": 0x1B,
    "space": 0x20,
    "tab": 0x09,
    "pageup": 0x21,
    "pagedown": 0x22,
    "end": 0x23,
    "home": 0x24,
    "left": 0x25,
    "up": 0x26,
    "right": 0x27,
    "down": 0x28,
    **{f"f{i}": 0x6F + i for i in range(1, 13)},
}
#: keys of the navigation block: Windows marks them "extended" (else they are the keypad's)
EXTENDED = {"pageup", "pagedown", "end", "home", "left", "up", "right", "down"}

user32 = ctypes.WinDLL("user32", use_last_error=True)
user32.FindWindowW.restype = wintypes.HWND
user32.FindWindowW.argtypes = [wintypes.LPCWSTR, wintypes.LPCWSTR]
user32.PostMessageW.argtypes = [wintypes.HWND, wintypes.UINT, wintypes.WPARAM, wintypes.LPARAM]
user32.PostMessageW.restype = wintypes.BOOL
user32.MapVirtualKeyW.argtypes = [wintypes.UINT, wintypes.UINT]
user32.MapVirtualKeyW.restype = wintypes.UINT


def find_window(timeout: float = 60.0) -> int:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        hwnd = user32.FindWindowW("pygame", None)
        if hwnd:
            return hwnd
        time.sleep(0.05)
    raise LookupError("no game window")


def virtual_key(name: str) -> int:
    if name in VK:
        return VK[name]
    if len(name) == 1 and name.isalnum():
        return ord(name.upper())
    raise ValueError(f"unknown key {name!r}")


def press(hwnd: int, name: str) -> None:
    vk = virtual_key(name)
    scan = user32.MapVirtualKeyW(vk, MAPVK_VK_TO_VSC)
    down = 1 | (scan << 16) | ((1 << 24) if name in EXTENDED else 0)
    up = down | (1 << 30) | (1 << 31)
    if not user32.PostMessageW(hwnd, WM_KEYDOWN, vk, down):
        raise OSError(ctypes.get_last_error(), "PostMessageW failed")
    user32.PostMessageW(hwnd, WM_KEYUP, vk, up)


def main() -> int:
    hwnd = 0
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        if words[0] == "quit":
            break
        try:
            if words[0] != "key" or len(words) != 2:
                raise ValueError(f"not a command: {line.strip()}")
            hwnd = hwnd or find_window()
            press(hwnd, words[1])
            print("ok", flush=True)
        except (OSError, ValueError, LookupError) as exc:
            print(f"error {exc}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
