"""Login limits slow the guesser, not the owner: a stranger's raw client guessing Alice's
password from one loopback address is slowed there, while Alice, from another, logs in
at once; guessing from many addresses at once slows the account, and her session
token still opens it; a password change stopped by the address's limit says so."""

from __future__ import annotations

from pathlib import Path

from audiogame.devtools.net_harness import ServerThread
from audiogame.net.server.login_limits import LoginLimits
from audiogame.net.server.options import ServerOptions
from tests.raw_client import Raw, run

PASSWORD = "mare d'inverno 7"


def _from(address: str) -> dict:
    """Connect from this loopback address (127.0.0.0/8 is all this machine's)."""
    return {"local_addr": (address, 0)}


async def _login(url: str, address: str, password: str) -> dict:
    raw = await Raw.open(url, **_from(address))
    try:
        return await raw.answer("login", name="Alice", password=password, ok=("welcome",))
    finally:
        await raw.close()


def test_a_stranger_guessing_never_keeps_the_owner_out(tmp_path: Path) -> None:
    limits = LoginLimits(account_failures=12)
    with ServerThread(tmp_path, ServerOptions(login_limits=limits)) as server:

        async def scenario() -> None:
            alice = await Raw.open(server.url, **_from("127.0.0.2"))
            await alice.send("register", name="Alice", password=PASSWORD)
            token = (await alice.next("welcome"))["token"]
            await alice.close()
            said = [(await _login(server.url, "127.0.0.5", "wrong guess 1"))["reason"]]
            for n in range(7):
                said.append((await _login(server.url, "127.0.0.5", f"guess {n}!"))["reason"])
            assert said[:5] == ["bad-login"] * 5
            assert set(said[5:]) == {"account-slowed"}  # slowed where the guesses come from
            owner = await _login(server.url, "127.0.0.2", PASSWORD)
            assert owner["type"] == "welcome", owner  # the owner, from home, is let in
            # guesses from many addresses: the account itself is slowed, far beyond
            for host in range(6, 12):
                for _ in range(2):
                    await _login(server.url, f"127.0.0.{host}", "wrong again!")
            guarded = await _login(server.url, "127.0.0.3", PASSWORD)
            assert guarded.get("reason") == "account-guarded", guarded
            back = await Raw.open(server.url, **_from("127.0.0.3"))
            assert (await back.hello("Alice", token=token))["account"]  # her token opens it
            await back.close()

        run(scenario())


def test_a_password_change_stopped_by_the_address_limit_is_told_so(tmp_path: Path) -> None:
    limits = LoginLimits(per_address=3)
    with ServerThread(tmp_path, ServerOptions(login_limits=limits)) as server:

        async def scenario() -> None:
            alice = await Raw.open(server.url, **_from("127.0.0.2"))
            await alice.send("register", name="Alice", password=PASSWORD)  # one attempt
            await alice.next("welcome")
            for _ in range(2):  # two, three: the minute's last (another copy's typing)
                other = await Raw.open(server.url, **_from("127.0.0.2"))
                await other.answer("login", name="Zed", password="not zed's", ok=("welcome",))
                await other.close()
            refused = await alice.answer(
                "change-password", old=PASSWORD, new="another long one 8", ok=("done",)
            )
            assert refused.get("reason") == "too-many-logins", refused
            await alice.close()

        run(scenario())
