## Tira e Passa: il tavolo, la preparazione, il riepilogo iniziale. Italiano.

tira-you = tu
tira-you-to = te

## I sei simboli: nomi brevi per la corsa, con l'articolo, e per esteso.
tira-sym-clover = quadrifoglio
tira-sym-pig = porcellino
tira-sym-cat = gatto
tira-sym-penny = penny
tira-sym-horseshoe = ferro di cavallo
tira-sym-hamsa = mano di Fatima
tira-sym-unrolled = da tirare
tira-sym-a-clover = un quadrifoglio
tira-sym-a-pig = un porcellino
tira-sym-a-cat = un gatto
tira-sym-a-penny = un penny
tira-sym-a-horseshoe = un ferro di cavallo
tira-sym-a-hamsa = una mano di Fatima
tira-sym-long-clover = quadrifoglio
tira-sym-long-pig = porcellino portafortuna
tira-sym-long-cat = gatto che saluta
tira-sym-long-penny = penny portafortuna
tira-sym-long-horseshoe = ferro di cavallo
tira-sym-long-hamsa = mano di Fatima
tira-sym-the-clover = il quadrifoglio
tira-sym-the-pig = il porcellino
tira-sym-the-cat = il gatto
tira-sym-the-penny = il penny
tira-sym-the-horseshoe = il ferro di cavallo
tira-sym-the-hamsa = la mano di Fatima
tira-sym-cap-clover = Il quadrifoglio
tira-sym-cap-pig = Il porcellino
tira-sym-cap-cat = Il gatto
tira-sym-cap-penny = Il penny
tira-sym-cap-horseshoe = Il ferro di cavallo
tira-sym-cap-hamsa = La mano di Fatima

tira-dest-tray = al vassoio
tira-dest-left = a sinistra
tira-dest-right = a destra
tira-stays = resta in mano

## La partita.
tira-tally = { $who }: { $n }
tira-goal-three = Vince chi conquista per primo 3 dischetti.
tira-goal-pile = Si gioca finché ci sono dischetti da pescare; vince chi ne ha di più.
tira-game-start = Tira e Passa in { $players }: tu, { $names }. { $goal }
tira-game-start-watching = Tira e Passa in { $players }: { $names }. { $goal }
tira-round = Giro { $round }. Dado grande: { $supreme }. Il tuo dischetto: { $left } a sinistra, { $right } a destra.
tira-round-no-coaster = Giro { $round }. Dado grande: { $supreme }. Non hai un dischetto.
tira-round-watching = Giro { $round }. Dado grande: { $supreme }.
tira-signal = Ai dischetti, pronti,
tira-signal-watching = Ai dischetti, pronti,
tira-go = via!
tira-move = { $n } { $dest }
tira-landed = { $faces }: { $moves }.
tira-landed-stay = { $faces }: resta tutto.
tira-landed-manual = { $faces }. { $n ->
    [0] Nessuno da mandare.
    [one] Uno da mandare.
   *[other] { $n } da mandare.
}
tira-landed-late = { $faces }: troppo tardi, il giro è fermo.
tira-sent = { $die } { $dest }.
tira-arrived = Dal vicino di { $side ->
    [left] sinistra
   *[other] destra
}: { $dice }.
tira-arrived-from = Da { $name }: { $dice }.
tira-stop-you = Stop! Hai finito i dadi.
tira-stop = Stop! Senza dadi: { $who }.
tira-calm-you = Ora { $rolls ->
    [one] un tiro
   *[other] { $rolls } tiri
} con calma: conta solo { $supreme }. Spazio per tirare.
tira-calm-others = Gli altri tirano { $rolls ->
    [one] una volta
   *[other] { $rolls } volte
} con calma: conta solo { $supreme }.
tira-calm-landed = Tiro calmo { $roll }: { $faces }. { $n ->
    [0] Niente al vassoio.
   *[other] { $n } al vassoio.
}
tira-calm-emptied-you = Finiti i dadi: il dischetto è tuo.
tira-calm-emptied = { $who } ha finito i dadi.
tira-calm-finished-you = { $n ->
    [one] Ti resta un dado.
   *[other] Ti restano { $n } dadi.
}
tira-round-end = Fine del giro { $round }. Dischetto a: { $winners }. { $lead }
tira-round-end-last = Fine del giro { $round }. Dischetto a: { $winners }.
tira-lead = { $me ->
    [alone] Sei in testa con { $n ->
        [one] un dischetto
       *[other] { $n } dischetti
    }.
   *[other] In testa con { $n ->
        [one] un dischetto
       *[other] { $n } dischetti
    }{ $named ->
        [yes] : { $who }
       *[no] {""}
    }{ $me ->
        [behind] ; tu { $mine ->
            [0] non ne hai
            [one] ne hai uno
           *[other] ne hai { $mine }
        }.
       *[other] .
    }
}
tira-pile-empty = I dischetti da pescare sono finiti.
tira-game-won = Hai vinto la partita con { $n ->
        [one] un dischetto
       *[other] { $n } dischetti
    }!
