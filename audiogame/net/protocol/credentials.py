"""What a password and a session token may be: the same rule at both ends.

The client checks a new password before it is sent (and says why it will not
do, in the player's language); the server checks it again. A session token is
recognised by its prefix, so a client knows a kept token from a guest's.
"""

from __future__ import annotations

import unicodedata

from audiogame.net.protocol.reasons import Reason

SESSION_PREFIX = "s."
MIN_PASSWORD = 8
MAX_PASSWORD = 128
#: passwords every guessing list starts with (NIST SP 800-63B: refuse the known ones)
COMMON = frozenset(
    {
        "password",
        "password1",
        "12345678",
        "123456789",
        "1234567890",
        "87654321",
        "qwertyui",
        "qwertyuiop",
        "iloveyou",
        "abcdefgh",
        "abcd1234",
        "passw0rd",
        "11111111",
        "00000000",
        "football",
        "sunshine",
        "princess",
        "baseball",
        "letmein1",
        "trustno1",
        "superman",
        "ciaociao",
        "juventus",
        "napoli1926",
        "forzainter",
        "forzamilan",
        "amoremio",
        "domino123",
    }
)


def legacy_key(name: str) -> str:
    """The key accounts had before look-alikes shared one: two look-alike accounts
    registered then keep it for the second (``Store.rekey_accounts``)."""
    return unicodedata.normalize("NFC", name).casefold()


def is_session_token(token: str | None) -> bool:
    return token is not None and token.startswith(SESSION_PREFIX)


def check_password(password: str, name: str) -> Reason | None:
    """Why ``password`` will not do for ``name`` (None: it will)."""
    if len(password) < MIN_PASSWORD:
        return Reason.PASSWORD_SHORT
    if len(password) > MAX_PASSWORD:
        return Reason.PASSWORD_LONG
    if any(unicodedata.category(c)[0] == "C" for c in password):
        return Reason.PASSWORD_CHARACTERS
    folded = password.casefold()
    if legacy_key(name) in folded or folded in legacy_key(name):
        return Reason.PASSWORD_IS_NAME
    if folded in COMMON or len(set(folded)) <= 2:
        return Reason.PASSWORD_COMMON
    return None
