"""The ground floor: what every game and every client share, depending on nothing above.

Our own key names (``keys``), clocks and the scheduler (``clock``, ``gametime``),
the games' contract (``contract``: ``Engine``, ``Result``, ``Audience``,
``Outcome``, ``GameSpec`` ...), a match in motion (``session``, ``seat``), what a
narrator hands the announcer (``narration``), what a board shows (``board``),
sound cues as data (``cues``), a saved match's envelope (``saving``). A game
imports only this floor, its own folder and libraries.
"""
