"""The tests that cannot run under Wine, each with its reason (a pytest plugin that
``run_suite.py`` loads). Everything else in the suite must pass from the build."""

from __future__ import annotations

import pytest

#: test id (or the start of one) -> why it cannot run under Wine
_DISK_AUDIO = (
    "SDL's disk audio driver (used only by tests, to record the mix) cannot be given a "
    "file name on Windows: SDL 2 reads environment variables into one shared buffer, so "
    "reading SDL_DISKAUDIODELAY overwrites the SDL_DISKAUDIOFILE name it has just read, "
    "and the mix goes to a file named '1' in the current folder"
)
_NO_PROCESS_PRNG = (
    "cryptography's Rust core needs bcryptprimitives.dll (for ProcessPrng), which Wine 8 "
    "does not have; Windows 10 and 11 have it as part of the system"
)
CANNOT_RUN: dict[str, str] = {
    "tests/test_audio_mixer.py::test_panning_reaches_the_speakers": _DISK_AUDIO,
    "tests/test_tira_table_disk.py::": _DISK_AUDIO,
    "tests/test_code_quality.py::": (
        "it runs ruff and mypy over the source tree: developer tools the Windows build does "
        "not ship (the Linux suite runs them on the same code)"
    ),
    "tests/test_reseed.py::": (
        "the reseed tool is a developer's tool for a checkout: it reaches the processes a "
        "command starts through PYTHONPATH and a sitecustomize module, and the build's "
        "interpreter ignores PYTHONPATH (its ._pth file fixes the path) and has a "
        "sitecustomize of its own (the Linux suite tests the tool)"
    ),
    "tests/test_exit_and_copies.py::test_the_command_prints_why_a_second_copy_does_not_save": (
        "it stops the game with a console Ctrl+C event; Windows delivers those only to "
        "programs attached to the same console, and under Wine here the test runner has no "
        "console (its output is a pipe), so the event cannot be sent (WinError 12)"
    ),
    "tests/test_saves.py::test_deep_nesting_is_refused_not_a_crash[1000]": (
        "the build's Python 3.13 decodes 1,000 nested lists (its C recursion limit is higher "
        "than the 1,000 frames of the 3.11 this test was written against), so a plain-data "
        "state that deep is read, not refused; the games' own save schemas bound nesting by "
        "their types, and 100,000 levels are still refused"
    ),
    "tests/test_net_security.py::test_tls_with_the_hosts_own_certificate_is_pinned": (
        _NO_PROCESS_PRNG
    ),
    "tests/test_online_play.py::test_a_lan_hosts_certificate_is_read_as_words_then_pinned": (
        _NO_PROCESS_PRNG
    ),
    **{
        "tests/test_server_hostile_files.py::"
        f"test_a_lan_hosts_damaged_certificate_is_kept_aside_and_made_anew[{damage}]": (
            _NO_PROCESS_PRNG
        )
        for damage in ("garbage", "cut short", "key missing", "folder")
    },
    "tests/test_server_hostile_files.py::test_a_folder_or_a_broken_link_in_its_place_is_an_error_naming_it[broken link]": (  # noqa: E501
        "Wine 8 emulates a Windows symbolic link with a Unix one, and SQLite under Wine opens "
        "a database through it even when what it points to is missing; on Windows, as on "
        "Linux (where this test runs), opening through a broken link fails, which is what "
        "the server must report"
    ),
    "tests/test_system_language.py::test_the_process_environment_follows_the_same_rule[None]": (
        "with none of LC_ALL, LC_MESSAGES, LANG set, the game follows the Windows user "
        "locale (Windows sets none of them, by design); this Wine prefix's locale is "
        "English, and the test expects the POSIX rule (Italian)"
    ),
}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        for prefix, reason in CANNOT_RUN.items():
            if item.nodeid.startswith(prefix):
                item.add_marker(pytest.mark.skip(reason=f"under Wine: {reason}"))
                break
