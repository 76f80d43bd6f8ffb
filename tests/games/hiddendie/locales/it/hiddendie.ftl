## Dado coperto: ogni frase del gioco, in italiano.

hiddendie-title = Dado coperto

## il tavolo

hiddendie-game-started = Dado coperto, { $players } giocatori. Vince chi arriva per primo a { $target } punti.
hiddendie-round-started = Mano { $round }.
hiddendie-you-rolled = Sotto il tuo bicchiere: { $value }.
hiddendie-you-rolled-again = Ritiri: { $value }.
hiddendie-your-turn = Tocca a te: R per ritirare, K per tenere.
hiddendie-turn = Decide { $who }.
hiddendie-you-ran-out = Tempo scaduto: tieni il tuo dado.
hiddendie-ran-out = Tempo scaduto per { $who }, che tiene il dado.
hiddendie-you-keep = Tieni il tuo dado.
hiddendie-keeps = { $who } tiene.
hiddendie-rerolls = { $who } ritira.
hiddendie-cups-lifted = Si scoprono i dadi, mano { $round }: { $shown }.
hiddendie-you-show = tu { $value }
hiddendie-shows = { $who } { $value }
hiddendie-you-take-point = Il punto è tuo!
hiddendie-you-share-point = Dividi il punto con { $others }.
hiddendie-takes-point =
    { $n ->
        [one] Punto per { $who }.
       *[other] Un punto ciascuno per { $who }.
    }
hiddendie-score = { $who } { $points }
hiddendie-your-score = tu { $points }
hiddendie-scores = Punteggi: { $scores }.
hiddendie-you-win = Hai vinto la partita!
hiddendie-you-share-win = Dividi la vittoria con { $others }.
hiddendie-wins =
    { $n ->
        [one] Vince la partita { $who }.
       *[other] Si dividono la vittoria { $who }.
    }
hiddendie-my-die = Il tuo dado: { $value }.
hiddendie-my-die-none = Il tuo bicchiere è vuoto: aspetta la prossima mano.
hiddendie-whose-turn-you = Tocca a te.
hiddendie-whose-turn = Decide { $who }.
hiddendie-no-turn = Ora non decide nessuno.

## come si chiamano i comandi del tavolo (i pulsanti di una pagina al tocco)

hiddendie-do-reroll = Ritira
hiddendie-do-keep = Tieni
hiddendie-ask-die = Il mio dado
hiddendie-ask-scores = Punteggi
hiddendie-ask-turn = A chi tocca

## perché un'azione non ha cambiato nulla

hiddendie-refusal-not-a-player = Può farlo solo chi gioca al tavolo.
hiddendie-refusal-not-started = Aspetta: la mano non è ancora cominciata.
hiddendie-refusal-game-over = La partita è finita.
hiddendie-refusal-not-your-turn = Non tocca a te.
hiddendie-refusal-unknown = Questa non è una mossa del gioco.

## preparazione

hiddendie-option-target = Punti per vincere
hiddendie-option-target-desc = Vince la partita chi raggiunge per primo questo punteggio.
hiddendie-option-target-value = { $n } punti
hiddendie-option-think = Tempo per decidere
hiddendie-option-think-value = { $n } secondi
hiddendie-option-think-desc = I secondi per tenere o ritirare; allo scadere il dado resta com'è.

## tasti (F1)

keys-hiddendie-table = R ritira il dado, K o Spazio lo tiene, V dice il tuo dado, S i punteggi, T a chi tocca. Esc per lasciare la partita. { keys-global }

## il tavolo nella finestra (board.py)

hiddendie-board-title = Mano { $round }: { $moment }
hiddendie-board-over = partita finita
hiddendie-board-waiting = si aspetta
hiddendie-board-your-turn = tocca a te
hiddendie-board-turn = decide { $who }
hiddendie-board-my-die = Il tuo dado
hiddendie-board-empty = bicchiere vuoto
hiddendie-board-scores = Punti (vince chi arriva a { $target })
hiddendie-board-score = { $who } { $points }
