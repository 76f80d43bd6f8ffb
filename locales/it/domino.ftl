## Domino: il tavolo, la preparazione, il menu del tavolo. Italiano.

## Come si dicono tessere, giocatori, estremi.
domino-tile = { $a } e { $b }
domino-double = doppio { $n }
domino-you = tu
domino-team = squadra { $n }
domino-team-mine = la tua squadra
domino-team-the = la squadra { $n }
domino-and = { $first } e { $last }
domino-tally = { $who }: { $n }
domino-team-line = { $team }: { $members }
domino-ends = { $left } a sinistra, { $right } a destra
domino-ends-none = nessuna tessera sul tavolo
domino-option-set-double-6 = doppio 6
domino-option-set-double-9 = doppio 9
domino-option-set-double-12 = doppio 12
domino-option-set-double-15 = doppio 15
domino-option-set-double-18 = doppio 18
domino-option-set-2x-double-6 = 2 set doppio 6
domino-option-set-2x-double-9 = 2 set doppio 9
domino-option-set-2x-double-12 = 2 set doppio 12

## La partita e la manche: poche parole; la mano è su H, i punti di ciascuno e i totali su P, quante tessere ha ciascuno su E.
domino-match-start = { $table }, { $limits }.
domino-match-start-set = { $table }, { $set }, { $limits }.
domino-table-players = Domino con { $names }
domino-table-teams = Domino a { $n ->
    [one] una squadra
   *[other] { $n } squadre
}
domino-limit-points = fino a { $limit ->
    [one] un punto
   *[other] { $limit } punti
}
domino-limit-manches = { $n ->
    [one] una manche sola
   *[other] { $n } manche
}
domino-limit-both = fino a { $n ->
    [one] una manche
   *[other] { $n } manche
} o { $limit ->
    [one] un punto
   *[other] { $limit } punti
}
domino-rules = Regole: { $rules }.
domino-rule-forbid-drawing = non si pesca
domino-rule-draw-with-playable = si pesca anche potendo attaccare
domino-rule-draw-until-fits = si pesca fino a una tessera che attacca
domino-rule-team-finish = la manche finisce quando tutta una squadra ha finito
domino-rule-thinking-time = { $n ->
    [one] un secondo
   *[other] { $n } secondi
} per mossa
domino-teams = Squadre: { $teams }.
domino-partners = In squadra con { $who }.
domino-partners-against = In squadra con { $who }, contro { $against }.
domino-against = Contro { $against }.
domino-opponents = Avversari: { $teams }.
domino-manche-start = Manche { $manche }: { $size ->
    [one] una tessera a testa
   *[other] { $size } tessere a testa
}, { $boneyard ->
    [0] niente ossario
   *[other] ossario { $boneyard }
}.
domino-manche-start-of = Manche { $manche } di { $of }: { $size ->
    [one] una tessera a testa
   *[other] { $size } tessere a testa
}, { $boneyard ->
    [0] niente ossario
   *[other] ossario { $boneyard }
}.
domino-starter-you-highest-double = Cominci tu.
domino-starter-other-highest-double = Comincia { $who }.
domino-starter-you-heaviest-tile = Nessun doppio: cominci tu.
domino-starter-other-heaviest-tile = Nessun doppio: comincia { $who }.
domino-your-turn = Tocca a te. { $ends }.
domino-on-tile = Sei su { $tile }.
domino-turn-and-tile = { $turn } { $on }

## Le mosse.
domino-opens-you = Apri con { $tile }.
domino-opens-other = { $who } apre con { $tile }.
domino-plays-you = Giochi { $tile } { $end ->
    [left] a sinistra
   *[right] a destra
}.
domino-plays-other = { $who } gioca { $tile } { $end ->
    [left] a sinistra
   *[right] a destra
}.
domino-last-tile-you = Ti resta una tessera.
domino-last-tile-other = A { $who } resta una tessera.
domino-draws = { $who } pesca { $n ->
    [one] una tessera
   *[other] { $n } tessere
}, ossario { $boneyard }.
domino-you-draw = { $n ->
    [one] Peschi { $tiles }
   *[other] Peschi { $n } tessere: { $tiles }
}, { $fits ->
    [yes] attacca
   *[other] non attacca
}. Ossario { $boneyard }.
domino-time-out-you = Tempo scaduto!
domino-time-out-other = Tempo scaduto per { $who }.
domino-pass-stuck-you = Passi: nessuna tessera attacca.
domino-pass-stuck-other = { $who } passa.
domino-pass-after-you = Passi.
domino-pass-after-other = { $who } passa.
domino-out-you = Hai finito le tessere!
domino-out-other = { $who } ha finito le tessere.

