## The application: menus, options, notices. English.

window-title = audiogame: Domino and Tira e Passa
welcome = Welcome to audiogame.
main-menu-title = Main menu
menu-item = { $label }, { $pos } of { $total }
menu-options = Options
menu-help = Guide
menu-quit = Quit
game-domino = Domino
game-tira = Tira e Passa, after the dice game by Andreas Schmidt
confirm-quit = Do you really want to quit? Press Y for yes, N for no.

options-title = Options
option-value = { $label }: { $value }
opt-language = Language
opt-speech = Speech
opt-voice-rate = Built-in voice rate
opt-cue-volume = Sound volume
opt-speech-volume = Built-in voice volume
opt-verbosity = Messages: { $kind }
lang-it = Italian
lang-en = English
speech-auto = automatic
speech-screenreader = screen reader
speech-voice = built-in voice
speech-text = text only
speech-recording = recording
speech-auto-picked = { $name }, using: { $picked }
value-rate = { $rate } words per minute
value-percent = { $n } percent
option-yes = yes
option-no = no
option-off = off
option-unlimited = no limit
kind-own = my moves
kind-others = others' moves
kind-draws = draws
kind-scores = scores
kind-turn = turn notices
kind-tips = tips
verbosity-speak = speak
verbosity-sound = sound only
verbosity-off = off

keys-global = Everywhere: F1 the keys, Control plus F1 the rules, Page Up and Page Down the message history, with Shift or Control the first and the last, Control silences speech, F7 and F8 the sound volume, with Shift the built-in voice's volume.
keys-menu = Up and Down arrows to choose, Enter to confirm, Escape to go back, a letter jumps to the item starting with it. { keys-global }
keys-main-menu = Up and Down arrows to choose a game or an item, Enter to open it, a letter jumps to the item starting with it, Escape to quit. { keys-global }
keys-options = Up and Down arrows to choose an option, Left and Right arrows to change its value, Escape to go back. Every change is saved at once. { keys-global }
keys-confirm = Y for yes, N or Escape for no.
keys-reader = Up and Down arrows to read the previous or next paragraph, Home and End for the first and the last, Escape to close.

doc-opened = Guide. Up and Down arrows to read, Escape to close.
doc-missing = This guide is not available.
history-empty = No messages in the history.
internal-error = Something went wrong with that key; the game goes on.
volume-cues = Sound volume { $n } percent
volume-speech = Built-in voice volume { $n } percent

settings-damaged = The settings file was damaged: I kept it aside and I am using the default settings.
settings-not-saved = I cannot save the settings. They stay in force while the game is open.
no-sound-device = No sound device: playing without sounds.
sound-lost = The sound device stopped answering: going on without sounds.
speech-fallback = { $old } stopped answering: now speaking with { $new }.

menu-resume = Resume the match: { $what }
save-done = Match saved.
save-nothing = There is no match to save here.
save-failed = I cannot save the match: the folder is read-only or the disk is full. The match goes on and stays in memory.
save-damaged = The saved match was damaged: I kept it aside; it cannot be resumed.
save-other-version = The saved match comes from another version of the game: I kept it aside; it cannot be resumed.