tira-game-lost = Vince { $who } con { $n ->
        [one] un dischetto
       *[other] { $n } dischetti
    }{ $me ->
        [out] ; tu { $mine ->
            [0] non ne hai
            [one] ne hai uno
           *[other] ne hai { $mine }
        }.
       *[other] .
    }
tira-game-shared = Vittoria condivisa con { $n ->
        [one] un dischetto
       *[other] { $n } dischetti
    }: { $who }{ $me ->
        [out] ; tu { $mine ->
            [0] non ne hai
            [one] ne hai uno
           *[other] ne hai { $mine }
        }.
       *[other] .
    }
tira-game-over-keys = P per la classifica, Invio per una nuova partita, Esc per tornare al menu.
tira-practice-start = Partita di prova contro avversari lenti: non conta.
tira-practice-over = Fine della prova. Invio o Esc per tornare al riepilogo.

## Detto al posto del suono di un tasto quando i suoni non si sentono.
tira-word-thrown = Lanciati.

## Le domande, in ogni momento.
tira-supreme = Simbolo supremo: { $supreme }.
tira-no-supreme = Il dado grande non è ancora stato tirato.
tira-coaster = Il tuo dischetto: { $left } a sinistra, { $right } a destra.
tira-no-coaster = Non hai un dischetto.
tira-my-dice = { $parts }.
tira-hand = in mano { $faces }
tira-unrolled = { $n ->
    [one] un dado da tirare
   *[other] { $n } dadi da tirare
}
tira-in-air = { $n ->
    [one] un dado in aria
   *[other] { $n } dadi in aria
}
tira-waiting = { $n ->
    [one] uno sul dischetto, { $faces }
   *[other] { $n } sul dischetto, { $faces }
}
tira-no-dice-now = Non hai dadi
tira-everyone = Dadi: { $list }. Vassoio { $tray }.
tira-standings = Dischetti vinti: { $tally }. Da pescare { $pile }.
tira-die-at = { $die }, { $pos } di { $total }, { $where }
tira-hand-empty = Nessun dado in mano.
tira-confirm-leave = Lasciare la partita? La corsa intanto continua.

## Perché un'azione non si può fare.
tira-refusal-no-such-seat = Posto sconosciuto.
tira-refusal-not-an-action = Questa non è una mossa del gioco.
tira-refusal-not-started = Aspetta il via.
tira-refusal-dice-in-the-air = I dadi sono ancora in aria.
tira-refusal-no-dice = Non hai dadi da tirare.
tira-refusal-no-such-die = Nessun dado così in mano.
tira-refusal-cannot-go-there = Quel dado non può andare lì.
tira-refusal-nowhere-to-go = Quel dado resta in mano.
tira-refusal-die-stays = { $die } resta in mano.
tira-refusal-die-goes = { $die } va { $dest }.
tira-refusal-no-die-showing = Nessun dado mostra { $die }.
tira-refusal-supreme-in-hand = Prima manda al vassoio { $die }.
tira-refusal-not-in-race = Stop è già stato chiamato.
tira-refusal-no-calm-rolls-left = Hai finito i tiri calmi.
tira-refusal-round-over = Il giro è finito: aspetta il prossimo.
tira-refusal-game-over = La partita è finita.

