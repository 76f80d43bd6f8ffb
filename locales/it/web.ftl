## La pagina web (audiogame/net/web): quel che il server dice a un browser, e le parole della pagina.

web-welcome = Benvenuto, { $name }.
web-table-line = { $game }, { $stage ->
    [waiting] in attesa, { $seated } { $seated ->
        [one] seduto
       *[other] seduti
    } su { $seats }
    [playing] in gioco
   *[over] partita finita
}{ $mastered ->
    [yes] , capotavola { $master }
   *[no] , senza capotavola
}
web-watching = Stai guardando un tavolo di { $game }, codice { $code }.
web-watch-only = Questo server non conosce { $game }: sei al suo tavolo, ma i suoi tasti di gioco qui non fanno nulla.
web-seated = Sei seduto a un tavolo di { $game }, codice { $code }: posto { $seat } di { $seats }.
web-seat-empty = posto { $n }: libero
web-seat-bot = posto { $n }: { $name }, bot, { $level }
web-seat-you = posto { $n }: tu, { $name }
web-seat-covered = posto { $n }: { $name }, assente, un bot gioca al suo posto
web-seat-away = posto { $n }: { $name }, assente
web-seat-human = posto { $n }: { $name }
web-seats = { $seats }. { $status }
web-status-waiting = { $empty ->
    [0] Tutti i posti sono occupati.
    [one] C'è un posto libero.
   *[other] Ci sono { $empty } posti liberi.
} { $master ->
    [yes] Sei il capotavola: B aggiunge un bot, Maiuscole B ne toglie uno, Invio avvia la partita.
   *[other] La partita la avvia il capotavola.
}
web-status-over = La partita è finita.
web-status-playing = { $paused ->
    [yes] La partita è in corso; la prossima mano aspetta il capotavola.
   *[other] La partita è in corso.
}
web-bot-name = Bot { $n }
web-while-away = Mentre eri via { $n ->
    [one] è successa una cosa
   *[other] sono successe { $n } cose
}:
web-notice-joined = { $name } si siede al posto { $seat }.
web-notice-left = { $name } ha lasciato il tavolo.
web-notice-watching = { $name } sta guardando.
web-notice-dropped = { $name } ha perso la connessione.
web-notice-covered = Un bot gioca al posto di { $name }.
web-notice-back = { $name } è tornato.
web-notice-kicked = Il capotavola ha mandato via { $name }.
web-notice-master = Ora { $name } è il capotavola.
web-notice-bot-added = Un bot si siede al posto { $seat }.
web-notice-bot-removed = Il bot del posto { $seat } se n'è andato.
web-notice-options = Il capotavola ha cambiato le opzioni del tavolo.
web-notice-seat-option = { $name }: { $value }.
web-notice-private = Ora il tavolo è privato.
web-notice-public = Ora il tavolo è pubblico.
web-notice-new-code = Il tavolo ha un nuovo codice d'invito: { $code }.
web-notice-started = La partita comincia.
web-notice-paused = La prossima mano aspetterà il capotavola.
web-notice-unpaused = La prossima mano partirà da sola.
web-notice-restored = Il server è ripartito: il tavolo è di nuovo com'era.
web-notice-returning = { $name } è di nuovo qui e riprende il posto dal bot alla fine di questo giro.
web-notice-chat-held = Il tuo messaggio arriverà al tavolo alla fine di questo giro.
web-notice-not-storing = Il server non riesce a salvare questo tavolo (il disco è pieno, o la cartella è in sola lettura): la partita continua, ma se il server si fermasse adesso il tavolo andrebbe perso.
web-notice-storing = Il server salva di nuovo questo tavolo: un arresto improvviso non lo farebbe più perdere.
web-chat = { $name }: { $text }
web-chat-private = { $name }, in privato: { $text }
web-match-record = Ora il seme della partita è svelato: il collegamento "Registro della partita" nella pagina lo salva, così chiunque può verificare la partita con audiogame verify.
web-left = Hai lasciato il tavolo.
web-not-at-table = Non sei a un tavolo: prima entrane in uno.
web-no-bot = Non c'è nessun bot da togliere.
web-wait-master = La prossima partita la avvia il capotavola.
web-next-round = { $n ->
    [one] La prossima mano comincia entro un secondo.
   *[other] La prossima mano comincia entro { $n } secondi.
}
web-rules = Le regole di { $game } sono nella pagina: le apre il collegamento "Regole".
web-rules-none = Prima entra in un tavolo: nella pagina troverai le regole del suo gioco.
web-kind-chat = chat del tavolo
web-keys-lobby = Entra in un tavolo con il modulo della pagina, o con il suo collegamento d'invito.
web-keys-waiting = A un tavolo in attesa: T o E legge i posti; M passa i tuoi comandi in Tira e Passa da assistiti a manuali e viceversa. Il capotavola aggiunge un bot con B, lo toglie con Maiuscole B e avvia la partita con Invio. F1 i tasti, Pagina su e Pagina giù la cronologia. Esc lascia i tasti del gioco per i comandi della pagina; Tab si muove nella pagina.
web-keys-table = Nel browser: Maiuscole con una cifra da 1 a 8 sceglie un ordinamento; Control con una cifra cambia scheda nel browser; F2 le regole; F3 e F4 il primo e l'ultimo messaggio; il tasto Control del tuo screen reader lo zittisce. Esc lascia i tasti del gioco per i comandi della pagina, Tab si muove nella pagina.
web-keys-race = Nel browser: F9 dice l'orologio del server come lo misura questa pagina; F11 è lo schermo intero del browser; F2 le regole; F3 e F4 il primo e l'ultimo messaggio; il tasto Control del tuo screen reader lo zittisce. Esc lascia i tasti del gioco per i comandi della pagina, Tab si muove nella pagina; per andartene c'è il pulsante Lascia il tavolo.


