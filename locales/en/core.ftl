## The application: menus, options, notices. English.

window-title = audiogame: Domino and Tira e Passa
welcome = Welcome to audiogame.
main-menu-title = Main menu
# said on coming back to the table from a menu or the guide
at-table = At the table
menu-item = { $label }, { $pos } of { $total }
menu-options = Options
menu-help = Guide
menu-quit = Quit
game-domino = Domino
game-tira = Tira e Passa, after the dice game by Andreas Schmidt
# the name inside a sentence ("a table of Tira e Passa")
game-tira-name = Tira e Passa
confirm-quit = Do you really want to quit?
# said after every yes/no question; the letters answering yes and no, separated by spaces
confirm-keys = Press Y for yes, N for no.
confirm-yes-letters = y
confirm-no-letters = n

options-title = Options
option-value = { $label }: { $value }
opt-language = Language
opt-speech = Speech
opt-voice-rate = Voice rate
opt-cut-events = Game messages a key cuts short
opt-cue-volume = Sound volume
opt-speech-volume = Built-in voice volume
opt-text-size = Text size
opt-verbosity = Messages: { $kind }
lang-it = Italian
lang-en = English
speech-auto = automatic
speech-screenreader = screen reader
speech-voice = built-in voice
speech-text = text only
speech-recording = recording
speech-auto-picked = { $name }, using: { $picked }
speech-not-available = { $name }, not available: using { $picked }
opt-braille = Show in braille: { $kind }
opt-braille-hidden = Braille
speech-and-skipped = { $said }; { $skipped }
speech-skipped = { $name }: { $reason }
speech-skip-missing = not running
speech-skip-hung = did not answer
speech-skip-failed = could not start
speech-skip-no-sound = no sound device
speech-skip-silent = answers but does not speak
speech-skip-stopped = stopped answering
speech-skipped-start = { $name }: { $reason }. Speaking with { $new }.
value-rate = { $rate ->
    [one] one word per minute
   *[other] { $rate } words per minute
}
cut-events-repeat = said again after the answer
cut-events-drop = dropped (only in the history)
value-percent = { $n } percent
option-yes = yes
option-no = no
option-off = off
option-unlimited = no limit
# the rows every game's setup shares
setup-start-desc = Enter starts from any row.
setup-seat-you = You
setup-seat-you-desc = B adds a bot, Shift B removes the last one.
setup-seat-bot = { $name }, { $level } bot
setup-seat-bot-team = { $name }, { $level } bot, team { $team }
setup-seat-you-team = You, team { $team }
setup-seat-you-fixed = This row is you: nothing to change here. The arrows change the bots' levels, on the rows below.
option-unavailable = not available, { $reason }
option-unavailable-refused = Not available: { $reason }.
option-kept = Still: { $value }.
setup-options-dropped = { $n ->
    [one] Also turned off: { $options }.
   *[other] Also turned off: { $options }.
}
setup-seat-bot-desc = Left and right arrows change the bot's level.
setup-players = Players
setup-players-desc = Left and right arrows change how many play: you and the bots.
# a bot's level, the same words in every game
bot-level-easy = easy
bot-level-normal = normal
bot-level-hard = hard
bot-level-expert = expert
kind-own = my moves
kind-others = others' moves
kind-draws = draws
kind-scores = scores
kind-turn = turn notices
kind-tips = tips
verbosity-speak = speak
verbosity-sound = sound only
verbosity-off = off

keys-global = Everywhere: F1 the keys, Control plus F1 the rules; Page Up and Page Down the messages, with Shift or Control the first and the last; Control silences speech. F7 and F8 the sound volume, with Shift the built-in voice's; Control plus Plus and Minus the text size, Control plus 0 normal.
keys-part-more = F1 again for more keys.
keys-menu = Up and Down arrows to choose, Enter to confirm, Escape to go back, a letter jumps to the item starting with it. { keys-global }
keys-main-menu = Up and Down arrows to choose a game or an item, Enter to open it, a letter jumps to the item starting with it, Escape to quit. { keys-global }
keys-options = Up and Down arrows to choose an option, Left and Right arrows to change its value, Escape to go back. Every change is saved at once. { keys-global }
keys-confirm = Y for yes, N or Escape for no.
keys-reader = Up and Down arrows to read the previous or next paragraph, Home and End for the first and the last, Escape to close.
keys-terminal = In the terminal: F2 the rules, F3 and F4 the first and the last message, Shift F5 and Shift F6 the built-in voice's volume, Control Space silences speech, Alt with a digit stands for Control with that digit, Alt I, Alt H and Alt J for Control I, H and J, Alt Shift with a letter for Control Shift with it, Shift F2 for F2, a capital letter for Shift with the letter, Control C quits.

