# Domino's board in the window (games/domino/board.py): short labels, large print.
domino-board-title = Manche { $manche }: { $turn }
domino-board-turn-you = your turn
domino-board-turn = { $who } to play
domino-board-between = the manche is over
domino-board-over = the match is over
domino-board-you = You
domino-board-ends = Ends
domino-board-no-ends = no tile on the table
domino-board-left = left { $n }
domino-board-right = right { $n }
domino-board-hand = Your hand ({ $n })
domino-board-chain = Chain ({ $n })
domino-board-tiles = Tiles in hand
domino-board-count = { $who } { $n }
domino-board-boneyard = boneyard { $n }
domino-board-scores = { $limit ->
    [0] Points
   *[other] Points (limit { $limit })
}
domino-board-team = { $mine ->
    [yes] Your team
   *[other] Team { $n }
}
