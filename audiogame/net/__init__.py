"""Playing over the network, in four rooms and a front door.

- ``protocol/``: what both ends share — every message (``messages``), why
  something was refused (``reasons``), any game's actions, events and views as
  data (``game_codec``, from the types its spec declares: no game has code here),
  a match as its seed and log (``match_log``), names, credentials, relations,
  chat text made safe, words that read well aloud (``spoken_words``), TLS and
  LAN discovery (``tls``, ``beacon``);
- ``server/``: connections (limits, order, dispatch), the lobby, tables (seats,
  master, the match on a ``TableSession``, frames per seat, storage), accounts,
  people and ratings, stores (SQLite, PostgreSQL), the bus and the Redis cluster;
- ``client/``: the app's network thread and the queue its loop drains, the
  server's clock as seen from here, the online seats a table plays through
  (turn-based and race), hosting a server from the app;
- ``web/``: the page the server serves and its server side (narration and keys
  per page);
- the front door: ``game_server`` (listening, the handshake, the page's HTTP)
  and the commands ``server_cli`` and ``verify``.

``client`` and ``server`` never import each other; both import ``protocol`` only
(checked by the layers' contract in ``pyproject.toml``).
"""
