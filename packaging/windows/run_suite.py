"""Run the project's test suite with the Windows build's own interpreter (under Wine).

    runtime\\python.exe run_suite.py <test-deps folder> <suite folder> [pytest args]

The build's interpreter ignores PYTHONPATH (its ._pth file fixes the search path),
so pytest and hypothesis, which the zip does not ship, are put on the path here.
The suite folder holds a copy of tests/, benchmarks/, docs/ and sounds/ but not the
``audiogame`` package: every import of it comes from the build. ``under_wine``
skips, each with its reason, the tests that cannot run under Wine.
"""

import os
import sys


def main() -> int:
    deps, suite, *args = sys.argv[1:]
    here = os.path.dirname(os.path.abspath(__file__))
    # the suite folder too, as a checkout's root is on the path (tests import tests.*);
    # it holds no ``audiogame``, so the build's package is still the one imported
    sys.path[:0] = [deps, here, suite]
    os.chdir(suite)
    import pytest

    return pytest.main(["-p", "under_wine", "-p", "no:cacheprovider", *args])


if __name__ == "__main__":
    sys.exit(main())
