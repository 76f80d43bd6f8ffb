"""audiogame: screen-reader-first audio games."""

#: the release, written here only: the package's metadata takes it from this line
#: (pyproject's tool.hatch.version), the Windows build reads it from here, and
#: CHANGELOG.md's newest entry names it (a test checks)
__version__ = "0.1.0"
