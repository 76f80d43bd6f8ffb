"""The one small speech interface every backend implements.

The game never talks to a screen reader or a synthesizer directly: it holds a
``Speaker``. Backends: the screen reader (accessible-output2), self-voicing
(pyttsx3 rendered off the loop, played on the mixer), text (window and
terminal) and recording (tests).
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable


@runtime_checkable
class Speaker(Protocol):
    @property
    def name(self) -> str:
        """Stable backend id: "screenreader", "voice", "text" or "recording"."""
        ...

    def speak(self, text: str, interrupt: bool = False) -> None:
        """Say ``text``; with ``interrupt`` cut whatever is being said first.

        Must return at once: a backend that needs time works in a worker.
        """
        ...

    def silence(self) -> None:
        """Stop speaking now (Ctrl)."""
        ...

    def braille(self, text: str) -> None:
        """Show ``text`` on a braille display, where there is one."""
        ...

    def update(self) -> None:
        """Called once per frame from the loop (self-voicing plays what its worker rendered)."""
        ...

    def close(self) -> None:
        """Release the backend (workers, connections)."""
        ...


class SpeechSink(Protocol):
    """Where self-voicing plays its rendered audio: the mixer's speech channel."""

    def play_speech(self, path: str) -> None:
        """Play a rendered speech file now, replacing whatever speech is playing."""
        ...

    def stop_speech(self) -> None: ...

    def speech_busy(self) -> bool: ...
