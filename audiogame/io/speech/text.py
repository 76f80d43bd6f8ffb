"""The text backend: the terminal prints every message (the window shows them
through the history). The last resort of the speech chain, so it never fails.

In a terminal this is how the player's own screen reader hears the game (Speakup,
Fenrir, Orca reading a terminal window) and how BRLTTY shows it on their braille
line: so each message is one plain line, printed once: no colour, no cursor
movement, no line redrawn, nothing a reader would say twice."""

from __future__ import annotations

from collections.abc import Callable


def _print(text: str) -> None:
    # flushed at once: a terminal reader (or a pipe) must get each line as it is said
    print(text, flush=True)


def one_line(text: str) -> str:
    """A message as one line: its line breaks (a rules page, the keys) become spaces."""
    return " ".join(text.split())


class TextSpeaker:
    name = "text"
    #: an interrupting line cuts nothing: what was printed stays to be read
    cuts_speech = False

    def __init__(self, echo: Callable[[str], None] | None = _print) -> None:
        self.lines: list[str] = []
        self._echo = echo

    def speak(self, text: str, interrupt: bool = False) -> None:
        text = one_line(text)
        if not text:
            return
        self.lines.append(text)
        if self._echo is None:
            return
        try:
            self._echo(text)
        except (OSError, ValueError, UnicodeError):
            # A closed or narrow-charset terminal must not stop the game.
            pass

    def silence(self) -> None:
        """Printed text cannot be taken back."""

    def braille(self, text: str) -> None:
        """No braille without a screen reader."""

    def update(self) -> None:
        pass

    def close(self) -> None:
        pass
