"""The games: each subpackage holds one game's pure rules engine and its bots."""
