"""The default language: Italian unless the system asks for English (issue 13, item 12).

The rule is gettext's: the messages' locale is the first of LC_ALL, LC_MESSAGES,
LANG that is set and not empty; C and POSIX ask for no language (Italian, and
LANGUAGE is ignored); otherwise LANGUAGE's list comes first, then the locale.
"""

from __future__ import annotations

import itertools

import pytest

from audiogame.language.startup import system_language

CASES = [
    # (environment, expected)
    ({}, "it"),
    ({"LANG": "C"}, "it"),
    ({"LANG": "POSIX"}, "it"),
    ({"LANG": "C.UTF-8"}, "it"),
    ({"LANG": ""}, "it"),
    ({"LC_ALL": "C"}, "it"),
    ({"LC_ALL": "C", "LANG": "en_US.UTF-8"}, "it"),
    ({"LC_ALL": "POSIX", "LANGUAGE": "en"}, "it"),
    ({"LANG": "C", "LANGUAGE": "en_GB:en"}, "it"),
    ({"LANGUAGE": "en"}, "it"),  # the locale is C when nothing else is set
    ({"LANG": "en_US.UTF-8"}, "en"),
    ({"LANG": "en_GB"}, "en"),
    ({"LANG": "it_IT.UTF-8"}, "it"),
    ({"LANG": "fr_FR.UTF-8"}, "it"),
    ({"LANG": "de_DE.UTF-8", "LANGUAGE": "fr:en"}, "en"),
    ({"LANG": "en_US.UTF-8", "LANGUAGE": "it:en"}, "it"),
    ({"LANG": "it_IT.UTF-8", "LANGUAGE": "en_US:it"}, "en"),
    ({"LANG": "en_US.UTF-8", "LANGUAGE": ""}, "en"),
    ({"LANG": "en_US.UTF-8", "LC_MESSAGES": "it_IT.UTF-8"}, "it"),
    ({"LANG": "it_IT.UTF-8", "LC_MESSAGES": "en_US.UTF-8"}, "en"),
    ({"LANG": "en_US.UTF-8", "LC_MESSAGES": "C"}, "it"),
    ({"LC_ALL": "en_US.UTF-8", "LC_MESSAGES": "it_IT", "LANG": "it_IT"}, "en"),
    ({"LC_ALL": "it_IT.UTF-8", "LANG": "en_US.UTF-8"}, "it"),
    ({"LC_ALL": "", "LC_MESSAGES": "", "LANG": "en_US.UTF-8"}, "en"),
    ({"LANG": "en_US.UTF-8@euro"}, "en"),
    ({"LANG": "english"}, "en"),
]


@pytest.mark.parametrize(("env", "expected"), CASES)
def test_the_rule(env: dict[str, str], expected: str) -> None:
    assert system_language(env) == expected


NEUTRAL = [None, "", "C", "POSIX", "C.UTF-8"]


@pytest.mark.parametrize(
    ("lc_all", "lc_messages", "lang", "language"),
    list(itertools.product(NEUTRAL, NEUTRAL, NEUTRAL, [None, "", "en", "en_US:it"])),
)
def test_a_system_asking_for_no_language_gets_italian(lc_all, lc_messages, lang, language) -> None:
    """Every mix of unset, empty, C and POSIX: Italian, whatever LANGUAGE says."""
    env = {
        name: value
        for name, value in (
            ("LC_ALL", lc_all),
            ("LC_MESSAGES", lc_messages),
            ("LANG", lang),
            ("LANGUAGE", language),
        )
        if value is not None
    }
    assert system_language(env) == "it"


@pytest.mark.parametrize("english", ["en_US.UTF-8", "en_GB", "en"])
@pytest.mark.parametrize("slot", ["LC_ALL", "LC_MESSAGES", "LANG"])
def test_english_asked_in_any_slot_above_a_neutral_one(slot: str, english: str) -> None:
    order = ["LC_ALL", "LC_MESSAGES", "LANG"]
    env = {name: "C" for name in order[order.index(slot) + 1 :]}
    env[slot] = english
    assert system_language(env) == "en"


@pytest.mark.parametrize("lang", ["C", "C.UTF-8", "POSIX", None])
def test_the_process_environment_follows_the_same_rule(monkeypatch, lang) -> None:
    """Read from the real environment (no mapping given), as the command does.

    Python maps the C.UTF-8 locale to en_US, so asking the process's locale
    made a C system speak English."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANGUAGE", "LANG"):
        monkeypatch.delenv(name, raising=False)
    if lang is not None:
        monkeypatch.setenv("LANG", lang)
    assert system_language() == "it"
    monkeypatch.setenv("LC_MESSAGES", "en_US.UTF-8")
    assert system_language() == "en"
