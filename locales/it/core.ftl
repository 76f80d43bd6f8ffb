## The application: menus, options, notices. Italian.

window-title = audiogame: Domino e Tira e Passa
welcome = Benvenuto in audiogame.
main-menu-title = Menu principale
# detto tornando al tavolo da un menu o dalla guida
at-table = Al tavolo
menu-item = { $label }, { $pos } di { $total }
menu-options = Opzioni
menu-help = Guida
menu-quit = Esci
game-domino = Domino
game-tira = Tira e Passa, dal gioco di dadi di Andreas Schmidt
# il nome dentro una frase ("un tavolo di Tira e Passa")
game-tira-name = Tira e Passa
confirm-quit = Vuoi davvero uscire?
# detto dopo ogni domanda sì o no; le lettere che rispondono sì e no, separate da spazi
confirm-keys = Premi S per sì, N per no.
confirm-yes-letters = s y
confirm-no-letters = n

options-title = Opzioni
option-value = { $label }: { $value }
opt-language = Lingua
opt-speech = Voce
opt-voice-rate = Velocità della voce
opt-cut-events = Messaggi di gioco interrotti da un tasto
opt-cue-volume = Volume dei suoni
opt-speech-volume = Volume della voce interna
opt-text-size = Dimensione del testo
opt-verbosity = Messaggi: { $kind }
lang-it = italiano
lang-en = inglese
speech-auto = automatica
speech-screenreader = lettore di schermo
speech-voice = voce interna
speech-text = solo testo
speech-recording = registrazione
speech-auto-picked = { $name }, in uso: { $picked }
speech-not-available = { $name }, non disponibile: in uso { $picked }
opt-braille = Mostra in braille: { $kind }
opt-braille-hidden = Braille
speech-and-skipped = { $said }; { $skipped }
speech-skipped = { $name }: { $reason }
speech-skip-missing = non in esecuzione
speech-skip-hung = non ha risposto
speech-skip-failed = avvio non riuscito
speech-skip-no-sound = nessun dispositivo audio
speech-skip-silent = risponde ma non parla
speech-skip-stopped = ha smesso di rispondere
speech-skipped-start = { $name }: { $reason }. Ora parlo con { $new }.
value-rate = { $rate ->
    [one] una parola al minuto
   *[other] { $rate } parole al minuto
}
cut-events-repeat = ripetuti dopo la risposta
cut-events-drop = tralasciati (restano nella cronologia)
value-percent = { $n } per cento
option-yes = sì
option-no = no
option-off = disattivato
option-unlimited = senza limite
# the rows every game's setup shares
setup-start-desc = Invio comincia da qualsiasi riga.
setup-seat-you = Tu
setup-seat-you-desc = B aggiunge un bot, Maiuscolo B toglie l'ultimo.
setup-seat-bot = { $name }, bot { $level }
setup-seat-bot-team = { $name }, bot { $level }, squadra { $team }
setup-seat-you-team = Tu, squadra { $team }
setup-seat-you-fixed = Questa riga sei tu: non c'è niente da cambiare. Le frecce cambiano il livello dei bot, nelle righe seguenti.
option-unavailable = non disponibile, { $reason }
option-unavailable-refused = Non disponibile: { $reason }.
option-kept = Resta: { $value }.
setup-options-dropped = { $n ->
    [one] Disattivata anche: { $options }.
   *[other] Disattivate anche: { $options }.
}
setup-seat-bot-desc = Frecce sinistra e destra cambiano il livello del bot.
setup-players = Giocatori
setup-players-desc = Frecce sinistra e destra cambiano quanti giocano: tu e i bot.
# a bot's level, the same words in every game
bot-level-easy = facile
bot-level-normal = normale
bot-level-hard = difficile
bot-level-expert = esperto
kind-own = le mie mosse
kind-others = mosse degli altri
kind-draws = pescate
kind-scores = punteggi
kind-turn = avvisi di turno
kind-tips = suggerimenti
verbosity-speak = parla
verbosity-sound = solo suono
verbosity-off = spento

