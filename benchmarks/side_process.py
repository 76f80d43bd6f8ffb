"""A second process beside a measured table, driven one line at a time.

Used by ``login_storm.py`` and ``hostile_flood.py``: the load (logins, bad frames)
runs in a process of its own, so its clients never share an event loop with the
clients that time the table. The measuring side writes a line ("go 8") and reads one
JSON line of counts back (``SideProcess.ask``); the side process reads its lines with
``lines_from_stdin`` and prints one JSON line for each. ``both_stopped`` frames the
measurement.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import subprocess
import sys
from collections.abc import AsyncIterator, Iterator, Mapping
from typing import Any

from audiogame.devtools.net_harness import ServerProcess


class SideProcess:
    """``command`` started with pipes on its standard input and output; ``what`` names it
    in the error raised when it ends early; ``nice`` lowers its priority (POSIX only)."""

    def __init__(
        self,
        command: list[str],
        what: str,
        *,
        nice: int = 0,
        env: Mapping[str, str] | None = None,
        wait: float = 10.0,
    ) -> None:
        self.what = what
        self.wait = wait
        self.process = subprocess.Popen(
            command,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            env=env,
            preexec_fn=(lambda: os.nice(nice)) if nice else None,
        )

    async def ask(self, line: str) -> dict[str, Any]:
        """Send ``line``; its answer, read in a thread so the table's clients go on."""
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(f"{line}\n".encode())
        self.process.stdin.flush()
        answer = await asyncio.to_thread(self.process.stdout.readline)
        if not answer:
            raise RuntimeError(f"the {self.what} process ended")
        return json.loads(answer)  # type: ignore[no-any-return]

    def stop(self) -> None:
        """Closing its input tells it to end; killed if it has not within ``wait`` seconds."""
        if self.process.stdin is not None:
            self.process.stdin.close()
        try:
            self.process.wait(self.wait)
        except subprocess.TimeoutExpired:
            self.process.kill()


async def lines_from_stdin() -> AsyncIterator[list[str]]:
    """The side process's half: each line it is sent, split into words, until an empty one
    or the end of its input."""
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
    while line := (await reader.readline()).decode().split():
        yield line


@contextlib.contextmanager
def both_stopped(server: ServerProcess, side: SideProcess) -> Iterator[None]:
    """Around a measurement: on a failure the end of the server's log is printed (its reason
    is there); the side process and the server are stopped whatever happens."""
    try:
        yield
    except BaseException:
        print(f"the server said:\n{server.log()[-3000:]}", file=sys.stderr)
        raise
    finally:
        side.stop()
        server.stop()
