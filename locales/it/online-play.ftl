## Giocare online: i menu, i tavoli, le persone, la chat e la connessione. Italiano.

online-title = Gioca online
online-menu-name = Il tuo nome: { $name }
online-menu-host = Ospita un tavolo
online-menu-code = Entra con un codice d'invito
online-menu-address = Entra con un indirizzo
online-menu-lan = Tavoli su questa rete
online-default-name = Giocatore
online-name-prompt = Il tuo nome, come lo sentiranno gli altri
online-name-set = Ora ti chiami { $name }.
online-no-games = In questa versione nessun gioco si gioca online.
online-host-failed = Non sono riuscito ad avviare il server su questo computer.
online-code-prompt = Il codice d'invito: le tre parole che legge chi ospita
online-code-bad = Questo non è un codice d'invito: sono tre parole, per esempio gatto luna verde.
online-code-nowhere = Non conosco nessun computer a cui chiedere: su questa rete nessuno ospita. Entra con l'indirizzo di chi ospita.
online-code-not-found = Su questa rete non c'è nessun tavolo con questo codice. Controlla le parole, o entra con l'indirizzo di chi ospita.
online-address-prompt = L'indirizzo di chi ospita, per esempio 192.168.1.5
online-address-bad = Questo non è un indirizzo: per esempio 192.168.1.5, oppure 192.168.1.5:47470.
keys-online-menu = Frecce su e giù per scegliere, Invio per aprire. { keys-global }

online-lan-title = Tavoli su questa rete
online-lan-none = Per ora nessuno ospita su questa rete: l'elenco si riempie da solo.
online-lan-host = { $name }, all'indirizzo { $address }, { $tables ->
    [0] nessun tavolo in attesa
    [one] un tavolo in attesa
   *[other] { $tables } tavoli in attesa
}
online-lan-appeared = { $name } ospita su questa rete.
online-lan-gone = Il computer all'indirizzo { $address } non si sente più.
keys-online-lan = Frecce su e giù per scegliere chi ospita, Invio per vederne i tavoli, Esc per tornare indietro. L'elenco si riempie e si aggiorna da solo. { keys-global }

online-lobby-title = Tavoli
online-lobby-count = { $n ->
    [0] nessun tavolo aperto
    [one] un tavolo
   *[other] { $n } tavoli
}
online-lobby-create = Crea un tavolo
online-lobby-code = Entra con un codice d'invito
online-hosting = Avvio il server su questo computer…
online-connecting = Mi collego…
online-connected = Collegato.
online-unreachable-all = Non sono riuscito a raggiungere il server.
online-not-connected = In questo momento non sono collegato al server: aspetta un attimo.
online-confirm-stop-host = Stai ospitando: uscendo chiudi il server, e chi è ai suoi tavoli esce con te. Vuoi uscire?
online-trust = Il computer all'indirizzo { $address } si presenta con queste parole: { $words }. Sono le parole che legge chi ospita?
online-trust-refused = Non l'ho ritenuto affidabile: non mi sono collegato a quel computer.
keys-online-lobby = Frecce su e giù per scegliere un tavolo, Invio per sederti, Maiuscolo Invio solo per guardare, il tasto Applicazioni o Maiuscolo F10 per sentirne le opzioni e i punti senza entrare, F5 per aggiornare subito l'elenco; le ultime voci creano un tavolo o entrano con un codice. Control U chi è online, Control F i tuoi elenchi di amici e bloccati, Alt R risponde all'ultimo messaggio privato, Control R punteggi e classifiche, Control P la tua riservatezza, Control J entra nel tavolo dell'ultimo invito, Control L per accedere o registrare un account, Control Maiuscolo L per uscire dall'account. Esc lascia il server. { keys-global }

online-table-line-waiting = { $game }, { $seated } in attesa su { $seats }, tavolo di { $master }
online-table-line-playing = { $game }, in gioco, { $seated } su { $seats }, { $spectators ->
    [0] nessuno guarda
    [one] una persona guarda
   *[other] { $spectators } persone guardano
}
online-table-line-over = { $game }, partita finita, tavolo di { $master }
online-no-one = nessuno
online-bot-name = Bot { $n }

