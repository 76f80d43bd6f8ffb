"""What one seat hears of a domino match: events in, ``Message``s out. Pure.

``narrate(events, view, names)`` (the spec's ``Narrate``) turns one batch of
the engine's events into messages for the listener whose observation is
``view`` (``view.seat``; None: a spectator): a message id with arguments, a
cue with its pan, a verbosity kind. It keeps nothing between batches: what it
needs travels in the events (``TilePlayed.opens``, ``MancheEnded.dealt``, my
``TileDrawn`` events in the same batch as the ``Drew`` that sums them up) or
in the view (the seat, the teams). It never formats text: tiles, names and
lists are ``Phrase`` / ``Join`` arguments resolved in the player's language
just before speaking, so the words live in the ``.ftl`` files.

``Seating`` (who listens, the names, the teams) and the functions on it
(``who``, ``side_name``, ``tally``...) are the same words for the table's
answers to questions.

The sound scene: a tile played on the left end is heard on the left, on the
right end on the right; the first tile of a manche, draws and passes in the
centre. Only events the listener may know reach it (``visible_to``), so what
another player drew is never told.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from audiogame.core.contract import visible_to
from audiogame.core.narration import SEMICOLON, Join, Message, Phrase
from audiogame.games.domino.events import (
    Blocked,
    Drew,
    Eliminated,
    Ends,
    HandDealt,
    MancheEnd,
    MancheEnded,
    MancheStarted,
    MatchEnd,
    MatchEnded,
    MatchStarted,
    PassCause,
    Passed,
    StartReason,
    TileDrawn,
    TilePlayed,
    TimeRanOut,
    TurnBegan,
    WentOut,
)
from audiogame.games.domino.observation import Observation
from audiogame.games.domino.options import OPTIONS_BY_ID, DominoConfig
from audiogame.games.domino.rules import fits
from audiogame.games.domino.tiles import End, Tile

OWN, OTHERS, DRAWS, SCORES, TURN = "own", "others", "draws", "scores", "turn"

DEFAULT_SET: str = OPTIONS_BY_ID["set"].default

#: how far to the side a tile played on an end is heard
END_PAN: dict[End, float] = {End.LEFT: -0.6, End.RIGHT: 0.6}


def tile_words(a: int, b: int) -> Phrase:
    """A tile as the synthesizer should say it ("5 e 4", "doppio 6")."""
    if a == b:
        return Phrase("domino-double", {"n": a})
    return Phrase("domino-tile", {"a": a, "b": b})


def tile_phrase(tile: Tile) -> Phrase:
    return tile_words(tile.a, tile.b)


def tiles_phrase(tiles: Sequence[Tile]) -> Join:
    return Join(tuple(tile_phrase(t) for t in tiles))


def ends_phrase(ends: Ends) -> Phrase:
    if ends is None:
        return Phrase("domino-ends-none")
    return Phrase("domino-ends", {"left": ends[0], "right": ends[1]})


@dataclass(frozen=True, slots=True)
class Seating:
    """Who listens (``me``; None: a spectator), every seat's name, the teams."""

    me: int | None
    names: tuple[str, ...]
    teams: tuple[int, ...] | None = None

    @classmethod
    def of(cls, view: Observation, names: Sequence[str]) -> Seating:
        return cls(view.seat, tuple(names), view.config.teams)

    @property
    def sides(self) -> tuple[int, ...]:
        return self.teams if self.teams is not None else tuple(range(len(self.names)))

    @property
    def my_side(self) -> int | None:
        return None if self.me is None else self.sides[self.me]


def who(seating: Seating, seat: int) -> Any:
    return Phrase("domino-you") if seat == seating.me else seating.names[seat]


def side_name(seating: Seating, side: int) -> Any:
    if seating.teams is None:
        return who(seating, side)
    if side == seating.my_side:
        return Phrase("domino-team-mine")
    return Phrase("domino-team", {"n": side + 1})


def members(seating: Seating, side: int) -> Join:
    return Join(tuple(who(seating, s) for s, sd in enumerate(seating.sides) if sd == side))


