"""The web page's HTTP side, answered on the game server's own port.

``websockets`` reads every request (its HTTP/1.1 parser, not ours) and hands it
to ``GameServer._process_request``; ``Site.respond`` answers the page's plain
GETs and leaves WebSocket handshakes alone, so the page and its socket share
one origin and one port:

- ``/`` and ``/t/<code>`` (a table's invite link): the page, its words filled in
  on the server in the reader's language (``?lang=``, else the browser's
  Accept-Language, else Italian, as the game chooses);
- ``/app.js``, ``/style.css``: the page's one script and one style sheet;
- ``/sounds/<cue>.wav``: the game's own cues, for the Web Audio API;
- ``/strings/<lang>.json``: the page's words in another language (switching
  language never reloads the page);
- ``/guide/<game>.<lang>.txt``: a game's rules (the player's guide) as text.

Everything else is 404. Responses are small and built whole; each carries a
content security policy that lets the page load only from its own origin.
"""

from __future__ import annotations

import html
import http
import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from websockets.datastructures import Headers
from websockets.http11 import Request, Response

from audiogame.games import registry
from audiogame.language.localizer import DEFAULT_LANGUAGE, LANGUAGES, MESSAGE_ID
from audiogame.net.web import civil
from audiogame.net.web.listener import KINDS, localizer
from audiogame.resources import data_dir
from audiogame.store.settings import VERBOSITY_LEVELS

STATIC = Path(__file__).resolve().parent / "static"
PLACEHOLDER = re.compile(r"\{\{([a-z0-9-]+)\}\}")
INVITE = re.compile(r"^/t/([0-9]{1,3}(?:-[0-9]{1,3}){1,5})$")
GUIDE = re.compile(r"^/guide/([a-z0-9_-]{1,32})\.([a-z]{2})\.txt$")
SOUND = re.compile(r"^/sounds/([a-z0-9_]{1,32})\.wav$")
STRINGS = re.compile(r"^/strings/([a-z]{2})\.json$")

#: the page loads only from its own origin; its socket is that origin's ws:// or wss://
POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "media-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; "
    "frame-ancestors 'none'; form-action 'none'"
)

TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".wav": "audio/wav",
    ".txt": "text/plain; charset=utf-8",
}


@dataclass(frozen=True, slots=True)
class Page:
    body: bytes
    kind: str
    cache: str = "no-cache"


def is_upgrade(request: Request) -> bool:
    return "websocket" in request.headers.get("Upgrade", "").lower()


def chosen_language(query: str, accept: str) -> str:
    """``lang=`` in the query, else the first of the browser's languages we speak."""
    for part in query.split("&"):
        name, _, value = part.partition("=")
        if name == "lang" and value in LANGUAGES:
            return value
    for item in accept.split(","):
        tag = item.split(";")[0].strip().lower()
        primary = tag.split("-")[0]
        if primary in LANGUAGES:
            return primary
    return DEFAULT_LANGUAGE


def ui_ids() -> list[str]:
    """The page's own words: every ``web-ui-`` message, and the verbosity options' names."""
    text = (data_dir("locales") / DEFAULT_LANGUAGE / "web.ftl").read_text(encoding="utf-8")
    found = [i for i in MESSAGE_ID.findall(text) if i.startswith("web-ui-")]
    found += [f"lang-{lang}" for lang in LANGUAGES]
    found += [f"verbosity-{level}" for level in VERBOSITY_LEVELS]
    found += [kind_label(kind) for kind in KINDS]
    return found


def kind_label(kind: str) -> str:
    return "web-kind-chat" if kind == "chat" else f"kind-{kind}"


class Site:
    def __init__(self) -> None:
        self._cache: dict[str, Page] = {}
        shared = data_dir("sounds")
        self._sounds = {cue.id: (cue.folder or shared) / f"{cue.id}.wav" for cue in registry.cues()}

    def respond(self, request: Request) -> Response | None:
        """The answer to a page's request; None for a WebSocket handshake."""
        if is_upgrade(request):
            return None
        path, _, query = request.path.partition("?")
        accept = request.headers.get("Accept-Language", "")
        page = self.find(path, chosen_language(query, accept))
        if page is None:
            return _response(http.HTTPStatus.NOT_FOUND, Page(b"not found\n", TYPES[".txt"]))
        return _response(http.HTTPStatus.OK, page)

    def find(self, path: str, lang: str) -> Page | None:
        if path == "/" or INVITE.match(path):
            return self._cached(f"page/{lang}", lambda: self._page(lang))
        if path in ("/app.js", "/style.css"):
            name = path[1:]
            return self._cached(name, lambda: _file(STATIC / name, "max-age=300"))
        if found := SOUND.match(path):
            sound = self._sounds.get(found.group(1))
            if sound is None:
                return None
            return self._cached(path, lambda: _file(sound, "max-age=86400"))
        if found := STRINGS.match(path):
            wanted = found.group(1)
            if wanted not in LANGUAGES:
                return None
            return self._cached(path, lambda: Page(_page_json(wanted), TYPES[".json"]))
        if found := GUIDE.match(path):
            return self._guide(found.group(1), found.group(2))
        return None

    def _cached(self, key: str, make: Callable[[], Page | None]) -> Page | None:
        page = self._cache.get(key)
        if page is None:
            page = make()
            if page is None:
                return None
            self._cache[key] = page
        return page

    def _page(self, lang: str) -> Page:
        template = (STATIC / "index.html").read_text(encoding="utf-8")
        t = localizer(lang)

        def fill(found: re.Match[str]) -> str:
            name = found.group(1)
            if name == "lang":
                return lang
            if name == "page-json":
                # JSON inside a script element: "<" escaped so no text can close it
                return _page_json(lang).decode().replace("<", "\\u003c")
            return html.escape(t.format(lang, name, {}))

        return Page(PLACEHOLDER.sub(fill, template).encode(), TYPES[".html"])

    def _guide(self, game: str, lang: str) -> Page | None:
        spec = registry.get(game)
        if spec is None or lang not in LANGUAGES:
            return None
        file = (spec.docs or data_dir("docs")) / f"{spec.guide}.{lang}.md"
        if not file.is_file():
            return None
        return self._cached(f"guide/{game}/{lang}", lambda: _file(file, "no-cache", ".txt"))


def _strings(lang: str) -> dict[str, str]:
    t = localizer(lang)
    return {name: t.format(lang, name, {}) for name in ui_ids()}


def _page_json(lang: str) -> bytes:
    """What the page's script needs: its words, and the verbosity kinds and levels."""
    data = {
        "lang": lang,
        "strings": _strings(lang),
        **civil.page_choices(localizer(lang)),
        "kinds": [[kind, kind_label(kind)] for kind in KINDS],
        "levels": list(VERBOSITY_LEVELS),
    }
    return json.dumps(data, ensure_ascii=False).encode()


def _file(path: Path, cache: str, suffix: str | None = None) -> Page | None:
    try:
        body = path.read_bytes()
    except OSError:
        return None
    return Page(body, TYPES[suffix or path.suffix], cache)


def _response(status: http.HTTPStatus, page: Page) -> Response:
    headers = Headers(
        [
            ("Content-Type", page.kind),
            ("Content-Length", str(len(page.body))),
            ("Cache-Control", page.cache),
            ("Content-Security-Policy", POLICY),
            ("X-Content-Type-Options", "nosniff"),
            ("Referrer-Policy", "no-referrer"),
            ("Connection", "close"),
        ]
    )
    return Response(status.value, status.phrase, headers, page.body)
