"""The match log replays in the same batches as the table played them: a refused press
that brought the game to its time (the race's signal fell due before it) is logged as a
tick, so the offline narration of a logged match is the one the players heard."""

from __future__ import annotations

from audiogame.devtools.race_game import CONFIG
from audiogame.games import registry
from audiogame.games.tirapassa.actions import Throw
from audiogame.net.protocol.game_codec import GameCodec
from audiogame.net.protocol.match_log import LoggedEngine, replay

SEED = "7"


def test_a_refused_press_that_brought_events_due_replays_in_the_same_batches():
    spec = registry.get("tira")
    codec = GameCodec(spec.wire())
    engine = LoggedEngine(spec.new_engine(CONFIG, int(SEED), 0.0), codec)
    batches = [list(engine.advance(0.0))]
    signal = engine.next_deadline()
    assert signal is not None and signal > 0.0
    # a press dated after the signal, before anyone advanced the game to it (a server
    # running late): too early for the race, but the signal falls due on the way
    early = engine.apply(0, Throw(), signal + 0.01)
    assert early.refusal is not None and early.events
    batches.append(list(early.events))
    batches.append(list(engine.advance(engine.next_deadline())))
    log = engine.take()
    assert [e.seat for e in log] == [None, None, None]
    replayed = [
        list(replay(spec, codec, CONFIG, SEED, 0.0, log[: n + 1]).events) for n in range(len(log))
    ]
    heard = [replayed[0]] + [b[len(a) :] for a, b in zip(replayed, replayed[1:], strict=False)]
    assert heard == batches
