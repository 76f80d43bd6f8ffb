"""One saved match as bytes, and back: a header line, the state, a digest.

    {"format":"audiogame-match","version":2,"game":"domino","seq":7,...,"size":N}\\n
    <the state: N bytes of JSON>\\n
    <sha-256 of the header line, its newline and the state, in hex>\\n

The digest covers the header too: the summary the main menu speaks and the
sequence number that picks the newer of the two slots cannot be changed
without the file being refused. Bytes after the digest are left-overs of a
longer earlier save written in the same slot by a process killed before it
could cut them off, and are ignored.

Decoding never raises and never hangs: the caller caps the file's size
(``SAVE_CAP``) before reading it; the header is decoded into a ``msgspec``
Struct whose every field is typed and bounded; the state is decoded only
after its digest matched, by the game's schema when the caller gives one
(``GameSpec.read_save``: nesting and counts bounded by the types), or into
plain data otherwise (nesting then bounded by the decoder's recursion limit,
an error caught here).
"""

from __future__ import annotations

import hashlib
import logging
import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Annotated, Any, Literal

import msgspec

from audiogame.core.jsonlog import dump
from audiogame.core.saving import OtherVersion

log = logging.getLogger(__name__)

SAVE_FORMAT = "audiogame-match"
SAVE_VERSION = 2

#: The longest save file read. The largest real saves measured are well under
#: a tenth of this (see README, "Saves"); a file longer than this cannot be a
#: match this version wrote, and reading it would only cost memory and time.
SAVE_CAP = 4 << 20
#: the header line is short (a summary of a few numbers): a longer one is refused
HEADER_CAP = 4096
#: the largest number a summary may carry (a score, a count of rounds)
SUMMARY_NUMBER_MAX = 100_000
#: sequence numbers stay below 2**53 (a float could still say them exactly)
SEQ_MAX = (1 << 53) - 1
#: a save dated later than this (the year 2200) was not written by a clock
SAVED_AT_MAX = 7_258_118_400.0

Word = Annotated[str, msgspec.Meta(pattern=r"^[a-z][a-z0-9_-]{0,47}$")]
GameId = Annotated[str, msgspec.Meta(pattern=r"^[a-z][a-z0-9_-]{0,31}$")]
SummaryValue = (
    Annotated[int, msgspec.Meta(ge=0, le=SUMMARY_NUMBER_MAX)]
    | Annotated[str, msgspec.Meta(max_length=64)]
)


class Summary(msgspec.Struct, forbid_unknown_fields=True):
    """What the main menu says of a saved match: a message id and a few numbers."""

    msg: Annotated[str, msgspec.Meta(pattern=r"^([a-z][a-z0-9-]{0,63})?$")] = ""
    args: Annotated[dict[Word, SummaryValue], msgspec.Meta(max_length=8)] = {}


class Header(msgspec.Struct, forbid_unknown_fields=True):
    format: Literal["audiogame-match"]
    version: Literal[2]
    game: GameId
    seq: Annotated[int, msgspec.Meta(ge=0, le=SEQ_MAX)]
    saved_at: Annotated[float, msgspec.Meta(ge=0.0, le=SAVED_AT_MAX)]
    summary: Summary
    size: Annotated[int, msgspec.Meta(ge=2, le=SAVE_CAP)]


class _Stamp(msgspec.Struct):
    """Just enough of a header to tell a save of another version from a damaged one."""

    format: str
    version: int


class Damaged(ValueError):
    """A save that is not whole or not what this version writes; ``str`` says why.

    ``seq``: the snapshot's sequence number when the file itself was whole (its
    digest matched) but its state was refused: a newer snapshot then was lost."""

    seq: int | None = None


_header_decoder = msgspec.json.Decoder(Header)
_stamp_decoder = msgspec.json.Decoder(_Stamp)
_plain_decoder = msgspec.json.Decoder()
_encoder = msgspec.json.Encoder()
DIGEST_LEN = 64


def _digest(head: bytes, state: bytes) -> bytes:
    return hashlib.sha256(head + b"\n" + state).hexdigest().encode("ascii")


def check_summary(summary: Any) -> Summary:
    """A game's summary as the header keeps it; an empty one when it does not fit the
    schema (the main menu then names the game alone) rather than an unreadable save."""
    try:
        return msgspec.convert(summary or {}, Summary)
    except msgspec.ValidationError as exc:
        log.error("a summary that does not fit the save header (%s): %r", exc, summary)
        return Summary()


def encode(game: str, state: Any, summary: Any, seq: int = 0) -> bytes:
    """The save file's bytes (``state`` may hold ``jsonlog.RawJson`` pieces)."""
    body = dump(state).encode("utf-8")
    header = Header(
        format="audiogame-match",
        version=2,
        game=game,
        seq=seq,
        saved_at=round(time.time(), 3),
        summary=check_summary(summary),
        size=len(body),
    )
    head = _encoder.encode(header)
    return head + b"\n" + body + b"\n" + _digest(head, body) + b"\n"


@dataclass
class Decoded:
    header: Header
    state: Any
    #: the summary as plain data, for ``GameSpec.describe_save``
    summary: dict[str, Any] = field(default_factory=dict)


def decode(data: bytes, read_state: Callable[[bytes], Any] | None = None) -> Decoded:
    """A save file's bytes back to its header and state.

    ``read_state``: the game's reader of its state bytes (decoded by its schema;
    ``GameSpec.read_save``), or None for plain data. Raises ``OtherVersion`` or
    ``Damaged`` (both ``ValueError``), nothing else.
    """
    try:
        return _decode(data, read_state)
    except (OtherVersion, Damaged):
        raise
    except msgspec.ValidationError as exc:
        raise Damaged(f"state: {exc}") from exc
    except (msgspec.DecodeError, RecursionError, MemoryError, ValueError, TypeError) as exc:
        raise Damaged(f"{type(exc).__name__}: {exc}") from exc


def _decode(data: bytes, read_state: Callable[[bytes], Any] | None) -> Decoded:
    end = data.find(b"\n", 0, HEADER_CAP + 1)
    if end < 0:
        raise Damaged("no header line")
    head = data[:end]
    try:
        stamp = _stamp_decoder.decode(head)
    except msgspec.DecodeError as exc:
        raise Damaged(f"header: {exc}") from exc
    if stamp.format != SAVE_FORMAT:
        raise Damaged("not a saved match")
    if stamp.version != SAVE_VERSION:
        raise OtherVersion(f"save format {stamp.version}")
    try:
        header = _header_decoder.decode(head)
    except msgspec.DecodeError as exc:
        raise Damaged(f"header: {exc}") from exc
    if not math.isfinite(header.saved_at):
        raise Damaged("header: saved_at")
    start = end + 1
    body = data[start : start + header.size]
    tail = data[start + header.size : start + header.size + DIGEST_LEN + 2]
    if len(body) != header.size or tail[:1] != b"\n" or tail[-1:] != b"\n":
        raise Damaged("cut short")
    if tail[1:-1] != _digest(head, body):
        raise Damaged("digest")
    try:
        state = _plain_decoder.decode(body) if read_state is None else read_state(body)
    except OtherVersion:
        raise
    except (msgspec.DecodeError, RecursionError, MemoryError, ValueError, TypeError) as exc:
        refused = Damaged(f"state: {exc}")
        refused.seq = header.seq
        raise refused from exc
    summary = {"msg": header.summary.msg, "args": dict(header.summary.args)}
    return Decoded(header, state, summary)
