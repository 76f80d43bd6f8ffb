## Domino: the table, the setup, the table menu. English.

## How tiles, players and ends are said.
domino-tile = { $a } { $b }
domino-double = double { $n }
domino-you = you
domino-team = team { $n }
domino-team-mine = your team
domino-team-the = team { $n }
domino-and = { $first } and { $last }
domino-tally = { $who }: { $n }
domino-team-line = { $team }: { $members }
domino-ends = { $left } on the left, { $right } on the right
domino-ends-none = no tile on the table
domino-option-set-double-6 = double 6
domino-option-set-double-9 = double 9
domino-option-set-double-12 = double 12
domino-option-set-double-15 = double 15
domino-option-set-double-18 = double 18
domino-option-set-2x-double-6 = 2 double 6 sets
domino-option-set-2x-double-9 = 2 double 9 sets
domino-option-set-2x-double-12 = 2 double 12 sets

## The match and the manche: few words; the hand is on H, what each took and the totals on P, the tiles each holds on E.
domino-match-start = { $table }, { $limits }.
domino-match-start-set = { $table }, { $set }, { $limits }.
domino-table-players = Domino with { $names }
domino-table-teams = Domino, { $n ->
    [one] one team
   *[other] { $n } teams
}
domino-limit-points = to { $limit ->
    [one] one point
   *[other] { $limit } points
}
domino-limit-manches = { $n ->
    [one] one manche
   *[other] { $n } manches
}
domino-limit-both = up to { $n ->
    [one] one manche
   *[other] { $n } manches
} or { $limit ->
    [one] one point
   *[other] { $limit } points
}
domino-rules = Rules: { $rules }.
domino-rule-forbid-drawing = no drawing
domino-rule-draw-with-playable = drawing allowed with a playable tile
domino-rule-draw-until-fits = draws go on until a tile fits
domino-rule-team-finish = a manche ends when a whole team is out
domino-rule-thinking-time = { $n ->
    [one] one second
   *[other] { $n } seconds
} a move
domino-teams = Teams: { $teams }.
domino-partners = On your team: { $who }.
domino-partners-against = With { $who }, against { $against }.
domino-against = Against { $against }.
domino-opponents = Opponents: { $teams }.
domino-manche-start = Manche { $manche }: { $size ->
    [one] one tile each
   *[other] { $size } tiles each
}, { $boneyard ->
    [0] no boneyard
   *[other] boneyard { $boneyard }
}.
domino-manche-start-of = Manche { $manche } of { $of }: { $size ->
    [one] one tile each
   *[other] { $size } tiles each
}, { $boneyard ->
    [0] no boneyard
   *[other] boneyard { $boneyard }
}.
domino-starter-you-highest-double = You start.
domino-starter-other-highest-double = { $who } starts.
domino-starter-you-heaviest-tile = No doubles: you start.
domino-starter-other-heaviest-tile = No doubles: { $who } starts.
domino-your-turn = Your turn. { $ends }.
domino-on-tile = On { $tile }.
domino-turn-and-tile = { $turn } { $on }

## Moves.
domino-opens-you = You open with { $tile }.
domino-opens-other = { $who } opens with { $tile }.
domino-plays-you = You play { $tile } on the { $end ->
    [left] left
   *[right] right
}.
domino-plays-other = { $who } plays { $tile } on the { $end ->
    [left] left
   *[right] right
}.
domino-last-tile-you = You have one tile left.
domino-last-tile-other = { $who } has one tile left.
domino-draws = { $who } draws { $n ->
    [one] a tile
   *[other] { $n } tiles
}, boneyard { $boneyard }.
domino-you-draw = { $n ->
    [one] You draw { $tiles }
   *[other] You draw { $n } tiles: { $tiles }
}, { $fits ->
    [yes] it fits
   *[other] it does not fit
}. Boneyard { $boneyard }.
domino-time-out-you = Time is up!
domino-time-out-other = Time is up for { $who }.
domino-pass-stuck-you = You pass: no tile fits.
domino-pass-stuck-other = { $who } passes.
domino-pass-after-you = You pass.
domino-pass-after-other = { $who } passes.
domino-out-you = You are out of tiles!
domino-out-other = { $who } is out of tiles.

