## The command line: `audiogame --help` and the errors of a wrong option. Italian.
## Read without the Fluent runtime (language/startup.py): one line each, no placeables;
## the %(...)s and %s are filled in by Python's argparse.

cli-description = Giochi audio per giocatori ciechi e ipovedenti: Domino e Tira e Passa.
cli-usage = uso:
cli-options = opzioni
cli-help = mostra questo aiuto ed esce
cli-lang = lingua (se non la dai: quella delle opzioni, poi quella del sistema)
cli-speech = voce: automatica, lettore di schermo, voce interna o solo testo (se non la dai: quella delle opzioni)
cli-no-sound = gioca senza suoni
cli-config-dir = dove tenere le impostazioni
cli-data-dir = dove tenere le partite salvate
cli-seed = seme delle partite, da 0 a 18446744073709551615 (rigioca una partita)
cli-seed-bad = il seme deve essere un numero intero da 0 a 18446744073709551615
cli-no-window = senza finestra: solo voce e terminale
cli-terminal = tasti dal terminale (già così senza finestra o senza schermo)
cli-verbose = scrive il registro nel terminale
cli-error = %(prog)s: errore: %(message)s
cli-unrecognized = opzioni sconosciute: %s
cli-invalid-choice = valore non valido: %(value)r (scegli tra %(choices)s)
cli-argument = opzione %(argument_name)s: %(message)s
cli-expected-one = manca il valore
