## Online play: why the server refused something (net-reason-<id>)

net-reason-version = This server speaks another version of the game: update the game to join.
net-reason-too-big = The message was too long and the server did not take it.
net-reason-not-text = The server takes text messages only.
net-reason-malformed = The server did not understand the message.
net-reason-unknown-type = The server does not know this command.
net-reason-bad-fields = The command is missing something, or holds wrong values.
net-reason-slow-down = Too many commands at once: slow down a moment.
net-reason-abuse = Too many refused commands: the server closed the connection.
net-reason-hello-first = Introduce yourself to the server first.
net-reason-already-welcomed = You are already connected.
net-reason-not-at-table = You are not at a table.
net-reason-already-at-table = You are already at a table: leave it first.
net-reason-not-master = Only the table's master can do that.
net-reason-not-seated = You are watching: to play you need a seat at the table.
net-reason-started = The match has already started.
net-reason-not-started = The match has not started yet.
net-reason-not-between-rounds = That can be done only between rounds.
net-reason-name-empty = The name is too short: at least two characters.
net-reason-name-too-long = The name is too long: twenty-four characters at most.
net-reason-name-characters = A name holds letters, digits, spaces, and apostrophes, hyphens, full stops or underscores.
net-reason-name-at-table = Someone at this table already has that name.
net-reason-unknown-token = The server no longer remembers this session.
net-reason-no-such-game = This server does not offer that game.
net-reason-no-such-table = There is no table with that code.
net-reason-no-such-seat = There is no such seat at the table.
net-reason-seat-taken = That seat is taken.
net-reason-table-full = The table is full: you can watch the match.
net-reason-bad-options = The game does not accept these settings.
net-reason-seats-empty = Some seats are empty: add a bot or wait for more players.
net-reason-no-such-level = There is no bot of that level.
net-reason-bad-action = That move does not belong to this game.
net-reason-too-many-tables = The server already has too many tables open: try again later.
net-reason-private-table = That table is private: only its invite code lets you in.
net-reason-barred = You were sent away from that table: you cannot go back to it.
net-reason-chat-empty = The message is empty.
net-reason-no-such-player = No player sits in that seat.
net-reason-kicked = The table's master sent you away.
net-reason-table-closed = The table was closed.
net-reason-replaced = You connected from somewhere else: this connection closes.
net-reason-shutdown = The server is shutting down.
net-reason-server-full = The server is full: try again later.
net-reason-timeout = The server got no answer in time.
net-reason-table-broken = This table's game broke down and the table was closed.

## Online races: the clock and news of a real-time table

net-clock = Server clock: { $offset } milliseconds from ours, give or take { $error }; round trip { $rtt } milliseconds. The table waits { $hold } milliseconds for late presses; yours count up to { $bound } milliseconds early.
net-clock-unknown = The server's clock has not been measured yet.
net-race-back = You are back in the race.
net-race-back-covered = A bot plays your seat until this round ends; then it is yours again.
net-seat-yours-again = The bot hands your seat back: you play again.
net-option-refused = { $option }: { $why }
net-option-not-offered = the game on this server does not offer that choice (it may be another version of the game).
net-option-seats = Players at this game: from { $min } to { $max }.
