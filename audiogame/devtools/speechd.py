"""A real speech-dispatcher of its own, for tests and benchmarks: Debian's daemon,
its own socket, configuration and log in a folder of its own (so tests running in
parallel never share one), and an output module that writes down what it was
asked to say instead of making sound.

The module is speech-dispatcher's own ``sd_generic``, whose command appends one
line per message to ``said.tsv``: the time, the language, the rate, the voice and
the text, as speech-dispatcher handed them to a synthesizer. While a file named
``hold`` exists the command waits, as a voice still speaking would: a test makes
a message "long" without any clock, and speech-dispatcher's priority rules
(a screen reader's message cutting it, say) act on it for real. The daemon's own
log (level 5) names each client and each message's priority.

``.ci/run`` installs the daemon (``.ci/speech.sh``); elsewhere ``available()``
says why the tests that need it skip.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from audiogame.io.speech.ssip import Address

#: where Debian keeps the output modules
MODULE_DIRS = ("/usr/lib/speech-dispatcher-modules", "/usr/libexec/speech-dispatcher-modules")
#: the module's command: one line per message, then "speaking" while ``hold`` exists
_RECORD = (
    r"printf '%s\\t%s\\t%s\\t%s\\t%s\\n' \"$(date +%s.%N)\" \"$LANGUAGE\" \"$RATE\" "
    r"\"$VOICE\" \'$DATA\' >> {said}; while [ -e {hold} ]; do sleep 0.01; done"
)
_MODULE = (
    f'GenericExecuteSynth "{_RECORD}"\n'
    + r"""GenericLanguage "en" "en" "utf-8"
GenericLanguage "it" "it" "utf-8"
GenericLanguage "fr" "fr" "utf-8"
AddVoice "en" "MALE1" "en-male"
AddVoice "en" "FEMALE1" "en-female"
AddVoice "it" "MALE1" "it-male"
AddVoice "it" "FEMALE1" "it-female"
DefaultVoice "en-male"
# one line per message: sd_generic would cut a message at each full stop (a tab is never
# in the game's words)
GenericDelimiters "	"
GenericMaxChunkLength 100000
# sd_generic's $RATE is rate * multiply / 100 + add: these make it SSIP's rate
GenericRateAdd 0
GenericRateMultiply 100
GenericRateForceInteger 1
"""
)
_CONFIG = """LogLevel 5
LogDir "{logs}"
DefaultModule recorder
AddModule "recorder" "sd_generic" "recorder.conf"
DefaultLanguage "en"
DefaultRate 0
AudioOutputMethod "libao"
"""


@dataclass(frozen=True)
class Said:
    """One message as the output module got it."""

    at: float  # the wall clock (time.time()) when the module started on it
    language: str
    rate: int
    voice: str
    text: str


def program() -> str | None:
    return shutil.which("speech-dispatcher")


def available() -> str | None:
    """None when a private daemon can run here, else why not (a skip reason)."""
    if not sys.platform.startswith("linux"):
        # under Wine a Linux binary is found and even started, and never stopped
        return "speech-dispatcher and its test daemons are Linux's (this is " + sys.platform + ")"
    if program() is None:
        return "speech-dispatcher is not installed (.ci/run installs Debian's)"
    if not any(Path(d, "sd_generic").exists() for d in MODULE_DIRS):
        return "speech-dispatcher's generic output module (sd_generic) is missing"
    return None


class PrivateSpeechd:
    """A running daemon in ``folder``; ``address`` is its socket. Stop it with ``stop``."""

    def __init__(self, folder: Path, start_timeout: float = 30.0) -> None:
        why = available()
        if why is not None:
            raise RuntimeError(why)
        self.folder = folder
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "conf" / "modules").mkdir(parents=True, exist_ok=True)
        (folder / "logs").mkdir(exist_ok=True)
        self.said_file = folder / "said.tsv"
        self.said_file.touch()
        self.hold_file = folder / "hold"
        self.socket = folder / "speechd.sock"
        (folder / "conf" / "speechd.conf").write_text(_CONFIG.format(logs=folder / "logs"))
        (folder / "conf" / "modules" / "recorder.conf").write_text(
            _MODULE.format(said=_shell_path(self.said_file), hold=_shell_path(self.hold_file))
        )
        self.address = Address(path=str(self.socket))
        command = [
            str(program()), "--run-single", "--timeout", "0",
            "--communication-method", "unix_socket", "--socket-path", str(self.socket),
            "--config-dir", str(folder / "conf"), "--pid-file", str(folder / "speechd.pid"),
            "--log-dir", str(folder / "logs"),
        ]  # fmt: skip
        self._out = open(folder / "daemon.out", "wb")  # noqa: SIM115 (closed by stop)
        self.proc = subprocess.Popen(
            command, stdin=subprocess.DEVNULL, stdout=self._out, stderr=subprocess.STDOUT,
            start_new_session=True,
        )  # fmt: skip
        self._wait_ready(start_timeout)

    def _wait_ready(self, limit: float) -> None:
        """Until the daemon accepts a connection (its socket file comes a moment
        before it listens)."""
        end = time.monotonic() + limit
        while not _accepts(self.socket):
            if self.proc.poll() is not None or time.monotonic() > end:
                out = (self.folder / "daemon.out").read_text(errors="replace")
                self.stop()
                raise RuntimeError(f"speech-dispatcher did not start: {out.strip()}")
            time.sleep(0.01)

    # -- what it was asked --------------------------------------------------------------
    def said(self) -> list[Said]:
        """Every message the output module got so far, in order."""
        found = []
        for line in self.said_file.read_text(encoding="utf-8", errors="replace").splitlines():
            parts = line.split("\t", 4)
            if len(parts) == 5:
                at, lang, rate, voice, text = parts
                found.append(Said(float(at), lang, int(rate), voice, text))
        return found

    def texts(self) -> list[str]:
        return [s.text for s in self.said()]

    def log(self) -> str:
        path = self.folder / "logs" / "speech-dispatcher.log"
        return path.read_text(encoding="utf-8", errors="replace") if path.exists() else ""

    def wait_for(self, check: object, limit: float = 30.0) -> list[Said]:
        """Until ``check(said)`` is true; the limit only ends a wait that would never end."""
        end = time.monotonic() + limit
        while True:
            said = self.said()
            if check(said):  # type: ignore[operator]
                return said
            if time.monotonic() > end:
                raise AssertionError(f"speech-dispatcher never got it; it got: {said}")
            time.sleep(0.005)

    # -- holding the voice --------------------------------------------------------------
    def hold(self) -> None:
        """From now on each message "speaks" until ``release``."""
        self.hold_file.touch()

    def release(self) -> None:
        with contextlib.suppress(FileNotFoundError):
            self.hold_file.unlink()

    def stop(self) -> None:
        self.release()
        if self.proc.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.proc.pid, 15)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(self.proc.pid, 9)
                self.proc.wait(10)
        self._out.close()


def _accepts(path: Path) -> bool:
    if not path.exists():
        return False
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as probe:
        probe.settimeout(5.0)
        try:
            probe.connect(str(path))
        except OSError:
            return False
    return True


def _shell_path(path: Path) -> str:
    """A path for the module's shell command (tests' folders have no quotes in them)."""
    text = str(path)
    if any(ch in text for ch in "'\"\\$` \t\n"):
        raise ValueError(f"a folder the recorder cannot name: {text!r}")
    return text
