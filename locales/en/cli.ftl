## The command line: `audiogame --help` and the errors of a wrong option. English.
## Read without the Fluent runtime (language/startup.py): one line each, no placeables;
## the %(...)s and %s are filled in by Python's argparse.
## serve-*: `audiogame serve` (`audiogame-server`), its help and the lines it prints.

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
cli-commands = Also: audiogame serve runs a game server (audiogame serve --help says its options); audiogame verify match.json replays a finished online match from its seed.
cli-verbose = write the log on the terminal
cli-version = say the game's version and stop
cli-error = %(prog)s: error: %(message)s
cli-unrecognized = unrecognized options: %s
cli-invalid-choice = invalid choice: %(value)r (choose from %(choices)s)
cli-argument = option %(argument_name)s: %(message)s
cli-expected-one = the value is missing

## `audiogame serve` (`audiogame-server`): its help and what it prints
serve-description = Host audiogame tables for players on the network.
serve-host = address to listen on (default 127.0.0.1: this computer only; 0.0.0.0: the network, over TLS)
serve-port = port to listen on (0: any free port)
serve-data = where tables, accounts and logs are kept
serve-cert = TLS certificate (PEM) for a public server
serve-key = its private key (PEM)
serve-plain = plain ws:// even beyond this computer (a trusted network, or TLS ended by a proxy in front)
serve-name = the host's name, as the local network's list says it
serve-grace = seconds a dropped player has to come back before a bot covers their seat
serve-between-rounds = seconds between rounds
serve-heartbeat = seconds between keepalive pings
serve-rate = messages a second allowed on one connection
serve-chat-during-races = real-time games: deliver chat at once instead of at the round's end
serve-compensation = real-time games: the most a key press may be dated before it arrives (milliseconds; 0: off)
serve-beacon = announce the server on the local network (the default beyond this computer)
serve-no-beacon = do not announce the server on the local network
serve-beacon-to = where the announcement goes (an address)
serve-beacon-port = the announcement's port
serve-port-file = write the port here once listening
serve-store = postgresql://... : keep tables and accounts in PostgreSQL (default: SQLite in the data folder)
serve-bus = redis://... : share the lobby and tables with other server processes
serve-redis-prefix = the prefix of this server cluster's keys
serve-no-guests = players need an account
serve-login-rate = login attempts a minute from one address
serve-per-address = connections open at once from one address (this machine's own are not counted unless --limit-loopback)
serve-new-guests = new guests one address may make in ten minutes
serve-limit-loopback = count connections from this machine too (a server behind a proxy on this machine)
serve-trusted-proxy = a reverse proxy in front (an address or a network) whose X-Forwarded-For or Forwarded header is believed; may be given again
serve-origin = a web address whose pages may connect besides the server's own (a public server behind another name: https://games.example.org); may be given more than once
serve-guest-keep = minutes a guest who left is remembered (their session resumes meanwhile)
serve-hash-concurrency = password hashes at once (default: the cores but one)
serve-hash-workers = where password hashes run: processes at the lowest priority, or threads
serve-with-parent = end when standard input closes (the app that hosts this server has ended)
serve-verbose = write the log on the terminal
serve-log-format = the log's form: text, or json (one object a line, for a log collector)
serve-log-chat = also log the public chat lines (at tables and in the lobby; private messages never)
serve-metrics-address = HOST:PORT : serve /metrics (Prometheus) there only, off the public port
serve-metrics-port-file = write the metrics port here once listening
serve-cert-and-key = --cert and --key go together
serve-schema-too-new = its schema is newer than this server knows (run the newer server, or restore a backup made for this version); versions:
serve-listening = audiogame server on
serve-restored = tables brought back:
serve-fingerprint = fingerprint:

## `audiogame verify`: its help and what it prints
verify-description = Replay a finished online match from its seed on this computer and check what the table said.
verify-file = a finished match the game kept (JSON)
verify-data = a server's data folder
verify-table = the table's id (with --data)
verify-match = the match's number (with --data)
verify-seat = print what this seat heard, one event a line (spectator: what everyone heard)
verify-lang = language of what is printed (when not given: the system's)
verify-not = not verified:
verify-not-a-match = this file is not a finished match
verify-file-or-data = give a match file, or --data and --table
verify-no-match = no finished match with that number at that table
verify-unknown-game = a game this copy does not know
verify-seed-wrong = the seed is not the one the table committed to at the start
verify-unreadable = the file cannot be read
verify-damaged = the file is damaged or was written by something else
verify-replay = the moves do not replay under the rules
verify-cut = the log stops before the match ends: entries are missing at its end
verify-seed-ok = seed: the one the table committed to
verify-events = events:
verify-over = match over:
verify-yes = yes
verify-no = no
verify-winners = winners (seats):
verify-ranks = places (by seat):
