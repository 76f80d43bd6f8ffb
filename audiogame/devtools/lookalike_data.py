"""Builds ``audiogame/net/protocol/lookalike/confusables.tsv`` from Unicode's ``confusables.txt``.

    python -m audiogame.devtools.lookalike_data path/to/confusables.txt

The source is UTS #39's data file (unicode.org/Public/security/<version>/), kept as
Unicode publishes it; this keeps its mappings whose source can stand in a player's
name (a letter, a mark, a digit, or one of the name's joiners), in hex, one a line,
under a header that names the file's version and says it was reduced. Run it again
with a newer file to follow Unicode.
"""

from __future__ import annotations

import re
import sys
import unicodedata
from pathlib import Path

from audiogame.net.protocol.names import JOINERS

OUT = Path(__file__).resolve().parents[1] / "net" / "protocol" / "lookalike" / "confusables.tsv"
_LINE = re.compile(r"^([0-9A-F]{4,6})\s*;\s*([0-9A-F ]+?)\s*;\s*MA\b")
_VERSION = re.compile(r"^#\s*Version:\s*(\S+)")


def _namelike(char: str) -> bool:
    return char == " " or char in JOINERS or unicodedata.category(char)[0] in "LMN"


def build(source: Path) -> str:
    version = "unknown"
    rows = []
    for line in source.read_text(encoding="utf-8-sig").splitlines():
        found = _VERSION.match(line)
        if found:
            version = found.group(1)
        found = _LINE.match(line)
        if found and _namelike(chr(int(found.group(1), 16))):
            rows.append(f"{found.group(1)}\t{found.group(2)}")
    header = [
        f"# From Unicode's confusables.txt, version {version} (UTS #39), Copyright Unicode, Inc.",
        "# MODIFIED: only the mappings whose source may stand in a player's name are kept,",
        "# as source<TAB>prototype in hex. Licence: LICENSE-UNICODE.txt beside this file.",
        "# Made by audiogame/devtools/lookalike_data.py.",
    ]
    return "\n".join(header + rows) + "\n"


def main(argv: list[str]) -> int:
    OUT.write_text(build(Path(argv[0])), encoding="utf-8")
    print(f"{OUT}: {sum(1 for _ in OUT.open(encoding='utf-8'))} lines")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
