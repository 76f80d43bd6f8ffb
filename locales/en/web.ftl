## The web page (audiogame/net/web): what the server says to a browser, and the page's own words.

web-welcome = Welcome, { $name }.
web-table-line = { $game }, { $stage ->
    [waiting] waiting, { $seated } seated of { $seats }
    [playing] playing
   *[over] match over
}{ $mastered ->
    [yes] , master { $master }
   *[no] , no master
}
web-watching = You are watching a table of { $game }, code { $code }.
web-watch-only = This server does not know { $game }: you are at its table, but its game keys do nothing here.
web-seated = You sit at a table of { $game }, code { $code }: seat { $seat } of { $seats }.
web-seat-empty = seat { $n }: free
web-seat-bot = seat { $n }: { $name }, bot, { $level }
web-seat-you = seat { $n }: you, { $name }
web-seat-covered = seat { $n }: { $name }, away, a bot plays for them
web-seat-away = seat { $n }: { $name }, away
web-seat-human = seat { $n }: { $name }
web-seats = { $seats }. { $status }
web-status-waiting = { $empty ->
    [0] Every seat is taken.
    [one] One seat is free.
   *[other] { $empty } seats are free.
} { $master ->
    [yes] You are the master: B adds a bot, Shift B removes one, Enter starts the match.
   *[other] The master starts the match.
}
web-status-over = The match is over.
web-status-playing = { $paused ->
    [yes] The match is on; the next round waits for the master.
   *[other] The match is on.
}
web-bot-name = Bot { $n }
web-while-away = While you were away, { $n ->
    [one] one thing happened
   *[other] { $n } things happened
}:
web-notice-joined = { $name } sits at seat { $seat }.
web-notice-left = { $name } left the table.
web-notice-watching = { $name } is watching.
web-notice-dropped = { $name } lost the connection.
web-notice-covered = A bot plays for { $name }.
web-notice-back = { $name } is back.
web-notice-kicked = { $name } was sent away by the master.
web-notice-master = { $name } is now the table's master.
web-notice-bot-added = A bot sits at seat { $seat }.
web-notice-bot-removed = The bot at seat { $seat } left.
web-notice-options = The master changed the table's options.
web-notice-seat-option = { $name }: { $value }.
web-notice-private = The table is now private.
web-notice-public = The table is now public.
web-notice-new-code = The table has a new invite code: { $code }.
web-notice-started = The match begins.
web-notice-paused = The next round will wait for the master.
web-notice-unpaused = The next round will start by itself.
web-notice-restored = The server restarted: the table is back as it was.
web-notice-returning = { $name } is back and takes the seat from the bot when this round ends.
web-notice-chat-held = Your message reaches the table when this round ends.
web-notice-not-storing = The server cannot save this table now (its disk is full, or its folder read-only): the game goes on, but if the server stopped now, the table would be lost.
web-notice-storing = The server saves this table again: a crash would no longer lose it.
web-chat = { $name }: { $text }
web-chat-private = { $name }, privately: { $text }
web-match-record = The match's seed is now revealed: the page's "Match record" link saves it, so anyone can check the match with audiogame verify.
web-left = You left the table.
web-not-at-table = You are not at a table: join one first.
web-no-bot = There is no bot to remove.
web-wait-master = The table's master starts the next match.
web-next-round = { $n ->
    [one] The next round starts within a second.
   *[other] The next round starts within { $n } seconds.
}
web-rules = The rules of { $game } are on the page: the "Rules" link opens them.
web-rules-none = Join a table first: its game's rules are linked on the page.
web-kind-chat = table chat
web-keys-lobby = Join a table from the form on the page, or with its invite link.
web-keys-waiting = At a waiting table: T or E reads the seats; M switches your controls in Tira and Passa between assisted and manual. The master adds a bot with B, removes one with Shift B, and starts with Enter. F1 the keys, Page Up and Page Down the history. Escape leaves the game's keys for the page's controls; Tab moves through the page.
web-keys-table = In the browser: Shift with a digit from 1 to 8 chooses a sort order; Control with a digit switches the browser's tabs; F2 the rules; F3 and F4 the first and the last message; your screen reader's Control silences it. Escape leaves the game's keys for the page's controls, Tab moves through the page.
web-keys-race = In the browser: F9 says the server's clock as this page measures it; F11 is the browser's full screen; F2 the rules; F3 and F4 the first and the last message; your screen reader's Control silences it. Escape leaves the game's keys for the page's controls, Tab moves through the page, and the Leave the table button leaves the table.


