## Keeping the room civil (issue 30): reports, moderators, operators. Why a command was refused:

net-reason-muted = A moderator has muted you: you cannot chat for now.
net-reason-banned = A moderator has banned you from this server.
net-reason-not-moderator = That is for the moderators.
net-reason-not-operator = That is for the server's operators.
net-reason-outranks = That player is a moderator too: you cannot act on them.
net-reason-no-such-report = That report is settled already.
net-reason-bad-reason = Choose one of the reasons.
net-reason-chat-too-fast = You are writing too fast: wait a moment.
net-reason-chat-too-fast-new = A new account writes less in its first hour: wait a moment.

## The reasons, said inside a sentence

net-why-spam = spam
net-why-insults = insults
net-why-cheating = cheating
net-why-flooding = flooding the chat
net-why-name = an offensive name
net-why-other = another reason
net-why-none = no reason given

## How long

mod-time-minutes = for { $n ->
    [one] one minute
   *[other] { $n } minutes
}
mod-time-hours = for { $n ->
    [one] one hour
   *[other] { $n } hours
}
mod-time-days = for { $n ->
    [one] one day
   *[other] { $n } days
}
mod-time-good = for good

## What a player hears

mod-warn = A moderator warns you about { $reason }.
mod-mute = A moderator has muted you { $time }, for { $reason }.
mod-unmute = A moderator has lifted your mute: you may chat again.
mod-kick = A moderator has sent you away from the table, for { $reason }.
mod-ban = A moderator has banned you from this server { $time }, for { $reason }.
mod-unban = A moderator has lifted your ban.
mod-note = The moderator's note: { $note }
mod-role-moderator = An operator has made you a moderator.
mod-role-operator = An operator has made you an operator.
mod-role-none = Your moderator's role has been taken away.
mod-report-filed = A new report about { $name }, for { $reason }.
mod-report-sent = Your report went to the moderators.
mod-done = Done.
mod-done-role = Done: the role has changed.

## A moderator's screens

person-report = Report to the moderators
person-moderate = Moderate
person-make-moderator = Make a moderator
person-take-role = Take away the moderator's role
report-why-title = Why do you report { $name }?
report-text-prompt = What happened, in a few words (Enter for nothing more)
mod-title = Moderate { $name }
mod-do-warn = Warn
mod-do-mute = Mute { $time }
mod-do-unmute = Lift the mute
mod-do-kick = Send away from the table
mod-do-ban = Ban { $time }
mod-do-unban = Lift the ban
mod-do-dismiss = Dismiss the report
mod-why-title = Why?
mod-note-prompt = A note for { $name }, as you write it (Enter for none)
people-reports = Reports
people-audit = The moderators' log
mod-reports-title = Open reports
mod-reports-none = No report is open.
mod-report-row = { $reported }, reported by { $reporter } for { $reason }
mod-report-words = The report says: { $text }
mod-report-no-words = The report says nothing more.
mod-report-lines = { $count ->
    [0] No public line was heard there.
    [one] One public line heard there:
   *[other] { $count } public lines heard there:
}
mod-heard-line = { $name }: { $text }
mod-report-act = Act on { $name }
mod-audit-title = The moderators' log
mod-audit-none = Nothing has been done yet.
mod-did-warn = warned
mod-did-mute = muted
mod-did-unmute = lifted the mute of
mod-did-kick = sent away from a table
mod-did-ban = banned
mod-did-unban = lifted the ban of
mod-audit-row = { $moderator } { $action } { $target }, for { $reason }
mod-audit-row-timed = { $moderator } { $action } { $target } { $time }, for { $reason }
mod-audit-role = { $moderator } gave { $target } the role: { $role ->
    [moderator] moderator
    [operator] operator
   *[none] none
}
mod-audit-dismiss = { $moderator } dismissed report { $report }
