"""Backend faults at random moments, and what must follow each.

- ``speech-raise`` / ``speech-hang``: the screen reader (first backend of the
  chain) raises, or never returns, on its next message. The chain must fall
  back to the next backend, say so, and say there the message the screen
  reader never delivered; speech must go on.
- ``sound``: the mixer is shut behind the game's back. The game must tell the
  player once and go on speaking.

``verdict(session, press)`` is None while the game has not noticed yet, ""
when all that must follow did, else what went wrong. ``press`` presses a key
through the real loop (to hear that speech goes on).
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from audiogame.devtools.fuzzing.session import Session

KINDS = ("speech-raise", "speech-hang", "sound")

Press = Callable[[pygame.event.Event], None]
F1 = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1, mod=0, unicode="")


def inject(session: Session, kind: str) -> None:
    session.fault = kind
    if kind == "sound":
        pygame.mixer.quit()  # the device disappears behind the game's back
    elif session.reader is not None:
        session.reader.mode = kind.removeprefix("speech-")


def triggered_by(session: Session, kind: str) -> bool:
    """False for a speech fault set while nothing was said (nothing to notice)."""
    reader = session.reader
    return not kind.startswith("speech") or (reader is not None and reader.broke_on is not None)


def verdict(session: Session, press: Press) -> str | None:
    check = sound_verdict if session.fault == "sound" else speech_verdict
    return check(session, press)


def sound_verdict(session: Session, press: Press) -> str | None:
    app = session.app
    if session.harness.audio.available:
        return None
    if app.localizer("sound-lost") not in " ".join(app.history.last(50)):
        return "sound: lost without a word"
    return _goes_on(session, press, lambda: session.tap.said)


def speech_verdict(session: Session, press: Press) -> str | None:
    reader, backup = session.reader, session.backup
    assert reader is not None and backup is not None
    if session.app.speech_active != "recording":
        return None
    if reader.broke_on is not None and reader.broke_on.strip() not in backup.transcript:
        return f"speech: lost {reader.broke_on!r}"
    return _goes_on(session, press, lambda: len(backup.spoken))


def _goes_on(session: Session, press: Press, spoken: Callable[[], int]) -> str:
    before = spoken()
    press(F1)  # the keys of the scene: always spoken
    return "" if spoken() > before else f"{session.fault}: silent after the fault"
