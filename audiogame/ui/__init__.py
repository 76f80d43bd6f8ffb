"""Scenes: what the keys mean where the player is."""