## I punti. Alla fine della manche: chi chiude, quanto prendi, i totali; alla fine della partita la classifica li sostituisce.
domino-manche-end-out = Manche { $manche } finita: chiude { $who }.
domino-manche-end-out-you = Manche { $manche } finita: hai chiuso tu.
domino-manche-end-team-out = Manche { $manche } finita: chiude { $who }.
domino-manche-end-blocked = Manche { $manche } bloccata.
domino-manche-mine = { $n ->
    [0] Nessun punto per te.
    [one] Prendi un punto.
   *[other] Prendi { $n } punti.
}
domino-manche-mine-team = { $n ->
    [0] Nessun punto per la tua squadra.
    [one] La tua squadra prende un punto.
   *[other] La tua squadra prende { $n } punti.
}
domino-manche-totals = Totali: { $totals }.
domino-out-of-match = Fuori dalla partita: { $who }.
domino-match-won = Hai vinto la partita!
domino-match-won-team = La tua squadra vince la partita!
domino-match-lost = { $who } vince la partita.
domino-match-end = { $reason }: { $result }.
domino-reason-all-eliminated = Tutti oltre il limite
domino-reason-manche-limit = Ultima manche giocata
domino-reason-point-limit = Raggiunto il limite di { $limit ->
    [one] un punto
   *[other] { $limit } punti
}
domino-lowest-won = vinci tu, con meno punti
domino-lowest-won-team = vince la tua squadra, con meno punti
domino-lowest-lost = vince { $who }, con meno punti
domino-lowest-shared-you = vinci a pari merito con { $who }
domino-lowest-shared-team = la tua squadra vince a pari merito con { $who }
domino-lowest-shared = vincono a pari merito { $who }
domino-standings = Classifica: { $totals }.

## Il tavolo: risposte ai tasti.
domino-tile-at = { $tile }, { $pos } di { $total }, { $fit ->
    [left] attacca a sinistra
    [right] attacca a destra
    [both] attacca a sinistra e a destra
    [same] attacca a sinistra e a destra, che sono uguali
    [any] va bene per aprire
   *[other] non attacca
}
domino-focus = Ora sei su { $tile }.
domino-group = Con il { $n }: { $tiles }.
domino-hand = { $n ->
    [one] Una tessera
   *[other] { $n } tessere
}: { $tiles }.
domino-hand-empty = Non hai tessere in mano.
domino-ask-ends = Estremi: { $ends }.
domino-chain = Catena di { $n ->
    [one] una tessera
   *[other] { $n } tessere
}, da sinistra: { $tiles }.
domino-chain-empty = La catena è vuota.
domino-counts = Tessere in mano: { $list }. Ossario { $boneyard }.
domino-whose-turn-you = Tocca a te.
domino-whose-turn-you-time = Tocca a te; { $n ->
    [one] resta un secondo
   *[other] restano { $n } secondi
}.
domino-whose-turn = Tocca a { $who }.
domino-whose-turn-between = La manche è finita: Invio per la prossima.
domino-whose-turn-over = La partita è finita.
domino-scores = Manche { $manche }. Totali: { $totals }. { $limit ->
    [0] Nessun limite di punti.
    [one] Limite: 1 punto.
   *[other] Limite: { $limit } punti.
}
domino-scores-ended = Manche { $manche } finita, punti: { $points }. Totali: { $totals }. { $limit ->
    [0] Nessun limite di punti.
    [one] Limite: 1 punto.
   *[other] Limite: { $limit } punti.
}
domino-sort = Ordine: { $order }.
domino-sort-first = Ordine: { $order }. Prime tessere: { $tiles }.
domino-sort-arrival = come arrivate
domino-sort-numbers-asc = per numeri crescenti
domino-sort-numbers-desc = per numeri decrescenti
domino-sort-pips-asc = per punti crescenti
domino-sort-pips-desc = per punti decrescenti
domino-sort-doubles-first = prima i doppi
domino-sort-playable-first = prima quelle che attaccano
domino-sort-grouped = a gruppi per numero, frecce sinistra e destra tra i gruppi
domino-not-grouped = Frecce sinistra e destra passano da un gruppo all'altro quando la mano è a gruppi: Control 8.
domino-choose-end = { $tile } attacca da tutte e due le parti: S a sinistra, D a destra.
domino-choose-cancelled = Niente mossa.
domino-pause-on = Pausa alla fine di questa manche.
domino-pause-off = Niente pausa: la prossima manche parte da sola.
domino-paused = In pausa. Invio per la prossima manche.
domino-next-soon = Prossima manche tra { $n ->
    [one] un secondo
   *[other] { $n } secondi
}.
domino-game-over-keys = Invio per un'altra partita.
domino-confirm-leave = Lasciare la partita?