online-seat-empty = Posto { $n }: libero
online-seat-bot = Posto { $n }: { $name }, bot { $level }
online-seat-player = Posto { $n }: { $name }
online-seat-you = tu
online-seat-master = capotavola
online-seat-covered = assente, per ora gioca un bot
online-seat-away = assente
online-who = Al tavolo: { $seats }. { $spectators ->
    [0] Non guarda nessuno.
    [one] Guarda una persona.
   *[other] Guardano { $spectators } persone.
}
online-refused-other = Il server ha rifiutato: { $reason }.
online-said = { $text }

online-notice-joined = { $name } si siede al posto { $seat }.
online-notice-left = { $name } ha lasciato il tavolo.
online-notice-watching = { $name } guarda la partita.
online-notice-dropped = { $name } ha perso la connessione: il posto lo aspetta.
online-notice-covered = Un bot gioca al posto di { $name }.
online-notice-back = { $name } è di nuovo qui.
online-notice-kicked = Il capotavola ha allontanato { $name }.
online-notice-master = Ora il capotavola è { $name }.
online-notice-bot-added = Un bot si siede al posto { $seat }.
online-notice-bot-removed = Il bot del posto { $seat } se ne va.
online-notice-options = Le opzioni del tavolo sono cambiate.
online-notice-seat-option = { $name }: { $value }.
online-seat-option-mine = Giochi con { $value }.
online-seat-option-fixed = Resta così fino alla fine della partita: { $value }.
online-seat-option-none = In questo gioco il tuo posto non ha niente da scegliere.
online-notice-private = Ora il tavolo è privato: si entra solo con il codice d'invito.
online-notice-public = Ora il tavolo è pubblico: è nell'elenco.
online-notice-new-code = Qualcuno è stato allontanato, perciò il tavolo ha un nuovo codice d'invito: { $code }.
online-notice-started = Comincia la partita.
online-notice-paused = Il capotavola tiene ferma la prossima mano.
online-notice-unpaused = La prossima mano partirà da sola.
online-notice-restored = Il server è ripartito: il tavolo è tornato com'era.
online-notice-returning = { $name } è di nuovo qui e riprende il posto dal bot alla fine di questo giro.
online-notice-chat-held = Il tuo messaggio arriverà al tavolo alla fine di questo giro.
online-notice-not-storing = Il server non riesce a salvare questo tavolo (il disco è pieno, o la cartella è in sola lettura): la partita continua, ma se il server si fermasse adesso il tavolo andrebbe perso.
online-notice-storing = Il server salva di nuovo questo tavolo: un arresto improvviso non lo farebbe più perdere.

online-room-title = Il tavolo
online-room-where = Tavolo di { $game }, { $stage }
online-stage-waiting = in attesa di cominciare
online-stage-playing = partita in corso
online-stage-over = partita finita
online-room-options = Opzioni: { $options }
online-room-code = Codice d'invito: { $code }
online-room-start = Comincia la partita
online-room-seat-option = Giochi con { $value }; M per cambiare
online-room-leave = Lascia il tavolo
online-room-under-way = La partita è in corso.
online-room-master-starts = La partita la fa cominciare il capotavola, { $master }.
online-confirm-leave = Lasciare il tavolo?
online-private = privato
online-public = pubblico
keys-online-room = Frecce su e giù tra i posti e le voci del tavolo. Invio fa cominciare la partita (il capotavola); B mette un bot nel posto, Maiuscolo B toglie un bot, frecce sinistra e destra cambiano il livello di un bot; Control K allontana chi siede nel posto, Control Maiuscolo X lo fa capotavola, Control H rende il tavolo privato o pubblico, Alt O le sue opzioni. M cambia i tuoi comandi in Tira e Passa, assistiti o manuali, finché la partita non comincia. Alt C scrive nella chat, Alt R risponde all'ultimo messaggio privato, Control U dice chi c'è, Control Maiuscolo U chi è online, Control R punteggi e classifiche, Control P la tua riservatezza, Control I il codice d'invito. Esc lascia il tavolo. A differenza del Salotto, qui Control I dice il codice da dare agli amici; per invitare qualcuno, Control I sul suo nome tra chi è online. { keys-global }

online-options-title = Le opzioni del tavolo
online-create-title = Un nuovo tavolo
online-option-game = Gioco
online-option-players = Giocatori
online-option-players-desc = Quanti siedono al tavolo: persone e bot.
online-option-private = Tavolo
online-option-private-desc = Un tavolo pubblico è nell'elenco; in uno privato si entra solo con il codice d'invito.
online-option-reach = Chi può entrare
online-option-reach-desc = Solo questo computer, oppure ogni computer della rete di casa.
online-reach-here = solo questo computer
online-reach-lan = questa rete
online-options-apply = Applica queste opzioni
online-create-go = Crea il tavolo
keys-online-options = Frecce su e giù per scegliere, frecce sinistra e destra per cambiare un valore, Invio su qualsiasi riga crea il tavolo o applica le opzioni, Esc torna indietro. { keys-global }

