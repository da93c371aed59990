"""`python -m tetris_ai.ray evolve` on a local Ray instance: the command line's reports,
checkpoints and best weights, whatever the chunks; checkpoints that move between the two."""

import io
import json
import signal
import socket
import subprocess
import sys

import pytest
import ray
from conftest import FLAGS, on_ray, reports, untimed_checkpoint, untimed_text


@pytest.fixture(scope="module", autouse=True)
def local_ray():
    """One local Ray instance of 2 CPUs for the module."""
    ray.init(address="local", num_cpus=2, include_dashboard=False)
    yield
    ray.shutdown()


@pytest.mark.parametrize("chunks", [[], ["--chunk-games", "1"], ["--chunk-games", "7"]])
def test_the_reports_and_files_are_the_command_lines(cli, tmp_path, chunks):
    def files(where):
        best = tmp_path / f"{where}-best.json"
        return ["--checkpoint", str(tmp_path / f"{where}.json"), "--out", str(best)]

    there = cli("evolve", *FLAGS, "--generations", "3", "--json", *files("cli"))
    here = on_ray(*FLAGS, "--generations", "3", "--json", *files("ray"), *chunks)
    assert len(reports(here)) == 3
    assert reports(here) == reports(there)
    assert untimed_checkpoint(tmp_path / "ray.json") == untimed_checkpoint(tmp_path / "cli.json")
    assert (tmp_path / "ray-best.json").read_text() == (tmp_path / "cli-best.json").read_text()


def test_the_text_lines_are_the_command_lines(cli):
    there, said = cli("evolve", *FLAGS, "--generations", "2", stderr=True)
    err = io.StringIO()
    here = on_ray(*FLAGS, "--generations", "2", err=err)
    assert untimed_text(here) == untimed_text(there)
    assert untimed_text(here)[1].startswith("generation    2:    3 games each  best ")
    assert untimed_text(here)[2].startswith("best weights (validated fitness ")
    assert err.getvalue() == said
    assert said.startswith("cem on classic rules, 6x8 board, 3 games per individual, features ")


def test_a_checkpoint_moves_from_the_command_line_to_ray_and_back(cli, tmp_path):
    whole = reports(cli("evolve", *FLAGS, "--generations", "3", "--json"))
    checkpoint = str(tmp_path / "run.json")
    first = cli("evolve", *FLAGS, "--generations", "1", "--json", "--checkpoint", checkpoint)
    second = on_ray("--resume", checkpoint, "--generations", "2", "--json")
    third = cli("evolve", "--resume", checkpoint, "--generations", "3", "--json")
    assert reports(first) + reports(second) + reports(third) == whole


def test_the_command_starts_its_own_local_instance(cli):
    command = [sys.executable, "-m", "tetris_ai.ray", "evolve", *FLAGS, "--generations", "2"]
    done = subprocess.run(
        [*command, "--json", "--threads", "2"], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert reports(done.stdout) == reports(cli("evolve", *FLAGS, "--generations", "2", "--json"))


# The command, run with Ray made noisy once connected: a Ray task prints a line (Ray forwards a
# worker's output to the driver's standard output) and the driver prints one of its own there, as
# Ray does when a worker dies or a task runs again.
NOISY = """
import sys, ray
import tetris_ai.ray.__main__ as command
connect = command.connect
def noisy(address, cpus):
    connect(address, cpus)
    ray.get(ray.remote(lambda: print("a worker's own line")).remote())
    print("(raylet) A worker died or was killed while executing a task")
command.connect = noisy
sys.exit(command.main(sys.argv[1:]))
"""


def test_what_ray_prints_goes_to_standard_error_never_among_the_reports(cli):
    command = [sys.executable, "-c", NOISY, "evolve", *FLAGS, "--generations", "2", "--threads", "2"]
    done = subprocess.run([*command, "--json"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "(raylet) A worker died" in done.stderr
    assert "A worker died" not in done.stdout and "a worker's own line" not in done.stdout
    # Every line of standard output is a report, and they are the command line's.
    assert reports(done.stdout) == reports(cli("evolve", *FLAGS, "--generations", "2", "--json"))


def test_ctrl_c_says_where_to_resume_without_a_traceback(cli, tmp_path):
    checkpoint = tmp_path / "run.json"
    command = [sys.executable, "-m", "tetris_ai.ray", "evolve", *FLAGS, "--generations", "1000"]
    running = subprocess.Popen(
        [*command, "--json", "--threads", "2", "--checkpoint", str(checkpoint)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    first = running.stdout.readline()
    running.send_signal(signal.SIGINT)
    out, err = running.communicate(timeout=60)
    assert running.returncode == 130, err
    assert "Traceback" not in err
    assert err.strip().splitlines()[-1] == (
        f"error: interrupted; {checkpoint} holds the last complete generation, and --resume "
        f"{checkpoint} goes on from it"
    )
    # The reports printed are the command line's; the checkpoint holds them (and one more
    # generation, where Ctrl-C came between its saving and its report), and goes on.
    done = reports(first + out)
    assert done == reports(cli("evolve", *FLAGS, "--generations", str(len(done)), "--json"))
    saved = len(json.loads(checkpoint.read_text())["history"])
    assert saved in (len(done), len(done) + 1)
    resumed = cli("evolve", "--resume", str(checkpoint), "--generations", str(saved + 1), "--json")
    assert len(reports(resumed)) == 1


def test_an_address_where_nothing_listens_fails_naming_it():
    with socket.socket() as unused:
        unused.bind(("127.0.0.1", 0))
        address = f"127.0.0.1:{unused.getsockname()[1]}"
    command = [sys.executable, "-m", "tetris_ai.ray", "evolve", "--address", address]
    done = subprocess.run(command, capture_output=True, text=True, timeout=60)
    assert (done.returncode, done.stdout) == (2, "")
    expected = f"error: no Ray cluster answers at --address {address}: Connection refused"
    assert expected in done.stderr
