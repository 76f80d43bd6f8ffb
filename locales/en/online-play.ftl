## Playing online: the menus, the tables, the people, chat and the connection. English.

online-title = Play online
online-menu-name = Your name: { $name }
online-menu-host = Host a table
online-menu-code = Join with an invite code
online-menu-address = Join with an address
online-menu-lan = Tables on this network
online-default-name = Player
online-name-prompt = Your name, as the others will hear it
online-name-set = Your name is now { $name }.
online-no-games = No game can be played online in this version.
online-host-failed = I could not start the server on this computer.
online-code-prompt = The invite code: the three words the host reads out
online-code-bad = That is not an invite code: three words, such as cat moon green.
online-code-nowhere = I know of no host to ask: nobody hosts on this network. Join with the host's address instead.
online-code-not-found = No table with that code on this network. Check the words, or join with the host's address.
online-address-prompt = The host's address, such as 192.168.1.5
online-address-bad = That is not an address: for example 192.168.1.5, or 192.168.1.5:47470.
keys-online-menu = Up and Down arrows to choose, Enter to open. { keys-global }

online-lan-title = Tables on this network
online-lan-none = No host heard on this network yet: the list fills by itself.
online-lan-host = { $name }, at { $address }, { $tables ->
    [0] no table waiting
    [one] one table waiting
   *[other] { $tables } tables waiting
}
online-lan-appeared = { $name } is hosting on this network.
online-lan-gone = The host at { $address } is no longer heard.
keys-online-lan = Up and Down arrows to choose a host, Enter to see its tables, Escape to go back. The list fills and updates by itself. { keys-global }

online-lobby-title = Tables
online-lobby-count = { $n ->
    [0] no table open
    [one] one table
   *[other] { $n } tables
}
online-lobby-create = Create a table
online-lobby-code = Join with an invite code
online-hosting = Starting the server on this computer…
online-connecting = Connecting…
online-connected = Connected.
online-unreachable-all = I could not reach the server.
online-not-connected = Not connected to the server right now: wait a moment.
online-confirm-stop-host = You are hosting: leaving closes the server and everyone at its tables leaves too. Leave?
online-trust = The computer at { $address } presents itself with these words: { $words }. Are they the words the host reads out?
online-trust-refused = Not trusted: I did not join that computer.
keys-online-lobby = Up and Down arrows to choose a table, Enter to join it, Shift Enter only to watch, the Applications key or Shift F10 to hear its options and scores without joining, F5 to update the list now; the last items create a table or join one by its code. Control U the people online, Control F your lists of friends and blocked, Alt R answers the last private message, Control R ratings and leaderboards, Control P your privacy, Control J joins the table you were last invited to, Control L logs in or registers an account, Control Shift L logs out. Escape leaves the server. { keys-global }

online-table-line-waiting = { $game }, { $seated } waiting of { $seats }, { $master }'s table
online-table-line-playing = { $game }, playing, { $seated } of { $seats }, { $spectators ->
    [0] nobody watching
    [one] one watching
   *[other] { $spectators } watching
}
online-table-line-over = { $game }, match over, { $master }'s table
online-no-one = nobody
online-bot-name = Bot { $n }

online-seat-empty = Seat { $n }: empty
online-seat-bot = Seat { $n }: { $name }, { $level } bot
online-seat-player = Seat { $n }: { $name }
online-seat-you = you
online-seat-master = table master
online-seat-covered = away, a bot plays for now
online-seat-away = away
online-who = At the table: { $seats }. { $spectators ->
    [0] Nobody watching.
    [one] One person watching.
   *[other] { $spectators } people watching.
}
online-refused-other = The server refused: { $reason }.
online-said = { $text }

online-notice-joined = { $name } sits at seat { $seat }.
online-notice-left = { $name } left the table.
online-notice-watching = { $name } is watching.
online-notice-dropped = { $name } lost the connection: the seat waits for them.
online-notice-covered = A bot plays for { $name }.
online-notice-back = { $name } is back.
online-notice-kicked = { $name } was sent away by the table master.
online-notice-master = { $name } is the table master now.
online-notice-bot-added = A bot sits at seat { $seat }.
online-notice-bot-removed = The bot at seat { $seat } left.
online-notice-options = The table's options changed.
online-notice-seat-option = { $name }: { $value }.
online-seat-option-mine = You play with { $value }.
online-seat-option-fixed = Fixed until the match ends: { $value }.
online-seat-option-none = Nothing to choose for your seat in this game.
online-notice-private = The table is private now: only the invite code brings people in.
online-notice-public = The table is public now: it is in the list.
online-notice-new-code = Someone was sent away, so the table has a new invite code: { $code }.
online-notice-started = The match begins.
online-notice-paused = The table master holds the next round.
online-notice-unpaused = The next round will start by itself.
online-notice-restored = The server restarted: the table is back as it was.
online-notice-returning = { $name } is back and takes the seat from the bot when this round ends.
online-notice-chat-held = Your message reaches the table when this round ends.
online-notice-not-storing = The server cannot save this table now (its disk is full, or its folder read-only): the game goes on, but if the server stopped now, the table would be lost.
online-notice-storing = The server saves this table again: a crash would no longer lose it.