keys-global = Ovunque: F1 i tasti, Control più F1 le regole; Pagina su e Pagina giù i messaggi, con Maiuscolo o Control il primo e l'ultimo; Control zittisce la voce. F7 e F8 il volume dei suoni, con Maiuscolo quello della voce interna; Control più Più e Meno la dimensione del testo, Control più 0 normale.
keys-part-more = Ancora F1 per altri tasti.
keys-menu = Frecce su e giù per scegliere, Invio per confermare, Esc per tornare indietro, una lettera salta alla voce che inizia così. { keys-global }
keys-main-menu = Frecce su e giù per scegliere un gioco o una voce, Invio per aprirla, una lettera salta alla voce che inizia così, Esc per uscire. { keys-global }
keys-options = Frecce su e giù per scegliere un'opzione, frecce sinistra e destra per cambiarne il valore, Esc per tornare indietro. Ogni modifica è salvata subito. { keys-global }
keys-confirm = S oppure Y per sì, N o Esc per no.
keys-reader = Frecce su e giù per leggere il paragrafo precedente o successivo, Inizio e Fine per il primo e l'ultimo, Esc per chiudere.
keys-terminal = Nel terminale: F2 le regole, F3 e F4 il primo e l'ultimo messaggio, Maiuscolo F5 e Maiuscolo F6 il volume della voce interna, Control Spazio zittisce la voce, Alt con una cifra vale Control con quella cifra, Alt I, Alt H e Alt J valgono Control I, H e J, Alt Maiuscolo con una lettera vale Control Maiuscolo con quella lettera, Maiuscolo F2 vale F2, una lettera maiuscola vale Maiuscolo con la lettera, Control C esce dal gioco.

doc-title = Guida
doc-opened = { doc-title }. Frecce su e giù per leggere, Esc per chiudere.
doc-missing = Questa guida non è disponibile.
history-empty = Nessun messaggio nella cronologia.
internal-error = Qualcosa è andato storto con questo tasto; il gioco continua.
volume-cues = Volume dei suoni { $n } per cento
volume-speech = Volume della voce interna { $n } per cento
board-place = { $pos } di { $total }
text-size = Testo al { $n } per cento
text-size-largest = Testo al { $n } per cento, il più grande
text-size-left-out = Testo al { $size } per cento; { $rows ->
    [one] 1 riga del tavolo non si vede
   *[other] { $rows } righe del tavolo non si vedono
}
window-left-out = { $n ->
    [one] 1 riga non si vede: Ctrl+Meno
   *[other] { $n } righe non si vedono: Ctrl+Meno
}
text-size-smallest = Testo al { $n } per cento, il più piccolo

settings-damaged = Il file delle impostazioni era danneggiato: l'ho messo da parte e uso le impostazioni predefinite.
settings-fields-reset = Alcune impostazioni non si potevano leggere e sono tornate ai valori predefiniti: { $fields }. Le altre restano come erano; il file com'era è messo da parte.
settings-doubled = Il file delle impostazioni indicava due volte alcune impostazioni: { $fields }. Per ciascuna ho usato l'ultimo valore; il file com'era è messo da parte.
setting-setup = la preparazione del tavolo di { $game }
setting-table = le preferenze del tavolo di { $game }
settings-not-saved = Non riesco a salvare le impostazioni. Restano valide finché il gioco è aperto.
no-sound-device = Nessun dispositivo audio: si gioca senza suoni.
no-keyboard = Nessuna tastiera: non c'è né una finestra né un terminale da cui leggere i tasti. Avvia audiogame da un terminale, o dove c'è uno schermo.
sound-lost = Il dispositivo audio non risponde più: si continua senza suoni.
speech-fallback = { $old } non risponde più: ora parlo con { $new }.

