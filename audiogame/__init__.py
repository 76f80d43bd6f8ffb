"""audiogame: screen-reader-first audio games."""

#: the release; ``pyproject.toml`` says the same (a test checks), and the Windows zip,
#: which carries no package metadata, reads it from here
__version__ = "0.1.0"