## Perché una mossa non si può fare.
domino-refusal-match-over = La partita è finita.
domino-refusal-manche-over = La manche è finita.
domino-refusal-manche-in-progress = La manche è in corso.
domino-refusal-no-such-seat = Posto sconosciuto.
domino-refusal-table-only = Le tessere le distribuisce il tavolo.
domino-refusal-not-an-action = Questa non è una mossa del gioco.
domino-refusal-eliminated = Sei fuori dalla partita: guardi giocare gli altri.
domino-refusal-out-of-manche = Hai già finito le tessere in questa manche.
domino-refusal-not-your-turn = Non è il tuo turno.
domino-refusal-not-in-hand = Non hai quella tessera.
domino-refusal-does-not-fit = Quella tessera non attacca lì.
domino-refusal-choose-end = Attacca da tutte e due le parti: scegli S o D.
domino-refusal-must-play = Hai una tessera che attacca: devi giocarla.
domino-refusal-must-play-drawn = Hai pescato una tessera che attacca: devi giocare.
domino-refusal-must-draw = Nessuna tessera attacca: pesca con Spazio.
domino-refusal-may-not-draw = Non puoi pescare: hai una tessera che attacca.
domino-refusal-drawing-forbidden = A questo tavolo non si pesca.
domino-refusal-boneyard-empty = L'ossario è vuoto.
domino-refusal-bad-deal = Distribuzione non valida.

## Il menu del tavolo (Esc).
domino-menu-title = Menu del tavolo
domino-menu-resume = Torna al gioco
domino-menu-options = Opzioni del tavolo
domino-menu-rules = Regole e tasti
domino-menu-leave = Lascia la partita

## La preparazione del tavolo.
domino-setup-title = Domino, preparazione del tavolo
domino-setup-start = Inizia la partita
domino-unavailable-drawing-forbidden = la presa nell'ossario è vietata
domino-unavailable-no-teams = si gioca senza squadre
domino-refused-point-limit-off = Il limite di punti si può disattivare solo con un numero di manche da giocare, perché la partita possa finire: scegli prima le manche.
domino-refused-manche-limit-unlimited = Le manche possono essere senza limite solo con un limite di punti, perché la partita possa finire: scegli prima un limite di punti.
domino-setup-teams = Squadre
domino-teams-none = individuale
domino-teams-count = { $n ->
    [one] una squadra
   *[other] { $n } squadre
}
domino-setup-teams-desc = Tutti contro tutti, o da 2 a 6 squadre uguali; Maiuscolo R forma squadre a caso.
domino-option-set = Set
domino-option-forbid-drawing = Vietare la presa nell'ossario
domino-option-draw-with-playable = Pescare anche con una tessera giocabile
domino-option-draw-until-fits = Pescare fino a trovare la tessera che attacca
domino-option-team-finish = Modalità di conclusione per squadra
domino-option-thinking-time = Tempo di riflessione
domino-option-manche-limit = Limite di manche
domino-option-point-limit = Limite di punti
domino-option-set-desc = Quali tessere si usano; un set più grande serve a più giocatori.
domino-option-forbid-drawing-desc = Nessuno pesca mai: chi non può attaccare passa.
domino-option-draw-with-playable-desc = Si può pescare anche avendo una tessera giocabile, per caricare di punti gli avversari.
domino-option-draw-until-fits-desc = Spazio pesca più tessere, fino alla prima che attacca.
domino-option-team-finish-desc = La manche finisce solo quando tutta una squadra ha finito le tessere; chi ha finito salta il turno.
domino-option-thinking-time-desc = Il tempo per ogni mossa; scaduto, si pesca una tessera e il turno passa.
domino-option-manche-limit-desc = Dopo quante manche finisce la partita, o prima se qualcuno arriva al limite di punti; vince il punteggio più basso.
domino-option-point-limit-desc = Senza un numero di manche, chi arriva a questi punti è eliminato; con un numero di manche, la partita finisce appena qualcuno li raggiunge. Disattivato solo insieme a un numero di manche.
domino-set-info = { $tiles ->
    [one] una tessera
   *[other] { $tiles } tessere
}, fino a { $max ->
    [one] un giocatore
   *[other] { $max } giocatori
}
domino-option-thinking-time-value = { $n ->
    [one] un secondo
   *[other] { $n } secondi
}
domino-option-point-limit-value = { $n ->
    [one] 1 punto
   *[other] { $n } punti
}
domino-option-manche-limit-value = { $n ->
    [one] una manche
   *[other] { $n } manche
}
domino-value-with-info = { $value }: { $info }
domino-bot-added = { $name } si siede al tavolo, { $level }. { $players ->
    [one] Un giocatore.
   *[other] { $players } giocatori.
}
domino-bot-removed = { $name } lascia il tavolo. { $players ->
    [one] Un giocatore.
   *[other] { $players } giocatori.
}
domino-table-full = Il tavolo è pieno: { $n ->
    [one] un giocatore
   *[other] { $n } giocatori
} al massimo.
domino-too-few = { $n ->
    [one] Serve almeno un giocatore.
   *[other] Servono almeno { $n } giocatori.
}
domino-teams-dropped = In { $players } non si fanno squadre uguali: si gioca individuale.
domino-random-teams = Squadre a caso. { $teams }.
domino-no-teams = In { $players } non si possono fare squadre uguali.
domino-problem-bad-player-count = Si gioca da 2 a 12.
domino-problem-set-too-small = Il set { $set } non basta per { $players ->
    [one] un giocatore
   *[other] { $players } giocatori
}: ne regge { $max } al massimo. Scegli un set più grande.
domino-problem-bad-option-value = Un'opzione ha un valore non valido.
domino-problem-bad-team-layout = Le squadre non sono valide.
domino-problem-bad-team-count = Si gioca da 2 a 6 squadre.
domino-problem-bad-team-size = Ogni squadra ha da 2 a 6 giocatori.
domino-problem-unequal-teams = Le squadre devono essere uguali.
domino-problem-no-limit = Senza limite di punti serve un numero di manche: la partita deve poter finire.