## Scores. At the end of a manche: who closed it, what you take, the totals; at the end of the match the standings take their place.
domino-manche-end-out = Manche { $manche } over: { $who } went out.
domino-manche-end-out-you = Manche { $manche } over: you went out.
domino-manche-end-team-out = Manche { $manche } over: { $who } went out.
domino-manche-end-blocked = Manche { $manche } blocked.
domino-manche-mine = { $n ->
    [0] No points for you.
    [one] You take one point.
   *[other] You take { $n } points.
}
domino-manche-mine-team = { $n ->
    [0] No points for your team.
    [one] Your team takes one point.
   *[other] Your team takes { $n } points.
}
domino-manche-totals = Totals: { $totals }.
domino-out-of-match = Out of the match: { $who }.
domino-match-won = You win the match!
domino-match-won-team = Your team wins the match!
domino-match-lost = { $who } wins the match.
domino-match-end = { $reason }: { $result }.
domino-reason-all-eliminated = Everyone is past the limit
domino-reason-manche-limit = Last manche played
domino-reason-point-limit = { $limit ->
    [one] One point
   *[other] { $limit } points
} reached
domino-lowest-won = you win with the fewest points
domino-lowest-won-team = your team wins with the fewest points
domino-lowest-lost = { $who } wins with the fewest points
domino-lowest-shared-you = you share the win with { $who }
domino-lowest-shared-team = your team shares the win with { $who }
domino-lowest-shared = { $who } share the win
domino-standings = Standings: { $totals }.

## The table: answers to keys.
domino-tile-at = { $tile }, { $pos } of { $total }, { $fit ->
    [left] fits on the left
    [right] fits on the right
    [both] fits on both ends
    [same] fits both ends, which are the same
    [any] can open
   *[other] does not fit
}
domino-focus = Now on { $tile }.
domino-group = With { $n }: { $tiles }.
domino-hand = { $n ->
    [one] One tile
   *[other] { $n } tiles
}: { $tiles }.
domino-hand-empty = Your hand is empty.
domino-ask-ends = Ends: { $ends }.
domino-chain = Chain of { $n ->
    [one] one tile
   *[other] { $n } tiles
}, from the left: { $tiles }.
domino-chain-empty = The chain is empty.
domino-counts = Tiles in hand: { $list }. Boneyard { $boneyard }.
domino-whose-turn-you = Your turn.
domino-whose-turn-you-time = Your turn; { $n ->
    [one] one second left
   *[other] { $n } seconds left
}.
domino-whose-turn = { $who }'s turn.
domino-whose-turn-between = The manche is over: Enter for the next one.
domino-whose-turn-over = The match is over.
domino-scores = Manche { $manche }. Totals: { $totals }. { $limit ->
    [0] No point limit.
    [one] Limit: 1 point.
   *[other] Limit: { $limit } points.
}
domino-scores-ended = Manche { $manche } over, points: { $points }. Totals: { $totals }. { $limit ->
    [0] No point limit.
    [one] Limit: 1 point.
   *[other] Limit: { $limit } points.
}
domino-sort = Order: { $order }.
domino-sort-first = Order: { $order }. First tiles: { $tiles }.
domino-sort-arrival = as they came
domino-sort-numbers-asc = by numbers, ascending
domino-sort-numbers-desc = by numbers, descending
domino-sort-pips-asc = by pips, ascending
domino-sort-pips-desc = by pips, heaviest first
domino-sort-doubles-first = doubles first
domino-sort-playable-first = playable tiles first
domino-sort-grouped = grouped by number, left and right arrows between groups
domino-not-grouped = Left and right move between groups when the hand is grouped: Control 8.
domino-choose-end = { $tile } fits both ends: S for left, D for right.
domino-choose-cancelled = No move.
domino-pause-on = Pause at the end of this manche.
domino-pause-off = No pause: the next manche starts by itself.
domino-paused = Paused. Enter for the next manche.
domino-next-soon = Next manche in { $n ->
    [one] one second
   *[other] { $n } seconds
}.
domino-game-over-keys = Enter for another match.
domino-confirm-leave = Leave the match?

