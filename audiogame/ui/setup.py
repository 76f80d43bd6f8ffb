"""What every game's setup shares: ``SetupScene``.

A menu built from the game's spec (``GameSpec``): the first row starts the
match; then the players — "You" and a row per bot whose level Left/Right
change (the levels the spec offers, said alike in every game:
``bot-level-<level>``; each bot named by the spec's ``bot_names``, else "Bot 2"…)
— then the game's own rows before its options (Domino's teams), one
``ChoiceRow`` per option of the spec (``ChoiceRow.for_option``:
``<game>-option-<id>``, its description, its values), the bots' pace when the
spec offers one (``bot_pace``), and the game's rows after them. Every row says
its value and one line on what it does.

Enter, on any row, starts; when this game has a saved match, which the new
one would replace, the player is asked first (``begin``). A game that seats
bots with B (``adds_bots``: B adds one, Shift+B removes the last) has the "You"
row say so; one that does not has a "Players" row instead, whose Left/Right
set how many play. Every change is kept at once in ``settings.setups[<game>]``
and read back next time.

The rows read and write the game's setup data through one small interface
(``ui.seating.TableChoices``: how many play, each bot's level, each option's
value, the bots' pace, plain data to remember); a game's setup gives only how
that data is read back (``read``), its own rows and what Enter starts
(``start``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from audiogame.core import keys
from audiogame.core.contract import GameSpec, OptionSpec
from audiogame.core.keys import Key
from audiogame.games import registry
from audiogame.ui.choice_row import ChoiceRow, sentences
from audiogame.ui.confirm import ConfirmScene
from audiogame.ui.menu import MenuItem, MenuScene
from audiogame.ui.seating import TableChoices

if TYPE_CHECKING:
    from audiogame.app.loop import App

ENTER = (keys.RETURN, keys.KP_ENTER)


class SetupScene(MenuScene):
    #: the game's registry id: its spec, its messages, its remembered setup
    game_id: str = ""
    #: B adds a bot and Shift+B removes the last; without, a "Players" row
    adds_bots: bool = False

    def __init__(self, app: App) -> None:
        super().__init__(app)
        spec = registry.get(self.game_id)
        assert spec is not None, f"no game {self.game_id!r}"
        self.spec: GameSpec = spec
        #: the table as the player chooses it, remembered in ``settings.setups``
        self.setup: TableChoices = self.read(app.settings.setups.get(self.game_id))
        self.rebuild()

    # -- what each game gives --------------------------------------------------------------
    def read(self, saved: Any) -> TableChoices:
        """The game's setup data from what was remembered (anything unreadable: defaults)."""
        raise NotImplementedError

    # -- the setup data, read and written through ``TableChoices`` ---------------------------
    def saved(self) -> dict[str, Any]:
        """The setup as plain data, to remember."""
        return self.setup.to_dict()

    def option_value(self, option: OptionSpec) -> Any:
        return self.setup.option(option)

    def set_option(self, option: OptionSpec, value: Any) -> None:
        self.setup.set_option(option, value)

    @property
    def players(self) -> int:
        return self.setup.players

    def bot_level(self, bot: int) -> str:
        return self.setup.level(bot)

    def set_bot_level(self, bot: int, level: str) -> None:
        self.setup.set_level(bot, level)

    def set_players(self, players: int) -> None:
        """A game with a "Players" row: how many play now."""
        raise NotImplementedError

    def bot_name(self, bot: int) -> str:
        """The name of the ``bot``-th bot (0: the first, at seat 1): the game's, else
        "Bot 2"… in the player's language."""
        names = self.spec.bot_names
        return names[bot] if bot < len(names) else self.t("bot-name", n=bot + 2)

    def add_bot(self) -> None:
        """B (``adds_bots``): one more bot, said."""

    def remove_bot(self) -> None:
        """Shift+B (``adds_bots``): the last bot leaves, said."""

    def rows_before_options(self) -> list[ChoiceRow]:
        return []

    def rows_after_options(self) -> list[ChoiceRow]:
        return []

    def option_row(self, option: OptionSpec) -> ChoiceRow:
        """The row of one option (a game may say its values its own way); greyed, with
        the reason, while another choice makes it mean nothing (``unavailable``)."""
        row = ChoiceRow.for_option(
            option,
            self.game_id,
            self.t,
            lambda: self.option_value(option),
            lambda value: self.set_option(option, value),
        )

        def blocked() -> str | None:
            why = self.unavailable(option)
            return None if why is None else self.t(why)

        def refuses(value: Any) -> str | None:
            why = self.refused(option, value)
            return None if why is None else self.t(why)

        row.blocked = blocked
        row.refuses = refuses
        return row

    def unavailable(self, option: OptionSpec) -> str | None:
        """The message id of why ``option`` means nothing with the other choices made
        (drawing options while drawing is forbidden: ``<game>-unavailable-<why>``, the
        setup data's reason), or None when it is available."""
        why = self.setup.unavailable(option.id)
        return None if why is None else f"{self.game_id}-unavailable-{why}"

    def refused(self, option: OptionSpec, value: Any) -> str | None:
        """The message id of why ``option`` cannot take ``value`` with the other choices
        as they stand (a point limit off with no manche limit: no end;
        ``<game>-refused-<why>``), or None. Said the moment the arrows reach it, rather
        than when Enter starts the match."""
        why = self.setup.refused(option.id, value)
        return None if why is None else f"{self.game_id}-refused-{why}"

    def drop_unavailable(self) -> list[OptionSpec]:
        """Turn off the options the choices made leave meaningless; those turned off."""
        dropped = self.setup.drop_unavailable()
        return [option for option in self.spec.options if option.id in dropped]

    def seat_team(self, seat: int) -> int | None:
        """The team (1, 2 ...) of the player at ``seat``, said on their row; None: no teams."""
        return None

    def start(self) -> None:
        """Enter: the match begins (or why it cannot is said)."""
        raise NotImplementedError

    def begin(self) -> None:
        """Enter: the match starts, or, when it would replace this game's saved match,
        the player is asked first (No: back here, the saved match kept)."""
        saved = self.app.matches.by_game.get(self.game_id)
        if saved is None:
            self.start()
            return
        what = self.app.matches.what(self.spec, saved)
        self.app.push(ConfirmScene(self.app, "setup-replace-saved", self.start, what=what))

    def start_id(self) -> str:
        """The message id of the first row, which starts the match."""
        return f"{self.game_id}-setup-start"

    # -- the rows ----------------------------------------------------------------------------
    def rebuild(self) -> None:
        """Every row anew (the players changed: so did the bots' rows)."""
        t = self.t
        items = [
            MenuItem(
                lambda: t(self.start_id()),
                self.begin,
                description=lambda: t("setup-start-desc"),
            )
        ]
        rows: list[ChoiceRow] = []
        if self.adds_bots:
            items.append(
                MenuItem(
                    self.you_words,
                    adjust=lambda _delta: self.say("setup-seat-you-fixed", cue="menu_error"),
                    description=lambda: t("setup-seat-you-desc"),
                )
            )
        else:
            rows.append(self.players_row())
        rows += [self.bot_row(bot) for bot in range(self.players - 1)]
        rows += self.rows_before_options()
        rows += [self.option_row(option) for option in self.spec.options]
        rows += self.pace_rows()
        rows += self.rows_after_options()
        self.items = items + [row.item(self, self.changed) for row in rows]
        self.index = min(self.index, len(self.items) - 1)

    def you_words(self) -> str:
        team = self.seat_team(0)
        if team is None:
            return self.t("setup-seat-you")
        return self.t("setup-seat-you-team", team=team)

    def changed(self) -> str | None:
        """After any change: the options it left meaningless go off (said), the setup is kept."""
        dropped = self.drop_unavailable()
        self.save()
        if not dropped:
            return None
        names = ", ".join(lower_first(self.t(f"{self.game_id}-option-{o.id}")) for o in dropped)
        return self.t("setup-options-dropped", options=names, n=len(dropped))

    def players_row(self) -> ChoiceRow:
        t = self.t
        counts = tuple(range(self.spec.min_seats, self.spec.max_seats + 1))

        def label() -> str:
            return t("option-value", label=t("setup-players"), value=str(self.players))

        def put(players: int) -> None:
            self.set_players(players)
            self.rebuild()

        return ChoiceRow(
            name=lambda: t("setup-players"),
            values=counts,
            get=lambda: self.players,
            put=put,
            describe=str,
            description=lambda: t("setup-players-desc"),
            said=label,
        )

    def pace_rows(self) -> list[ChoiceRow]:
        """The bots' pace, when the game offers one (``GameSpec.bot_pace``)."""
        t, pace = self.t, self.spec.bot_pace
        if pace is None:
            return []
        return [
            ChoiceRow(
                name=lambda: t("setup-pace"),
                values=pace.values,
                get=self.setup.bot_pace,
                put=self.setup.set_bot_pace,
                describe=lambda value: t("setup-seconds", n=value),
                description=lambda: t("setup-pace-desc"),
            )
        ]

    def bot_row(self, bot: int) -> ChoiceRow:
        t = self.t

        def label() -> str:
            level = t(f"bot-level-{self.bot_level(bot)}")
            team = self.seat_team(bot + 1)
            if team is None:
                return t("setup-seat-bot", name=self.bot_name(bot), level=level)
            return t("setup-seat-bot-team", name=self.bot_name(bot), level=level, team=team)

        return ChoiceRow(
            name=lambda: self.bot_name(bot),
            values=self.spec.bot_levels,
            get=lambda: self.bot_level(bot),
            put=lambda level: self.set_bot_level(bot, level),
            describe=lambda level: t(f"bot-level-{level}"),
            description=lambda: t("setup-seat-bot-desc"),
            said=label,
            label=label,
        )

    # -- keys ----------------------------------------------------------------------------------
    def on_key(self, key: Key) -> bool:
        if key.key in ENTER:
            self.cue("menu_select")
            self.begin()
        elif self.adds_bots and key.letter == "b" and key.plain:
            self.add_bot()
        elif self.adds_bots and key.letter == "b" and key.shift:
            self.remove_bot()
        else:
            return super().on_key(key)
        return True

    def save(self) -> None:
        """Remember the setup as it stands (on every change, and on starting)."""
        self.app.settings.setups[self.game_id] = self.saved()
        self.app.save_settings()

    def said_after_seating(self, text: str, cue: str) -> None:
        """The players changed: the rows anew, the change said (and the options it
        left meaningless, turned off), the setup kept."""
        self.rebuild()
        self.cue(cue)
        self.app.announcer.say_text(sentences([text, self.changed() or ""]))


def lower_first(text: str) -> str:
    """An option's name inside a sentence ("Draw until a tile fits" → "draw until...")."""
    return text[:1].lower() + text[1:]
