"""Every test runs headless: SDL's dummy video and audio drivers, set before pygame loads.

The suite runs in several worker processes at once (pytest-xdist, ``addopts`` in
pyproject.toml): every test keeps to its own folders (``tmp_path``), ephemeral
loopback ports, and its own PostgreSQL schema and Redis key prefix
(``devtools.services``); a game started without ``--config-dir``/``--data-dir``
finds a settings and data home of its worker's, never the developer's own.
"""

import atexit
import os
import shutil
import sys
import tempfile

# Bytecode kept for this run where the environment says to write none next to the
# sources (PYTHONDONTWRITEBYTECODE): in a folder of the run's own, removed at its end
# (PYTHONPYCACHEPREFIX). Otherwise every worker and every game, server and player
# process a test starts compiles all it imports again (0.3 s of CPU an app process).
# Not on Windows: the Windows build's suite runs on the zip, whose own bytecode a
# prefix would hide.
if (
    sys.platform != "win32"
    and os.environ.get("PYTHONDONTWRITEBYTECODE")
    and not os.environ.get("PYTHONPYCACHEPREFIX")
):
    _bytecode = tempfile.mkdtemp(prefix="audiogame-tests-bytecode-")
    os.environ["PYTHONPYCACHEPREFIX"] = sys.pycache_prefix = _bytecode
    del os.environ["PYTHONDONTWRITEBYTECODE"]
    sys.dont_write_bytecode = False
    atexit.register(shutil.rmtree, _bytecode, ignore_errors=True)

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# never the developer's own speech-dispatcher or braille display: the tests that need
# one start their own (tests/speech_daemons.py) and name it
os.environ["SPEECHD_ADDRESS"] = "unix_socket:/nonexistent/audiogame-tests/speechd.sock"
os.environ["BRLAPI_HOST"] = "/nonexistent/audiogame-tests/brlapi"

import pytest  # noqa: E402

#: set to run the suite in another number of worker processes (0: all in this one)
WORKERS_VAR = "AUDIOGAME_TEST_WORKERS"


@pytest.hookimpl(optionalhook=True)  # pytest-xdist's hook (none without xdist)
def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """How many workers ``-n auto`` (pyproject's addopts) starts: six at least, more
    on a machine with more cores. Most tests wait on other processes (a server, players,
    a browser, a game in a terminal) far longer than they compute (2,220 tests: about
    1,800 s of wall time, 470 s of CPU), so a 2-core machine runs six of them at once
    well (docs/testing.md has the runs)."""
    given = os.environ.get(WORKERS_VAR, "")
    return int(given) if given.isdigit() else max(6, os.cpu_count() or 1)


#: the modules whose tests take much of a worker's share of the run (the wall column of
#: ``benchmarks/suite_cost.py``: 165 s of about 300 s with six workers), longest first:
#: each goes at the head of a worker's first share, so that it is not started last and
#: left running alone at the end of the run (Domino and Tira by taps took the last 76 s
#: of a run so)
LONG_MODULES = ("test_web_touch.py",)


def long_modules_first(items: list, workers: int) -> list:
    """The tests in the order that gives each of ``workers`` its share of the long
    modules first. ``--dist worksteal`` hands out the collection in as many contiguous
    shares as there are workers (sizes as below), then moves tests only from the back
    of a worker's queue: a long module at the end of the collection ran last, alone.
    Only the order changes; each module's tests keep theirs."""
    modules: dict[str, list] = {}
    for item in items:
        modules.setdefault(item.nodeid.split("::")[0].rsplit("/", 1)[-1], []).append(item)
    long = [modules[name] for name in LONG_MODULES if name in modules]
    taken = {id(item) for group in long for item in group}
    rest = [item for item in items if id(item) not in taken]
    shares: list[list] = [[] for _ in range(workers)]
    for index, group in enumerate(long):
        shares[index % workers].extend(group)
    left = len(items)
    for index, share in enumerate(shares):
        size = left // (workers - index)  # as xdist's worksteal sizes its first shares
        left -= size
        fill = max(0, size - len(share))
        share.extend(rest[:fill])
        del rest[:fill]
    return [item for share in shares for item in share] + rest