## The page's buttons (what a seat may do now, by touch: net/web/table_commands.py and the games' controls)
web-group-hand = In your hand
web-group-actions = Moves
web-group-questions = Questions
web-group-table = The table
web-do-start = Start the match
web-do-add-bot = Add a bot
web-do-remove-bot = Remove a bot
web-do-seats = Read the seats
web-do-seat-option = Switch to { $value }
web-do-next-match = Start another match
web-do-hold = Hold the next round
web-do-release = Let the next round start
web-command-gone = That cannot be done now.

## The page's own words (the page shows them; the server fills them in)
web-ui-title = audiogame in the browser
web-ui-intro = Play Domino or Tira e Passa at a friend's table, or open one, by keys or by touch. Sounds play in the browser; words go to your screen reader (or the browser's voice) and to the history below.
web-ui-short-name = audiogame
web-ui-skip = Go to the game
web-ui-join-heading = Join a table
web-ui-name = Your name
web-ui-code = Table code (three words, or the numbers of the link)
web-ui-join = Join
web-ui-watch = Watch only
web-ui-lobby-heading = Tables on this server
web-ui-tables-none = No public table is open.
web-ui-join-table = Join this table
web-ui-create-heading = Open a new table
web-ui-game = Game
web-ui-players = Players
web-ui-create = Open the table
web-ui-seats-heading = Seats
web-ui-invite = Invite link for friends
web-ui-play-label = Game table: press the game's keys here
web-ui-play-help = Keys go to the game while this area has the focus. F1 reads them; Control skips what is waiting to be said; Escape leaves to the page's controls.
web-ui-menu-heading = Table controls
web-ui-back = Back to the game
web-ui-keys = Keys
web-ui-skip-waiting = Skip the waiting messages
web-ui-skipped = Skipped. The history keeps them.
web-ui-nothing-waiting = Nothing was waiting.
web-ui-rules = Rules
web-ui-leave = Leave the table
web-ui-record = Match record
web-ui-chat = Message to the table
web-ui-send = Send
web-ui-history-heading = History
web-ui-settings-heading = Settings
web-ui-language = Language
web-ui-large-print = Large print
web-ui-volume = Sound volume
web-ui-verbosity = Messages
web-ui-status-connecting = Connecting to the server…
web-ui-status-connected = Connected.
web-ui-status-lost = The connection to the server was lost: trying again.
web-ui-not-sent = Not connected: that was not sent. Trying again.
web-ui-status-closed = The server closed the connection.
web-ui-status-no-code = Write a table code, or open a table below.

## The server's people, reports and moderation on the page (issue 30)

web-ui-password = Password (only for a player with an account)
web-ui-people-heading = People online
web-ui-people-none = Nobody else is online.
web-ui-person-heading = A player
web-ui-report-heading = Report to the moderators
web-ui-reason = Why
web-ui-report-text = What happened
web-ui-report-send = Send the report
web-ui-moderate-heading = Moderate
web-ui-action = Action
web-ui-note = A note for the player
web-ui-moderate-send = Do it
web-ui-make-moderator = Make a moderator
web-ui-take-role = Take away the moderator's role
web-ui-close = Close
web-ui-mod-heading = Moderators
web-ui-reports-open = Open reports
web-ui-audit-open = The moderators' log
web-ui-act-on = Act on this player
web-ui-dismiss = Dismiss the report
web-ui-sound-on = Turn the sounds on
web-ui-sound-waiting = The game's sounds wait for your first tap or key: the browser allows them only then.
web-ui-speech = Speech
web-ui-browser-voice = Speak with the browser's voice
web-ui-browser-voice-note = Instead of your screen reader: every message is said whole, in order. Useful with VoiceOver, which lets a new message cut the one it is saying.
web-ui-browser-voice-none = This browser has no voice for this language: your screen reader speaks.
web-ui-browser-voice-on = The browser's voice speaks now.
web-ui-browser-voice-off = Your screen reader speaks now.
web-ui-voice = Voice
web-ui-rate = Speed
web-ui-pitch = Pitch
web-ui-voice-try = Try the voice
web-ui-voice-sample = This is how the game will speak to you.
