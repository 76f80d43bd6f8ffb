"""Braille output where the system has its own braille service (BRLTTY through BrlAPI)."""
