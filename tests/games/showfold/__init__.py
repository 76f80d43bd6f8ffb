"""Show or Fold (Mostra o passa): a second game that lives in one folder.

It is of another shape than Hidden Die: every player decides at once (no
turns), a round can cost a point, and the game is to a score. It brings no
scene of its own: the app sets it up from its options, seats the player at
its table through its controls, saves and resumes it, and plays it online and
on a web page, with no edit anywhere else (``tests/test_game_folders.py``).

Every module imports its neighbours relatively: the registry imports this
folder as a package of its own (``audiogame_game_showfold``).
"""
