"""Which language to speak, decided without loading the Fluent runtime.

Start-up speaks its first words before the (slow to import) Fluent runtime is
loaded, so the choice of language and the plain greeting live here.
"""

from __future__ import annotations

import locale
import os
import re
from collections.abc import Mapping

from audiogame.resources import data_dir

LANGUAGES: tuple[str, ...] = ("it", "en")
DEFAULT_LANGUAGE = "it"


#: the locale categories that choose the messages' language, strongest first (POSIX)
LOCALE_VARIABLES: tuple[str, ...] = ("LC_ALL", "LC_MESSAGES", "LANG")
#: locales that ask for no language at all: the portable "C" locale and its aliases
NEUTRAL_LOCALES = frozenset({"", "c", "posix"})


def system_language(environ: Mapping[str, str] | None = None) -> str:
    """The language the system asks for, if we speak it; otherwise Italian.

    One rule, the one gettext follows: the messages' locale is the first of
    ``LC_ALL``, ``LC_MESSAGES``, ``LANG`` that is set and not empty. When it is
    the C (or POSIX) locale, or none is set, the system asks for no language
    and the game speaks Italian; ``LANGUAGE`` is then ignored, as gettext
    ignores it. Otherwise ``LANGUAGE`` (a colon-separated priority list) is
    read first, then the locale itself; the first language we speak wins.
    English is chosen only when the system asks for it.

    Windows sets none of these variables: there (and only there, when none is
    set) the user's locale from the operating system decides.
    """
    env = os.environ if environ is None else environ
    chosen = next((env[k] for k in LOCALE_VARIABLES if env.get(k)), "")
    candidates: list[str] = []
    if chosen:
        if _language_code(chosen) in NEUTRAL_LOCALES:
            return DEFAULT_LANGUAGE
        candidates = [*env.get("LANGUAGE", "").split(":"), chosen]
    elif environ is None and os.name == "nt":
        candidates = [_windows_locale()]
    for value in candidates:
        code = _language_code(value)
        if code in LANGUAGES:
            return code
    return DEFAULT_LANGUAGE


def _language_code(value: str) -> str:
    """ "en_GB.UTF-8" -> "en", "C.UTF-8" -> "c", "Italian_Italy" -> "italian"."""
    name = value.strip().split(".")[0].split("@")[0]
    code = name.replace("-", "_").split("_")[0].lower()
    return {"english": "en", "italian": "it"}.get(code, code)


def _windows_locale() -> str:
    try:
        return locale.getlocale()[0] or ""
    except ValueError:
        return ""


def plain_message(lang: str, msg_id: str, file: str = "core.ftl") -> str | None:
    """A one-line message without placeables, read straight from the .ftl file."""
    try:
        text = (data_dir("locales") / lang / file).read_text(encoding="utf-8")
    except OSError:
        return None
    match = re.search(rf"^{re.escape(msg_id)} = ([^{{}}\n]+)$", text, re.MULTILINE)
    return match.group(1).strip() if match else None