online-room-title = The table
online-room-where = { $game } table, { $stage }
online-stage-waiting = waiting to start
online-stage-playing = match under way
online-stage-over = match over
online-room-options = Options: { $options }
online-room-code = Invite code: { $code }
online-room-start = Start the match
online-room-seat-option = You play with { $value }; M changes it
online-room-leave = Leave the table
online-room-under-way = The match is under way.
online-room-master-starts = The table master, { $master }, starts the match.
online-confirm-leave = Leave the table?
online-private = private
online-public = public
keys-online-room = Up and Down arrows over the seats and the table's items. Enter starts the match (the table master); B puts a bot on the seat, Shift B takes a bot away, Left and Right arrows change a bot's level; Control K sends the player on the seat away, Control Shift X makes them the table master, Control H makes the table private or public, Alt O its options. M changes your own controls in Tira and Passa, assisted or manual, until the match starts. Alt C writes in the chat, Alt R answers the last private message, Control U says who is here, Control Shift U the people online, Control R ratings and leaderboards, Control P your privacy, Control I the invite code. Escape leaves the table. Unlike the Salotto, Control I here says the code to give your friends; to invite someone, Control I on their name in the people online. { keys-global }

online-options-title = The table's options
online-create-title = A new table
online-option-game = Game
online-option-players = Players
online-option-players-desc = How many sit at the table: people and bots.
online-option-private = Table
online-option-private-desc = A public table is in the list; a private one is joined only with its invite code.
online-option-reach = Who can join
online-option-reach-desc = This computer only, or every computer on your home network.
online-reach-here = this computer only
online-reach-lan = this network
online-options-apply = Apply these options
online-create-go = Create the table
keys-online-options = Up and Down arrows to choose, Left and Right arrows to change a value, Enter on any row creates the table or applies the options, Escape goes back. { keys-global }

online-chat-prompt = Chat: to everyone, or at name to write privately
online-chat-empty = Nothing to send.
online-chat-no-last-to = You have not written privately to anyone yet.
online-chat-no-last-from = Nobody has written to you privately yet.
online-chat-no-one = Nobody at the table has that name.
online-chat-not-here = That player is no longer at the table.
online-chat-yourself = That is you.
online-chat-line = { $name }: { $text }
online-chat-private-from = { $name } to you: { $text }
online-chat-private-to = You to { $name }: { $text }

online-invite-code = Invite code: { $code }.
online-invite-address = Address: { $address }, port { $port }.
online-invite-words = The certificate's words: { $words }.
online-no-empty-seat = No seat is free.
online-no-bots = This game has no bots.
online-no-bot-here = There is no bot to take away.
online-not-a-player = Nobody else sits there.
online-no-other-player = There is no other player at the table.
online-pick-kick = Send away whom?
online-pick-master = Who becomes table master?
keys-online-table = Online: Alt C writes in the chat, at name to write privately, at alone to reply, two at signs to the last one you wrote to, Alt R answers the last private message from anywhere on the server; Alt Left and Alt Right show everything, the game, the chat or the private messages in the history; Control U who is at the table, Control Shift U the people online (Control I there invites one), Control R ratings and leaderboards, Control P your privacy, Control I the invite code, F2 the table's seats, M your own controls (Tira and Passa: said, fixed until the match ends); the table master: Control K sends a player away, Control Shift X hands over the role, Control H private or public, Shift P holds the next manche.

online-back-table = Back at the table.
online-back = Connected again.
online-reconnecting = Connection lost, trying again…
online-pin-mismatch = Warning: this computer does not present the certificate you trusted. Someone may be pretending to be the host. I did not connect.
online-unreachable = I cannot reach { $url }.
online-unreachable-retrying = I cannot reach { $url } yet: trying again for a few seconds.
online-unreachable-gave-up = I could not reach { $url }. Check the address, and that the host has started its server.
online-lost = The connection is lost: { $reason }
online-back-in-menu = You are back in the menu: join again when you like.
online-lost-gave-up = The server has not come back for two minutes: I stopped trying. You are back in the menu.
online-state-retrying = Connection lost, trying again
online-state-lost = Connection lost
online-state-waiting = Waiting for your answer
online-game-unknown = This table's game cannot be played in this version.
online-away-nothing = Nothing happened while you were away.
online-away = While you were away, { $n ->
    [one] one thing happened
   *[other] { $n } things happened
}:
online-left-because = You are no longer at the table: { $reason }

online-seed-sealed = The deal is sealed: the fingerprint of its secret seed is { $fingerprint }.
online-seed-revealed = The seed is revealed and matches the fingerprint; the match is kept for checking with audiogame verify, in { $file }
online-seed-broken = Warning: the seed revealed at the end is not the one the table sealed at the start. This match's deal cannot be trusted.
online-renamed = Someone here is already called { $asked } (another copy of the game on this computer, perhaps): on this server your name is { $name }. Your own name is chosen under Your name, in Play online.
