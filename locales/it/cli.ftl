## The command line: `audiogame --help` and the errors of a wrong option. Italian.
## Read without the Fluent runtime (language/startup.py): one line each, no placeables;
## the %(...)s and %s are filled in by Python's argparse.

cli-description = Giochi audio per giocatori ciechi e ipovedenti: Domino e Tira e Passa.
cli-usage = uso:
cli-options = opzioni
cli-help = mostra questo aiuto ed esce
cli-lang = lingua (se non la dai: quella delle opzioni, poi quella del sistema)
cli-speech = voce: automatica, lettore di schermo, voce interna o solo testo (se non la dai: quella delle opzioni)
cli-no-sound = gioca senza suoni
cli-config-dir = dove tenere le impostazioni
cli-data-dir = dove tenere le partite salvate
cli-seed = seme delle partite, da 0 a 18446744073709551615 (rigioca una partita)
cli-seed-bad = il seme deve essere un numero intero da 0 a 18446744073709551615
cli-no-window = senza finestra: solo voce e terminale
cli-terminal = tasti dal terminale (già così senza finestra o senza schermo)
cli-commands = Inoltre: audiogame serve avvia un server di gioco (audiogame serve --help ne dice le opzioni); audiogame verify partita.json rigioca dal suo seme una partita online finita.
cli-verbose = scrive il registro nel terminale
cli-version = dice la versione del gioco ed esce
cli-error = %(prog)s: errore: %(message)s
cli-unrecognized = opzioni sconosciute: %s
cli-invalid-choice = valore non valido: %(value)r (scegli tra %(choices)s)
cli-argument = opzione %(argument_name)s: %(message)s
cli-expected-one = manca il valore

## `audiogame serve` (`audiogame-server`): il suo aiuto e quello che scrive
serve-description = Ospita tavoli di audiogame per i giocatori della rete.
serve-host = indirizzo su cui ascoltare (se non lo dai 127.0.0.1: solo questo computer; 0.0.0.0: la rete, con TLS)
serve-port = porta su cui ascoltare (0: una porta libera qualsiasi)
serve-data = dove tenere tavoli, account e registri
serve-cert = certificato TLS (PEM) per un server pubblico
serve-key = la sua chiave privata (PEM)
serve-plain = ws:// semplice anche oltre questo computer (una rete fidata, o TLS chiuso da un proxy davanti)
serve-name = il nome di chi ospita, come lo dice l'elenco della rete locale
serve-grace = secondi che ha un giocatore caduto per tornare prima che un bot prenda il suo posto
serve-between-rounds = secondi tra un giro e l'altro
serve-heartbeat = secondi tra un segnale di vita e l'altro
serve-rate = messaggi al secondo ammessi su una connessione
serve-chat-during-races = giochi in tempo reale: la chat arriva subito invece che a fine giro
serve-compensation = giochi in tempo reale: quanto prima del suo arrivo può essere datato un tasto (millisecondi; 0: niente)
serve-beacon = annuncia il server sulla rete locale (già così oltre questo computer)
serve-no-beacon = non annunciare il server sulla rete locale
serve-beacon-to = dove va l'annuncio (un indirizzo)
serve-beacon-port = la porta dell'annuncio
serve-port-file = scrive qui la porta quando è in ascolto
serve-store = postgresql://... : tavoli e account in PostgreSQL (se non lo dai: SQLite nella cartella dei dati)
serve-bus = redis://... : condivide sala e tavoli con altri processi server
serve-redis-prefix = il prefisso delle chiavi di questo gruppo di server
serve-no-guests = per giocare serve un account
serve-login-rate = tentativi di accesso al minuto da un indirizzo
serve-per-address = connessioni aperte insieme da un indirizzo (quelle di questo computer non contano, salvo con --limit-loopback)
serve-new-guests = nuovi ospiti che un indirizzo può creare in dieci minuti
serve-limit-loopback = conta anche le connessioni da questo computer (un server dietro un proxy su questo computer)
serve-guest-keep = minuti in cui si ricorda un ospite che se n'è andato (nel frattempo la sua sessione riprende)
serve-hash-concurrency = password cifrate insieme (se non lo dai: i core meno uno)
serve-hash-workers = dove si cifrano le password: processi con la priorità più bassa, o thread
serve-with-parent = termina quando si chiude lo standard input (è finita l'app che ospita questo server)
serve-verbose = scrive il registro nel terminale
serve-cert-and-key = --cert e --key vanno dati insieme
serve-listening = server di audiogame su
serve-restored = tavoli ripresi:
serve-fingerprint = impronta:

## `audiogame verify`: il suo aiuto e quello che stampa
verify-description = Rigioca su questo computer, dal suo seme, una partita online finita e controlla quello che ha detto il tavolo.
verify-file = una partita finita conservata dal gioco (JSON)
verify-data = la cartella dei dati di un server
verify-table = l'identificativo del tavolo (con --data)
verify-match = il numero della partita (con --data)
verify-seat = stampa quello che ha sentito questo posto, un evento per riga (spectator: quello che hanno sentito tutti)
verify-lang = lingua di quello che si stampa (se non la dai: quella del sistema)
verify-not = non verificata:
verify-not-a-match = questo file non è una partita finita
verify-file-or-data = dai un file di partita, oppure --data e --table
verify-no-match = a quel tavolo non c'è una partita finita con quel numero
verify-unknown-game = un gioco che questa copia non conosce
verify-seed-wrong = il seme non è quello promesso dal tavolo all'inizio
verify-unreadable = il file non si può leggere
verify-damaged = il file è rovinato o l'ha scritto un altro programma
verify-replay = le mosse non si rigiocano secondo le regole
verify-seed-ok = seme: quello promesso dal tavolo
verify-events = eventi:
verify-over = partita finita:
verify-yes = sì
verify-no = no
verify-winners = vincitori (posti):
verify-ranks = piazzamenti (per posto):