## I pulsanti della pagina (cosa può fare un posto adesso, col tocco: net/web/table_commands.py e i comandi dei giochi)
web-group-hand = In mano
web-group-actions = Mosse
web-group-questions = Domande
web-group-table = Il tavolo
web-do-start = Avvia la partita
web-do-add-bot = Aggiungi un bot
web-do-remove-bot = Togli un bot
web-do-seats = Leggi i posti
web-do-seat-option = Passa a { $value }
web-do-next-match = Avvia un'altra partita
web-do-hold = Ferma il prossimo giro
web-do-release = Lascia partire il prossimo giro
web-command-gone = Adesso non si può fare.

## Le parole della pagina (la pagina le mostra; le scrive il server)
web-ui-title = audiogame nel browser
web-ui-intro = Gioca a domino o a Tira e Passa al tavolo di un amico, o aprine uno, con i tasti o col tocco. I suoni li suona il browser; le parole vanno al tuo screen reader (o alla voce del browser) e alla cronologia qui sotto.
web-ui-short-name = audiogame
web-ui-skip = Vai al gioco
web-ui-join-heading = Entra in un tavolo
web-ui-name = Il tuo nome
web-ui-code = Codice del tavolo (tre parole, o i numeri del collegamento)
web-ui-join = Entra
web-ui-watch = Guarda soltanto
web-ui-lobby-heading = Tavoli su questo server
web-ui-tables-none = Non c'è nessun tavolo pubblico aperto.
web-ui-join-table = Entra in questo tavolo
web-ui-create-heading = Apri un nuovo tavolo
web-ui-game = Gioco
web-ui-players = Giocatori
web-ui-create = Apri il tavolo
web-ui-seats-heading = Posti
web-ui-invite = Collegamento d'invito per gli amici
web-ui-play-label = Tavolo di gioco: premi qui i tasti del gioco
web-ui-play-help = Finché quest'area ha il fuoco, i tasti vanno al gioco. F1 li elenca; Control salta ciò che aspetta di essere detto; Esc passa ai comandi della pagina.
web-ui-menu-heading = Comandi del tavolo
web-ui-back = Torna al gioco
web-ui-keys = Tasti
web-ui-skip-waiting = Salta i messaggi in attesa
web-ui-skipped = Saltati. La cronologia li conserva.
web-ui-nothing-waiting = Nessun messaggio in attesa.
web-ui-rules = Regole
web-ui-leave = Lascia il tavolo
web-ui-record = Registro della partita
web-ui-chat = Messaggio al tavolo
web-ui-send = Invia
web-ui-history-heading = Cronologia
web-ui-settings-heading = Impostazioni
web-ui-language = Lingua
web-ui-large-print = Caratteri grandi
web-ui-volume = Volume dei suoni
web-ui-verbosity = Messaggi
web-ui-status-connecting = Connessione al server…
web-ui-status-connected = Connesso.
web-ui-status-lost = La connessione al server si è interrotta: riprovo.
web-ui-not-sent = Non collegato: non è stato inviato. Riprovo.
web-ui-status-closed = Il server ha chiuso la connessione.
web-ui-status-no-code = Scrivi il codice di un tavolo, o apri un tavolo qui sotto.

## Le persone del server, le segnalazioni e la moderazione nella pagina (issue 30)

web-ui-password = Password (solo per chi ha un account)
web-ui-people-heading = Persone collegate
web-ui-people-none = Non c'è nessun altro collegato.
web-ui-person-heading = Un giocatore
web-ui-report-heading = Segnala ai moderatori
web-ui-reason = Perché
web-ui-report-text = Che cosa è successo
web-ui-report-send = Manda la segnalazione
web-ui-moderate-heading = Modera
web-ui-action = Azione
web-ui-note = Una nota per il giocatore
web-ui-moderate-send = Fallo
web-ui-make-moderator = Fai moderatore
web-ui-take-role = Togli il ruolo di moderatore
web-ui-close = Chiudi
web-ui-mod-heading = Moderatori
web-ui-reports-open = Segnalazioni aperte
web-ui-audit-open = Il registro dei moderatori
web-ui-act-on = Agisci su questo giocatore
web-ui-dismiss = Archivia la segnalazione
web-ui-sound-on = Attiva i suoni
web-ui-sound-waiting = I suoni del gioco aspettano il tuo primo tocco o tasto: il browser li permette solo da lì.
web-ui-speech = Parlato
web-ui-browser-voice = Parla con la voce del browser
web-ui-browser-voice-note = Al posto del tuo screen reader: ogni messaggio detto per intero, in ordine. Utile con VoiceOver, che lascia a un messaggio nuovo interrompere quello che sta dicendo.
web-ui-browser-voice-none = Questo browser non ha voci per questa lingua: parla il tuo screen reader.
web-ui-browser-voice-on = Ora parla la voce del browser.
web-ui-browser-voice-off = Ora parla il tuo screen reader.
web-ui-voice = Voce
web-ui-rate = Velocità
web-ui-pitch = Tono
web-ui-voice-try = Prova la voce
web-ui-voice-sample = Così ti parlerà il gioco.
