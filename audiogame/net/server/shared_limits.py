"""Limits counted once for every server process: the buckets and the open connections
in Redis, when the server processes share one (``--bus redis://``).

Counted in each process's memory, a client that spreads its tries over the
processes gets as many times the limit as there are processes. Here:

- ``RedisCounter`` is ``login_limits.Counter`` (the token buckets of logins, failed
  passwords and new guests) as one Redis hash per key, read and changed by a Lua
  script, so each step is atomic whichever process asks, on Redis's own clock
  (the processes' clocks never meet). A bucket's key expires when it would be full
  again: nothing to sweep.
- ``RedisConnections`` counts the connections open from each address, per process
  (a hash field by process), and sums only the processes alive (their heartbeat
  key, ``cluster.RedisCluster``): a process killed with -9 leaves no count behind
  once its heartbeat lapses.

Redis not answering never locks players out: a count that cannot be made lets the
attempt through, said once a minute in the log.
"""

from __future__ import annotations

import logging
from typing import Any

from audiogame.net.server.quiet_log import QuietLog

log = logging.getLogger(__name__)
_QUIET = QuietLog(log)

#: KEYS[1] the bucket; ARGV size, rate a second, cost (0: look only). Its level after.
_BUCKET = """
local t = redis.call('TIME')
local now = tonumber(t[1]) + tonumber(t[2]) / 1000000
local size = tonumber(ARGV[1])
local rate = tonumber(ARGV[2])
local cost = tonumber(ARGV[3])
local found = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = size
if found[1] then
  tokens = math.min(size, tonumber(found[1]) + (now - tonumber(found[2])) * rate)
end
if cost > 0 then
  tokens = tokens - cost
  redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', tostring(now))
  redis.call('PEXPIRE', KEYS[1], math.ceil((size - tokens) / rate * 1000) + 1000)
end
return tostring(tokens)
"""

#: KEYS[1] an address's counts; ARGV this process, the bound, the heartbeat keys'
#: prefix. 1: counted; 0: over the bound (nothing counted)
_CONNECT = """
local mine = redis.call('HINCRBY', KEYS[1], ARGV[1], 1)
redis.call('PEXPIRE', KEYS[1], 86400000)
local total = 0
local counts = redis.call('HGETALL', KEYS[1])
for i = 1, #counts, 2 do
  local origin = counts[i]
  if origin == ARGV[1] or redis.call('EXISTS', ARGV[3] .. origin) == 1 then
    total = total + tonumber(counts[i + 1])
  else
    redis.call('HDEL', KEYS[1], origin)
  end
end
if total > tonumber(ARGV[2]) then
  if mine <= 1 then redis.call('HDEL', KEYS[1], ARGV[1])
  else redis.call('HINCRBY', KEYS[1], ARGV[1], -1) end
  return 0
end
return 1
"""

_DISCONNECT = """
local left = redis.call('HINCRBY', KEYS[1], ARGV[1], -1)
if left <= 0 then redis.call('HDEL', KEYS[1], ARGV[1]) end
return left
"""


class RedisCounter:
    """``login_limits.Counter`` in Redis: ``size`` tokens, ``rate`` a second, by key."""

    def __init__(self, redis: Any, prefix: str, size: float, rate: float) -> None:
        self.redis = redis
        self.prefix = prefix
        self.size = size
        self.rate = rate
        self._script = redis.register_script(_BUCKET)

    async def _level(self, key: str, cost: float) -> float | None:
        try:
            found = await self._script(keys=[self.prefix + key], args=[self.size, self.rate, cost])
        except Exception:
            _QUIET.exception("redis limits", "a limit could not be counted in Redis")
            return None
        return float(found)

    async def allows(self, key: str, now: float) -> bool:
        level = await self._level(key, 0)
        return level is None or level >= 1.0

    async def take(self, key: str, now: float) -> None:
        await self._level(key, 1)

    async def forget(self, key: str) -> None:
        try:
            await self.redis.delete(self.prefix + key)
        except Exception:
            _QUIET.exception("redis limits", "a limit could not be counted in Redis")

    async def sweep(self, now: float) -> None:
        """Nothing to do: each bucket's key expires when it is full again."""


class RedisConnections:
    """Connections open per address, summed over the living processes."""

    def __init__(self, redis: Any, prefix: str, origin: str, alive_prefix: str) -> None:
        self.redis = redis
        self.prefix = prefix
        self.origin = origin
        self.alive_prefix = alive_prefix
        self._connect = redis.register_script(_CONNECT)
        self._disconnect = redis.register_script(_DISCONNECT)

    async def connect(self, address: str, bound: int) -> bool | None:
        """True: counted; False: over ``bound``; None: Redis did not answer (not counted)."""
        try:
            counted = await self._connect(
                keys=[self.prefix + address], args=[self.origin, bound, self.alive_prefix]
            )
        except Exception:
            _QUIET.exception("redis limits", "a connection could not be counted in Redis")
            return None
        return bool(int(counted))

    async def disconnect(self, address: str) -> None:
        try:
            await self._disconnect(keys=[self.prefix + address], args=[self.origin])
        except Exception:
            _QUIET.exception("redis limits", "a connection could not be counted in Redis")
