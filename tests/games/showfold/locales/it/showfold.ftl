## Mostra o passa: ogni frase che il gioco dice, in italiano.

showfold-title = Mostra o passa

## il tavolo

showfold-game-started = Mostra o passa, { $players } giocatori. Vince chi arriva per primo a { $target } punti.
showfold-round-started = Mano { $round }.
showfold-your-die = Il tuo dado: { $value }. S lo mostra, F passa.
showfold-you-show = Mostrerai il dado.
showfold-you-fold = Passi.
showfold-chose = { $who } ha scelto.
showfold-you-ran-out = Tempo scaduto: passi.
showfold-ran-out = Tempo scaduto: { $who } { $n ->
        [one] passa
       *[other] passano
    }.
showfold-revealed = Mano { $round } svelata: { $shown }.
showfold-you-showed = mostri { $value }
showfold-you-folded = hai passato
showfold-showed = { $who } mostra { $value }
showfold-folded = { $who } ha passato
showfold-nobody-showed = Nessuno ha mostrato il dado: niente punti in questa mano.
showfold-you-take-point = Il punto è tuo!
showfold-you-share-point = Dividi il punto con { $others }.
showfold-takes-point =
    { $n ->
        [one] Punto per { $who }.
       *[other] Un punto a testa per { $who }.
    }
showfold-you-lose-point = Perdi un punto.
showfold-loses-point =
    { $n ->
        [one] { $who } perde un punto.
       *[other] { $who } perdono un punto a testa.
    }
showfold-score = { $who } { $points }
showfold-your-score = tu { $points }
showfold-scores = Punteggi: { $scores }.
showfold-you-win = Hai vinto la partita!
showfold-you-share-win = Dividi la vittoria con { $others }.
showfold-wins =
    { $n ->
        [one] { $who } vince la partita.
       *[other] { $who } dividono la vittoria.
    }
showfold-my-die = Il tuo dado: { $value }. Non hai ancora scelto.
showfold-my-die-show = Il tuo dado: { $value }. Lo mostrerai.
showfold-my-die-fold = Il tuo dado: { $value }. Hai passato.
showfold-my-die-none = Ora non hai un dado: aspetta la prossima mano.
showfold-you-choose = Tocca a te scegliere: S mostra, F passa.
showfold-still-choosing =
    { $n ->
        [one] Deve ancora scegliere: { $who }.
       *[other] Devono ancora scegliere: { $who }.
    }
showfold-nobody-choosing = Ora nessuno sta scegliendo.

## come si chiamano i comandi del tavolo (i pulsanti di una pagina al tocco)

showfold-do-show = Mostra
showfold-do-fold = Passa
showfold-ask-die = Il mio dado
showfold-ask-scores = Punteggi
showfold-ask-waiting = Chi deve ancora scegliere

## perché un'azione non ha cambiato nulla

showfold-refusal-not-a-player = Può farlo solo chi gioca al tavolo.
showfold-refusal-not-started = Aspetta: la mano non è ancora cominciata.
showfold-refusal-game-over = La partita è finita.
showfold-refusal-already-chose = Hai già scelto: aspetta che la mano sia svelata.
showfold-refusal-unknown = Questa non è una mossa del gioco.
showfold-refusal-not-between = La prossima mano si distribuisce quando questa è svelata.

## preparazione

showfold-option-target = Punti per vincere
showfold-option-target-desc = Vince la partita chi raggiunge per primo questo punteggio.
showfold-option-target-value = { $n } punti
showfold-option-think = Tempo per scegliere
showfold-option-think-value = { $n } secondi
showfold-option-think-desc = I secondi che tutti hanno per scegliere; chi non ha scelto allora passa.

## tasti (F1)

keys-showfold-table = S mostra il dado, F passa, V dice il tuo dado, P i punteggi, W chi deve ancora scegliere; tra le mani Invio distribuisce subito la prossima, Maiuscolo P la fa aspettare. Esc per lasciare la partita. { keys-global }

## il tabellone della finestra (board.py)

showfold-board-title = Mano { $round }: { $moment }
showfold-board-waiting = in attesa
showfold-board-choosing = si sceglie
showfold-board-over = partita finita
showfold-board-my-die = Il tuo dado
showfold-board-no-die = nessuno
showfold-board-show = da mostrare
showfold-board-fold = passato
showfold-board-to-choose = Devono ancora scegliere
showfold-board-scores = Punteggi (si vince a { $target })
showfold-board-score = { $who } { $points }
