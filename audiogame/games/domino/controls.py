"""The domino table's keys over one seat's view: answers and actions, nothing else.

``DominoControls`` holds what only the listener's side knows — the hand's sort
order, the tile under the cursor, the group, a tile waiting for "left or
right?" — and answers a key from the seat's observation alone: the words to say
(answers, which interrupt) and the action to send, if any. It never applies an
action and never waits for one: whoever drives it sends the action where its
engine is (the desktop table to its local session, the web page's listener on
the server to the table) and hands the game's refusal back to ``refused``.
``heard`` narrates a batch as the table does, the cursor following my own
moves ("on 5 and 4" right after my play is told) and naming the tile under it
when my turn comes. They are the one key map of Domino: the desktop table, the
terminal and a web page's listener on the server all drive these.

Keys that depend on where the table is (Enter between manches, Shift+P, Escape)
are the driver's: ``on_key`` answers None for them.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from audiogame.core import keys
from audiogame.core.controls import (
    Command,
    Controls,
    Reaction,
    RoundPause,
    TurnClock,
    answer,
)
from audiogame.core.hand_cursor import HandCursor
from audiogame.core.keys import Key
from audiogame.core.narration import Join, Message, Narrate, Phrase
from audiogame.games.domino.actions import DRAW, Action, Play, Refusal
from audiogame.games.domino.board import BoardFocus
from audiogame.games.domino.events import (
    Drew,
    MancheEnded,
    MatchEnded,
    TileDrawn,
    TilePlayed,
)
from audiogame.games.domino.narrate import (
    TURN,
    Seating,
    ends_phrase,
    manche_points,
    narrate,
    tally,
    tile_phrase,
    tile_words,
    tiles_phrase,
    who,
)
from audiogame.games.domino.observation import Observation, Phase
from audiogame.games.domino.rules import fit_of
from audiogame.games.domino.sorting import SORT_IDS, group_by_number, next_order, sort_hand
from audiogame.games.domino.tiles import End, Tile

END_LETTERS: dict[str, End] = {"s": End.LEFT, "l": End.LEFT, "d": End.RIGHT, "r": End.RIGHT}
ARROW_ENDS: dict[str, End] = {keys.LEFT: End.LEFT, keys.RIGHT: End.RIGHT}
ENTER = keys.ENTER
#: how many tiles a new sort order reads from the top of the hand
SORT_PREVIEW = 3
#: seconds between the end of a manche (heard) and the next one, unless Enter comes
#: first: the Salotto's pause between rounds (spec/interface.md: "the next round
#: otherwise starts after 15 s"), which the online server keeps too
MANCHE_GAP = 15
#: the pause between manches, in Domino's words
MANCHE_PAUSE = RoundPause(
    gap=MANCHE_GAP,
    paused="domino-paused",
    paused_online="domino-paused-online",
    next_soon="domino-next-soon",
    pause_on="domino-pause-on",
    pause_off="domino-pause-off",
)


class DominoControls(Controls):
    round_pause = MANCHE_PAUSE
    game_over_id = "domino-game-over-keys"

    def __init__(self, order: str = SORT_IDS[0]) -> None:
        self.order = order
        #: the tile under the cursor, by uid: re-sorting never loses it
        self.cursor: HandCursor[int] = HandCursor()
        self.group = 0  # index among group_by_number's groups (grouped order)
        self.choosing: int | None = None  # uid waiting for "left or right?"
        #: the action sent last (its refusal is worded from it)
        self.sent: Action | None = None
        #: the tile my play left the cursor on, named then ("Now on"): my next turn does
        #: not name it again while the cursor is still there (once per turn)
        self._named: int | None = None

    @property
    def focus(self) -> int | None:
        """The uid of the tile under the cursor (None: the first tile)."""
        return self.cursor.focus

    @focus.setter
    def focus(self, uid: int | None) -> None:
        self.cursor.focus = uid

    def new_round(self) -> None:
        """A new deal: the cursor back on the first tile, nothing named yet."""
        self.cursor.reset()
        self._named = None

    # -- what a saved match keeps -----------------------------------------------------
    def state(self) -> dict[str, Any]:
        """The player's sort order, cursor and group: a resumed match shows the hand as
        it was left."""
        return {"order": self.order, "focus": self.focus, "group": self.group}

    def restore(self, data: Mapping[str, Any]) -> None:
        order, focus, group = data["order"], data["focus"], data["group"]
        if order not in SORT_IDS or type(group) is not int or group < 0:
            raise ValueError("bad view of the hand")
        # the cursor may rest on a tile just played (it moves on with the next key)
        if focus is not None and type(focus) is not int:
            raise ValueError("bad cursor")
        self.order, self.focus, self.group = order, focus, group

    # -- the hand and the cursor ------------------------------------------------------
    def hand(self, view: Observation) -> list[Tile]:
        return sort_hand(self.order, view.hand, view.ends)

    def cursor_at(self, hand: Sequence[Tile]) -> int:
        """Where the cursor stands in ``hand`` (the hand in the table's order)."""
        return self.cursor.index([tile.uid for tile in hand])

    def focused(self, view: Observation) -> Tile | None:
        """The tile under the cursor, now followed by uid (None: an empty hand)."""
        hand = self.hand(view)
        uid = self.cursor.pin([tile.uid for tile in hand])
        return None if uid is None else hand[self.cursor_at(hand)]

    def my_turn(self, view: Observation) -> Tile | None:
        """The tile under my cursor when it is my turn to play, else None."""
        mine = view.phase is Phase.PLAYING and view.seat is not None
        return self.focused(view) if mine and view.current_seat == view.seat else None

    def board_focus(self, view: Observation) -> BoardFocus:
        """The board's pointer, as the desktop table gives its window: my order, and the
        tile under the cursor (looked at, not moved)."""
        hand = self.hand(view)
        return BoardFocus(self.order, hand[self.cursor_at(hand)].uid if hand else None)

    def sync_group(self, view: Observation) -> None:
        tile = self.focused(view)
        if tile is None:
            return
        numbers = [n for n, _ in group_by_number(view.hand)]
        self.group = numbers.index(tile.a) if tile.a in numbers else 0

    # -- keys -------------------------------------------------------------------------
    def on_key(
        self, key: Key, view: Observation, names: Sequence[str], now: float | None
    ) -> Reaction | None:
        """The key's answers and action, or None when the key is not the hand's."""
        reaction = self._on_key(key, view, names, now)
        if reaction is not None and reaction.action is not None:
            self.sent = reaction.action
        return reaction

    def _on_key(
        self, key: Key, view: Observation, names: Sequence[str], now: float | None
    ) -> Reaction | None:
        if self.choosing is not None:
            chosen = self._choose_end(key, view)
            if chosen is not None:
                return chosen
        k = key.key
        moves = {keys.UP: -1, keys.DOWN: 1}
        if k in moves and key.plain:
            return self._move(view, moves[k])
        if k in (keys.HOME, keys.END):
            return self._move(view, None, to=0 if k == keys.HOME else 10_000)
        if k in ARROW_ENDS:
            if self.order != "grouped":
                return Reaction((answer("domino-not-grouped", "menu_error"),))
            return self._jump_group(view, -1 if k == keys.LEFT else 1)
        if k in ENTER:
            if view.phase in (Phase.BETWEEN, Phase.OVER):
                return None  # the next manche or the next match: the table's business
            return self._play(view, None)
        if k == keys.SPACE:
            return Reaction(action=DRAW)
        if key.ctrl and key.digit is not None and 1 <= key.digit <= len(SORT_IDS):
            return self._set_order(view, SORT_IDS[key.digit - 1])
        if key.shift and key.letter == "h":
            return self._set_order(view, next_order(self.order))
        if key.plain and key.letter in END_LETTERS:
            return self._play(view, END_LETTERS[key.letter])
        question = _QUESTIONS.get(key.letter) if key.plain else None
        if question is not None:
            return Reaction((question(self, view, Seating.of(view, names), now),))
        return None

    def _choose_end(self, key: Key, view: Observation) -> Reaction | None:
        """The answer to "left or right?"; any other key drops the question."""
        end = ARROW_ENDS.get(key.key) or (END_LETTERS.get(key.letter) if key.plain else None)
        if end is None and key.key in ENTER:
            tile = self.focused(view)
            if tile is None:
                return Reaction()
            return Reaction((answer("domino-choose-end", "notice", tile=tile_phrase(tile)),))
        uid, self.choosing = self.choosing, None
        if end is None:
            return None
        self.focus = uid
        return self._play(view, end)

    def cancel(self) -> Message | None:
        return self.cancel_choice()

    def cancel_choice(self) -> Message | None:
        """Escape while "left or right?" waits: the question is dropped."""
        if self.choosing is None:
            return None
        self.choosing = None
        return answer("domino-choose-cancelled", "menu_back")

    def _move(self, view: Observation, delta: int | None, to: int | None = None) -> Reaction:
        hand = self.hand(view)
        uids = [tile.uid for tile in hand]
        landing = self.cursor.go(uids, to) if to is not None else self.cursor.step(uids, delta or 0)
        if landing is None:
            return Reaction((answer("domino-hand-empty", "menu_edge"),))
        tile = hand[landing.index]
        said = answer(
            "domino-tile-at",
            "menu_edge" if landing.edge else "menu_move",
            tile=tile_phrase(tile),
            pos=landing.index + 1,
            total=len(hand),
            fit=fit_of(tile, view.ends),
        )
        return Reaction((said,))

    def _jump_group(self, view: Observation, delta: int) -> Reaction:
        groups = group_by_number(view.hand)
        if not groups:
            return Reaction((answer("domino-hand-empty", "menu_edge"),))
        wanted = self.group + delta
        self.group = min(max(wanted, 0), len(groups) - 1)
        number, tiles = groups[self.group]
        self.focus = tiles[0].uid
        cue = "menu_edge" if wanted != self.group else "menu_move"
        return Reaction((answer("domino-group", cue, n=number, tiles=tiles_phrase(tiles)),))

    def _set_order(self, view: Observation, order: str) -> Reaction:
        """A new sort order, said with the first tiles it puts at the top."""
        self.focused(view)  # pin the cursor's tile before the hand moves around it
        self.order = order
        first = self.hand(view)[:SORT_PREVIEW]
        name = Phrase(f"domino-sort-{order}")
        if first:
            said = answer("domino-sort-first", "toggle", order=name, tiles=tiles_phrase(first))
        else:
            said = answer("domino-sort", "toggle", order=name)
        if order == "grouped":
            self.sync_group(view)
        return Reaction((said,))

    def _play(self, view: Observation, end: End | None) -> Reaction:
        hand = self.hand(view)
        if not hand and view.seat is None:
            return Reaction((answer("table-watching", "menu_error"),))
        if not hand:
            refusal = empty_hand_refusal(view)
            return Reaction((answer(f"domino-refusal-{refusal.value}", "menu_error"),))
        return Reaction(action=Play(hand[self.cursor_at(hand)].uid, end))

    # -- what came back ---------------------------------------------------------------
    def refused(self, refusal: Refusal | str, view: Observation) -> list[Message]:
        """The words for the game's refusal (or its value) of the action sent last: a
        tile that fits both ends asks which; anything else says why."""
        sent = self.sent
        if refusal == Refusal.CHOOSE_END and isinstance(sent, Play):
            tile = next((t for t in view.hand if t.uid == sent.uid), None)
            if tile is not None:
                self.choosing = tile.uid
                return [answer("domino-choose-end", "notice", tile=tile_phrase(tile))]
        value = refusal.value if isinstance(refusal, Refusal) else refusal
        return [answer(f"domino-refusal-{value}", "menu_error")]

    def heard(
        self, events: Sequence[Any], view: Observation, names: Sequence[str], narrate: Narrate
    ) -> list[Message]:
        """A batch narrated for this seat; my own moves move the cursor, which says
        where it landed right after my play is told (before what the others did next),
        and my turn's notice is followed by the tile under the cursor."""
        out: list[Message] = []
        start = 0
        me = view.seat
        for i, event in enumerate(events):
            if me is None or getattr(event, "seat", None) != me:
                continue
            if isinstance(event, TilePlayed):
                out += self._on_my_turn(narrate(events[start : i + 1], view, names), view)
                start = i + 1
                out += self._after_my_play(view)
            elif isinstance(event, TileDrawn):
                self.focus = event.tile.uid
            elif isinstance(event, Drew):
                self.sync_group(view)
        out += self._on_my_turn(narrate(events[start:], view, names), view)
        if not view.my_turn:
            self.choosing = None
        return out

    def _after_my_play(self, view: Observation) -> list[Message]:
        """The cursor lands on the tile that took the played one's place, and says so."""
        tile = self.focused(view)
        self._named = None if tile is None else tile.uid
        if tile is None:
            return []
        return [Message("domino-focus", {"tile": tile_phrase(tile)}, "own")]

    def _on_my_turn(self, said: list[Message], view: Observation) -> list[Message]:
        """My turn's notice (the narrator's, with its cue) is followed by the tile under
        the cursor, the one Enter would play: the hand itself stays on H."""
        at = next((i for i, m in enumerate(said) if m.cue == "your_turn"), None)
        if at is None:
            return said
        tile = None if view.seat is None else self.focused(view)
        named, self._named = self._named, None
        if tile is None or tile.uid == named:  # said after my play, and still there
            return said
        return [*said[: at + 1], on_tile(tile), *said[at + 1 :]]

    # -- the commands a seat may give now (a touch page's buttons) ---------------------------
    def commands(self, view: Observation, names: Sequence[str], now: float | None) -> list[Command]:
        """My hand in my order (each tile, where it fits), the moves on my turn, the
        questions at any time: every label a message id, every key the table's."""
        hand = self.hand(view)
        at = self.cursor_at(hand) if hand else None
        found = [
            Command(f"tile-{tile.uid}", tile_label(tile, i, len(hand), view), (), "hand", i == at)
            for i, tile in enumerate(hand)
        ]
        if view.my_turn:
            found += [Command(i, Phrase(f"domino-do-{i}"), bound) for i, bound in MOVES]
        found += [
            Command(
                f"ask-{letter}", Phrase(f"domino-ask-{name}-label"), (Key(letter),), "questions"
            )
            for letter, name in QUESTION_NAMES.items()
        ]
        return found

    def run(
        self, command: str, view: Observation, names: Sequence[str], now: float | None
    ) -> Reaction | None:
        reaction = self._run(command, view, names, now)
        if reaction is not None and reaction.action is not None:
            self.sent = reaction.action
        return reaction

    def _run(
        self, command: str, view: Observation, names: Sequence[str], now: float | None
    ) -> Reaction | None:
        if command.startswith("tile-"):
            uids = [tile.uid for tile in self.hand(view)]
            uid = int(command.removeprefix("tile-")) if command[5:].isdigit() else None
            return None if uid not in uids else self._move(view, None, to=uids.index(uid))
        ends = {"play": None, "play-left": End.LEFT, "play-right": End.RIGHT}
        if command in ends:
            return self._play(view, ends[command])
        if command == "draw":
            return Reaction(action=DRAW)
        question = (
            _QUESTIONS.get(command.removeprefix("ask-")) if command.startswith("ask-") else None
        )
        if question is None:
            return None
        return Reaction((question(self, view, Seating.of(view, names), now),))

    # -- what a table says of itself -----------------------------------------------------
    def where(self, view: Observation, names: Sequence[str], now: float | None) -> Phrase:
        return turn_phrase(view, Seating.of(view, names), now)

    def over(self, view: Observation) -> bool:
        return view.phase is Phase.OVER

    def between(self, view: Observation) -> bool:
        return view.phase is Phase.BETWEEN

    def turn_clock(self, view: Observation) -> TurnClock | None:
        return (view.turn_deadline, view.config.thinking_time) if view.my_turn else None

    def time_left(self, left: int) -> Message:
        return Message("domino-whose-turn-you-time", {"n": left}, kind="turn")

    def preferences(self) -> dict[str, Any]:
        """The sort order the player chose last: the next matches keep it."""
        return {"order": self.order}

    def prefer(self, data: Mapping[str, Any]) -> None:
        order = data.get("order")
        if order in SORT_IDS:
            self.order = order

    def situation(
        self, view: Observation, names: Sequence[str], now: float | None
    ) -> list[Message]:
        """Where a match under way stands (resumed, or joined): whose turn, the ends, my
        hand, and the tile under the cursor on my turn; a match over, its result."""
        if view.phase is Phase.OVER:
            return over_situation(view, names)
        said = [Message("domino-resumed", {"manche": view.manche}, kind="turn", cue="notice")]
        said.append(self._whose_turn_resumed(view, Seating.of(view, names), now))
        said.append(Message("domino-ask-ends", {"ends": ends_phrase(view.ends)}, "turn"))
        if view.seat is not None:  # someone watching has no hand
            said.append(Message("domino-resumed-hand", {"n": len(view.hand)}, kind="turn"))
        tile = self.my_turn(view)
        if tile is not None:  # where the cursor is: what Enter plays
            said.append(on_tile(tile))
        return said

    @staticmethod
    def _whose_turn_resumed(view: Observation, seating: Seating, now: float | None) -> Message:
        phase, seat, deadline = view.phase, view.current_seat, view.turn_deadline
        if phase is not Phase.PLAYING or seat is None:
            return Message("domino-whose-turn-between", kind="turn")
        if seat != view.seat:
            return Message("domino-whose-turn", {"who": who(seating, seat)}, "turn")
        if deadline is None or now is None:
            return Message("domino-whose-turn-you", kind="turn")
        # game time goes on from the last step: the time a turn began, unless a tile was
        # drawn since (then what was left of it)
        limit, left = view.config.thinking_time, math.ceil(deadline - now)
        if left >= limit:
            return Message("domino-resumed-your-turn-time", {"n": limit}, kind="turn")
        return Message("domino-whose-turn-you-time", {"n": left}, kind="turn")

    # -- questions, at any time -------------------------------------------------------
    def ask_hand(self, view: Observation, seating: Seating, now: float | None) -> Message:
        hand = self.hand(view)
        if not hand:
            return answer("domino-hand-empty")
        return answer("domino-hand", n=len(hand), tiles=tiles_phrase(hand))

    def ask_ends(self, view: Observation, seating: Seating, now: float | None) -> Message:
        return answer("domino-ask-ends", ends=ends_phrase(view.ends))

    def ask_chain(self, view: Observation, seating: Seating, now: float | None) -> Message:
        if not view.chain:
            return answer("domino-chain-empty")
        tiles = Join(tuple(tile_words(p.left, p.right) for p in view.chain))
        return answer("domino-chain", n=len(view.chain), tiles=tiles)

    def ask_counts(self, view: Observation, seating: Seating, now: float | None) -> Message:
        listed = tuple(
            Phrase("domino-tally", {"who": who(seating, s), "n": n})
            for s, n in enumerate(view.hand_counts)
            if not view.eliminated[s]
        )
        return answer("domino-counts", list=Join(listed), boneyard=view.boneyard)

    def ask_turn(self, view: Observation, seating: Seating, now: float | None) -> Message:
        """T: whose turn; mine with the time left and the tile under the cursor."""
        return turn_answer(turn_phrase(view, seating, now), self.my_turn(view))

    def ask_scores(self, view: Observation, seating: Seating, now: float | None) -> Message:
        return scores_answer(view, seating)


# -- answers both tables give (the desktop's and a page's listener's) -----------------------


def turn_phrase(view: Observation, seating: Seating, now: float | None) -> Phrase:
    """Whose turn it is; mine with the seconds left before my turn's deadline."""
    left = None
    if view.my_turn and view.turn_deadline is not None and now is not None:
        left = max(0, math.ceil(view.turn_deadline - now))
    return whose_turn(view, seating, left)


def over_situation(view: Observation, names: Sequence[str]) -> list[Message]:
    """A match over (resumed after its end, or joined then): that it is over, then its
    result as its end said it (who won, the standings), without the end's sounds. The
    table says the keys of a finished match after this (``Controls.game_over_id``)."""
    said = [Message("domino-whose-turn-over", kind="turn", cue="notice")]
    final = [e for e in view.history if isinstance(e, MatchEnded)]  # the last manche's
    return said + [replace(m, cue=None) for m in narrate(final, view, names)]


def on_tile(tile: Tile) -> Message:
    """The tile under the cursor, the one Enter would play ("On 1 3.")."""
    return Message("domino-on-tile", {"tile": tile_phrase(tile)}, TURN)


def whose_turn(view: Observation, seating: Seating, left: int | None) -> Phrase:
    """Whose turn it is; mine with the seconds I have ``left`` (None: no clock)."""
    phase, seat = view.phase, view.current_seat
    if phase is Phase.OVER:
        return Phrase("domino-whose-turn-over")
    if phase is not Phase.PLAYING or seat is None:
        return Phrase("domino-whose-turn-between")
    if seat != view.seat:
        return Phrase("domino-whose-turn", {"who": who(seating, seat)})
    if left is not None:
        return Phrase("domino-whose-turn-you-time", {"n": left})
    return Phrase("domino-whose-turn-you")


def turn_answer(turn: Phrase, tile: Tile | None) -> Message:
    """T: whose turn; on my turn, the tile under my cursor too (the one Enter plays)."""
    if tile is None:
        return answer(turn.msg_id, **turn.args)
    on = Phrase("domino-on-tile", {"tile": tile_phrase(tile)})
    return answer("domino-turn-and-tile", turn=turn, on=on)


def scores_answer(view: Observation, seating: Seating) -> Message:
    """P: the totals and the limit; once a manche is over, what each took in it first."""
    args: dict[str, Any] = {"manche": view.manche, "totals": tally(seating, view.totals)}
    ended = next((e for e in view.history if isinstance(e, MancheEnded)), None)
    if ended is not None:
        args["points"] = manche_points(seating, ended)
    msg = "domino-scores" if ended is None else "domino-scores-ended"
    return answer(msg, limit=view.config.point_limit, **args)


def empty_hand_refusal(view: Observation) -> Refusal:
    """Why a player without tiles cannot play: out of the match, of the manche, or between."""
    if view.phase is Phase.OVER:
        return Refusal.MATCH_OVER
    if view.seat is not None and view.eliminated[view.seat]:
        return Refusal.ELIMINATED
    if view.phase is not Phase.PLAYING:
        return Refusal.MANCHE_OVER
    return Refusal.OUT_OF_MANCHE


_Question = Callable[[DominoControls, Observation, Seating, "float | None"], Message]

#: the letters that ask (Salotto style: letters ask, Space acts)
_QUESTIONS: dict[str, _Question] = {
    "h": DominoControls.ask_hand,
    "c": DominoControls.ask_ends,
    "v": DominoControls.ask_chain,
    "e": DominoControls.ask_counts,
    "t": DominoControls.ask_turn,
    "p": DominoControls.ask_scores,
}
#: what each question letter is called on a touch page (``domino-ask-<name>-label``)
QUESTION_NAMES: dict[str, str] = {
    "h": "hand",
    "c": "ends",
    "v": "chain",
    "e": "counts",
    "t": "turn",
    "p": "scores",
}
#: the moves on my turn, by command id, with their keys
MOVES: tuple[tuple[str, tuple[Key, ...]], ...] = (
    ("play", (Key(keys.RETURN),)),
    ("play-left", (Key("s"), Key("l"))),
    ("play-right", (Key("d"), Key("r"))),
    ("draw", (Key(keys.SPACE),)),
)


def tile_label(tile: Tile, index: int, total: int, view: Observation) -> Phrase:
    """A tile of my hand as a button says it: the tile, its place, where it fits."""
    args = {"tile": tile_phrase(tile), "pos": index + 1, "total": total}
    return Phrase("domino-tile-at", {**args, "fit": fit_of(tile, view.ends)})
