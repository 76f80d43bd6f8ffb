# Il tavolo del Domino nella finestra (games/domino/board.py): etichette brevi, caratteri grandi.
domino-board-title = Manche { $manche }: { $turn }
domino-board-turn-you = tocca a te
domino-board-turn = tocca a { $who }
domino-board-between = la manche è finita
domino-board-over = la partita è finita
domino-board-you = Tu
domino-board-ends = Estremi
domino-board-no-ends = nessuna tessera sul tavolo
domino-board-left = sinistra { $n }
domino-board-right = destra { $n }
domino-board-hand = La tua mano ({ $n })
domino-board-chain = Catena ({ $n })
domino-board-tiles = Tessere in mano
domino-board-count = { $who } { $n }
domino-board-boneyard = ossario { $n }
domino-board-scores = { $limit ->
    [0] Punti
   *[other] Punti (limite { $limit })
}
domino-board-team = { $mine ->
    [yes] La tua squadra
   *[other] Squadra { $n }
}
