"""The web page on a phone, for tests and benchmarks: Debian's Chromium through Playwright,
a phone's screen and touch, axe-core in the page, the browser's own voice.

- ``launch(driver, speechd=None)``: Chromium as a phone's browser is: sound waits for the
  first tap (no autoplay switch, unlike ``web_harness.CHROMIUM_ARGS``), and, given a
  private speech-dispatcher (``devtools.speechd``), the Web Speech API speaks through it
  (what it was asked to say is written down there);
- ``phone(browser, lang)``: a page in a context with a phone's viewport (390 by 844 CSS
  pixels, three device pixels each), touch (``has_touch``) and a mobile browser's
  layout (``is_mobile``), in Italian or English;
- ``axe(page)``: axe-core (vendored in ``vendor/axe-core``, checked by its SHA-256, never
  fetched) run inside the page on what it shows now: the violations, as
  ``(rule, impact, [targets])``;
- ``targets(page)``: every control the player can reach, with its size in CSS pixels;
- ``until(page, expression)``: waits for an expression to hold in the page (an event,
  polled; the bound only ends a wait that would never end).

Controls are found by role and name (``page.get_by_role``), as a screen reader finds them,
never by CSS selectors.
"""

from __future__ import annotations

import hashlib
import os
import time
from pathlib import Path
from typing import Any

from audiogame.devtools.web_harness import CHROMIUM_ARGS, chromium

AXE = Path(__file__).resolve().parent / "vendor" / "axe-core" / "axe.min.js"
#: the vendored file's SHA-256 (vendor/axe-core/README.md says where it came from)
AXE_SHA256 = "29348999450cdf2849a8e70b7912fc2da85a849da39c0d0d5394f51d4a9ed95c"
#: the rules axe runs: WCAG 2.0, 2.1 and 2.2 at levels A and AA, and its best practices
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]
#: a phone: an iPhone 14's CSS viewport
VIEWPORT = {"width": 390, "height": 844}
LOCALES = {"en": "en-GB", "it": "it-IT"}


def axe_source() -> str:
    body = AXE.read_bytes()
    found = hashlib.sha256(body).hexdigest()
    if found != AXE_SHA256:
        raise RuntimeError(f"{AXE} is not the vendored axe-core (sha256 {found})")
    return body.decode("utf-8")


def launch(driver: Any, speechd: Any = None) -> Any:
    """Debian's Chromium, headless, as a phone's browser behaves (see the module)."""
    path, why = chromium()
    if path is None:
        raise RuntimeError(why)
    args = [arg for arg in CHROMIUM_ARGS if not arg.startswith("--autoplay-policy")]
    env = None
    if speechd is not None:
        args.append("--enable-speech-dispatcher")
        env = {**os.environ, "SPEECHD_ADDRESS": f"unix_socket:{speechd.socket}"}
    return driver.chromium.launch(executable_path=path, args=args, env=env)


def phone(browser: Any, lang: str = "en", width: int = VIEWPORT["width"]) -> Any:
    """A new page on a phone's screen, with touch, in ``lang``."""
    context = browser.new_context(
        viewport={"width": width, "height": VIEWPORT["height"]},
        device_scale_factor=3,
        has_touch=True,
        is_mobile=True,
        locale=LOCALES[lang],
    )
    return context.new_page()


def axe(page: Any) -> list[tuple[str, str, list[str]]]:
    """axe-core's violations on the page as it is now (empty: none)."""
    if not page.evaluate("typeof window.axe === 'object'"):
        page.evaluate(
            axe_source()
        )  # through the driver: the page's own policy allows no inline script
    found = page.evaluate(
        """async (tags) => {
            const result = await axe.run(document, {runOnly: {type: 'tag', values: tags},
                resultTypes: ['violations']});
            return result.violations.map(v => [v.id, v.impact,
                v.nodes.map(n => n.target.join(' ') + ': ' + n.failureSummary)]);
        }""",
        AXE_TAGS,
    )
    return [(rule, impact, nodes) for rule, impact, nodes in found]


#: every control a player can reach (the page's own and the browser's form controls)
_TARGETS = """() => [...document.querySelectorAll('button, a[href], input, select')]
    .filter(el => el.getClientRects().length && getComputedStyle(el).visibility !== 'hidden')
    .filter(el => !el.closest('[hidden]') && el.getBoundingClientRect().width > 1)
    .map(el => { const r = el.getBoundingClientRect();
        return [el.id || el.textContent.trim().slice(0, 30) || el.tagName, r.width, r.height,
            el.tagName]; })"""


def targets(page: Any) -> list[tuple[str, float, float, str]]:
    """Each control shown now: (what, width, height, tag), in CSS pixels."""
    return [tuple(found) for found in page.evaluate(_TARGETS)]


def overflow(page: Any) -> int:
    """How many CSS pixels the page is wider than its screen (0: it reflows)."""
    return int(page.evaluate("document.documentElement.scrollWidth - window.innerWidth"))


def until(page: Any, expression: str, timeout: float = 60.0) -> None:
    """Wait for ``expression`` to be true in the page (polled from here: the page's
    content security policy forbids evaluated predicates inside it)."""
    deadline = time.monotonic() + timeout
    while not page.evaluate(f"Boolean({expression})"):
        if time.monotonic() > deadline:
            raise AssertionError(f"never true: {expression}")
        page.wait_for_timeout(20)


#: what the page's announcer said (answers to the player's own keys and taps, and the rest)
SAID = "window.audiogame.announcer.log.filter(l => l.kind === 'said')"


def said(page: Any) -> list[dict[str, Any]]:
    return list(page.evaluate(SAID))


__all__ = [
    "AXE_SHA256",
    "SAID",
    "axe",
    "axe_source",
    "launch",
    "overflow",
    "phone",
    "said",
    "targets",
    "until",
]
