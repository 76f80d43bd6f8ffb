"""Hidden Die (Dado coperto): a tiny dice game that lives in this one folder.

It exists to prove that a game is one folder: the engine, its events, its
narration, a bot, its messages, its guide, its sounds and its two scenes are
all here, and the app finds it through ``AUDIOGAME_GAMES`` with no edit
anywhere else. ``tests/test_game_folder.py`` registers it; the conformance
suite (``tests/test_game_contract.py``) checks it like every shipped game.

Every module imports its neighbours relatively: the registry imports this
folder as a package of its own (``audiogame_game_hiddendie``).
"""