def tally(seating: Seating, values: Sequence[int], sides: Sequence[int] | None = None) -> Join:
    """Each side's value ("you 35, Marco 12"), in side order or in ``sides``' order."""
    order = range(len(values)) if sides is None else sides
    return Join(
        tuple(Phrase("domino-tally", {"who": side_name(seating, s), "n": values[s]}) for s in order)
    )


def team_list(seating: Seating, skip: int | None = None) -> Join:
    """Every team and its players ("squadra 2: Marco, Luca; ..."), but ``skip``."""
    count = 0 if seating.teams is None else max(seating.teams) + 1
    return Join(
        tuple(
            Phrase(
                "domino-team-line",
                {"team": side_name(seating, t), "members": members(seating, t)},
            )
            for t in range(count)
            if t != skip
        ),
        SEMICOLON,
    )


@dataclass(frozen=True, slots=True)
class Batch:
    """What a handler may need of the rest of its batch (narration keeps nothing
    between batches, but one batch is told as a whole): the table's options, the
    end of the match when this batch holds it, and the seats whose going out
    ended the manche (the manche's end names them: "Marco ha finito" once)."""

    config: DominoConfig
    final: MatchEnded | None = None
    closers: frozenset[int] = frozenset()
    #: the sides eliminated by this batch's manche, in order
    fallen: tuple[int, ...] = ()

    @classmethod
    def of(cls, events: Sequence[Any], config: DominoConfig) -> Batch:
        final = next((e for e in events if isinstance(e, MatchEnded)), None)
        closers = frozenset(
            e.closer for e in events if isinstance(e, MancheEnded) and e.closer is not None
        )
        fallen = tuple(e.side for e in events if isinstance(e, Eliminated))
        return cls(config, final, closers, fallen)


def dealt_sides(seating: Seating, e: MancheEnded) -> list[int]:
    """The sides dealt in the manche ``e`` ended, in order (every side, for old saves)."""
    return sorted({seating.sides[s] for s in e.dealt}) or list(range(len(e.points)))


def manche_points(seating: Seating, e: MancheEnded) -> Join:
    """What each side dealt took in the manche ``e`` ended ("tu: 0, Marco: 12")."""
    return tally(seating, e.points, dealt_sides(seating, e))


def side_subject(seating: Seating, side: int) -> Any:
    """A side as the subject of a sentence: "Marco", "tu", "la squadra 2", "la tua squadra"."""
    if seating.teams is None:
        return who(seating, side)
    if side == seating.my_side:
        return Phrase("domino-team-mine")
    return Phrase("domino-team-the", {"n": side + 1})


def and_list(parts: Sequence[Any]) -> Any:
    """A list said as one: "Marco", "Marco e Giulia", "Marco, Giulia e Luca"."""
    if len(parts) == 1:
        return parts[0]
    return Phrase("domino-and", {"first": Join(tuple(parts[:-1])), "last": parts[-1]})


def narrate(events: Sequence[Any], view: Observation, names: Sequence[str]) -> list[Message]:
    """What the listener whose observation is ``view`` hears of one batch.

    Terse by default, as the Salotto speaks: the opening, a manche's summary and
    the end of the match each say what changed and what matters now (about 25
    words at four players); the rest is a key away (H the hand, P what each side
    took in the manche and the totals, E how many tiles each holds, C the ends).
    Totals are said once: at the end of the match the standings replace them.
    """
    seating = Seating.of(view, names)
    batch = Batch.of(events, view.config)
    out: list[Message] = []
    drawn: list[Tile] = []  # my tiles drawn, told with the Drew that follows them
    for event in events:
        if not visible_to(event, seating.me):
            continue
        if isinstance(event, TileDrawn):
            drawn.append(event.tile)
        elif isinstance(event, Drew) and event.seat == seating.me:
            out += _my_draw(event, drawn)
            drawn = []
        else:
            handler = _HANDLERS.get(type(event))
            if handler is not None:
                out += handler(seating, event, batch)
    return out