## I tasti (F1).
keys-domino-setup = Frecce su e giù tra i giocatori e le opzioni, frecce sinistra e destra cambiano un valore, B aggiunge un bot, Maiuscolo B lo toglie, Maiuscolo R squadre a caso, Invio comincia, Esc torna al menu. { keys-global }
keys-domino-table = Frecce su e giù tra le tue tessere, Inizio e Fine la prima e l'ultima; Invio gioca la tessera, D o R a destra, S o L a sinistra; Spazio pesca. H la mano, Maiuscolo H cambia l'ordine, Control da 1 a 8 lo sceglie; C gli estremi, V la catena, E le tessere di tutti e l'ossario, T di chi è il turno, P i punti, Maiuscolo P pausa dopo la manche, Invio a manche finita fa partire subito la prossima, Esc il menu del tavolo. { keys-global }

## Una partita salvata: la voce del menu principale per riprenderla, e la partita che riprende.
domino-saved-match = Domino, manche { $manche }, { $players ->
    [one] un giocatore
   *[other] { $players } giocatori
}, { $score ->
    [one] hai un punto
   *[other] hai { $score } punti
}
domino-resumed = Partita ripresa: manche { $manche }.
domino-resumed-your-turn-time = Tocca a te; il tempo per pensare riparte da capo: { $n ->
    [one] un secondo
   *[other] { $n } secondi
}.
domino-resumed-hand = { $n ->
    [0] Non hai tessere in mano.
    [one] Hai una tessera in mano.
   *[other] Hai { $n } tessere in mano.
}

domino-next-soon-online = Prossima manche tra { $n ->
    [one] un secondo
   *[other] { $n } secondi
}: parte da sola. Il capotavola può fermarla con Maiuscolo P.
domino-paused-online = Il capotavola tiene ferma la prossima manche.
domino-game-over-keys-online = Invio per tornare ai posti del tavolo, Esc per il menu.

## come si chiamano i comandi del tavolo (i pulsanti di una pagina al tocco: games/domino/controls.py)
domino-do-play = Gioca la tessera sotto il cursore
domino-do-play-left = Giocala a sinistra
domino-do-play-right = Giocala a destra
domino-do-draw = Pesca
domino-ask-hand-label = La mia mano
domino-ask-ends-label = Gli estremi
domino-ask-chain-label = La catena
domino-ask-counts-label = Tessere in ogni mano
domino-ask-turn-label = A chi tocca
domino-ask-scores-label = Punteggi