## Why a move cannot be made.
domino-refusal-match-over = The match is over.
domino-refusal-manche-over = The manche is over.
domino-refusal-manche-in-progress = The manche is under way.
domino-refusal-no-such-seat = Unknown seat.
domino-refusal-table-only = Only the table deals the tiles.
domino-refusal-not-an-action = That is not a move of this game.
domino-refusal-eliminated = You are out of the match: you are watching.
domino-refusal-out-of-manche = You are already out of tiles this manche.
domino-refusal-not-your-turn = It is not your turn.
domino-refusal-not-in-hand = You do not hold that tile.
domino-refusal-does-not-fit = That tile does not fit there.
domino-refusal-choose-end = It fits both ends: choose S or D.
domino-refusal-must-play = A tile of yours fits: you must play it.
domino-refusal-must-play-drawn = You drew a tile that fits: you must play.
domino-refusal-must-draw = No tile fits: draw with Space.
domino-refusal-may-not-draw = You may not draw: a tile of yours fits.
domino-refusal-drawing-forbidden = Drawing is not allowed at this table.
domino-refusal-boneyard-empty = The boneyard is empty.
domino-refusal-bad-deal = Invalid deal.

## The table menu (Escape).
domino-menu-title = Table menu
domino-menu-resume = Back to the game
domino-menu-options = Table options
domino-menu-rules = Rules and keys
domino-menu-leave = Leave the match

## The table setup.
domino-setup-title = Domino, table setup
domino-setup-start = Start the match
domino-unavailable-drawing-forbidden = drawing is forbidden
domino-unavailable-no-teams = there are no teams
domino-refused-point-limit-off = The point limit can be off only with a number of manches to play, so that the match can end: choose the manches first.
domino-refused-manche-limit-unlimited = The manches can be unlimited only with a point limit, so that the match can end: choose a point limit first.
domino-setup-teams = Teams
domino-teams-none = individual
domino-teams-count = { $n ->
    [one] one team
   *[other] { $n } teams
}
domino-setup-teams-desc = Everyone for themselves, or 2 to 6 equal teams; Shift R deals random teams.
domino-option-set = Set
domino-option-forbid-drawing = Forbid drawing
domino-option-draw-with-playable = Allow drawing with a playable tile
domino-option-draw-until-fits = Draw until a tile fits
domino-option-team-finish = Team finish mode
domino-option-thinking-time = Thinking time
domino-option-manche-limit = Manche limit
domino-option-point-limit = Point limit
domino-option-set-desc = Which tiles are used; a bigger set seats more players.
domino-option-forbid-drawing-desc = Nobody ever draws: a player who cannot play passes.
domino-option-draw-with-playable-desc = You may draw even holding a playable tile, to load your opponents with points.
domino-option-draw-until-fits-desc = Space draws several tiles, up to the first that fits.
domino-option-team-finish-desc = A manche ends only when a whole team is out of tiles; a player who is out is skipped.
domino-option-thinking-time-desc = The time for each move; when it runs out a tile is drawn and the turn passes.
domino-option-manche-limit-desc = After how many manches the match ends, or sooner when someone reaches the point limit; the lowest score wins.
domino-option-point-limit-desc = Without a manche limit, whoever reaches these points is out of the match; with one, the match ends as soon as someone reaches them. Off only with a manche limit.
domino-set-info = { $tiles ->
    [one] one tile
   *[other] { $tiles } tiles
}, up to { $max ->
    [one] one player
   *[other] { $max } players
}
domino-option-thinking-time-value = { $n ->
    [one] one second
   *[other] { $n } seconds
}
domino-option-point-limit-value = { $n ->
    [one] 1 point
   *[other] { $n } points
}
domino-option-manche-limit-value = { $n ->
    [one] one manche
   *[other] { $n } manches
}
domino-value-with-info = { $value }: { $info }
domino-bot-added = { $name } joins, { $level }. { $players ->
    [one] One player.
   *[other] { $players } players.
}
domino-bot-removed = { $name } leaves. { $players ->
    [one] One player.
   *[other] { $players } players.
}
domino-table-full = The table is full: { $n ->
    [one] one player
   *[other] { $n } players
} at most.
domino-too-few = { $n ->
    [one] At least one player is needed.
   *[other] At least { $n } players are needed.
}
domino-teams-dropped = { $players ->
    [one] One player cannot form equal teams
   *[other] { $players } players cannot form equal teams
}: individual play.
domino-random-teams = Random teams. { $teams }.
domino-no-teams = { $players ->
    [one] One player cannot form equal teams.
   *[other] { $players } players cannot form equal teams.
}
domino-problem-bad-player-count = From 2 to 12 players.
domino-problem-set-too-small = The { $set } set is not enough for { $players ->
    [one] one player
   *[other] { $players } players
}: it seats { $max } at most. Choose a bigger set.
domino-problem-bad-option-value = An option has an invalid value.
domino-problem-bad-team-layout = The teams are not valid.
domino-problem-bad-team-count = From 2 to 6 teams.
domino-problem-bad-team-size = Each team has 2 to 6 players.
domino-problem-unequal-teams = The teams must be equal.
domino-problem-no-limit = With no point limit, choose how many manches to play: the match must be able to end.

