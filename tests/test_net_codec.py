"""The generic wire codec, on every game that declares its wire types.

Each game is played at random on its own engine (no network): every event and
every view goes through JSON and back unchanged, and a view sent as a patch
rebuilds the same view. Decoding is strict: random JSON thrown at the action
decoder gives an action of the game or a ``CodecError``, nothing else.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from audiogame.games import registry
from audiogame.net.protocol.game_codec import CodecError, GameCodec

GAMES = Path(__file__).parent / "games"


@pytest.fixture(autouse=True)
def every_game(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv(registry.ENV_VAR, str(GAMES))
    registry.reset()
    yield
    monkeypatch.delenv(registry.ENV_VAR)
    registry.reset()


def wired() -> list[str]:
    registry.reset()
    import os

    os.environ[registry.ENV_VAR] = str(GAMES)
    try:
        return [s.id for s in registry.games() if s.wire is not None]
    finally:
        del os.environ[registry.ENV_VAR]
        registry.reset()


def through_json(data):
    return json.loads(json.dumps(data))


def random_match(game_id: str, seed: int, steps: int = 400):
    """(codec, [(events, views per seat and spectator)]) of a match played at random."""
    spec = registry.get(game_id)
    rng = random.Random(seed)
    seats = rng.randint(spec.min_seats, min(spec.max_seats, 4))
    engine = spec.new_engine(spec.random_config(rng, seats), seed, 0.0)
    now = 0.0
    for _ in range(steps):
        if engine.is_over:
            break
        now += rng.choice((0.0, 0.3, 1.7))
        moves = [(None, a) for a in engine.legal_actions(None, now)]
        moves += [(s, a) for s in range(engine.seats) for a in engine.legal_actions(s, now)]
        action = None
        if moves and rng.random() < 0.8:
            seat, action = rng.choice(moves)
            events = list(engine.apply(seat, action, now).events)
        else:
            deadline = engine.next_deadline()
            now = max(now, deadline) if deadline is not None else now + 1.0
            events = list(engine.advance(now))
        views = [engine.observation(s) for s in (*range(engine.seats), None)]
        yield action, events, views


@pytest.mark.parametrize("game_id", wired())
def test_events_and_views_cross_the_wire_unchanged(game_id):
    codec = GameCodec(registry.get(game_id).wire())
    sent: dict[int | None, object] = {}
    count = 0
    for seed in range(3):
        sent.clear()
        for _action, events, views in random_match(game_id, seed):
            for event in events:
                assert codec.decode_event(through_json(codec.encode_event(event))) == event
                count += 1
            for index, view in enumerate(views):
                assert codec.decode_view(through_json(codec.encode_view(view))) == view
                old = sent.get(index)
                if old is not None:
                    patch = through_json(codec.view_patch(old, view))
                    assert codec.apply_patch(old, patch) == view
                sent[index] = view
    assert count > 20


@pytest.mark.parametrize("game_id", wired())
def test_actions_cross_the_wire_and_name_their_class(game_id):
    spec = registry.get(game_id)
    codec = GameCodec(spec.wire())
    kinds = set()
    for seed in range(3):
        for action, _events, _views in random_match(game_id, seed, steps=200):
            if action is None or type(action) not in codec.wire.actions:
                continue  # the table's own (dealing): never sent by a client
            data = through_json(codec.encode_action(action))
            assert data["$"] == type(action).__name__
            assert codec.decode_action(data) == action
            kinds.add(type(action))
    assert len(kinds) >= 2
    with pytest.raises(CodecError):
        codec.encode_action(object())


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=20,
)


@pytest.mark.parametrize("game_id", wired())
@settings(max_examples=300, deadline=None)
@given(
    data=json_values,
    tag=st.sampled_from(["Play", "Draw", "Pass", "Throw", "Send", "Keep", "Deal", "X"]),
)
def test_hostile_action_data_is_an_action_or_a_codec_error(game_id, data, tag):
    codec = GameCodec(registry.get(game_id).wire())
    for candidate in (data, {"$": tag, **data} if isinstance(data, dict) else {"$": tag}):
        try:
            action = codec.decode_action(candidate)
        except CodecError:
            continue
        assert type(action) in codec.wire.actions


def test_domino_sends_no_deal_and_tiles_as_arrays():
    codec = GameCodec(registry.get("domino").wire())
    names = {c.__name__ for c in codec.wire.actions}
    assert "Deal" not in names and "NextManche" not in names  # the table's own, never a client's
    with pytest.raises(CodecError):
        codec.decode_action({"$": "Deal", "hands": [], "boneyard": []})
