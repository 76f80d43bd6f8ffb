"""Run the project's test suite with the Windows build's own interpreter (under Wine).

    runtime\\python.exe run_suite.py <test-deps folder> <suite folder> [pytest args]

The build's interpreter ignores PYTHONPATH (its ._pth file fixes the search path),
so pytest and hypothesis, which the zip does not ship, are put on the path here.
The suite folder holds a copy of tests/, benchmarks/, docs/ and sounds/ but not the
``audiogame`` package: every import of it comes from the build. ``under_wine``
skips, each with its reason, the tests that cannot run under Wine.
"""

import importlib.util
import os
import sys

# The public server's stores (PostgreSQL, Redis) are for an operator's server machine:
# the zip a player unzips ships neither driver, so their tests skip here with this
# reason even when .ci/run has started the services (the Linux suite runs them).
_SERVER_STORES = {"AUDIOGAME_TEST_POSTGRES": "psycopg", "AUDIOGAME_TEST_REDIS": "redis"}


def _without_server_stores() -> None:
    missing = [
        var for var, module in _SERVER_STORES.items() if importlib.util.find_spec(module) is None
    ]
    for var in missing:
        os.environ.pop(var, None)
    if missing:
        os.environ["AUDIOGAME_SERVICES_NOTE"] = (
            "the Windows build ships no PostgreSQL or Redis driver: those stores are for a "
            "public server's own machine, and the Linux suite tests them"
        )


def main() -> int:
    deps, suite, *args = sys.argv[1:]
    here = os.path.dirname(os.path.abspath(__file__))
    # the suite folder too, as a checkout's root is on the path (tests import tests.*);
    # it holds no ``audiogame``, so the build's package is still the one imported
    sys.path[:0] = [deps, here, suite]
    os.chdir(suite)
    # the game's test hooks, which the zip leaves out, are in this copy of the build's
    # package (checks.suite_build), for the processes the tests start too
    _without_server_stores()
    import pytest

    # one process: the build ships no pytest-xdist (pyproject's addopts ask for workers)
    return pytest.main(["-p", "under_wine", "-p", "no:cacheprovider", "-o", "addopts=", *args])


if __name__ == "__main__":
    code = main()
    # pytest's report is written: end here, without the interpreter's own shutdown. Under
    # Wine that shutdown sometimes died of an access violation (exit status 0xC0000005,
    # read as 5 through Wine) while the tests' leftover threads were torn down, and the
    # run's verdict is pytest's, not that of the teardown
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(int(code))
