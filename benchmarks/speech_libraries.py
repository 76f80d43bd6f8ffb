"""Which speech-dispatcher client: ours (SSIP over the socket, ``io/speech/ssip.py``)
against the Python ``speechd`` bindings (PyPI's ``speechd-unofficial``),
``prismatoid`` (Prism's speech-dispatcher backend, through the C libspeechd) and
accessible-output2's speech-dispatcher output (over ``speechd``).

Each client runs in a process of its own, against one private speech-dispatcher
(Debian's daemon; its output module writes down what it is asked and when,
``devtools/speechd.py``), the clients taking turns round after round (a busy machine
changes absolute times, not the ratios). Per client:

- import and connection times (the game's start waits for them);
- a message: from the call to the output module starting on it, median and p99;
- what speech-dispatcher's own log says the client set: its name, the priority
  its messages were queued at, the language the module got;
- a daemon that accepts the connection and never answers (SIGSTOP): does the
  client's first call come back within 5 s;
- whether it printed anything on the terminal (a screen reader would read it).

The other packages are not the game's dependencies; run with them added:

    python3 -m uv run --with speechd-unofficial==0.12.1 --with prismatoid==0.18.3 \\
        python benchmarks/speech_libraries.py [--rounds 5 --messages 40]

A client whose package is missing is reported as such.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from audiogame.devtools import speechd  # noqa: E402

CLIENTS = ("ours", "speechd", "prism", "ao2")
#: the seconds a client's first call may take against a daemon that never answers
HANG_BOUND = 5.0


# -- the child: one client, one job ---------------------------------------------------------
def child(client: str, address: str, messages: int, tag: str) -> None:
    """Import, connect, say ``messages`` numbered texts; print the times as JSON."""
    os.environ["SPEECHD_ADDRESS"] = address
    t0 = time.perf_counter()
    say, close = _open(client, address)
    t2 = time.perf_counter()
    sent = []
    for n in range(messages):
        text = f"{tag} {n}"
        sent.append((time.time(), text))
        say(text)
        time.sleep(0.02)  # one message at a time, as a player hears them
    time.sleep(0.3)
    close()
    print(json.dumps({"open": t2 - t0, "sent": sent}), file=sys.stderr)


def _open(client: str, address: str):  # type: ignore[no-untyped-def]
    if client == "ours":
        from audiogame.io.speech.dispatcher import build_dispatcher
        from audiogame.io.speech.ssip import default_address

        speaker, why = build_dispatcher("it", 300, 2.0, address=default_address())
        if speaker is None:
            raise SystemExit(why)
        return speaker.speak, speaker.close
    if client == "speechd":
        import speechd as sd  # type: ignore[import-not-found]

        conn = sd.SSIPClient("audiogame", address=address)
        conn.set_language("it")
        conn.set_priority(sd.Priority.TEXT)
        return conn.speak, conn.close
    if client == "prism":
        import prism  # type: ignore[import-not-found]

        context = prism.Context()
        backend = context.create(prism.BackendId.SPEECH_DISPATCHER)
        return (lambda text: backend.speak(text, interrupt=False)), (lambda: None)
    if client == "ao2":
        from accessible_output2.outputs.speech_dispatcher import SpeechDispatcher

        output = SpeechDispatcher()
        return output.speak, output.close
    raise SystemExit(f"unknown client {client}")


def _importable(client: str) -> bool:
    module = {"ours": "audiogame", "speechd": "speechd", "prism": "prism", "ao2": "speechd"}
    try:
        __import__(module[client])
    except ImportError:
        return False
    return True


# -- the parent ---------------------------------------------------------------------------
def run_child(client: str, daemon: speechd.PrivateSpeechd, messages: int, tag: str):  # type: ignore[no-untyped-def]
    done = subprocess.run(
        [sys.executable, __file__, "--child", client, "--address", str(daemon.address),
         "--messages", str(messages), "--tag", tag],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    result = json.loads(done.stderr.strip().splitlines()[-1])
    result["stdout"] = done.stdout
    return result


def hang_check(client: str, daemon: speechd.PrivateSpeechd) -> str:
    os.kill(daemon.proc.pid, signal.SIGSTOP)
    try:
        start = time.perf_counter()
        proc = subprocess.Popen(
            [sys.executable, __file__, "--child", client, "--address", str(daemon.address),
             "--messages", "1", "--tag", "hang"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        try:
            proc.wait(HANG_BOUND + 5)
            return f"came back after {time.perf_counter() - start:.1f} s"
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
            return f"still blocked after {HANG_BOUND + 5:.0f} s (killed)"
    finally:
        os.kill(daemon.proc.pid, signal.SIGCONT)


def what_the_daemon_saw(log: str, tag: str) -> tuple[str, str]:
    names = re.findall(r"SET (?:self|SELF) CLIENT_NAME (\S+)", log)
    found = re.search(rf"Queueing message \|{re.escape(tag)} 0\| with priority (\d)", log)
    priorities = {"1": "important", "2": "message", "3": "text", "4": "notification"}
    return (names[-1] if names else "?"), priorities.get(found.group(1), "?") if found else "?"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--messages", type=int, default=40)
    parser.add_argument("--child")
    parser.add_argument("--address")
    parser.add_argument("--tag", default="")
    args = parser.parse_args()
    if args.child:
        child(args.child, args.address, args.messages, args.tag)
        return
    why = speechd.available()
    if why is not None:
        raise SystemExit(why)
    clients = [c for c in CLIENTS if _importable(c)]
    for missing in set(CLIENTS) - set(clients):
        print(f"{missing}: not installed here (see the docstring for the command)")
    daemon = speechd.PrivateSpeechd(Path(tempfile.mkdtemp(prefix="audiogame-libs-")))
    opens: dict[str, list[float]] = {c: [] for c in clients}
    delays: dict[str, list[float]] = {c: [] for c in clients}
    seen: dict[str, tuple[str, ...]] = {}
    lost: dict[str, int] = {c: 0 for c in clients}
    asked: dict[str, int] = {c: 0 for c in clients}
    try:
        for r in range(args.rounds):
            for client in clients:
                tag = f"{client}{r}"
                result = run_child(client, daemon, args.messages, tag)
                opens[client].append(result["open"])
                said = {s.text: s for s in daemon.said() if s.text.startswith(tag + " ")}
                for at, text in result["sent"]:
                    if text in said:
                        delays[client].append(said[text].at - at)
                name, priority = what_the_daemon_saw(daemon.log(), tag)
                language = said[f"{tag} 0"].language if f"{tag} 0" in said else "?"
                asked[client] += len(result["sent"])
                lost[client] += len(result["sent"]) - len(said)
                seen[client] = (name, priority, language)
                if result["stdout"].strip():
                    seen[client] += (f"printed {result['stdout'].strip()[:60]!r}",)
                else:
                    seen[client] += ("printed nothing",)
        for client in clients:
            hang = hang_check(client, daemon)
            ms = [d * 1000 for d in delays[client]]
            p99 = sorted(ms)[min(len(ms) - 1, round(0.99 * (len(ms) - 1)))] if ms else float("nan")
            print(
                f"{client}: import+connect median {statistics.median(opens[client]) * 1000:.1f} ms;"
                f" call -> module median {statistics.median(ms) if ms else float('nan'):.2f} ms,"
                f" p99 {p99:.2f} ms; {lost[client]} of {asked[client]} messages never reached"
                f" the module; client name {seen[client][0]}, priority {seen[client][1]},"
                f" language {seen[client][2]}, {seen[client][3]};"
                f" never-answering daemon: {hang}"
            )
        print(f"load average {os.getloadavg()[0]:.1f}")
    finally:
        daemon.stop()


if __name__ == "__main__":
    main()