# -- the match and the manche -----------------------------------------------------------
def _limits(config: DominoConfig) -> Phrase:
    """How the match ends: "fino a 100 punti", "10 manche", "fino a 10 manche o 100 punti"."""
    if config.manche_limit and config.point_limit:
        return Phrase("domino-limit-both", {"n": config.manche_limit, "limit": config.point_limit})
    if config.manche_limit:
        return Phrase("domino-limit-manches", {"n": config.manche_limit})
    return Phrase("domino-limit-points", {"limit": config.point_limit})


def _match_started(seating: Seating, e: MatchStarted, batch: Batch) -> list[Message]:
    """Who plays (the others by name; in teams, my partners and the other teams),
    how the match ends, the set and the rules when they are not the usual ones."""
    config = e.config
    others = [name for seat, name in enumerate(seating.names) if seat != seating.me]
    if config.teams is None:
        table = Phrase("domino-table-players", {"names": and_list(others)})
    else:  # the teams' members follow
        table = Phrase("domino-table-teams", {"n": config.team_count})
    args: dict[str, Any] = {"table": table, "limits": _limits(config)}
    msg = "domino-match-start"
    if config.set_id != DEFAULT_SET:  # the set is said only when it is not the usual one
        msg, args["set"] = "domino-match-start-set", Phrase(f"domino-option-set-{config.set_id}")
    out = [Message(msg, args), *_team_messages(seating)]
    # the rules that differ from the usual table, so nobody is surprised by them
    rules: list[Phrase] = [Phrase(f"domino-rule-{rule}") for rule, on in _rules(config) if on]
    if config.thinking_time:
        rules.append(Phrase("domino-rule-thinking-time", {"n": config.thinking_time}))
    if rules:
        out.append(Message("domino-rules", {"rules": Join(tuple(rules))}))
    return out


def _team_messages(seating: Seating) -> list[Message]:
    """My partners and my opponents: with two teams by name ("In squadra con Giulia,
    contro Marco e Luca"), with more team by team; a spectator hears every team."""
    teams, mine = seating.teams, seating.my_side
    if teams is None:
        return []
    if mine is None:
        return [Message("domino-teams", {"teams": team_list(seating)})]
    names = seating.names
    partners = [names[s] for s, t in enumerate(teams) if t == mine and s != seating.me]
    if max(teams) + 1 > 2:
        opponents = [Message("domino-opponents", {"teams": team_list(seating, skip=mine)})]
        if not partners:
            return opponents
        return [Message("domino-partners", {"who": and_list(partners)}), *opponents]
    against = and_list([names[s] for s, t in enumerate(teams) if t != mine])
    if not partners:
        return [Message("domino-against", {"against": against})]
    return [Message("domino-partners-against", {"who": and_list(partners), "against": against})]


def _manche_started(seating: Seating, e: MancheStarted, batch: Batch) -> list[Message]:
    """The deal and who starts; my hand is on H. My start is my turn's notice."""
    size = max(e.hand_sizes)
    args = {"manche": e.manche, "size": size, "boneyard": e.boneyard}
    msg = "domino-manche-start"
    if batch.config.manche_limit and e.manche > 1:  # the opening said how many
        msg, args["of"] = "domino-manche-start-of", batch.config.manche_limit
    mine = e.starter == seating.me
    starter = f"domino-starter-{_person(mine)}-{e.reason.value}"
    # a player hears the deal's sound with their hand (``_hand_dealt``), a spectator here
    return [
        Message(msg, args, cue="shuffle" if seating.me is None else None),
        Message(starter, {"who": who(seating, e.starter)}, *((TURN, "your_turn") if mine else ())),
    ]


def _hand_dealt(seating: Seating, e: HandDealt, batch: Batch) -> list[Message]:
    # the sound of the deal; the tiles are a key away (H), not read at every deal
    return [Message("", {}, OWN, "shuffle")]


def _turn(seating: Seating, e: TurnBegan, batch: Batch) -> list[Message]:
    # the first turn of a manche was told with who starts
    if e.seat != seating.me or e.ends is None:
        return []
    return [Message("domino-your-turn", {"ends": ends_phrase(e.ends)}, TURN, "your_turn")]


