## Un server pubblico (issue 16): account, persone, punteggi. Perché un comando è stato rifiutato:

net-reason-name-taken = Qualcuno ha già un account con questo nome: scegline un altro.
net-reason-name-registered = Questo nome appartiene a un account: entra con la sua password, oppure scegli un altro nome.
net-reason-name-alike = Quel nome somiglia a quello di un altro giocatore di qui: scegline uno che nessuno possa scambiare per il suo.
net-reason-bad-login = Il nome o la password non sono giusti.
net-reason-too-many-logins = Troppi tentativi da questa connessione: aspetta un minuto e riprova.
net-reason-account-slowed = Troppe password sbagliate per questo account da qui: aspetta mezzo minuto e riprova.
net-reason-account-guarded = Da altrove arrivano molte password sbagliate per questo account: riprova tra qualche minuto. Un dispositivo ancora collegato continua a funzionare.
net-reason-password-short = La password è troppo corta: servono almeno otto caratteri.
net-reason-password-long = La password è troppo lunga: al massimo centoventotto caratteri.
net-reason-password-characters = Nella password c'è un carattere che non si digita, come una tabulazione o un a capo.
net-reason-password-is-name = La password non deve contenere il tuo nome.
net-reason-password-common = È una delle prime password che chiunque prova: scegline una meno comune.
net-reason-session-expired = La sessione è scaduta: entra di nuovo con la tua password.
net-reason-account-needed = Questo server è per chi ha un account: entra o registrati.
net-reason-accounts-only = Questo è per chi ha un account.
net-reason-busy = Il server è occupato con molti accessi: riprova tra un momento.
net-reason-logged-out = Sei uscito dall'account.
net-reason-not-online = Nessuno con questo nome è collegato.
net-reason-privacy = Questo giocatore non accetta questo da te.
net-reason-no-such-account = Non c'è nessun account con questo nome.
net-reason-yourself = Sei tu.
net-reason-too-many-listed = La tua lista è piena: prima togli qualcuno.
net-reason-moved = Il tavolo è passato a un altro server: mi ricollego.
net-reason-no-such-match = A quel tavolo non c'è una partita finita con quel numero.

## Presenza, liste e riservatezza

online-status-available = disponibile
online-status-absent = assente
online-status-busy = occupato
online-person = { $name }, { $status }
online-person-at = { $name }, { $status }, a un tavolo di { $game }
online-person-playing = { $name }, { $status }, sta giocando a { $game }
online-person-private = { $name }, { $status }, a un tavolo privato
online-came = { $name } si è collegato.
online-went = { $name } se n'è andato.
online-now = { $name } ora è { $status }.
online-nobody = Non c'è nessun altro collegato.
online-relation-friend = amico
online-relation-favourite = preferito
online-relation-blocked = bloccato
online-listed = { $name }, { $relation }, { $online ->
    [yes] collegato
   *[no] non collegato
}
online-privacy-everyone = tutti tranne i bloccati
online-privacy-friends-of-friends = gli amici e i loro amici
online-privacy-friends = gli amici
online-privacy-favourites = solo i preferiti
online-privacy-nobody = nessuno
online-privacy-invite = Chi può invitarti: { $who }.
online-privacy-message = Chi può scriverti: { $who }.
online-privacy-join = Chi può unirsi al tuo tavolo: { $who }.

## Messaggi privati e inviti

online-whisper-from = { $name } a te: { $text }
online-whisper-to = Tu a { $name }: { $text }
online-lobby-line = { $name } nella sala: { $text }
online-invited = { $name } ti invita a un tavolo di { $game }. Il codice è { $code }.

## Punteggi, classifica, partite giocate

