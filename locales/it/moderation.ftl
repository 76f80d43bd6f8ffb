## Un ambiente civile (issue 30): segnalazioni, moderatori, operatori. Perché un comando è rifiutato:

net-reason-muted = Un moderatore ti ha silenziato: per ora non puoi scrivere.
net-reason-banned = Un moderatore ti ha bandito da questo server.
net-reason-not-moderator = È riservato ai moderatori.
net-reason-not-operator = È riservato agli operatori del server.
net-reason-outranks = Quel giocatore è anche lui un moderatore: non puoi agire su di lui.
net-reason-no-such-report = Quella segnalazione è già stata chiusa.
net-reason-bad-reason = Scegli uno dei motivi.
net-reason-chat-too-fast = Stai scrivendo troppo in fretta: aspetta un momento.
net-reason-chat-too-fast-new = Un account nuovo scrive meno nella sua prima ora: aspetta un momento.

## I motivi, detti dentro una frase

net-why-spam = spam
net-why-insults = insulti
net-why-cheating = imbrogli
net-why-flooding = chat inondata di messaggi
net-why-name = un nome offensivo
net-why-other = un altro motivo
net-why-none = nessun motivo dato

## Per quanto

mod-time-minutes = per { $n ->
    [one] un minuto
   *[other] { $n } minuti
}
mod-time-hours = per { $n ->
    [one] un'ora
   *[other] { $n } ore
}
mod-time-days = per { $n ->
    [one] un giorno
   *[other] { $n } giorni
}
mod-time-good = per sempre

## Quello che sente un giocatore

mod-warn = Un moderatore ti avverte per { $reason }.
mod-mute = Un moderatore ti ha silenziato { $time }, per { $reason }.
mod-unmute = Un moderatore ti ha tolto il silenzio: puoi scrivere di nuovo.
mod-kick = Un moderatore ti ha allontanato dal tavolo, per { $reason }.
mod-ban = Un moderatore ti ha bandito da questo server { $time }, per { $reason }.
mod-unban = Un moderatore ti ha tolto il bando.
mod-note = La nota del moderatore: { $note }
mod-role-moderator = Un operatore ti ha fatto moderatore.
mod-role-operator = Un operatore ti ha fatto operatore.
mod-role-none = Ti è stato tolto il ruolo di moderatore.
mod-report-filed = Una nuova segnalazione su { $name }, per { $reason }.
mod-report-sent = La tua segnalazione è andata ai moderatori.
mod-done = Fatto.
mod-done-role = Fatto: il ruolo è cambiato.

## Le schermate di un moderatore

person-report = Segnala ai moderatori
person-moderate = Modera
person-make-moderator = Fai moderatore
person-take-role = Togli il ruolo di moderatore
report-why-title = Perché segnali { $name }?
report-text-prompt = Che cosa è successo, in poche parole (Invio per nient'altro)
mod-title = Modera { $name }
mod-do-warn = Avverti
mod-do-mute = Silenzia { $time }
mod-do-unmute = Togli il silenzio
mod-do-kick = Allontana dal tavolo
mod-do-ban = Bandisci { $time }
mod-do-unban = Togli il bando
mod-do-dismiss = Archivia la segnalazione
mod-why-title = Perché?
mod-note-prompt = Una nota per { $name }, come la scrivi (Invio per nessuna)
people-reports = Segnalazioni
people-audit = Il registro dei moderatori
mod-reports-title = Segnalazioni aperte
mod-reports-none = Nessuna segnalazione aperta.
mod-report-row = { $reported }, segnalato da { $reporter } per { $reason }
mod-report-words = La segnalazione dice: { $text }
mod-report-no-words = La segnalazione non dice altro.
mod-report-lines = { $count ->
    [0] Lì non si è sentita nessuna riga pubblica.
    [one] Una riga pubblica sentita lì:
   *[other] { $count } righe pubbliche sentite lì:
}
mod-heard-line = { $name }: { $text }
mod-report-act = Agisci su { $name }
mod-audit-title = Il registro dei moderatori
mod-audit-none = Non è stato fatto ancora niente.
mod-did-warn = ha avvertito
mod-did-mute = ha silenziato
mod-did-unmute = ha tolto il silenzio a
mod-did-kick = ha allontanato da un tavolo
mod-did-ban = ha bandito
mod-did-unban = ha tolto il bando a
mod-audit-row = { $moderator } { $action } { $target }, per { $reason }
mod-audit-row-timed = { $moderator } { $action } { $target } { $time }, per { $reason }
mod-audit-role = { $moderator } ha dato a { $target } il ruolo: { $role ->
    [moderator] moderatore
    [operator] operatore
   *[none] nessuno
}
mod-audit-dismiss = { $moderator } ha archiviato la segnalazione { $report }
