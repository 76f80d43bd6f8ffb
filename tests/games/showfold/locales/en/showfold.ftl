## Show or Fold: every sentence the game says, in English.

showfold-title = Show or Fold

## the table

showfold-game-started = Show or Fold, { $players } players. The first to { $target } points wins.
showfold-round-started = Round { $round }.
showfold-your-die = Your die: { $value }. S shows it, F folds.
showfold-you-show = You will show.
showfold-you-fold = You fold.
showfold-chose = { $who } has chosen.
showfold-you-ran-out = Time is up: you fold.
showfold-ran-out = Time is up: { $who } { $n ->
        [one] folds
       *[other] fold
    }.
showfold-revealed = Round { $round } revealed: { $shown }.
showfold-you-showed = you show { $value }
showfold-you-folded = you folded
showfold-showed = { $who } shows { $value }
showfold-folded = { $who } folded
showfold-nobody-showed = Nobody showed: no point this round.
showfold-you-take-point = You take the point!
showfold-you-share-point = You share the point with { $others }.
showfold-takes-point =
    { $n ->
        [one] { $who } takes the point.
       *[other] { $who } take a point each.
    }
showfold-you-lose-point = You lose a point.
showfold-loses-point =
    { $n ->
        [one] { $who } loses a point.
       *[other] { $who } lose a point each.
    }
showfold-score = { $who } { $points }
showfold-your-score = you { $points }
showfold-scores = Scores: { $scores }.
showfold-you-win = You win the game!
showfold-you-share-win = You share the win with { $others }.
showfold-wins =
    { $n ->
        [one] { $who } wins the game.
       *[other] { $who } share the win.
    }
showfold-my-die = Your die: { $value }. You have not chosen yet.
showfold-my-die-show = Your die: { $value }. You will show it.
showfold-my-die-fold = Your die: { $value }. You folded.
showfold-my-die-none = No die now: wait for the next round.
showfold-you-choose = Your choice: S shows, F folds.
showfold-still-choosing =
    { $n ->
        [one] Still choosing: { $who }.
       *[other] Still choosing: { $who }.
    }
showfold-nobody-choosing = Nobody is choosing now.

## what the table's commands are called (a touch page's buttons)

showfold-do-show = Show
showfold-do-fold = Fold
showfold-ask-die = My die
showfold-ask-scores = Scores
showfold-ask-waiting = Who is still choosing

## why an action changed nothing

showfold-refusal-not-a-player = Only a player at the table can do that.
showfold-refusal-not-started = Wait: the round has not begun.
showfold-refusal-game-over = The game is over.
showfold-refusal-already-chose = You have chosen already: wait for the reveal.
showfold-refusal-unknown = That is not a move of this game.
showfold-refusal-not-between = The next round is dealt once this one is revealed.

## setup

showfold-option-target = Points to win
showfold-option-target-desc = The first player to reach this score wins the game.
showfold-option-target-value = { $n } points
showfold-option-think = Time to choose
showfold-option-think-value = { $n } seconds
showfold-option-think-desc = Seconds everybody has to choose; who has not chosen then folds.

## keys (F1)

keys-showfold-table = S shows your die, F folds it, V says your die, P the scores, W who is still choosing; between rounds Enter deals the next at once, Shift P waits for it. Escape to leave the game. { keys-global }

## the window's board (board.py)

showfold-board-title = Round { $round }: { $moment }
showfold-board-waiting = waiting
showfold-board-choosing = choosing
showfold-board-over = game over
showfold-board-my-die = Your die
showfold-board-no-die = none
showfold-board-show = to show
showfold-board-fold = folded
showfold-board-to-choose = Still choosing
showfold-board-scores = Scores (first to { $target })
showfold-board-score = { $who } { $points }
