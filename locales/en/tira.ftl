## Tira & Passa: the table, the setup, the briefing. English.

tira-you = you
tira-you-to = you

## The six symbols: short names for the race, with the article, and in full.
tira-sym-clover = clover
tira-sym-pig = pig
tira-sym-cat = cat
tira-sym-penny = penny
tira-sym-horseshoe = horseshoe
tira-sym-hamsa = hamsa
tira-sym-unrolled = not rolled
tira-sym-a-clover = a clover
tira-sym-a-pig = a pig
tira-sym-a-cat = a cat
tira-sym-a-penny = a penny
tira-sym-a-horseshoe = a horseshoe
tira-sym-a-hamsa = a hamsa
tira-sym-long-clover = four-leaf clover
tira-sym-long-pig = lucky pig
tira-sym-long-cat = waving cat
tira-sym-long-penny = lucky penny
tira-sym-long-horseshoe = horseshoe
tira-sym-long-hamsa = hand of Fatima
tira-sym-the-clover = the clover
tira-sym-the-pig = the pig
tira-sym-the-cat = the cat
tira-sym-the-penny = the penny
tira-sym-the-horseshoe = the horseshoe
tira-sym-the-hamsa = the hamsa
tira-sym-cap-clover = The clover
tira-sym-cap-pig = The pig
tira-sym-cap-cat = The cat
tira-sym-cap-penny = The penny
tira-sym-cap-horseshoe = The horseshoe
tira-sym-cap-hamsa = The hamsa
tira-dest-tray = to the tray
tira-dest-left = left
tira-dest-right = right
tira-stays = stays in hand

## The game.
tira-tally = { $who }: { $n }
tira-goal-three = The first to win 3 coasters wins.
tira-goal-pile = The game goes on while there are coasters to draw; whoever has the most wins.
tira-game-start = Tira e Passa, { $players ->
    [one] one player
   *[other] { $players } players
}: you, { $names }. { $goal }
tira-game-start-watching = Tira e Passa, { $players ->
    [one] one player
   *[other] { $players } players
}: { $names }. { $goal }
tira-round = Round { $round }. Big die: { $supreme }. Your coaster: { $left } left, { $right } right.
tira-round-no-coaster = Round { $round }. Big die: { $supreme }. You have no coaster.
tira-round-watching = Round { $round }. Big die: { $supreme }.
tira-signal = On your coasters, ready,
tira-signal-watching = Players on their coasters, ready,
tira-go = go!
tira-move = { $n } { $dest }
tira-landed = { $faces }: { $moves }.
tira-landed-stay = { $faces }: all stay.
tira-landed-manual = { $faces }. { $n ->
    [0] None to send.
    [one] One to send.
   *[other] { $n } to send.
}
tira-landed-late = { $faces }: too late, the round is frozen.
tira-sent = { $die }, { $dest }.
tira-arrived = From your { $side ->
    [left] left
   *[other] right
} neighbour: { $dice }.
tira-arrived-from = From { $name }: { $dice }.
tira-stop-you = Stop! You are out of dice.
tira-stop = Stop! Out of dice: { $who }.
tira-calm-you = Now { $rolls ->
    [one] one calm roll
   *[other] { $rolls } calm rolls
}: only { $supreme } counts. Space to roll.
tira-calm-others = The others roll calmly { $rolls ->
    [one] once
   *[other] { $rolls } times
}: only { $supreme } counts.
tira-calm-landed = Calm roll { $roll }: { $faces }. { $n ->
    [0] Nothing to the tray.
   *[other] { $n } to the tray.
}
tira-calm-emptied-you = Out of dice: the coaster is yours.
tira-calm-emptied = { $who } is out of dice.
tira-calm-finished-you = { $n ->
    [one] You keep one die.
   *[other] You keep { $n } dice.
}
tira-round-end = Round { $round } over. Coaster won by: { $winners }. { $lead }
tira-round-end-last = Round { $round } over. Coaster won by: { $winners }.
tira-lead = { $me ->
    [alone] You lead with { $n ->
        [one] one coaster
       *[other] { $n } coasters
    }.
   *[other] Leading with { $n ->
        [one] one coaster
       *[other] { $n } coasters
    }{ $named ->
        [yes] : { $who }
       *[no] {""}
    }{ $me ->
        [behind] ; you have { $mine ->
            [0] none
            [one] one
           *[other] { $mine }
        }.
       *[other] .
    }
}
tira-pile-empty = No coasters left to draw.
tira-game-won = You win the game with { $n ->
        [one] one coaster
       *[other] { $n } coasters
    }!
tira-game-lost = { $who } wins with { $n ->
        [one] one coaster
       *[other] { $n } coasters
    }{ $me ->
        [out] ; you have { $mine ->
            [0] none
            [one] one
           *[other] { $mine }
        }.
       *[other] .
    }
tira-game-shared = Shared victory with { $n ->
        [one] one coaster
       *[other] { $n } coasters
    }: { $who }{ $me ->
        [out] ; you have { $mine ->
            [0] none
            [one] one
           *[other] { $mine }
        }.
       *[other] .
    }
tira-game-over-keys = P for the standings, Enter for a new game, Escape for the menu.
tira-practice-start = Practice game against slow players: it does not count.
tira-practice-over = Practice over. Enter or Escape to go back to the briefing.

## Said in place of a key's sound when sounds cannot be heard.
tira-word-thrown = Thrown.

