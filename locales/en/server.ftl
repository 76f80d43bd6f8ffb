## A public server (issue 16): accounts, people, ratings. Why a command was refused:

net-reason-name-taken = Someone already has an account with that name: choose another.
net-reason-name-registered = That name belongs to an account: log in with its password, or choose another name.
net-reason-name-alike = That name looks or sounds like another player's here: choose one nobody could mistake for theirs.
net-reason-bad-login = The name or the password is wrong.
net-reason-too-many-logins = Too many attempts from this connection: wait a minute and try again.
net-reason-account-slowed = Too many wrong passwords for this account from here: wait half a minute and try again.
net-reason-account-guarded = Many wrong passwords for this account are arriving from elsewhere: try again in a few minutes. A device still logged in keeps working.
net-reason-password-short = The password is too short: at least eight characters.
net-reason-password-long = The password is too long: a hundred and twenty-eight characters at most.
net-reason-password-characters = The password holds a character that cannot be typed, such as a tab or a line break.
net-reason-password-is-name = The password must not contain your name.
net-reason-password-common = That password is among the first any guesser tries: choose a less common one.
net-reason-session-expired = Your session has expired: log in again with your password.
net-reason-account-needed = This server is for players with an account: log in or register.
net-reason-accounts-only = That is for players with an account.
net-reason-busy = The server is busy with many logins: try again in a moment.
net-reason-logged-out = You are logged out.
net-reason-not-online = Nobody with that name is online.
net-reason-privacy = That player does not accept this from you.
net-reason-no-such-account = There is no account with that name.
net-reason-yourself = That is you.
net-reason-too-many-listed = Your list is full: take someone off it first.
net-reason-moved = The table moved to another server: reconnecting.
net-reason-no-such-match = There is no finished match with that number at that table.

## Presence, lists and privacy

online-status-available = available
online-status-absent = absent
online-status-busy = busy
online-person = { $name }, { $status }
online-person-at = { $name }, { $status }, at a table of { $game }
online-person-playing = { $name }, { $status }, playing { $game }
online-person-private = { $name }, { $status }, at a private table
online-came = { $name } is online.
online-went = { $name } has left.
online-now = { $name } is now { $status }.
online-nobody = Nobody else is online.
online-relation-friend = friend
online-relation-favourite = favourite
online-relation-blocked = blocked
online-listed = { $name }, { $relation }, { $online ->
    [yes] online
   *[no] offline
}
online-privacy-everyone = everyone but the blocked
online-privacy-friends-of-friends = friends and their friends
online-privacy-friends = friends
online-privacy-favourites = favourites only
online-privacy-nobody = nobody
online-privacy-invite = Who may invite you: { $who }.
online-privacy-message = Who may write to you: { $who }.
online-privacy-join = Who may join your table: { $who }.

## Private messages and invitations

online-whisper-from = { $name } to you: { $text }
online-whisper-to = You to { $name }: { $text }
online-lobby-line = { $name } in the lobby: { $text }
online-invited = { $name } invites you to a table of { $game }. The code is { $code }.

## Ratings, the leaderboard, the record of matches

online-rating = { $mu }, give or take { $spread }
online-rating-of = { $name } at { $game }: { $mu }, give or take { $spread }, { $matches ->
    [one] one match
   *[other] { $matches } matches
}
online-rating-place = { $place ->
    [0] not on the leaderboard yet
   *[other] place { $place } on the leaderboard
}
online-leader-row = { $place }. { $name }, { $mu }, give or take { $spread }, { $matches ->
    [one] one match
   *[other] { $matches } matches
}
online-leaderboard-empty = Nobody is on the leaderboard yet: it takes three rated matches.
online-record-item = { $game }: { $rank ->
    [1] first
    [2] second
    [3] third
   *[other] place { $rank }
} of { $players }, rating from { $before } to { $after }; match { $match } at table { $table }, seed { $seed }
online-record-empty = No rated matches yet.

## Entering with an account (the desktop app's login screen)

login-title = Log in
login-name = Name: { $name }
login-password = Password: { $said }
login-password-prompt = Password
login-password-again = The same password again
login-password-missing = Type your password first.
login-password-mismatch = The two passwords differ: type the new one again.
login-enter = Log in
login-register = Register a new account with this name and password
login-guest = Enter as a guest, without an account
login-sending = Logging in…
login-registering = Registering…
login-welcome = Welcome, { $name }
login-logged-out = Logged out, { $name }: next time this server asks for your password.
login-already = You are logged in already, as { $name }.

## The people online, my lists, private messages (the desktop app)

people-title = People online
people-lists-title = Your lists
people-lists-empty = Nobody on your lists yet: Enter on someone in the people online adds them.
people-me = You, { $name }: { $status }. Enter switches between available and busy
people-busy = You are busy.
people-available = You are available.
people-whisper-prompt = Private message to { $name }
people-invite-no-table = You are not at a table: sit at one first, then invite.
people-invite-sent = Invitation sent to { $name }.
people-no-invitation = Nobody has invited you to a table yet.
person-write = Write a private message
person-friend = Add to your friends
person-unfriend = Take off your friends
person-favourite = Add to your favourites
person-unfavourite = Take off your favourites: they stay a friend
person-block = Block: they will not reach you
person-unblock = Unblock
person-invite = Invite to your table
person-join = Join their table
person-ratings = Their ratings
online-relation-now = { $name }: { $relation }.
online-relation-gone = { $name } is off your lists.
keys-online-people = Up and Down arrows to walk the people, a letter to jump to a name; Enter on yourself switches between available and busy, on someone else what to do with them: a private message, friends, block, invite, join, ratings. Control I invites the person to your table, Alt R answers the last private message, F5 asks for the list again. Escape goes back. { keys-global }

## Ratings, the leaderboard, my matches, privacy (the desktop app)

ratings-title = Ratings
ratings-asking = asking the server…
ratings-none = no rating: ratings are for players with an account
ratings-game = { $game }: { $rating }
ratings-game-rated = { $game }: { $rating }, { $matches ->
    [one] one match
   *[other] { $matches } matches
}, { $place }
ratings-record = Your finished matches, with their seeds
leaderboard-title = Leaderboard of { $game }
record-title = Your finished matches
privacy-title = Privacy
privacy-row-invite = Who may invite you: { $who }
privacy-row-message = Who may write to you: { $who }
privacy-row-join = Who may join your table: { $who }
kind-private = private messages, invitations and friends
history-view-private = private messages and friends
