"""The command line's own words (``--help``, a wrong option) in the player's language.

Read before anything else is loaded, so straight from ``locales/*/cli.ftl`` without
the Fluent runtime. Python's argparse asks gettext for its headings and errors at the
moment it uses them ("usage: ", "unrecognized arguments: %s"...): while the command
line is read, those lookups are answered from the same file; any other stays as it is.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager

from audiogame.language.startup import LANGUAGES, plain_message, system_language

#: argparse's own words -> our messages (the same in every Python we support)
ARGPARSE_WORDS = {
    "usage: ": "cli-usage",
    "options": "cli-options",
    "show this help message and exit": "cli-help",
    "%(prog)s: error: %(message)s\n": "cli-error",
    "unrecognized arguments: %s": "cli-unrecognized",
    "invalid choice: %(value)r (choose from %(choices)s)": "cli-invalid-choice",
    "argument %(argument_name)s: %(message)s": "cli-argument",
    "expected one argument": "cli-expected-one",
}


def command_line_language(argv: Sequence[str]) -> str:
    """``--lang`` when it is given and one we speak, else the system's (the settings
    are read only after the command line, which may name their folder)."""
    for i, arg in enumerate(argv):
        if arg == "--lang" and i + 1 < len(argv):
            value = argv[i + 1]
        elif arg.startswith("--lang="):
            value = arg.partition("=")[2]
        else:
            continue
        if value in LANGUAGES:
            return value
    return system_language()


def words(lang: str) -> Callable[[str], str]:
    """``msg_id`` -> its text in ``lang`` (English when missing there, the id at worst)."""

    def word(msg_id: str) -> str:
        return (
            plain_message(lang, msg_id, "cli.ftl")
            or plain_message("en", msg_id, "cli.ftl")
            or msg_id
        )

    return word


@contextmanager
def argparse_speaking(lang: str) -> Iterator[Callable[[str], str]]:
    """argparse's headings and errors in ``lang`` while the command line is read."""
    word = words(lang)

    def translate(text: str) -> str:
        msg_id = ARGPARSE_WORDS.get(text)
        if msg_id is None:
            return text
        # argparse's own trailing space or newline stays (Fluent trims them)
        return word(msg_id) + text[len(text.rstrip()) :]

    module = vars(argparse)
    original = module["_"]
    module["_"] = translate
    try:
        yield word
    finally:
        module["_"] = original
