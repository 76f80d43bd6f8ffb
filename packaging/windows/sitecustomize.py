"""Run by the Windows build's interpreter at every start (``import site`` in its ._pth).

Everywhere: the zip leaves out pytz's time-zone files (the game formats no dates:
``build.py``). Left to look for them, pytz's first time zone (Babel asks for the local
one when the Fluent runtime is imported, before the main menu) checks each of its ~600
names on disk and again through ``importlib.resources``: 0.07-0.10 s of CPU at every
start under Wine, 0.16-0.42 s of wall time on a busy machine. Told where they would be
(``PYTZ_TZDATADIR``, pytz's own setting), it tries one open for each, 0.01-0.02 s, and
finds none, as before.

Under Wine only: Python asks WMI for the Windows version (``platform._wmi_query``,
reached by ``platform.machine()``, which accessible-output2's loader calls), and
Wine's WMI aborts the whole process on a function it lacks. Raising ``OSError``
there sends ``platform`` to its other way of asking (``ver``). On Windows itself
nothing changes.
"""

import os
import winreg

os.environ.setdefault(
    "PYTZ_TZDATADIR",
    os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "Lib", "site-packages", "pytz", "zoneinfo"
    ),
)


def _under_wine() -> bool:
    try:
        winreg.CloseKey(winreg.OpenKey(winreg.HKEY_CURRENT_USER, r"Software\Wine"))
    except OSError:
        return False
    return True


if _under_wine():
    import platform

    def _no_wmi(*_args: object, **_kwargs: object) -> object:
        raise OSError("WMI is not usable under Wine")

    platform._wmi_query = _no_wmi  # type: ignore[attr-defined]
