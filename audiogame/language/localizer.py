"""Messages in Italian and English, from Fluent files in ``locales/<lang>/``.

Every sentence the game says is a message id with arguments; the words live in
the ``.ftl`` files, so plurals and agreement ("una tessera / 3 tessere") are
the translators' business, not the code's. The language can change at any
moment; the next message is in the new language.
"""

from __future__ import annotations

import logging
import re
import threading
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from fluent.runtime import FluentBundle, FluentResource
from fluent.syntax.ast import Junk, Resource

from audiogame.language.startup import DEFAULT_LANGUAGE, LANGUAGES, system_language  # noqa: F401
from audiogame.resources import data_dir

log = logging.getLogger(__name__)

# Bidi isolation marks and other zero-width characters that screen readers may
# spell out or that confuse braille: never let them reach speech.
MESSAGE_ID = re.compile(r"^([a-z][a-z0-9-]*) =", re.MULTILINE)

INVISIBLE = re.compile("[\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]")


def strip_invisible(text: str) -> str:
    return INVISIBLE.sub("", text)


#: a lowercase letter opening a sentence: after a full stop, "!" or "?" and a space
SENTENCE_START = re.compile(r"(?<=[.!?] )([^\W\d_])")


def capital_sentences(text: str) -> str:
    """Every sentence after the first starts with a capital letter.

    A message that joins sentences ("Squadre a caso. { $teams }.") puts a word
    meant for the middle of a sentence ("la tua squadra") after a full stop;
    the capital goes on here, once, rather than in a second spelling of every
    word. Only the letter right after ". " changes: the message's own first
    letter stays as written (it may be a word inside another message).
    """
    return SENTENCE_START.sub(lambda m: m.group(1).upper(), text)


def capital_first(text: str) -> str:
    """A whole utterance starts with a capital ("quadrifoglio, porcellino." as said)."""
    for i, char in enumerate(text):
        if char.isalpha():
            return text if char.isupper() else text[:i] + char.upper() + text[i + 1 :]
        if not char.isspace():
            return text  # a digit or a sign comes first: nothing to raise
    return text


#: the folders of the games that keep their messages in their own folder, asked when a
#: language is loaded (the app hands ``games.registry.message_folders``)
GameFolders = Callable[[], Sequence[Path]]


def no_game_folders() -> Sequence[Path]:
    return ()


def message_folders(root: Path | None = None, games: GameFolders = no_game_folders) -> list[Path]:
    """Where the messages live: the shared ``locales/`` (or ``root``), then the folders
    of the games that keep their own (``GameSpec.locales``), as the app hands them."""
    return [root or data_dir("locales"), *games()]


#: files already parsed, by their text: a process that builds several localizers (the
#: web listener's, one a language; a test run's many apps) parses each file once. A
#: bundle only reads the parsed tree (it compiles messages into its own objects).
_parsed: dict[str, Resource] = {}
_parsed_lock = threading.Lock()
#: texts kept at most (the shipped files of both languages are about 70)
PARSED_KEPT = 400


def parse(text: str) -> Resource:
    """A Fluent file's text parsed (the same text is parsed once per process)."""
    with _parsed_lock:
        found = _parsed.get(text)
    if found is None:
        found = FluentResource(text)  # outside the lock: two threads may both parse it
        with _parsed_lock:
            if len(_parsed) >= PARSED_KEPT:
                _parsed.clear()
            _parsed[text] = found
    return found


def load_bundle(
    lang: str, root: Path | None = None, games: GameFolders = no_game_folders
) -> FluentBundle:
    bundle = FluentBundle([lang], use_isolating=False)
    folders = message_folders(root, games)
    paths = [p for folder in folders for p in sorted((folder / lang).glob("*.ftl"))]
    for path in paths:
        resource = parse(path.read_text(encoding="utf-8"))
        for entry in resource.body:
            if isinstance(entry, Junk):  # a message Fluent could not read: the rest still loads
                log.warning("%s: cannot read %r", path.name, entry.content)
        bundle.add_resource(resource)
    return bundle


class Localizer:
    """Formats message ids in the current language; switchable at run time."""

    def __init__(
        self,
        lang: str = DEFAULT_LANGUAGE,
        root: Path | None = None,
        games: GameFolders = no_game_folders,
    ) -> None:
        self._root = root
        self._games = games
        self._bundles: dict[str, FluentBundle] = {}
        self._preload: threading.Thread | None = None
        self.lang = lang if lang in LANGUAGES else DEFAULT_LANGUAGE

    def bundle(self, lang: str) -> FluentBundle:
        if lang not in self._bundles:
            preload = self._preload
            if preload is not None and preload is not threading.current_thread():
                preload.join()  # it is parsing this very language: never parse it twice
        if lang not in self._bundles:
            self._bundles[lang] = load_bundle(lang, self._root, self._games)
        return self._bundles[lang]

    def set_language(self, lang: str) -> None:
        if lang in LANGUAGES:
            self.lang = lang

    def is_loaded(self, lang: str) -> bool:
        return lang in self._bundles

    def preload_others(self) -> threading.Thread:
        """Parse the other languages' messages in a background thread, so that switching
        language does not hold the loop (parsing them all takes 50-70 ms)."""

        def load() -> None:
            for lang in LANGUAGES:
                if lang not in self._bundles:
                    self.bundle(lang)  # at worst parsed twice: both results are the same

        if self._preload is None:
            self._preload = threading.Thread(target=load, name="locales-preload", daemon=True)
            self._preload.start()
        return self._preload

    def warm_task(self, file_name: str, per_step: int = 8) -> Callable[[], bool]:
        """A background task (for ``App.idle_tasks``) compiling one file's messages.

        Fluent compiles a message the first time it is formatted; a table warms
        its game's messages a few at a time between frames, so neither the
        table's first frame nor its first answer pays for it.
        """
        lang = self.lang
        try:
            text = (
                (self._root or data_dir("locales"))
                .joinpath(lang, file_name)
                .read_text(encoding="utf-8")
            )
        except OSError:
            return lambda: True
        pending = iter(MESSAGE_ID.findall(text))

        def step() -> bool:
            bundle = self.bundle(lang)
            for _ in range(per_step):
                msg_id = next(pending, None)
                if msg_id is None:
                    return True
                if bundle.has_message(msg_id):
                    bundle.get_message(msg_id)
            return False

        return step

    def has(self, msg_id: str) -> bool:
        return self.bundle(self.lang).has_message(msg_id)

    def __call__(self, msg_id: str, **args: Any) -> str:
        return self.format(self.lang, msg_id, args)

    def format(self, lang: str, msg_id: str, args: Mapping[str, Any]) -> str:
        for candidate in (lang, *[x for x in LANGUAGES if x != lang]):
            bundle = self.bundle(candidate)
            if bundle.has_message(msg_id):
                message = bundle.get_message(msg_id)
                if message.value is None:
                    break
                text, errors = bundle.format_pattern(message.value, dict(args))
                if errors:
                    log.warning("%s/%s: %s", candidate, msg_id, errors)
                return capital_sentences(strip_invisible(str(text)))
        log.error("missing message %s", msg_id)
        return msg_id
