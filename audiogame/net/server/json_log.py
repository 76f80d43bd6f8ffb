"""The server's log as JSON, one object a line (``--log-format json``), for a log shipper.

Each line: ``time`` (UTC, ISO 8601 with milliseconds), ``level``, ``logger``,
``message`` (formatted), ``trace`` when there is one, and whatever structured fields
the call gave (``extra=``). The server never logs a password, a token or a
session's hash; chat text is logged only when the operator asks (``--log-chat``,
public lines only, on the ``audiogame.chat`` logger), never a private message.
"""

from __future__ import annotations

import json
import logging
import time
from typing import Any

#: the attributes every LogRecord has: anything else on a record came from ``extra=``
_STANDARD = frozenset(vars(logging.LogRecord("", 0, "", 0, "", None, None))) | {
    "message",
    "asctime",
    "taskName",
}
CHAT_LOGGER = "audiogame.chat"


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        out: dict[str, Any] = {
            "time": _utc(record.created),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
        }
        for key, value in vars(record).items():
            if key not in _STANDARD and key not in out:
                out[key] = value
        if record.exc_info:
            out["trace"] = self.formatException(record.exc_info)
        elif record.stack_info:
            out["trace"] = self.formatStack(record.stack_info)
        return json.dumps(out, ensure_ascii=False, default=str)


def _utc(created: float) -> str:
    whole = time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(created))
    return f"{whole}.{int(created % 1 * 1000):03d}Z"


def configure(json_lines: bool, verbose: bool, chat: bool) -> None:
    """The root logger for a server command: plain text or JSON lines on standard error."""
    handler = logging.StreamHandler()
    if json_lines:
        handler.setFormatter(JsonFormatter())
    else:
        handler.setFormatter(logging.Formatter("%(levelname)s:%(name)s:%(message)s"))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(logging.INFO if verbose else logging.WARNING)
    # chat lines are INFO: logged when asked, whatever the level of the rest (a record
    # its own logger lets through reaches the root's handler whatever the root's level)
    logging.getLogger(CHAT_LOGGER).setLevel(logging.INFO if chat else logging.CRITICAL + 1)


def chat_line(where: str, player: str, name: str, text: str) -> None:
    """A public chat line, for the log when the operator asked for chat (``--log-chat``)."""
    logger = logging.getLogger(CHAT_LOGGER)
    if logger.isEnabledFor(logging.INFO):
        logger.info("chat", extra={"where": where, "player": player, "who": name, "text": text})
