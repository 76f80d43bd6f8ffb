"""audiogame: screen-reader-first audio games."""