# -- moves --------------------------------------------------------------------------------
def _played(seating: Seating, e: TilePlayed, batch: Batch) -> list[Message]:
    mine = e.seat == seating.me
    kind = OWN if mine else OTHERS
    args = {"who": who(seating, e.seat), "tile": tile_words(e.left, e.right)}
    if e.opens:
        out = [Message(f"domino-opens-{_person(mine)}", args, kind, "tile_play")]
    else:
        args["end"] = e.end.value
        msg = f"domino-plays-{_person(mine)}"
        out = [Message(msg, args, kind, "tile_play", END_PAN[e.end])]
    if e.hand_count == 1:
        out.append(
            Message(f"domino-last-tile-{_person(mine)}", {"who": who(seating, e.seat)}, kind)
        )
    return out


def _drew(seating: Seating, e: Drew, batch: Batch) -> list[Message]:
    """Another seat drew (mine is ``_my_draw``: it names the tiles)."""
    args = {"who": who(seating, e.seat), "n": e.count, "boneyard": e.boneyard}
    return [Message("domino-draws", args, DRAWS, "tile_draw")]


def _my_draw(e: Drew, drawn: Sequence[Tile]) -> list[Message]:
    fit = fits(drawn[-1], e.ends) if drawn else False
    args = {
        "n": e.count,
        "tiles": tiles_phrase(drawn),
        "fits": "yes" if fit else "no",
        "boneyard": e.boneyard,
    }
    return [Message("domino-you-draw", args, OWN, "tile_draw")]


def _time_ran_out(seating: Seating, e: TimeRanOut, batch: Batch) -> list[Message]:
    mine = e.seat == seating.me
    msg = f"domino-time-out-{_person(mine)}"
    return [Message(msg, {"who": who(seating, e.seat)}, OWN if mine else OTHERS, "notice")]


def _passed(seating: Seating, e: Passed, batch: Batch) -> list[Message]:
    mine = e.seat == seating.me
    cause = "stuck" if e.cause is PassCause.STUCK else "after"
    msg = f"domino-pass-{cause}-{_person(mine)}"
    return [Message(msg, {"who": who(seating, e.seat)}, OWN if mine else OTHERS, "pass")]


def _blocked(seating: Seating, e: Blocked, batch: Batch) -> list[Message]:
    # its sound; the words are the manche's end ("Manche 3 bloccata"), the ends are on C
    return [Message("", {}, SCORES, "blocked")]


def _went_out(seating: Seating, e: WentOut, batch: Batch) -> list[Message]:
    if e.seat in batch.closers:
        return []  # the manche's end says who closed it
    mine = e.seat == seating.me
    msg = f"domino-out-{_person(mine)}"
    return [Message(msg, {"who": who(seating, e.seat)}, OWN if mine else OTHERS)]


# -- scores -------------------------------------------------------------------------------
def _manche_ended(seating: Seating, e: MancheEnded, batch: Batch) -> list[Message]:
    """Who closed (or that it blocked), what my side takes, the totals of the sides
    still in; at the end of the match the standings take the totals' place."""
    dealt = dealt_sides(seating, e)
    mine = seating.my_side
    won = mine in dealt and e.points[mine] == min(e.points[s] for s in dealt)
    args: dict[str, Any] = {"manche": e.manche}
    head = f"domino-manche-end-{_HOW[e.how]}"
    if e.how is MancheEnd.TEAM_OUT and e.closing_side is not None:
        args["who"] = side_subject(seating, e.closing_side)
    elif e.closer is not None:
        args["who"] = who(seating, e.closer)
        head += "-you" if e.closer == seating.me else ""
    # a spectator neither wins nor loses: the words alone
    cue = None if mine is None else "manche_won" if won else "manche_lost"
    out = [Message(head, args, SCORES, cue)]
    if batch.final is not None:
        return out
    if mine is not None and mine in dealt and mine != e.closing_side:
        msg = "domino-manche-mine-team" if seating.teams is not None else "domino-manche-mine"
        out.append(Message(msg, {"n": e.points[mine]}, SCORES))
    out.append(Message("domino-manche-totals", {"totals": tally(seating, e.totals, dealt)}, SCORES))
    return out


