"""``python -m tetris_ai.ray evolve [OPTIONS]``: ``tetris-ai evolve`` on a Ray cluster (a local
Ray instance without ``--address``). Exits 0 when done, 2 on a bad option or any error, 130 after
Ctrl-C, each error said in one line after ``error: ``."""

import logging
import os
import socket
import sys
from pathlib import Path
from typing import Mapping, MutableMapping, Optional, TextIO

from tetris_ai import evolve_arguments
from tetris_ai.ray.evolve import evolve

USAGE = "usage: python -m tetris_ai.ray evolve [OPTIONS] (--help lists them)\n"

# The exit code of every error, as the command line's.
ERROR_EXIT = 2

# The exit code after Ctrl-C (SIGINT), as a shell gives a program that signal ends.
INTERRUPTED_EXIT = 130


def interrupted(checkpoint: Optional[str]) -> str:
    """What Ctrl-C leaves behind, said after ``error: ``: the checkpoint to resume, if any."""
    if checkpoint is None:
        return "interrupted"
    return (
        f"interrupted; {checkpoint} holds the last complete generation, and --resume {checkpoint} "
        "goes on from it"
    )


# Seconds to wait for a cluster's address to answer.
CONNECT_TIMEOUT = 10.0


def check_listening(address: str) -> None:
    """Raises ``ConnectionError`` naming ``address`` (``HOST:PORT`` or ``ray://HOST:PORT``) when
    nothing answers there: Ray itself would keep trying for minutes. Other forms are left to
    Ray."""
    host, colon, port = address.removeprefix("ray://").rpartition(":")
    if not colon or not port.isdigit():
        return
    try:
        socket.create_connection((host.strip("[]"), int(port)), CONNECT_TIMEOUT).close()
    except OSError as error:
        reason = error.strerror or str(error) or type(error).__name__
        raise ConnectionError(f"no Ray cluster answers at --address {address}: {reason}") from None


def token_at_hand(environ: Mapping[str, str], home: Path) -> bool:
    """Whether Ray has an authentication token here: ``RAY_AUTH_TOKEN``, a file named by
    ``RAY_AUTH_TOKEN_PATH``, or its default file ``~/.ray/auth_token``."""
    if environ.get("RAY_AUTH_TOKEN") or environ.get("RAY_AUTH_TOKEN_PATH"):
        return True
    return (home / ".ray" / "auth_token").is_file()


def use_token_auth(environ: MutableMapping[str, str], home: Path) -> None:
    """Sets ``RAY_AUTH_MODE=token`` where it is not set and a token is at hand (before Ray is
    imported, which reads it). ``ray start`` turns token authentication on wherever it finds a
    token (Ray 2.60), but a program that joins the cluster sends its token only in token mode, so
    it would be refused; in token mode it joins a cluster without authentication as well."""
    if "RAY_AUTH_MODE" not in environ and token_at_hand(environ, home):
        environ["RAY_AUTH_MODE"] = "token"


# What a refused connection may need, said after Ray's own words.
TOKEN_HINT = (
    "; a cluster with token authentication needs its token here too: RAY_AUTH_TOKEN, "
    "RAY_AUTH_TOKEN_PATH, or the head's ~/.ray/auth_token"
)


def connect(address: Optional[str], cpus: Optional[int]) -> None:
    """Joins the Ray cluster at ``address``, else starts a local Ray instance of ``cpus`` CPUs
    (default: one per core)."""
    import ray

    if address is None:
        ray.init(
            address="local",
            num_cpus=cpus,
            include_dashboard=False,
            logging_level=logging.WARNING,
        )
    else:
        check_listening(address)
        try:
            ray.init(address=address, logging_level=logging.WARNING)
        except ConnectionError as error:
            raise ConnectionError(f"{error}{TOKEN_HINT}") from None


def reports_apart() -> TextIO:
    """Standard output, kept for the run's reports, with file descriptor 1 pointed at standard
    error from now on: what Ray prints there (a worker that died, a task run again, a worker's
    own output) then goes to standard error, never among the reports, which stay one JSON
    document a line with ``--json``."""
    sys.stdout.flush()
    reports = os.fdopen(os.dup(1), "w", buffering=1, encoding="utf-8")
    os.dup2(2, 1)
    return reports


def main(argv: list[str]) -> int:
    """Runs the command of ``argv`` (the arguments after the program) and returns its exit code."""
    if argv[:1] != ["evolve"]:
        sys.stderr.write(USAGE)
        return ERROR_EXIT
    try:
        options = evolve_arguments(argv[1:])
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        return ERROR_EXIT
    if options["address"] is not None:
        # Ray reads its authentication mode once, as it is imported.
        use_token_auth(os.environ, Path.home())
    import ray

    reports = reports_apart()
    try:
        connect(options["address"], options["threads"])
        evolve(options, out=reports)
    except (ValueError, ConnectionError, ray.exceptions.RayError) as error:
        print(f"error: {error}", file=sys.stderr)
        return ERROR_EXIT
    except KeyboardInterrupt:
        print(f"error: {interrupted(options['checkpoint'])}", file=sys.stderr)
        return INTERRUPTED_EXIT
    finally:
        ray.shutdown()
        reports.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