doc-title = Guide
doc-opened = { doc-title }. Up and Down arrows to read, Escape to close.
doc-missing = This guide is not available.
history-empty = No messages in the history.
internal-error = Something went wrong with that key; the game goes on.
volume-cues = Sound volume { $n } percent
volume-speech = Built-in voice volume { $n } percent
board-place = { $pos } of { $total }
text-size = Text size { $n } percent
text-size-largest = Text size { $n } percent, the largest
text-size-left-out = Text size { $size } percent; { $rows ->
    [one] 1 row of the board left out
   *[other] { $rows } rows of the board left out
}
window-left-out = { $n ->
    [one] 1 row left out: Ctrl+Minus
   *[other] { $n } rows left out: Ctrl+Minus
}
text-size-smallest = Text size { $n } percent, the smallest

settings-damaged = The settings file was damaged: I kept it aside and I am using the default settings.
settings-fields-reset = Some settings could not be read and went back to their defaults: { $fields }. The others are kept; the file as it was is kept aside.
settings-doubled = The settings file gave some settings twice: { $fields }. I used the last value given for each; the file as it was is kept aside.
setting-setup = the table setup of { $game }
setting-table = the table preferences of { $game }
settings-not-saved = I cannot save the settings. They stay in force while the game is open.
no-sound-device = No sound device: playing without sounds.
no-keyboard = No keyboard: there is no window and no terminal to read keys from. Start audiogame from a terminal, or where there is a display.
sound-lost = The sound device stopped answering: going on without sounds.
speech-fallback = { $old } stopped answering: now speaking with { $new }.

menu-resume = Resume the match: { $what }
setup-replace-saved = A new match replaces your saved one: { $what }. Start anyway?
save-done = Match saved.
save-nothing = There is no match to save here.
save-damaged = The saved match was damaged: I kept it aside; it cannot be resumed.
save-other-version = The saved match comes from another version of the game: I kept it aside; it cannot be resumed.
save-failed = I cannot save the match: the disk refused to write it. The match goes on and the last save stays as it was; I try again after every move.
save-failed-full = The disk is full: I cannot save the match. The match goes on and the last save stays as it was; I try again after every move.
save-failed-readonly = The save folder cannot be written: I cannot save the match. The match goes on and the last save stays as it was; I try again after every move.
save-not-synced = The match is written but the disk has not confirmed it yet, so it is not saved for sure. Press Control S again in a moment.
save-works-again = Saving works again: the match is saved.
save-fell-back = The newest save was damaged: I resumed the one before it, so the last move may be missing.
save-too-big = The saved match is far too big to be one this game wrote: I kept it aside; it cannot be resumed.
save-off-other-copy = The game is already open in another window: this copy does not save matches.
game-already-open = The game is already open: another copy is using the same data folder. You can play here, but nothing will be saved; to keep your matches, close this copy and go back to the other one.

kind-chat = chat
menu-online = Play online
opt-online-name = your name online
opt-online-address = the last server address
opt-online-pins = the trusted hosts' certificates
history-view = History: { $view }, { $n ->
    [0] no messages
    [one] one message
   *[other] { $n } messages
}.
history-view-all = everything
history-view-game = the game
history-view-chat = chat
table-watching = You are watching this match: you have no hand to play.
entry-text = { $text }
entry-empty = empty
entry-space = space
entry-star = star
entry-secret = { $n ->
    [one] one character
   *[other] { $n } characters
}
entry-end = end of the text
entry-full = The text is full: { $n } characters at most.
keys-text-entry = Type the text; Backspace deletes the character before the cursor, Left and Right arrows move over the text, Home and End to its ends, Up or Down reads it all; Enter confirms, Escape cancels.

## Said in place of a key's answer sound when sounds cannot be heard
cue-word-error = Not here.
cue-word-edge = No further.
cue-word-select = OK.
cue-word-back = Back.
cue-word-move = Next.
cue-word-toggle = Done.
cue-word-notice = Note.
cue-word-not-yet = Not yet.
cue-word-sound = No sound.

## Any game's setup and table, built from the game's data (ui/game_setup.py, ui/game_table.py)
setup-title = { $game }, setup
setup-start = Start the game
setup-refused = This table cannot be played: change a value.
bot-name = Bot { $n }
setup-pace = Bot pace
setup-pace-desc = How long the bots wait between moves.
setup-seconds = { $n ->
    [one] one second
   *[other] { $n } seconds
}
keys-setup = Up and Down arrows to choose, Left and Right arrows to change a value, Enter to begin, Escape to go back. { keys-global }
table-confirm-leave = Leave the game?
table-game-over-keys = Game over. Enter plays again, Escape leaves the table.
table-game-over-keys-online = Game over. Enter goes back to the table's seats, Escape for the menu.
table-round-paused = Paused. Enter for the next round.
table-round-paused-online = The table's master is holding the next round.
table-next-round = Next round in { $n ->
    [one] one second
   *[other] { $n } seconds
}, or Enter.
table-next-round-online = Next round in { $n ->
    [one] one second
   *[other] { $n } seconds
}.
table-round-pause-on = Pause at the end of this round.
table-round-pause-off = No pause: the next round starts by itself.
table-time-left = Your turn; { $n ->
    [one] one second left
   *[other] { $n } seconds left
}.
