## The command line: `audiogame --help` and the errors of a wrong option. English.
## Read without the Fluent runtime (language/startup.py): one line each, no placeables;
## the %(...)s and %s are filled in by Python's argparse.

cli-description = Audio games for blind and partially sighted players: Domino and Tira e Passa.
cli-usage = usage:
cli-options = options
cli-help = show this help and exit
cli-lang = language (when not given: the options', then the system's)
cli-speech = speech: automatic, screen reader, built-in voice or text only (when not given: the options')
cli-no-sound = play without sounds
cli-config-dir = where the settings are kept
cli-data-dir = where the saved matches are kept
cli-seed = seed for the games, 0 to 18446744073709551615 (replays a match)
cli-seed-bad = the seed must be a whole number from 0 to 18446744073709551615
cli-no-window = no window: speech and terminal only
cli-terminal = keys from the terminal (the default without a window or a display)
cli-verbose = write the log on the terminal
cli-error = %(prog)s: error: %(message)s
cli-unrecognized = unrecognized options: %s
cli-invalid-choice = invalid choice: %(value)r (choose from %(choices)s)
cli-argument = option %(argument_name)s: %(message)s
cli-expected-one = the value is missing