def _eliminated(seating: Seating, e: Eliminated, batch: Batch) -> list[Message]:
    """Who fell this manche, together, once; their points are in the totals (or the
    standings) said with it."""
    final = batch.final
    if final is not None and final.reason is MatchEnd.ALL_ELIMINATED:
        return []  # the end says it: everyone past the limit, the lowest score wins
    if e.side != batch.fallen[0]:
        return []  # said with the first
    fallen = and_list([side_subject(seating, side) for side in batch.fallen])
    return [Message("domino-out-of-match", {"who": fallen}, SCORES, "eliminated")]


def _match_ended(seating: Seating, e: MatchEnded, batch: Batch) -> list[Message]:
    """Who won and why, then the standings, best first: the totals, said once."""
    mine = seating.my_side
    won = mine in e.winning_sides
    team = "-team" if seating.teams is not None else ""
    cue = None if seating.me is None else "match_won" if won else "match_lost"
    if e.reason is MatchEnd.LAST_STANDING:
        # the elimination just told is the reason
        if won:
            head = Message(f"domino-match-won{team}", {}, SCORES, cue)
        else:
            (side,) = e.winning_sides
            head = Message("domino-match-lost", {"who": side_subject(seating, side)}, SCORES, cue)
    else:
        # a finish by the lowest score: the reason, then who has the fewest points
        if e.shared and won:
            others = [side_subject(seating, s) for s in e.winning_sides if s != mine]
            result = Phrase(f"domino-lowest-shared{team or '-you'}", {"who": and_list(others)})
        elif e.shared:
            winners = [side_subject(seating, s) for s in e.winning_sides]
            result = Phrase("domino-lowest-shared", {"who": and_list(winners)})
        elif won:
            result = Phrase(f"domino-lowest-won{team}")
        else:
            (side,) = e.winning_sides
            result = Phrase("domino-lowest-lost", {"who": side_subject(seating, side)})
        reason = Phrase(f"domino-reason-{e.reason.value}", {"limit": batch.config.point_limit})
        head = Message("domino-match-end", {"reason": reason, "result": result}, SCORES, cue)
    order = sorted(range(len(e.totals)), key=lambda side: (e.ranks[side], side))
    return [head, Message("domino-standings", {"totals": tally(seating, e.totals, order)}, SCORES)]


#: the handler of each event the listener may hear
_HANDLERS: dict[type, Callable[[Seating, Any, Batch], list[Message]]] = {
    MatchStarted: _match_started,
    MancheStarted: _manche_started,
    HandDealt: _hand_dealt,
    TurnBegan: _turn,
    TilePlayed: _played,
    Drew: _drew,
    TimeRanOut: _time_ran_out,
    Passed: _passed,
    Blocked: _blocked,
    WentOut: _went_out,
    MancheEnded: _manche_ended,
    Eliminated: _eliminated,
    MatchEnded: _match_ended,
}


_HOW: dict[MancheEnd, str] = {
    MancheEnd.OUT: "out",
    MancheEnd.TEAM_OUT: "team-out",
    MancheEnd.BLOCKED: "blocked",
}

# every reason and start has its message; listed so a new enum value is noticed by tests
REASONS: tuple[str, ...] = tuple(r.value for r in MatchEnd if r is not MatchEnd.LAST_STANDING)
STARTS: tuple[str, ...] = tuple(r.value for r in StartReason)


def _rules(config: Any) -> tuple[tuple[str, bool], ...]:
    return (
        ("forbid-drawing", config.forbid_drawing),
        ("draw-with-playable", config.draw_with_playable and not config.forbid_drawing),
        ("draw-until-fits", config.draw_until_fits and not config.forbid_drawing),
        ("team-finish", config.team_finish and config.teams is not None),
    )


def _person(mine: bool) -> str:
    return "you" if mine else "other"
