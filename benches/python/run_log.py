"""A log of long measurements, one JSON line per finished piece of work, so that a stopped
measurement resumes where it stopped."""

import json
import os


def logged(path):
    """The records already in the log at ``path`` (none if it does not exist)."""
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def append(path, record):
    """Appends ``record`` to the log at ``path`` as one line, on disk before this returns."""
    with path.open("a") as log:
        log.write(json.dumps(record) + "\n")
        log.flush()
        os.fsync(log.fileno())
