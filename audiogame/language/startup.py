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


def system_language(environ: Mapping[str, str] | None = None) -> str:
    """The system's language if we speak it, else Italian (the spec's default)."""
    env = os.environ if environ is None else environ
    candidates = [env.get(k, "") for k in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")]
    if environ is None:
        try:
            candidates.append(locale.getlocale()[0] or "")
        except ValueError:
            pass
    for value in candidates:
        for part in value.split(":"):
            code = part.strip().lower()[:2]
            if code in LANGUAGES:
                return code
    return DEFAULT_LANGUAGE


def plain_message(lang: str, msg_id: str, file: str = "core.ftl") -> str | None:
    """A one-line message without placeables, read straight from the .ftl file."""
    try:
        text = (data_dir("locales") / lang / file).read_text(encoding="utf-8")
    except OSError:
        return None
    match = re.search(rf"^{re.escape(msg_id)} = ([^{{}}\n]+)$", text, re.MULTILINE)
    return match.group(1).strip() if match else None
