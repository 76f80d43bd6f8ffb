"""The window shows the newest messages in large high-contrast text."""

import pygame

from audiogame.history import History
from audiogame.io.window import NEWEST, OLDER, Window


def colours(surface: pygame.Surface) -> set[tuple[int, int, int]]:
    found = set()
    w, h = surface.get_size()
    for x in range(0, w, 3):
        for y in range(0, h, 3):
            found.add(tuple(surface.get_at((x, y)))[:3])
    return found


def test_window_draws_newest_in_yellow_and_older_in_white():
    pygame.init()
    window = Window.open("test")
    assert window is not None
    history = History()
    history.add("Marco gioca 5|4 a destra")
    history.add("Tocca a te")
    window.draw(history)
    seen = colours(window.surface)
    assert NEWEST in seen and OLDER in seen
    assert window.font.get_linesize() >= 30  # large print


def test_window_redraws_only_when_history_changes():
    pygame.init()
    window = Window.open("test")
    history = History()
    history.add("uno")
    window.draw(history)
    window.surface.fill((1, 2, 3))
    window.draw(history)  # nothing new: leaves the surface alone
    assert tuple(window.surface.get_at((0, 0)))[:3] == (1, 2, 3)
    history.add("due")
    window.draw(history)
    assert tuple(window.surface.get_at((0, 0)))[:3] == (0, 0, 0)


def test_long_messages_wrap_inside_the_window():
    pygame.init()
    window = Window.open("test")
    lines = window.wrap("parola " * 60, 400)
    assert len(lines) > 1
    assert all(window.font.size(line)[0] <= 400 for line in lines)
