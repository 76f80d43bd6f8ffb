"""PostgreSQL and Redis for the public server's tests, when ``.ci/services.sh`` started them.

``.ci/run`` starts a real PostgreSQL and a real Redis on loopback ports of their own
and names them in ``AUDIOGAME_TEST_POSTGRES`` and ``AUDIOGAME_TEST_REDIS``. Each test
gets a schema (PostgreSQL) and a key prefix (Redis) of its own, so tests never see
each other's data and nothing needs cleaning between them. Without the variables
(the README's command alone) those tests skip and say how to run them.
"""

from __future__ import annotations

import os
import secrets

POSTGRES_VAR = "AUDIOGAME_TEST_POSTGRES"
REDIS_VAR = "AUDIOGAME_TEST_REDIS"


def _why(var: str, what: str) -> str:
    note = os.environ.get("AUDIOGAME_SERVICES_NOTE", "").strip()
    why = f"no {what} to test against: .ci/run starts one and sets {var}"
    return f"{why} ({note})" if note else why


def postgres_url() -> str | None:
    return os.environ.get(POSTGRES_VAR) or None


def redis_url() -> str | None:
    return os.environ.get(REDIS_VAR) or None


def postgres_skip_reason() -> str:
    return _why(POSTGRES_VAR, "PostgreSQL server")


def redis_skip_reason() -> str:
    return _why(REDIS_VAR, "Redis server")


def fresh_postgres(url: str) -> str:
    """A new empty schema on the test server; the URL that uses it."""
    import psycopg
    from psycopg.conninfo import make_conninfo

    schema = "t_" + secrets.token_hex(6)
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA {schema}")
    return make_conninfo(url, options=f"-c search_path={schema}")


def fresh_prefix() -> str:
    """A Redis key prefix no other test uses."""
    return f"test-{secrets.token_hex(4)}:"
