## Hidden Die: every sentence the game says, in English.

hiddendie-title = Hidden Die

## the table

hiddendie-game-started = Hidden Die, { $players } players. The first to { $target } points wins.
hiddendie-round-started = Round { $round }.
hiddendie-you-rolled = Under your cup: { $value }.
hiddendie-you-rolled-again = You roll again: { $value }.
hiddendie-your-turn = Your turn: R rolls again, K keeps.
hiddendie-turn = { $who } is deciding.
hiddendie-you-ran-out = Time is up: you keep your die.
hiddendie-ran-out = Time is up for { $who }, who keeps the die.
hiddendie-you-keep = You keep your die.
hiddendie-keeps = { $who } keeps.
hiddendie-rerolls = { $who } rolls again.
hiddendie-cups-lifted = Cups up, round { $round }: { $shown }.
hiddendie-you-show = you { $value }
hiddendie-shows = { $who } { $value }
hiddendie-you-take-point = You take the point!
hiddendie-you-share-point = You share the point with { $others }.
hiddendie-takes-point =
    { $n ->
        [one] { $who } takes the point.
       *[other] { $who } take a point each.
    }
hiddendie-score = { $who } { $points }
hiddendie-your-score = you { $points }
hiddendie-scores = Scores: { $scores }.
hiddendie-you-win = You win the game!
hiddendie-you-share-win = You share the win with { $others }.
hiddendie-wins =
    { $n ->
        [one] { $who } wins the game.
       *[other] { $who } share the win.
    }
hiddendie-my-die = Your die: { $value }.
hiddendie-my-die-none = Your cup is empty: wait for the next round.
hiddendie-whose-turn-you = It is your turn.
hiddendie-whose-turn = { $who } is deciding.
hiddendie-no-turn = Nobody is deciding now.

## what the table's commands are called (a touch page's buttons)

hiddendie-do-reroll = Roll again
hiddendie-do-keep = Keep
hiddendie-ask-die = My die
hiddendie-ask-scores = Scores
hiddendie-ask-turn = Whose turn

## why an action changed nothing

hiddendie-refusal-not-a-player = Only a player at the table can do that.
hiddendie-refusal-not-started = Wait: the round has not begun.
hiddendie-refusal-game-over = The game is over.
hiddendie-refusal-not-your-turn = It is not your turn.
hiddendie-refusal-unknown = That is not a move of this game.

## setup

hiddendie-option-target = Points to win
hiddendie-option-target-desc = The first player to reach this score wins the game.
hiddendie-option-target-value = { $n } points
hiddendie-option-think = Thinking time
hiddendie-option-think-value = { $n } seconds
hiddendie-option-think-desc = Seconds to keep or roll again; when they run out the die is kept.

## keys (F1)

keys-hiddendie-table = R rolls your die again, K or Space keeps it, V says your die, S the scores, T whose turn it is. Escape to leave the game. { keys-global }

## the window's board (board.py)

hiddendie-board-title = Round { $round }: { $moment }
hiddendie-board-over = game over
hiddendie-board-waiting = waiting
hiddendie-board-your-turn = your turn
hiddendie-board-turn = { $who } is deciding
hiddendie-board-my-die = Your die
hiddendie-board-empty = empty cup
hiddendie-board-scores = Scores (first to { $target })
hiddendie-board-score = { $who } { $points }
