"""The six lucky symbols, in the rulebook's order.

The order matters: in manual mode the keys 1…6 send a die showing the symbol at
that position, and the UI lists symbols in this order. The values are stable ids
for messages and sounds.
"""

from __future__ import annotations

from enum import StrEnum


class Symbol(StrEnum):
    CLOVER = "clover"  # quadrifoglio
    PIG = "pig"  # porcellino
    CAT = "cat"  # gatto che saluta (maneki-neko)
    PENNY = "penny"  # penny portafortuna
    HORSESHOE = "horseshoe"  # ferro di cavallo
    HAMSA = "hamsa"  # mano di Fatima


#: The symbols in the rulebook's order (index 0 is key 1).
SYMBOLS: tuple[Symbol, ...] = tuple(Symbol)


def symbol_for_key(number: int) -> Symbol | None:
    """The symbol sent by key ``number`` (1…6), or None for any other number."""
    if 1 <= number <= len(SYMBOLS):
        return SYMBOLS[number - 1]
    return None
