"""The web client: a page served by the game server, narrated on the server.

A friend with only a browser joins a table from its invite link
(``http://host:port/t/12-3-97``). The page (``static/``: semantic HTML, one
script, no build step) speaks through the player's own screen reader: it puts
text into ARIA live regions and a history list, and plays the game's cues with
the Web Audio API. Every sentence, every rule and every key's meaning stays on
the server: ``listener.WebListener`` narrates each batch for that page's seat
with the game's own pure narrator, in the page's language and verbosity, and
answers its keys with the game's own ``Controls``; the page sends key presses
and receives words, cue ids and pans. No game data ever reaches the page, so no
hidden tile can.

- ``site``: the HTTP side (the page, its script and style, the cues, the
  strings), answered through ``websockets``' own HTTP handling on the game's
  port, so page and socket share one origin;
- ``connection.WebConnection``: a ``Connection`` speaking the web subprotocol
  (``audiogame.web.v1``): the same checks, limits and message types as the
  desktop client's, plus key presses and the listener's settings;
- ``listener``: the server-side narrator and keys for one page;
- ``keys``: a browser's key names as the desktop's keys, and the stand-ins for
  keys a browser or a screen reader keeps for itself;
- ``messages``: the frames only a page sends or receives.
"""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # the keys' names only: no banner
