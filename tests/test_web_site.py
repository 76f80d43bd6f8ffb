"""The page's HTTP side as a phone's browser meets it: an app with a manifest and icons,
a service worker that knows the page's own files and nothing else, answers compressed
for browsers that ask (and ``Vary`` saying what chose them), the server's rule for a
name in the page, and the lobby's words. A real server on 127.0.0.1; no browser."""

from __future__ import annotations

import gzip
import json
import re
import struct

import pytest

from audiogame.devtools.net_harness import ServerThread
from audiogame.games import registry
from audiogame.language.localizer import LANGUAGES, Localizer
from audiogame.net.protocol import messages as m
from audiogame.net.protocol.names import clean_name, name_rule
from audiogame.net.server.options import ServerOptions
from audiogame.net.web.listener import WebListener
from audiogame.net.web.site import FILES, PRECACHED
from tests.test_web_listener import get


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with ServerThread(tmp_path_factory.mktemp("site"), ServerOptions()) as running:
        yield running


def png_size(body: bytes) -> tuple[int, int]:
    assert body[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", body[16:24])


def page_data(body: bytes) -> dict:
    return json.loads(body.decode().split('id="page-data">')[1].split("</script>")[0])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_page_installs_as_an_app_in_each_language(server, lang):
    status, _, body = get(server, f"/?lang={lang}")
    page = body.decode()
    assert status == 200
    manifest_path = f"/manifest.{lang}.webmanifest"
    assert f'<link rel="manifest" href="{manifest_path}">' in page
    assert '<meta name="theme-color"' in page and 'rel="apple-touch-icon"' in page
    status, headers, body = get(server, manifest_path)
    assert status == 200 and headers["Content-Type"] == "application/manifest+json"
    manifest = json.loads(body)
    t = Localizer(lang)
    assert manifest["name"] == t("web-ui-title") and manifest["lang"] == lang
    assert manifest["display"] == "standalone" and manifest["start_url"].startswith("/")
    sizes = set()
    for icon in manifest["icons"]:
        status, headers, body = get(server, icon["src"])
        assert status == 200 and headers["Content-Type"] == "image/png"
        width, height = png_size(body)
        assert icon["sizes"] == f"{width}x{height}" and "maskable" in icon["purpose"]
        sizes.add(width)
    assert {192, 512} <= sizes  # what a browser asks to install an app
    status, headers, body = get(server, "/icons/apple-touch-icon.png")
    assert status == 200 and png_size(body) == (180, 180)
    status, headers, body = get(server, "/favicon.ico")
    assert status == 200 and headers["Content-Type"] == "image/x-icon"
    assert body[:4] == b"\x00\x00\x01\x00" and b"\x89PNG" in body
    assert get(server, "/manifest.xx.webmanifest")[0] == 404


def test_the_service_worker_keeps_the_pages_own_files_and_knows_their_version(server):
    status, headers, body = get(server, "/sw.js")
    assert status == 200 and headers["Content-Type"].startswith("text/javascript")
    assert headers["Cache-Control"] == "no-cache"  # a new version is seen at once
    text = body.decode()
    assert "{{" not in text
    version = re.search(r'const VERSION = "([0-9a-f]{16})"', text)
    files = json.loads(re.search(r"const FILES = (\[.*?\]);", text).group(1))
    assert version and files == list(PRECACHED) and set(files) <= set(FILES)
    for path in files:
        assert get(server, path)[0] == 200, path
    # what it keeps as fetched: the sounds, the words, the manifests; the page itself
    # fresh first. Never the socket's address, the health checks or the metrics
    kept_as_fetched = ("/sounds/tile_play.wav", "/strings/it.json", "/manifest.en.webmanifest",
                       "/icons/icon-512.png")  # fmt: skip
    for kept in kept_as_fetched:
        patterns = re.findall(r"/\^(.*?)\$/", text)
        assert any(re.match(f"^{p}$".replace("\\/", "/"), kept) for p in patterns), kept
    for never in ("/healthz", "/readyz", "/metrics", "/guide/domino.en.txt"):
        patterns = re.findall(r"/\^(.*?)\$/", text)
        assert not any(re.match(f"^{p}$".replace("\\/", "/"), never) for p in patterns)
        assert never not in files


@pytest.mark.parametrize(
    "path",
    ["/", "/t/12-3-97", "/app.js", "/speech.js", "/style.css", "/strings/en.json",
     "/sounds/tile_play.wav", "/manifest.it.webmanifest", "/sw.js"],
)  # fmt: skip
def test_answers_are_compressed_for_a_browser_that_asks(server, path):
    status, plain_headers, plain = get(server, path, **{"Accept-Language": "en"})
    assert status == 200 and "Content-Encoding" not in plain_headers
    status, headers, packed = get(
        server, path, **{"Accept-Encoding": "gzip, deflate, br", "Accept-Language": "en"}
    )
    assert status == 200 and headers["Content-Encoding"] == "gzip"
    assert gzip.decompress(packed) == plain and len(packed) < len(plain)
    assert int(headers["Content-Length"]) == len(packed)
    vary = {v.strip() for v in headers["Vary"].split(",")}
    assert "Accept-Encoding" in vary and plain_headers["Vary"] == headers["Vary"]
    # the page's words follow the browser's language: a cache must keep one per language
    assert ("Accept-Language" in vary) == (path in ("/", "/t/12-3-97"))
    refused = get(server, path, **{"Accept-Encoding": "gzip;q=0", "Accept-Language": "en"})
    assert "Content-Encoding" not in refused[1] and refused[2] == plain


def test_a_png_is_sent_as_it_is(server):
    status, headers, _ = get(server, "/icons/icon-512.png", **{"Accept-Encoding": "gzip"})
    assert status == 200 and "Content-Encoding" not in headers and "Vary" not in headers


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_page_checks_a_name_by_the_servers_rule_and_can_say_why(server, lang):
    data = page_data(get(server, f"/?lang={lang}")[2])
    rule = data["name"]
    assert rule == name_rule()
    t = Localizer(lang)
    for problem in rule["problems"].values():
        assert data["strings"][f"net-reason-{problem}"] == t(f"net-reason-{problem}")
    # the rule's data says what clean_name does (the page builds its check from it)
    assert clean_name("x")[1].value == rule["problems"]["short"]
    assert clean_name("y" * (rule["max"] + 1))[1].value == rule["problems"]["long"]
    assert clean_name("12345")[1].value == rule["problems"]["characters"]
    assert clean_name("Zoë O'Neil-Smith")[1] is None


def lobby_of(lang: str, summary: m.TableSummary) -> dict:
    listener = WebListener(lang, lambda _table: None)
    listener.take(m.TableList(tables=[summary]))
    frame = next(f for f in listener.take_out() if type(f).__name__ == "Lobby")
    return {"tables": [t.text for t in frame.tables], "games": frame.games}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_lobby_line_names_the_master_or_says_there_is_none(lang):
    t = Localizer(lang, games=registry.message_folders)
    playing = m.TableStage.PLAYING
    kept = lobby_of(lang, m.TableSummary("a", "domino", 4, 2, 0, playing, "Anna"))
    nobody = lobby_of(lang, m.TableSummary("b", "domino", 4, 2, 0, playing, ""))
    game = t(registry.get("domino").name_message)
    line = {"game": game, "stage": "playing", "seated": 2, "seats": 4}
    assert kept["tables"] == [t("web-table-line", **line, master="Anna", mastered="yes")]
    assert nobody["tables"] == [t("web-table-line", **line, master="", mastered="no")]
    said = nobody["tables"][0]
    assert not re.search(r"\s[,.]|,\s*$|\s$", said), said  # no empty name left behind
    assert said != kept["tables"][0].replace("Anna", "")
    # the games a table can be opened for, each with the seats its tables may have
    for game in kept["games"]:
        spec = registry.get(game.id)
        assert (game.min_seats, game.max_seats) == (spec.min_seats, spec.max_seats)
        assert spec.min_seats <= game.seats <= spec.max_seats


def test_a_browser_asking_again_with_the_etag_gets_no_body(server):
    for path in ("/", "/app.js", "/sounds/tile_play.wav", "/icons/icon-192.png"):
        status, headers, body = get(server, path, **{"Accept-Encoding": "gzip"})
        tag = headers["ETag"]
        status, again, body = get(server, path, **{"If-None-Match": tag})
        assert status == 304 and body == b"" and again["ETag"] == tag, path
        status, _, body = get(server, path, **{"If-None-Match": '"something-else"'})
        assert status == 200 and body, path
