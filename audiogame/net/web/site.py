"""The web page's HTTP side, answered on the game server's own port.

``websockets`` reads every request (its HTTP/1.1 parser, not ours) and hands it
to ``GameServer._process_request``; ``Site.respond`` answers the page's plain
GETs and leaves WebSocket handshakes alone, so the page and its socket share
one origin and one port:

- ``/`` and ``/t/<code>`` (a table's invite link): the page, its words filled in
  on the server in the reader's language (``?lang=``, else the browser's
  Accept-Language, else Italian, as the game chooses);
- the page's scripts and style sheet (``static/``, by name: ``FILES``);
- ``/manifest.<lang>.webmanifest``, ``/icons/...``, ``/favicon.ico``: what makes the
  page an app on a phone's home screen; ``/sw.js``: its service worker, which keeps
  the page's own files (never a game frame) and knows their version;
- ``/sounds/<cue>.wav``: the game's own cues, for the Web Audio API;
- ``/strings/<lang>.json``: the page's words in another language (switching
  language never reloads the page);
- ``/guide/<game>.<lang>.txt``: a game's rules (the player's guide) as text.

Everything else is 404. Responses are built whole, once, and kept with their gzip
form for browsers that ask (``Vary`` says which request headers chose the
answer); each carries a content security policy that lets the page load only
from its own origin.
"""

from __future__ import annotations

import gzip
import hashlib
import html
import http
import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from websockets.datastructures import Headers
from websockets.http11 import Request, Response

from audiogame import __version__
from audiogame.games import registry
from audiogame.language.localizer import DEFAULT_LANGUAGE, LANGUAGES, MESSAGE_ID
from audiogame.net.protocol.names import name_rule
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
MANIFEST = re.compile(r"^/manifest\.([a-z]{2})\.webmanifest$")

#: the page's own files, by path: (file in ``static/``, how long a browser may keep it
#: without asking)
FILES: dict[str, tuple[str, str]] = {
    "/app.js": ("app.js", "max-age=300"),
    "/speech.js": ("speech.js", "max-age=300"),
    "/style.css": ("style.css", "max-age=300"),
    "/icons/icon-192.png": ("icons/icon-192.png", "max-age=86400"),
    "/icons/icon-512.png": ("icons/icon-512.png", "max-age=86400"),
    "/icons/apple-touch-icon.png": ("icons/apple-touch-icon.png", "max-age=86400"),
    "/favicon.ico": ("icons/favicon.ico", "max-age=86400"),
}
#: the service worker: never kept by the browser's cache, so a new version is seen
WORKER = "/sw.js"
#: what the service worker keeps as it installs: what the page needs to open (the
#: manifest's icons are the browser's business, fetched when it installs the app)
PRECACHED = ("/app.js", "/speech.js", "/style.css", "/favicon.ico")

#: the page loads only from its own origin; its socket is that origin's ws:// or wss://
POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "media-src 'self'; connect-src 'self'; worker-src 'self'; manifest-src 'self'; "
    "object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'"
)

TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".wav": "audio/wav",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".txt": "text/plain; charset=utf-8",
}
#: answers worth compressing (a PNG is compressed already)
COMPRESSED = frozenset({".html", ".js", ".css", ".json", ".webmanifest", ".wav", ".txt"})
#: the page's colours, for the manifest and the phone's bars (style.css's)
THEME = "#0b4fa8"
BACKGROUND = "#121212"


@dataclass(frozen=True, slots=True)
class Page:
    body: bytes
    kind: str
    cache: str = "no-cache"
    #: the same body gzipped, when that is smaller
    gz: bytes | None = None
    #: request headers that chose this answer beside its path
    vary: tuple[str, ...] = ()

    @property
    def etag(self) -> str:
        """The body's own name: a browser asking again with it gets 304, no body."""
        return '"' + hashlib.sha256(self.body).hexdigest()[:20] + '"'


def page(body: bytes, suffix: str, cache: str = "no-cache", vary: tuple[str, ...] = ()) -> Page:
    """An answer, with its gzip form when worth sending."""
    gz = None
    if suffix in COMPRESSED:
        packed = gzip.compress(body, 9, mtime=0)
        if len(packed) < len(body):
            gz = packed
            vary = (*vary, "Accept-Encoding")
    return Page(body, TYPES[suffix], cache, gz, vary)


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


def accepts_gzip(accept: str) -> bool:
    for item in accept.split(","):
        name, _, params = item.strip().partition(";")
        if name.strip().lower() in ("gzip", "*"):
            return params.replace(" ", "") not in ("q=0", "q=0.0", "q=0.00", "q=0.000")
    return False