## Questions, at any time.
tira-supreme = Supreme symbol: { $supreme }.
tira-no-supreme = The big die has not been rolled yet.
tira-coaster = Your coaster: { $left } left, { $right } right.
tira-no-coaster = You have no coaster.
tira-my-dice = { $parts }.
tira-hand = in hand { $faces }
tira-unrolled = { $n ->
    [one] one die to roll
   *[other] { $n } dice to roll
}
tira-in-air = { $n ->
    [one] one die in the air
   *[other] { $n } dice in the air
}
tira-waiting = { $n ->
    [one] one on your coaster, { $faces }
   *[other] { $n } on your coaster, { $faces }
}
tira-no-dice-now = You have no dice
tira-everyone = Dice: { $list }. Tray { $tray }.
tira-standings = Coasters won: { $tally }. Left to draw { $pile }.
tira-die-at = { $die }, { $pos } of { $total }, { $where }
tira-hand-empty = No dice in hand.
tira-confirm-leave = Leave the game? The race goes on meanwhile.

## Why an action cannot be done.
tira-refusal-no-such-seat = Unknown seat.
tira-refusal-not-an-action = That is not a move of this game.
tira-refusal-not-started = Wait for go.
tira-refusal-dice-in-the-air = Your dice are still in the air.
tira-refusal-no-dice = You have no dice to roll.
tira-refusal-no-such-die = No such die in hand.
tira-refusal-cannot-go-there = That die cannot go there.
tira-refusal-nowhere-to-go = That die stays in hand.
tira-refusal-die-stays = { $die } stays in hand.
tira-refusal-die-goes = { $die } goes { $dest }.
tira-refusal-no-die-showing = No die shows { $die }.
tira-refusal-supreme-in-hand = First send { $die } to the tray.
tira-refusal-not-in-race = Stop has been called already.
tira-refusal-no-calm-rolls-left = Your calm rolls are done.
tira-refusal-round-over = The round is over: wait for the next.
tira-refusal-game-over = The game is over.

## Table setup.
tira-setup-title = Tira e Passa, setup
tira-setup-start = Start the game
tira-option-speed = Speed
tira-option-speed-desc = How long the dice stay in the air: faster leaves less time to react.
tira-option-control = Controls
tira-option-control-desc = Assisted: the dice go where they must by themselves. Manual: you send them, one at a time; the bots play as you do.
tira-option-variant = End of game
tira-option-variant-desc = When the game ends: at the third coaster won, or when the coasters run out.
tira-option-speed-slow = slow
tira-option-speed-normal = normal
tira-option-speed-fast = fast
tira-option-control-assisted = assisted
tira-option-control-manual = manual
# a seat's controls, in the seat lists online
tira-seat-control-assisted = assisted controls
tira-seat-control-manual = manual controls
tira-option-variant-first-to-three = first to 3 coasters
tira-option-variant-until-pile-exhausted = until the coasters run out

## The briefing before the first round.
tira-briefing-title = Before we start
tira-brief-start = Start the game
tira-brief-symbol = { $name }, key { $key }
tira-brief-coaster = Your coaster: { $left } left, { $right } right
tira-brief-practice = Practice game

keys-tira-setup = Up and Down arrows to choose, Left and Right arrows to change a value, Enter, on any row, to begin, Escape for the menu. { keys-global }
keys-tira-briefing = Up and Down arrows to choose; Enter on a symbol plays its sound, on your coaster plays its two symbols on their two sides. Enter on Start the game to play, on Practice game for a round that does not count. Escape to go back to the setup. { keys-global }
keys-tira-table = Space rolls the dice. G the supreme symbol, C your coaster, H your dice, E everybody's dice, P coasters won. With manual controls: 1 to 6 send a die showing that symbol where it belongs, Left and Right arrows walk through your dice, Enter sends that die where it belongs, S or L to your left neighbour, D or R to your right neighbour, V to the tray. Online, F11 the server's clock as measured here. Escape to leave the game. { keys-global }

## A saved match: the main menu's resume item, and the match going on.
tira-saved-match = Tira e Passa, round { $round }, { $players ->
    [one] one player
   *[other] { $players } players
}, { $won ->
    [0] no coasters won yet
    [one] you have won one coaster
   *[other] you have won { $won } coasters
}
tira-resumed = Match resumed. The race goes on in { $seconds ->
    [one] one second
   *[other] { $seconds } seconds
}.
tira-resumed-between = Match resumed after round { $round }: the next begins in { $seconds ->
    [one] one second
   *[other] { $seconds } seconds
}.
tira-resumed-calm = We are in the calm rolls: only { $supreme } counts, and { $rolls ->
    [0] you have no calm rolls left
    [one] you have one calm roll left
   *[other] you have { $rolls } calm rolls left
}.

## Online: where the race stands for a player who comes back

tira-online-phase-setup = The game is about to start.
tira-online-phase-announcing = The race is about to start.
tira-online-phase-racing = The race is on.
tira-online-phase-freezing = Stop has been called: the last dice are landing.
tira-online-phase-calm = The calm rolls are under way.
tira-online-phase-between-rounds = The round is over: the next one starts soon.
tira-online-phase-game-over = The game is over.

## what the race's commands are called (a touch page's buttons: games/tirapassa/controls.py)
tira-do-throw = Throw my dice
tira-do-send = Send the die under the cursor
tira-do-send-left = Send it left
tira-do-send-right = Send it right
tira-do-send-tray = Put it in the tray
tira-ask-g-label = The supreme symbol
tira-ask-c-label = My coaster
tira-ask-h-label = My dice
tira-ask-e-label = Everyone's dice
tira-ask-p-label = Coasters won
