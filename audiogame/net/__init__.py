"""Playing over the network: the server, the wire, and the client's network side.

- ``messages``: every message of the protocol (msgspec Structs, tagged unions);
  ``reasons``: why something was refused, as stable ids;
- ``game_codec``: any registered game's actions, events and views to JSON and back,
  from the types its spec declares (``GameSpec.wire``): no game has code here;
- ``server`` (listening, the handshake's version check), ``connection`` (one
  client: limits, order, dispatch), ``lobby`` (players, tables, codes),
  ``table`` (one table: seats, master, its match on a ``TableSession``, frames
  per seat), ``loop_clock`` (the table's real clock on the asyncio loop),
  ``match_log`` (recording, seed commitments, replaying), ``store`` and
  ``sqlite_store`` (what is kept on disk), ``bus`` (how frames reach
  connections), ``limits``, ``names``, ``chat_text``, ``spoken_words`` (invite
  codes and fingerprints as words), ``tls``, ``beacon`` (LAN discovery),
  ``server_options``, ``server_cli`` and ``verify`` (the commands);
- ``client``: the client's network thread and the queue the app drains.
"""