def pytest_collection_modifyitems(config: pytest.Config, items: list) -> None:
    """In a worker (xdist hands the order of the workers' collection to its scheduler)."""
    workers = getattr(config, "workerinput", {}).get("workercount")
    if workers:
        items[:] = long_modules_first(items, int(workers))


@pytest.fixture(scope="session", autouse=True)
def own_homes(tmp_path_factory: pytest.TempPathFactory):
    """The platform's settings and data folders (``platformdirs``) of this worker alone."""
    homes = tmp_path_factory.mktemp("homes")
    saved = {name: os.environ.get(name) for name in ("XDG_CONFIG_HOME", "XDG_DATA_HOME")}
    os.environ["XDG_CONFIG_HOME"] = str(homes / "config")
    os.environ["XDG_DATA_HOME"] = str(homes / "data")
    yield homes
    for name, value in saved.items():
        if value is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = value


@pytest.fixture(autouse=True)
def logins_wait_for_their_hash(monkeypatch: pytest.MonkeyPatch) -> None:
    """A test's client waits for the server's first answer as long as a login's hash
    takes (``net_harness.LOGIN_WAIT``), not the 30 s after which a player's client calls
    a server mute (``net.client.game_client.ANSWER_WAIT``: the hostile-server tests set
    their own)."""
    from audiogame.devtools.net_harness import LOGIN_WAIT
    from audiogame.net.client import game_client as client

    monkeypatch.setattr(client, "ANSWER_WAIT", LOGIN_WAIT)


@pytest.fixture
def ahead_of_the_load():
    """For the race's real-time tests: run ahead of the machine's other programs where
    allowed (``devtools.priority``), so a busy machine is not taken for a slow line."""
    from audiogame.devtools.priority import ahead_of_the_load as ahead

    with ahead() as raised:
        yield raised


@pytest.fixture
def small_search(monkeypatch):
    """Domino's searching bots (hard, expert) with a small budget of deals at the tables
    a test opens from the setup (the table's own budget, which its save keeps): the same
    code, a fraction of the CPU, for tests whose subject is not how well a bot plays."""
    from audiogame.games.domino.bots import hard

    monkeypatch.setattr(hard, "HARD_ITERATIONS", 12)


@pytest.fixture
def harness_factory(tmp_path):
    from audiogame.devtools.harness import Harness

    made = []

    def make(lang: str = "it", **kwargs):
        h = Harness(tmp_path, lang=lang, **kwargs)
        made.append(h)
        return h

    yield make
    for h in made:
        h.close()


@pytest.fixture
def folder_games(monkeypatch):
    """Every game in ``tests/games`` (found as a player would add one), registered for
    this test only; yields their specs."""
    from pathlib import Path

    from audiogame.games import registry

    games = Path(__file__).parent / "games"
    folders = sorted(p.name for p in games.iterdir() if (p / "spec.py").is_file())
    monkeypatch.setenv(registry.ENV_VAR, str(games))
    registry.reset()
    yield [registry.get(name) for name in folders]
    monkeypatch.delenv(registry.ENV_VAR)
    registry.reset()


@pytest.fixture
def folder_game(folder_games):
    """Hidden Die, of the test games (the others registered too): the network tests
    play it, its dice hidden under cups."""
    (found,) = [spec for spec in folder_games if spec.id == "hiddendie"]
    return found


@pytest.fixture
def speechd_daemon(tmp_path):
    """A real speech-dispatcher of this test's own (socket, configuration, log),
    recording what it is asked to say (``devtools.speechd``); skips where Debian's
    is not installed (``.ci/run`` installs it)."""
    from audiogame.devtools import speechd

    why = speechd.available()
    if why is not None:
        pytest.skip(why)
    daemon = speechd.PrivateSpeechd(tmp_path / "speechd")
    yield daemon
    daemon.stop()


@pytest.fixture
def brltty_daemon(tmp_path):
    """A real BRLTTY of this test's own (its BrlAPI port, folder) on a virtual display
    of 20 cells (``devtools.brltty``); skips where Debian's is not installed."""
    from audiogame.devtools import brltty

    why = brltty.available()
    if why is not None:
        pytest.skip(why)
    daemon = brltty.PrivateBrltty(tmp_path / "brltty", cells=20)
    yield daemon
    daemon.stop()
