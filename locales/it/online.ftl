## Gioco in rete: perché il server ha rifiutato qualcosa (net-reason-<id>)

net-reason-version = Questo server parla un'altra versione del gioco: aggiorna il gioco per entrare.
net-reason-too-big = Il messaggio era troppo lungo e il server non l'ha accettato.
net-reason-not-text = Il server accetta solo messaggi di testo.
net-reason-malformed = Il server non ha capito il messaggio.
net-reason-unknown-type = Il server non conosce questo comando.
net-reason-bad-fields = Al comando manca qualcosa, oppure contiene valori sbagliati.
net-reason-slow-down = Troppi comandi tutti insieme: rallenta un momento.
net-reason-abuse = Troppi comandi rifiutati: il server ha chiuso la connessione.
net-reason-hello-first = Prima bisogna presentarsi al server.
net-reason-already-welcomed = Sei già collegato.
net-reason-not-at-table = Non sei a un tavolo.
net-reason-already-at-table = Sei già a un tavolo: prima lascialo.
net-reason-not-master = Solo il capotavola può farlo.
net-reason-not-seated = Stai guardando: per giocare serve un posto al tavolo.
net-reason-started = La partita è già cominciata.
net-reason-not-started = La partita non è ancora cominciata.
net-reason-not-between-rounds = Si può fare solo tra una mano e l'altra.
net-reason-name-empty = Il nome è troppo corto: servono almeno due caratteri.
net-reason-name-too-long = Il nome è troppo lungo: al massimo ventiquattro caratteri.
net-reason-name-characters = Nel nome vanno lettere, numeri, spazi e i segni apostrofo, trattino, punto o trattino basso.
net-reason-name-at-table = A questo tavolo c'è già qualcuno con questo nome.
net-reason-unknown-token = Il server non ricorda più questa sessione.
net-reason-no-such-game = Questo server non offre questo gioco.
net-reason-no-such-table = Non c'è nessun tavolo con questo codice.
net-reason-no-such-seat = Non c'è un posto così al tavolo.
net-reason-seat-taken = Quel posto è già occupato.
net-reason-table-full = Il tavolo è pieno: puoi guardare la partita.
net-reason-bad-options = Il gioco non accetta queste impostazioni.
net-reason-seats-empty = Ci sono posti vuoti: aggiungi un bot o aspetta altri giocatori.
net-reason-no-such-level = Non esiste un bot di questo livello.
net-reason-bad-action = Questa mossa non appartiene a questo gioco.
net-reason-too-many-tables = Il server ha già troppi tavoli aperti: riprova più tardi.
net-reason-private-table = Quel tavolo è privato: si entra solo con il suo codice d'invito.
net-reason-barred = Da quel tavolo ti hanno mandato via: non puoi tornarci.
net-reason-chat-empty = Il messaggio è vuoto.
net-reason-no-such-player = A quel posto non siede nessun giocatore.
net-reason-kicked = Il capotavola ti ha allontanato.
net-reason-table-closed = Il tavolo è stato chiuso.
net-reason-replaced = Ti sei collegato da un'altra parte: questa connessione si chiude.
net-reason-shutdown = Il server si sta spegnendo.
net-reason-server-full = Il server è pieno: riprova più tardi.
net-reason-timeout = Il server non ha ricevuto risposta in tempo.
net-reason-table-broken = Il gioco di questo tavolo ha avuto un guasto e il tavolo è stato chiuso.

## Gare online: l'orologio e le notizie di un tavolo in tempo reale

net-clock = Orologio del server: { $offset } millisecondi dal nostro, con un margine di { $error }; andata e ritorno { $rtt } millisecondi. Il tavolo aspetta { $hold } millisecondi i tasti in ritardo; i tuoi valgono fino a { $bound } millisecondi prima.
net-clock-unknown = L'orologio del server non è ancora stato misurato.
net-race-back = Sei di nuovo in gara.
net-race-back-covered = Fino alla fine di questo giro un bot gioca al tuo posto; poi il posto torna tuo.
net-seat-yours-again = Il bot ti restituisce il posto: giochi di nuovo.
net-option-refused = { $option }: { $why }
net-option-not-offered = il gioco su questo server non offre questa scelta (forse è un'altra versione del gioco).
net-option-seats = Giocatori a questo gioco: da { $min } a { $max }.
