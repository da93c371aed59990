"""`python -m tetris_ai.ray evolve --address` joining a cluster that `ray start` started with token
authentication, as it does wherever a token is at hand: the command sends the token it finds, and
without one it says what the cluster needs."""

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import FLAGS, reports

RAY = Path(sys.executable).with_name("ray")


def free_port():
    """A port nothing listens on now."""
    with socket.socket() as unused:
        unused.bind(("127.0.0.1", 0))
        return unused.getsockname()[1]


def with_home(home):
    """This process's environment with ``home`` as the home folder and no Ray auth settings."""
    environ = {k: v for k, v in os.environ.items() if not k.startswith("RAY_AUTH")}
    environ["HOME"] = str(home)
    return environ


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    """A head node of one CPU started by `ray start` with a token in its home folder (so with
    token authentication), its address and that home."""
    home = tmp_path_factory.mktemp("head")
    environ = with_home(home)
    subprocess.run([RAY, "get-auth-token", "--generate"], env=environ, check=True,
                   capture_output=True, timeout=60)
    assert (home / ".ray" / "auth_token").is_file()
    port = free_port()
    head = subprocess.Popen(
        [RAY, "start", "--head", "--block", "--port", str(port), "--num-cpus", "1",
         "--include-dashboard", "false", "--disable-usage-stats"],
        env=environ, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
    )
    address = f"127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), 1).close()
            break
        except OSError:
            assert head.poll() is None and time.monotonic() < deadline, head.stderr.read()
            time.sleep(0.2)
    yield address, home
    head.terminate()
    head.wait(60)


def join(address, home):
    """`python -m tetris_ai.ray evolve --address ADDRESS` of two generations, run with ``home`` as
    its home folder."""
    command = [sys.executable, "-m", "tetris_ai.ray", "evolve", *FLAGS, "--generations", "2"]
    return subprocess.run(
        [*command, "--json", "--address", address],
        env=with_home(home), capture_output=True, text=True, timeout=120,
    )


def test_the_token_in_the_home_folder_joins_the_cluster(cli, cluster):
    address, home = cluster
    done = join(address, home)
    assert done.returncode == 0, done.stderr
    assert reports(done.stdout) == reports(cli("evolve", *FLAGS, "--generations", "2", "--json"))


def test_without_a_token_the_error_says_what_the_cluster_needs(cluster, tmp_path):
    address, _ = cluster
    done = join(address, tmp_path)
    assert done.returncode == 2
    last = done.stderr.strip().splitlines()[-1]
    assert last.startswith(f"error: Failed to connect to Ray cluster at {address}"), last
    assert "needs its token here too: RAY_AUTH_TOKEN" in last
