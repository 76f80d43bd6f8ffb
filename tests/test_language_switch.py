"""Switching language never parses the other language's messages inside a frame.

Found by the key fuzzer: the first switch in the options parsed every message
file of the new language inside the key's frame (50-70 ms, up to 0.4 s on a
busy machine). Opening the options now parses them in the background.
"""

from __future__ import annotations

from audiogame.ui.options import OptionsScene


def test_the_options_parse_the_other_language_while_the_menu_is_read(harness_factory):
    h = harness_factory("en").start()
    localizer = h.app.localizer
    assert not localizer.is_loaded("it")
    scene = OptionsScene(h.app)
    h.app.push(scene)
    scene.preloading.join(60.0)  # a bound only
    assert localizer.is_loaded("it")
    assert h.press("left") == "italiano"  # the switch itself, in the new language
    assert h.press("down").startswith("Voce: ")
