"""The two ways a server keeps and shares its state, as pytest parameters: the embedded
default (SQLite, one process) and the one for a server past one machine (PostgreSQL
and Redis). The same tests run on both; the second skips, saying why, where
.ci/services.sh did not start the servers."""

from __future__ import annotations

from typing import Any

import pytest

from audiogame.devtools import services

BACKENDS = ["sqlite", "postgres+redis"]


def server_kwargs(backend: str) -> dict[str, Any]:
    """``ServerThread`` keyword arguments for a backend (skipping when it cannot be had)."""
    if backend == "sqlite":
        return {}
    pg, rd = services.postgres_url(), services.redis_url()
    if pg is None:
        pytest.skip(services.postgres_skip_reason())
    if rd is None:
        pytest.skip(services.redis_skip_reason())
    return {
        "store_url": services.fresh_postgres(pg),
        "bus_url": rd,
        "prefix": services.fresh_prefix(),
    }