menu-resume = Riprendi la partita: { $what }
setup-replace-saved = Una nuova partita prende il posto di quella salvata: { $what }. Cominciare lo stesso?
save-done = Partita salvata.
save-nothing = Non c'è nessuna partita da salvare qui.
save-damaged = La partita salvata era danneggiata: l'ho messa da parte e non si può riprendere.
save-other-version = La partita salvata viene da un'altra versione del gioco: l'ho messa da parte e non si può riprendere.
save-failed = Non riesco a salvare la partita: il disco ha rifiutato di scriverla. Si continua a giocare e l'ultimo salvataggio resta com'era; riprovo dopo ogni mossa.
save-failed-full = Il disco è pieno: non riesco a salvare la partita. Si continua a giocare e l'ultimo salvataggio resta com'era; riprovo dopo ogni mossa.
save-failed-readonly = Non posso scrivere nella cartella dei salvataggi: non riesco a salvare la partita. Si continua a giocare e l'ultimo salvataggio resta com'era; riprovo dopo ogni mossa.
save-not-synced = La partita è scritta, ma il disco non l'ha ancora confermata: non è sicuro che sia salvata. Premi di nuovo Control S tra un momento.
save-works-again = Il salvataggio funziona di nuovo: la partita è salvata.
save-fell-back = L'ultimo salvataggio era danneggiato: ho ripreso quello precedente, quindi potrebbe mancare l'ultima mossa.
save-too-big = La partita salvata è troppo grande per essere stata scritta da questo gioco: l'ho messa da parte e non si può riprendere.
save-off-other-copy = Il gioco è già aperto in un'altra finestra: questa copia non salva le partite.
game-already-open = Il gioco è già aperto: un'altra copia usa la stessa cartella dei dati. Qui puoi giocare, ma non si salva niente; per tenere le tue partite chiudi questa copia e torna all'altra.

kind-chat = chat
menu-online = Gioca online
opt-online-name = il tuo nome online
opt-online-address = l'ultimo indirizzo di server
opt-online-pins = i certificati dei computer fidati
history-view = Cronologia: { $view }, { $n ->
    [0] nessun messaggio
    [one] un messaggio
   *[other] { $n } messaggi
}.
history-view-all = tutto
history-view-game = il gioco
history-view-chat = la chat
table-watching = Stai guardando la partita: non hai una mano da giocare.
entry-text = { $text }
entry-empty = vuoto
entry-space = spazio
entry-star = asterisco
entry-secret = { $n ->
    [one] un carattere
   *[other] { $n } caratteri
}
entry-end = fine del testo
entry-full = Il testo è pieno: al massimo { $n } caratteri.
keys-text-entry = Scrivi il testo; Backspace cancella il carattere prima del cursore, frecce sinistra e destra si muovono nel testo, Inizio e Fine ai suoi estremi, freccia su o giù lo legge tutto; Invio conferma, Esc annulla.

## Detto al posto del suono che risponde a un tasto, quando i suoni non si sentono
cue-word-error = Non qui.
cue-word-edge = Non oltre.
cue-word-select = Fatto.
cue-word-back = Indietro.
cue-word-move = Avanti.
cue-word-toggle = Cambiato.
cue-word-notice = Attenzione.
cue-word-not-yet = Non ancora.
cue-word-sound = Niente suono.

## La preparazione e il tavolo di qualsiasi gioco, fatti dai suoi dati (ui/game_setup.py, ui/game_table.py)
setup-title = { $game }, preparazione
setup-start = Inizia la partita
setup-refused = Questo tavolo non si può giocare: cambia un valore.
bot-name = Bot { $n }
setup-pace = Ritmo dei bot
setup-pace-desc = Quanto aspettano i bot tra una mossa e l'altra.
setup-seconds = { $n ->
    [one] un secondo
   *[other] { $n } secondi
}
keys-setup = Frecce su e giù per scegliere, frecce sinistra e destra per cambiare un valore, Invio per cominciare, Esc per tornare indietro. { keys-global }
table-confirm-leave = Vuoi lasciare la partita?
table-game-over-keys = Partita finita. Invio per giocare ancora, Esc per lasciare il tavolo.
table-game-over-keys-online = Partita finita. Invio per tornare ai posti del tavolo, Esc per il menu.
table-round-paused = In pausa. Invio per il prossimo giro.
table-round-paused-online = Il capotavola tiene fermo il prossimo giro.
table-next-round = Prossimo giro tra { $n ->
    [one] un secondo
   *[other] { $n } secondi
}, o con Invio.
table-next-round-online = Prossimo giro tra { $n ->
    [one] un secondo
   *[other] { $n } secondi
}.
table-round-pause-on = Pausa alla fine di questo giro.
table-round-pause-off = Niente pausa: il prossimo giro parte da solo.
table-time-left = Tocca a te; { $n ->
    [one] resta un secondo
   *[other] restano { $n } secondi
}.
