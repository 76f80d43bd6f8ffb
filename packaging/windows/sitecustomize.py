"""Run by the Windows build's interpreter at every start (``import site`` in its ._pth).

Under Wine only: Python asks WMI for the Windows version (``platform._wmi_query``,
reached by ``platform.machine()``, which accessible-output2's loader calls), and
Wine's WMI aborts the whole process on a function it lacks. Raising ``OSError``
there sends ``platform`` to its other way of asking (``ver``). On Windows itself
nothing changes.
"""

import winreg


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