## Keys (F1).
keys-domino-setup = Up and down arrows through the players and options, left and right arrows change a value, B adds a bot, Shift B removes one, Shift R random teams, Enter starts, Escape back to the menu. { keys-global }
keys-domino-table = Up and down arrows through your tiles, Home and End the first and last; Enter plays the tile, D or R on the right, S or L on the left; Space draws. H your hand, Shift H changes the order, Control 1 to 8 chooses it; C the ends, V the chain, E everyone's tiles and the boneyard, T whose turn, P the scores, Shift P pause after the manche, Enter after a manche starts the next one at once, Escape the table menu. { keys-global }

## A saved match: the main menu's resume item, and the match going on.
domino-saved-match = Domino, manche { $manche }, { $players ->
    [one] one player
   *[other] { $players } players
}, { $score ->
    [one] you have one point
   *[other] you have { $score } points
}
domino-resumed = Match resumed: manche { $manche }.
domino-resumed-your-turn-time = Your turn; your thinking time starts again: { $n ->
    [one] one second
   *[other] { $n } seconds
}.
domino-resumed-hand = { $n ->
    [0] Your hand is empty.
    [one] You have one tile.
   *[other] You have { $n } tiles.
}

domino-next-soon-online = Next manche in { $n ->
    [one] one second
   *[other] { $n } seconds
}: it starts by itself. The table's master can hold it with Shift P.
domino-paused-online = The table's master is holding the next manche.
domino-game-over-keys-online = Enter to go back to the table's seats, Escape for the menu.

## what the table's commands are called (a touch page's buttons: games/domino/controls.py)
domino-do-play = Play the tile under the cursor
domino-do-play-left = Play it on the left
domino-do-play-right = Play it on the right
domino-do-draw = Draw
domino-ask-hand-label = My hand
domino-ask-ends-label = The ends
domino-ask-chain-label = The chain
domino-ask-counts-label = Tiles in each hand
domino-ask-turn-label = Whose turn
domino-ask-scores-label = Scores