online-rating = { $mu }, più o meno { $spread }
online-rating-of = { $name } a { $game }: { $mu }, più o meno { $spread }, { $matches ->
    [one] una partita
   *[other] { $matches } partite
}
online-rating-place = { $place ->
    [0] non ancora in classifica
   *[other] { $place }° in classifica
}
online-leader-row = { $place }. { $name }, { $mu }, più o meno { $spread }, { $matches ->
    [one] una partita
   *[other] { $matches } partite
}
online-leaderboard-empty = In classifica non c'è ancora nessuno: servono tre partite valutate.
online-record-item = { $game }: { $rank ->
    [1] primo
    [2] secondo
    [3] terzo
   *[other] { $rank }° posto
} su { $players }, punteggio da { $before } a { $after }; partita { $match } al tavolo { $table }, seme { $seed }
online-record-empty = Ancora nessuna partita valutata.

## Entrare con un account (la schermata di accesso dell'app)

login-title = Accesso
login-name = Nome: { $name }
login-password = Password: { $said }
login-password-prompt = Password
login-password-again = Di nuovo la stessa password
login-password-missing = Prima scrivi la tua password.
login-password-mismatch = Le due password sono diverse: riscrivi quella nuova.
login-enter = Entra
login-register = Registra un nuovo account con questo nome e questa password
login-guest = Entra come ospite, senza account
login-sending = Accesso in corso…
login-registering = Registrazione in corso…
login-welcome = Accesso riuscito, { $name }
login-logged-out = Disconnessione eseguita, { $name }: la prossima volta questo server ti chiederà la password.
login-already = Hai già fatto l'accesso, come { $name }.

## Chi è online, i miei elenchi, i messaggi privati (l'app)

people-title = Chi è online
people-lists-title = I tuoi elenchi
people-lists-empty = Ancora nessuno nei tuoi elenchi: Invio su qualcuno tra chi è online per aggiungerlo.
people-me = Tu, { $name }: { $status }. Invio passa da disponibile a occupato e viceversa
people-busy = Stato: occupato.
people-available = Stato: disponibile.
people-whisper-prompt = Messaggio privato a { $name }
people-invite-no-table = Non sei a un tavolo: prima siediti, poi invita.
people-invite-sent = Invito mandato a { $name }.
people-no-invitation = Nessuno ti ha ancora invitato a un tavolo.
person-write = Scrivi un messaggio privato
person-friend = Aggiungi agli amici
person-unfriend = Togli dagli amici
person-favourite = Aggiungi ai preferiti
person-unfavourite = Togli dai preferiti: resta tra gli amici
person-block = Blocca: non potrà raggiungerti
person-unblock = Sblocca
person-invite = Invita al tuo tavolo
person-join = Vai al suo tavolo
person-ratings = I suoi punteggi
online-relation-now = { $name }: { $relation }.
online-relation-gone = { $name } non è più nei tuoi elenchi.
keys-online-people = Frecce su e giù per scorrere le persone, una lettera per saltare a un nome; Invio su di te passa da disponibile a occupato, su un'altra persona cosa fare con lei: un messaggio privato, amici, blocco, invito, andare al suo tavolo, punteggi. Control I invita la persona al tuo tavolo, Alt R risponde all'ultimo messaggio privato, F5 richiede l'elenco. Esc torna indietro. { keys-global }

## Punteggi, classifica, le mie partite, riservatezza (l'app)

ratings-title = Punteggi
ratings-asking = lo chiedo al server…
ratings-none = nessun punteggio: i punteggi sono per chi ha un account
ratings-game = { $game }: { $rating }
ratings-game-rated = { $game }: { $rating }, { $matches ->
    [one] una partita
   *[other] { $matches } partite
}, { $place }
ratings-record = Le tue partite finite, con i loro semi
leaderboard-title = Classifica di { $game }
record-title = Le tue partite finite
privacy-title = Riservatezza
privacy-row-invite = Chi può invitarti: { $who }
privacy-row-message = Chi può scriverti: { $who }
privacy-row-join = Chi può unirsi al tuo tavolo: { $who }
kind-private = messaggi privati, inviti e amici
history-view-private = messaggi privati e amici