def ui_ids() -> list[str]:
    """The page's own words: every ``web-ui-`` message, and the verbosity options' names."""
    text = (data_dir("locales") / DEFAULT_LANGUAGE / "web.ftl").read_text(encoding="utf-8")
    found = [i for i in MESSAGE_ID.findall(text) if i.startswith("web-ui-")]
    found += [f"lang-{lang}" for lang in LANGUAGES]
    found += [f"verbosity-{level}" for level in VERBOSITY_LEVELS]
    found += [kind_label(kind) for kind in KINDS]
    found += [f"net-reason-{problem}" for problem in name_rule()["problems"].values()]
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
        found = self.find(path, chosen_language(query, accept))
        if found is None:
            return _response(http.HTTPStatus.NOT_FOUND, page(b"not found\n", ".txt"), False)
        packed = accepts_gzip(request.headers.get("Accept-Encoding", ""))
        asked = request.headers.get("If-None-Match", "")
        if found.etag in (tag.strip().removeprefix("W/") for tag in asked.split(",")):
            return _response(http.HTTPStatus.NOT_MODIFIED, found, packed)
        return _response(http.HTTPStatus.OK, found, packed)

    def find(self, path: str, lang: str) -> Page | None:
        if path == "/" or INVITE.match(path):
            return self._cached(f"page/{lang}", lambda: self._page(lang))
        if path in FILES:
            name, cache = FILES[path]
            return self._cached(path, lambda: _file(STATIC / name, cache))
        if path == WORKER:
            return self._cached(path, self._worker)
        if found := MANIFEST.match(path):
            wanted = found.group(1)
            if wanted not in LANGUAGES:
                return None
            return self._cached(path, lambda: _manifest(wanted))
        if found := SOUND.match(path):
            sound = self._sounds.get(found.group(1))
            if sound is None:
                return None
            return self._cached(path, lambda: _file(sound, "max-age=86400"))
        if found := STRINGS.match(path):
            wanted = found.group(1)
            if wanted not in LANGUAGES:
                return None
            return self._cached(path, lambda: page(_page_json(wanted), ".json"))
        if found := GUIDE.match(path):
            return self._guide(found.group(1), found.group(2))
        return None

    def _cached(self, key: str, make: Callable[[], Page | None]) -> Page | None:
        found = self._cache.get(key)
        if found is None:
            found = make()
            if found is None:
                return None
            self._cache[key] = found
        return found

    def _page(self, lang: str) -> Page:
        template = (STATIC / "index.html").read_text(encoding="utf-8")
        t = localizer(lang)

        def fill(found: re.Match[str]) -> str:
            name = found.group(1)
            if name == "lang":
                return lang
            if name == "theme":
                return THEME
            if name == "page-json":
                # JSON inside a script element: "<" escaped so no text can close it
                return _page_json(lang).decode().replace("<", "\\u003c")
            return html.escape(t.format(lang, name, {}))

        body = PLACEHOLDER.sub(fill, template).encode()
        return page(body, ".html", vary=("Accept-Language",))

    def _worker(self) -> Page:
        """The service worker, told the page's files and their version (a new version
        of any of them, or of the game, makes it fetch them all again)."""
        digest = hashlib.sha256(__version__.encode())
        for name in ("index.html", *(FILES[path][0] for path in sorted(FILES))):
            digest.update((STATIC / name).read_bytes())
        for lang in LANGUAGES:  # the page's words are part of it
            digest.update(_page_json(lang))
        for sound in sorted(set(self._sounds.values())):  # and the sounds it keeps
            if sound.is_file():
                digest.update(sound.read_bytes())
        text = (STATIC / "sw.js").read_text(encoding="utf-8")
        text = text.replace('"{{version}}"', json.dumps(digest.hexdigest()[:16]))
        text = text.replace('"{{files}}"', json.dumps(list(PRECACHED)))
        return page(text.encode(), ".js")

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
    """What the page's script needs: its words, the verbosity kinds and levels, and the
    server's rule for a name (so a name it would refuse is explained before sending)."""
    data = {
        "lang": lang,
        "strings": _strings(lang),
        **civil.page_choices(localizer(lang)),
        "kinds": [[kind, kind_label(kind)] for kind in KINDS],
        "levels": list(VERBOSITY_LEVELS),
        "name": name_rule(),
    }
    return json.dumps(data, ensure_ascii=False).encode()


def _manifest(lang: str) -> Page:
    """The web app manifest: the page opens full screen from the home screen."""
    t = localizer(lang)
    icons = [
        {"src": f"/icons/icon-{size}.png", "sizes": f"{size}x{size}", "type": "image/png",
         "purpose": "any maskable"}
        for size in (192, 512)
    ]  # fmt: skip
    data = {
        "name": t.format(lang, "web-ui-title", {}),
        "short_name": t.format(lang, "web-ui-short-name", {}),
        "description": t.format(lang, "web-ui-intro", {}),
        "lang": lang,
        "start_url": f"/?lang={lang}",
        "scope": "/",
        "id": "/",
        "display": "standalone",
        "orientation": "any",
        "background_color": BACKGROUND,
        "theme_color": THEME,
        "icons": icons,
    }
    return page(json.dumps(data, ensure_ascii=False).encode(), ".webmanifest", "max-age=3600")


def _file(path: Path, cache: str, suffix: str | None = None) -> Page | None:
    try:
        body = path.read_bytes()
    except OSError:
        return None
    return page(body, suffix or path.suffix, cache)


def _response(status: http.HTTPStatus, found: Page, packed: bool) -> Response:
    body = found.gz if packed and found.gz is not None else found.body
    if status is http.HTTPStatus.NOT_MODIFIED:
        body = b""
    fields = [
        ("ETag", found.etag),
        ("Content-Type", found.kind),
        ("Cache-Control", found.cache),
        ("Content-Security-Policy", POLICY),
        ("X-Content-Type-Options", "nosniff"),
        ("Referrer-Policy", "no-referrer"),
        ("Connection", "close"),
    ]
    if status is not http.HTTPStatus.NOT_MODIFIED:  # a 304 tells no length of its own
        fields.append(("Content-Length", str(len(body))))
    if packed and found.gz is not None:
        fields.append(("Content-Encoding", "gzip"))
    if found.vary:
        fields.append(("Vary", ", ".join(found.vary)))
    return Response(status.value, status.phrase, Headers(fields), body)