## La preparazione del tavolo.
tira-setup-title = Tira e Passa, preparazione
tira-setup-start = Inizia la partita
tira-option-speed = Velocità
tira-option-speed-desc = Quanto restano in aria i dadi: più veloce, meno tempo per reagire.
tira-option-control = Comandi
tira-option-control-desc = Assistiti: i dadi vanno da soli dove devono. Manuali: li mandi tu, uno alla volta; i bot giocano come te.
tira-option-variant = Fine partita
tira-option-variant-desc = Quando finisce la partita: al terzo dischetto vinto, o quando i dischetti sono finiti.
tira-option-speed-slow = lenta
tira-option-speed-normal = normale
tira-option-speed-fast = veloce
tira-option-control-assisted = assistiti
tira-option-control-manual = manuali
# i comandi di un posto, negli elenchi dei posti online
tira-seat-control-assisted = comandi assistiti
tira-seat-control-manual = comandi manuali
tira-option-variant-first-to-three = il primo a 3 dischetti
tira-option-variant-until-pile-exhausted = finché ci sono dischetti

## Il riepilogo prima del primo giro.
tira-briefing-title = Prima di cominciare
tira-brief-start = Comincia la partita
tira-brief-symbol = { $name }, tasto { $key }
tira-brief-coaster = Il tuo dischetto: { $left } a sinistra, { $right } a destra
tira-brief-practice = Partita di prova

keys-tira-setup = Frecce su e giù per scegliere, frecce sinistra e destra per cambiare un valore, Invio, da qualsiasi riga, per cominciare, Esc per tornare al menu. { keys-global }
keys-tira-briefing = Frecce su e giù per scegliere; Invio su un simbolo ne fa sentire il suono, sul dischetto fa sentire i suoi due simboli ai due lati. Invio su Comincia la partita per giocare, su Partita di prova per una prova che non conta. Esc per tornare alla preparazione. { keys-global }
keys-tira-table = Spazio tira i dadi. G il simbolo supremo, C il tuo dischetto, H i tuoi dadi, E i dadi di tutti, P i dischetti vinti. Con i comandi manuali: da 1 a 6 mandano un dado con quel simbolo dove deve andare, frecce sinistra e destra scorrono i tuoi dadi, Invio manda quel dado dove deve andare, S o L al vicino di sinistra, D o R al vicino di destra, V al vassoio. Online, F11 l'orologio del server come lo misuriamo qui. Esc per lasciare la partita. { keys-global }

## Una partita salvata: la voce del menu principale per riprenderla, e la partita che riprende.
tira-saved-match = Tira e Passa, giro { $round }, { $players ->
    [one] un giocatore
   *[other] { $players } giocatori
}, { $won ->
    [0] nessun dischetto vinto finora
    [one] hai vinto un dischetto
   *[other] hai vinto { $won } dischetti
}
tira-resumed = Partita ripresa. La corsa riparte tra { $seconds ->
    [one] un secondo
   *[other] { $seconds } secondi
}.
tira-resumed-between = Partita ripresa dopo il giro { $round }: il prossimo comincia tra { $seconds ->
    [one] un secondo
   *[other] { $seconds } secondi
}.
tira-resumed-calm = Siamo ai tiri con calma: conta solo { $supreme }, e { $rolls ->
    [0] non ti restano tiri
    [one] ti resta un tiro
   *[other] ti restano { $rolls } tiri
}.

## Online: a che punto è la gara per chi rientra

tira-online-phase-setup = La partita sta per cominciare.
tira-online-phase-announcing = La gara sta per partire.
tira-online-phase-racing = La gara è in corso.
tira-online-phase-freezing = Stop è stato chiamato: stanno cadendo gli ultimi dadi.
tira-online-phase-calm = Siamo ai tiri con calma.
tira-online-phase-between-rounds = Il giro è finito: il prossimo comincia tra poco.
tira-online-phase-game-over = La partita è finita.

## come si chiamano i comandi della corsa (i pulsanti di una pagina al tocco: games/tirapassa/controls.py)
tira-do-throw = Tira i miei dadi
tira-do-send = Manda il dado sotto il cursore
tira-do-send-left = Mandalo a sinistra
tira-do-send-right = Mandalo a destra
tira-do-send-tray = Mettilo nel vassoio
tira-ask-g-label = Il simbolo supremo
tira-ask-c-label = Il mio dischetto
tira-ask-h-label = I miei dadi
tira-ask-e-label = I dadi di tutti
tira-ask-p-label = Dischetti vinti
