## Domino: il tavolo, la preparazione, il menu del tavolo. Italiano.

## Come si dicono tessere, giocatori, estremi.
domino-tile = { $a } e { $b }
domino-double = doppio { $n }
domino-you = tu
domino-team = squadra { $n }
domino-team-mine = la tua squadra
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

## La partita e la manche.
domino-match-start = Domino in { $players }: tu, { $names }. Set { $set }, { $limit ->
    [0] nessun limite di punti
    [one] limite 1 punto
   *[other] limite { $limit } punti
}.
domino-match-manches = { $n ->
    [one] Si gioca al massimo una manche.
   *[other] Si giocano al massimo { $n } manche.
}
domino-rule-forbid-drawing = A questo tavolo non si pesca: chi non può attaccare passa.
domino-rule-draw-with-playable = Si può pescare anche avendo una tessera che attacca.
domino-rule-draw-until-fits = Spazio pesca fino alla prima tessera che attacca.
domino-rule-team-finish = La manche finisce quando tutta una squadra ha finito le tessere.
domino-rule-thinking-time = Tempo di riflessione: { $n ->
    [one] un secondo
   *[other] { $n } secondi
} per mossa.
domino-teams = Squadre: { $teams }.
domino-manche-start = Manche { $manche }. { $size ->
    [one] Una tessera a testa
   *[other] { $size } tessere a testa
}, { $boneyard ->
    [0] niente ossario.
    [one] una tessera nell'ossario.
   *[other] { $boneyard } tessere nell'ossario.
}
domino-starter-you-highest-double = Cominci tu: hai il doppio più alto.
domino-starter-other-highest-double = Comincia { $who }, con il doppio più alto.
domino-starter-you-heaviest-tile = Nessuno ha un doppio: cominci tu, con la tessera più pesante.
domino-starter-other-heaviest-tile = Nessuno ha un doppio: comincia { $who }, con la tessera più pesante.
domino-your-hand = { $n ->
    [one] La tua unica tessera: { $tiles }.
   *[other] Le tue { $n } tessere: { $tiles }.
}
domino-your-turn-first = Tocca a te: apri con la tessera che vuoi.
domino-your-turn = Tocca a te. { $ends }.

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
domino-blocked = Gioco bloccato: nessuno può più attaccare. Estremi { $ends }.
domino-out-you = Hai finito le tessere!
domino-out-other = { $who } ha finito le tessere.

## I punti.
domino-manche-end-out = Manche { $manche } finita: chiude { $who }.
domino-manche-end-out-you = Manche { $manche } finita: hai chiuso tu.
domino-manche-end-team-out = Manche { $manche } finita: { $who } ha finito tutte le tessere.
domino-manche-end-blocked = Manche { $manche } finita per blocco.
domino-manche-points = Punti della manche: { $points }. Totali: { $totals }.
domino-eliminated = { $who } è eliminato con { $n ->
    [one] un punto
   *[other] { $n } punti
}.
domino-eliminated-you = Sei eliminato con { $n ->
    [one] un punto
   *[other] { $n } punti
}.
domino-eliminated-team = La { $who } è eliminata con { $n ->
    [one] un punto
   *[other] { $n } punti
}.
domino-eliminated-team-mine = La tua squadra è eliminata con { $n ->
    [one] un punto
   *[other] { $n } punti
}.
domino-match-won = Hai vinto la partita! { $reason }
domino-match-won-team = La tua squadra vince la partita! { $reason }
domino-match-lost = Vince la partita: { $who }. { $reason }
domino-match-shared = Vittoria condivisa: { $who }. { $reason }
domino-reason-last-standing = Gli altri sono tutti eliminati.
domino-reason-all-eliminated = Tutti oltre il limite: vince il punteggio più basso.
domino-reason-manche-limit = Manches finite: vince il punteggio più basso.
domino-reason-point-limit = Limite di punti raggiunto: vince il punteggio più basso.
domino-final-scores = Punteggi finali: { $totals }.

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
}: Invio per cominciare subito, Maiuscolo P per aspettare.
domino-game-over-keys = Invio per una nuova partita, Esc per tornare al menu.
domino-confirm-leave = Lasciare la partita?

## Perché una mossa non si può fare.
domino-refusal-match-over = La partita è finita.
domino-refusal-manche-over = La manche è finita.
domino-refusal-manche-in-progress = La manche è in corso.
domino-refusal-no-such-seat = Posto sconosciuto.
domino-refusal-table-only = Le tessere le distribuisce il tavolo.
domino-refusal-not-an-action = Questa non è una mossa del gioco.
domino-refusal-eliminated = Sei eliminato: guardi giocare gli altri.
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
domino-option-manche-limit = Manches da giocare
domino-option-point-limit = Limite di punti
domino-setup-pace = Ritmo dei bot
domino-option-set-desc = Quali tessere si usano; un set più grande serve a più giocatori.
domino-option-forbid-drawing-desc = Nessuno pesca mai: chi non può attaccare passa.
domino-option-draw-with-playable-desc = Si può pescare anche avendo una tessera giocabile, per caricare di punti gli avversari.
domino-option-draw-until-fits-desc = Spazio pesca più tessere, fino alla prima che attacca.
domino-option-team-finish-desc = La manche finisce solo quando tutta una squadra ha finito le tessere; chi ha finito salta il turno.
domino-option-thinking-time-desc = Il tempo per ogni mossa; scaduto, si pesca una tessera e il turno passa.
domino-option-manche-limit-desc = Dopo quante manche finisce la partita, o prima se qualcuno arriva al limite di punti; vince il punteggio più basso.
domino-option-point-limit-desc = Senza un numero di manche, chi arriva a questi punti è eliminato; con un numero di manche, la partita finisce appena qualcuno li raggiunge. Disattivato solo insieme a un numero di manche.
domino-setup-pace-desc = Quanto aspettano i bot tra una mossa e l'altra.
domino-set-info = { $tiles ->
    [one] una tessera
   *[other] { $tiles } tessere
}, fino a { $max ->
    [one] un giocatore
   *[other] { $max } giocatori
}
domino-seconds = { $n ->
    [one] un secondo
   *[other] { $n } secondi
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
domino-bot-added = Aggiunto { $name }, { $level }. { $players ->
    [one] Un giocatore.
   *[other] { $players } giocatori.
}
domino-bot-removed = Tolto { $name }. { $players ->
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
keys-domino-table = Frecce su e giù tra le tue tessere, Inizio e Fine la prima e l'ultima; Invio gioca la tessera, D o R a destra, S o L a sinistra; Spazio pesca. H la mano, Maiuscolo H cambia l'ordine, Control da 1 a 8 lo sceglie; C gli estremi, V la catena, E le tessere di tutti e l'ossario, T di chi è il turno, P i punti, Maiuscolo P pausa dopo la manche, Esc il menu del tavolo. { keys-global }

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