online-chat-prompt = Chat: a tutti, oppure chiocciola e nome per scrivere in privato
online-chat-empty = Non c'è niente da mandare.
online-chat-no-last-to = Non hai ancora scritto in privato a nessuno.
online-chat-no-last-from = Nessuno ti ha ancora scritto in privato.
online-chat-no-one = Al tavolo nessuno ha questo nome.
online-chat-not-here = Questa persona non è più al tavolo.
online-chat-yourself = Sei tu.
online-chat-line = { $name }: { $text }
online-chat-private-from = { $name } a te: { $text }
online-chat-private-to = Tu a { $name }: { $text }

online-invite-code = Codice d'invito: { $code }.
online-invite-address = Indirizzo: { $address }, porta { $port }.
online-invite-words = Le parole del certificato: { $words }.
online-no-empty-seat = Non c'è nessun posto libero.
online-no-bots = Questo gioco non ha bot.
online-no-bot-here = Non c'è nessun bot da togliere.
online-not-a-player = Lì non siede nessun altro.
online-no-other-player = Al tavolo non c'è nessun altro giocatore.
online-pick-kick = Chi vuoi allontanare?
online-pick-master = Chi diventa capotavola?
keys-online-table = Online: Alt C scrive nella chat, chiocciola e nome per scrivere in privato, chiocciola da sola per rispondere, due chiocciole all'ultima persona a cui hai scritto, Alt R risponde all'ultimo messaggio privato da qualunque parte del server; Alt freccia sinistra e Alt freccia destra mostrano nella cronologia tutto, il gioco, la chat o i messaggi privati; Control U chi c'è al tavolo, Control Maiuscolo U chi è online (lì Control I invita una persona), Control R punteggi e classifiche, Control P la tua riservatezza, Control I il codice d'invito, F2 i posti del tavolo, M i tuoi comandi (Tira e Passa: li dice, restano così fino alla fine della partita); il capotavola: Control K allontana un giocatore, Control Maiuscolo X passa il ruolo, Control H privato o pubblico, Maiuscolo P ferma la prossima manche.

online-back-table = Di nuovo al tavolo.
online-back = Di nuovo collegato.
online-reconnecting = Connessione persa, riprovo…
online-pin-mismatch = Attenzione: questo computer non presenta il certificato di cui ti sei fidato. Qualcuno potrebbe fingersi chi ospita. Non mi sono collegato.
online-unreachable = Non riesco a raggiungere { $url }.
online-unreachable-retrying = Non riesco ancora a raggiungere { $url }: riprovo per qualche secondo.
online-unreachable-gave-up = Non sono riuscito a raggiungere { $url }. Controlla l'indirizzo, e che chi ospita abbia avviato il suo server.
online-lost = La connessione è persa: { $reason }
online-back-in-menu = Sei di nuovo nel menu: rientra quando vuoi.
online-lost-gave-up = Il server non è tornato per due minuti: ho smesso di riprovare. Sei di nuovo nel menu.
online-state-retrying = Connessione persa, riprovo
online-state-lost = Connessione persa
online-state-waiting = In attesa della tua risposta
online-game-unknown = Il gioco di questo tavolo non si può giocare in questa versione.
online-away-nothing = Mentre eri via non è successo niente.
online-away = Mentre eri via { $n ->
    [one] è successa una cosa
   *[other] sono successe { $n } cose
}:
online-left-because = Non sei più al tavolo: { $reason }

online-seed-sealed = La distribuzione è sigillata: l'impronta del suo seme segreto è { $fingerprint }.
online-seed-revealed = Il seme è svelato e corrisponde all'impronta; la partita è conservata per il controllo con audiogame verify, in { $file }
online-seed-broken = Attenzione: il seme svelato alla fine non è quello che il tavolo aveva sigillato all'inizio. Della distribuzione di questa partita non ci si può fidare.
online-renamed = Qui c'è già chi si chiama { $asked } (forse un'altra copia del gioco su questo computer): su questo server il tuo nome è { $name }. Il nome si sceglie in Il tuo nome, nel menu Gioca online.
