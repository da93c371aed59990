#!/usr/bin/env python3
"""Our TBP bot (`tetris-ai tbp`) against Cold Clear 2, or against itself, refereed by battletris.

The referee and the opponent are built outside this repository, from snapshots of their public
repositories (git directories, bare or not) at the commits this comparison was set up with:
battletris a9273ca and Cold Clear 2 ed8b193. Each bot is started through a tap that passes its
TBP lines through unchanged and logs them with the time, so that the report can give what
battletris does not print: each side's attack per piece (by the `-c ppt` table), pieces per second,
T-spins and perfect clears, and how each game ended (a top-out, or a forfeit by a timeout, an empty
move or a move battletris refused). Cold Clear 2's forfeits are counted apart, never as our wins.

Games are played one at a time (battletris `-p 1`), each bot on one thread; run it on a quiet
machine, since a loaded one makes bots lose on time.

    benches/battletris/head_to_head.py --battletris GIT_DIR --cold-clear GIT_DIR --games 200
    benches/battletris/head_to_head.py ... --opponent ours --games 20 --json report.json

The tap mode (`tap --log DIR -- COMMAND...`) is how the script starts each bot; it is not meant to
be called by hand.
"""

import argparse
import json
import math
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
OURS = ROOT / "target" / "release" / "tetris-ai"
COMMITS = {"battletris": "a9273ca", "cold-clear-2": "ed8b193"}
# battletris -c ppt: attack by lines, minis and T-spins, back-to-back, combo, perfect clear.
CLEAR = [0, 0, 1, 2, 4]
MINI = [0, 0, 1, 2]
SPIN = [0, 2, 4, 6]
COMBO = [0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 4, 5]
PERFECT_CLEAR = 10
# A suggestion later than this after its suggest loses the game.
TIMEOUT_S = 0.5
Z_95 = 1.959963984540054


# ---- the tap ----


def tap(log_dir, command):
    """Runs `command`, passing standard input and output through line by line, logging each line
    with the time (`>` to the bot, `<` from it) to a file of its own in `log_dir`."""
    log_dir.mkdir(parents=True, exist_ok=True)
    log = open(log_dir / f"{time.time():.6f}-{os.getpid()}.log", "w", buffering=1)
    lock = threading.Lock()

    def write(direction, line):
        with lock:
            log.write(f"{time.monotonic():.6f} {direction} {line.rstrip()}\n")

    child = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def from_bot():
        for line in child.stdout:
            write("<", line)
            sys.stdout.write(line)
            sys.stdout.flush()

    relay = threading.Thread(target=from_bot, daemon=True)
    relay.start()
    try:
        for line in sys.stdin:
            write(">", line)
            child.stdin.write(line)
            child.stdin.flush()
    except (BrokenPipeError, OSError):
        pass
    try:
        child.stdin.close()
    except OSError:
        pass
    child.wait()
    relay.join(timeout=1)
    return child.returncode


# ---- building ----


def git_args(path):
    """The git options that read the repository at `path`, a checkout or a bare git directory."""
    if (path / ".git").exists():
        return ["-C", str(path)]
    return ["--git-dir", str(path)]


def extract(snapshot, commit, into):
    """Writes the tree of `commit` in the repository `snapshot` to the folder `into`."""
    resolved = subprocess.run(
        ["git", *git_args(snapshot), "rev-parse", "--verify", f"{commit}^{{commit}}"],
        capture_output=True,
        text=True,
    )
    if resolved.returncode != 0:
        sys.exit(f"error: {snapshot} has no commit {commit}: {resolved.stderr.strip()}")
    if into.exists():
        shutil.rmtree(into)
    into.mkdir(parents=True)
    archive = subprocess.Popen(["git", *git_args(snapshot), "archive", commit], stdout=subprocess.PIPE)
    subprocess.run(["tar", "-x", "-C", str(into)], stdin=archive.stdout, check=True)
    if archive.wait() != 0:
        sys.exit(f"error: git archive of {commit} in {snapshot} failed")


def build(source, name, work):
    """Builds the release binary `name` of the crate at `source`; its path."""
    target = work / f"target-{name}"
    print(f"== building {name} (cargo build --release)", file=sys.stderr)
    subprocess.run(
        ["cargo", "build", "--release", "--quiet", "--manifest-path", str(source / "Cargo.toml")],
        env={**os.environ, "CARGO_TARGET_DIR": str(target)},
        check=True,
    )
    return target / "release" / name


def wrapper(work, name, command):
    """An executable with no arguments (battletris starts bots so) that runs `command` through
    the tap, logging to logs/`name`; its path."""
    path = work / "bots" / name
    path.parent.mkdir(parents=True, exist_ok=True)
    quoted = " ".join(f"'{part}'" for part in command)
    path.write_text(
        "#!/bin/sh\n"
        f"exec '{sys.executable}' '{Path(__file__).resolve()}' tap --log '{work / 'logs' / name}' -- {quoted}\n"
    )
    path.chmod(0o755)
    return path


# ---- reading the logs ----


def read_log(folder):
    """Every line the tap logged for one side, over every launch of its bot, in time order:
    `(time, direction, message)`, the message parsed (None where it is no JSON)."""
    lines = []
    for file in sorted(folder.glob("*.log")):
        for text in file.read_text().splitlines():
            stamp, direction, body = text.split(" ", 2)
            try:
                message = json.loads(body)
            except json.JSONDecodeError:
                message = None
            lines.append((float(stamp), direction, message))
    lines.sort(key=lambda line: line[0])
    return lines


def games_of(lines):
    """The lines of each game, from the `start` that begins it to the `stop` that ends it."""
    games, current = [], None
    for time_, direction, message in lines:
        kind = message.get("type") if isinstance(message, dict) else None
        if direction == ">" and kind == "start" and current is None:
            current = []
        if current is not None:
            current.append((time_, direction, message))
        if direction == ">" and kind == "stop" and current is not None:
            games.append(current)
            current = None
    if current:
        games.append(current)
    return games


CELLS = {
    "I": [[(-1, 0), (0, 0), (1, 0), (2, 0)], [(0, 1), (0, 0), (0, -1), (0, -2)],
          [(-2, 0), (-1, 0), (0, 0), (1, 0)], [(0, 2), (0, 1), (0, 0), (0, -1)]],
    "O": [[(0, 0), (1, 0), (0, 1), (1, 1)], [(0, 0), (1, 0), (0, -1), (1, -1)],
          [(-1, 0), (0, 0), (-1, -1), (0, -1)], [(-1, 0), (0, 0), (-1, 1), (0, 1)]],
    "T": [[(-1, 0), (0, 0), (1, 0), (0, 1)], [(0, 1), (0, 0), (0, -1), (1, 0)],
          [(-1, 0), (0, 0), (1, 0), (0, -1)], [(0, 1), (0, 0), (0, -1), (-1, 0)]],
    "S": [[(-1, 0), (0, 0), (0, 1), (1, 1)], [(0, 1), (0, 0), (1, 0), (1, -1)],
          [(-1, -1), (0, -1), (0, 0), (1, 0)], [(-1, 1), (-1, 0), (0, 0), (0, -1)]],
    "Z": [[(-1, 1), (0, 1), (0, 0), (1, 0)], [(1, 1), (1, 0), (0, 0), (0, -1)],
          [(-1, 0), (0, 0), (0, -1), (1, -1)], [(0, 1), (0, 0), (-1, 0), (-1, -1)]],
    "J": [[(-1, 1), (-1, 0), (0, 0), (1, 0)], [(0, 1), (1, 1), (0, 0), (0, -1)],
          [(-1, 0), (0, 0), (1, 0), (1, -1)], [(0, 1), (0, 0), (0, -1), (-1, -1)]],
    "L": [[(1, 1), (-1, 0), (0, 0), (1, 0)], [(0, 1), (0, 0), (0, -1), (1, -1)],
          [(-1, -1), (-1, 0), (0, 0), (1, 0)], [(-1, 1), (0, 1), (0, 0), (0, -1)]],
}
ORIENTATIONS = ["north", "east", "south", "west"]


def cells(location):
    """The cells of a TBP piece location (the tbp-spec's centres)."""
    offsets = CELLS[location["type"]][ORIENTATIONS.index(location["orientation"])]
    return [(location["x"] + dx, location["y"] + dy) for dx, dy in offsets]


class Side:
    """One side's game as its TBP lines show it: the board (from each `start`, then each `play`),
    combo and back-to-back, and what its plays were worth."""

    def __init__(self):
        self.board = set()
        self.combo = 0
        self.back_to_back = False
        self.hold = None
        self.queue = []
        self.pieces = self.attack = self.t_spins = self.perfect_clears = 0
        # Clears, and those that sent nothing: each costs the referee's clear delay.
        self.clears = self.idle_clears = 0

    def start(self, message):
        self.board = {(x, y) for y, row in enumerate(message["board"]) for x, cell in enumerate(row) if cell}
        self.combo = message["combo"]
        self.back_to_back = message["back_to_back"]
        self.hold = message["hold"]
        self.queue = list(message["queue"])

    def play(self, move):
        location, spin = move["location"], move["spin"]
        for cell in cells(location):
            self.board.add(cell)
        full = [y for y in range(40) if all((x, y) in self.board for x in range(10))]
        for y in reversed(full):
            self.board = {(x, row - 1 if row > y else row) for x, row in self.board if row != y}
        lines = len(full)
        current = self.queue.pop(0) if self.queue else None
        if location["type"] != current:
            if self.hold is None and self.queue:
                self.queue.pop(0)
            self.hold = current
        self.pieces += 1
        if lines == 0:
            self.combo = 0
            return
        hard = spin != "none" or lines == 4
        sent = {"none": CLEAR, "mini": MINI, "full": SPIN}[spin][lines]
        if self.back_to_back and hard:
            sent += 1
        sent += COMBO[min(self.combo, len(COMBO) - 1)]
        if not self.board:
            sent = PERFECT_CLEAR
            self.perfect_clears += 1
        if spin != "none":
            self.t_spins += 1
        self.attack += sent
        self.clears += 1
        self.idle_clears += sent == 0
        self.back_to_back = hard
        self.combo += 1

    def can_spawn(self):
        """Whether the current piece (or hold's) fits at the spawn, x 4 and y 19 or 20."""
        pieces = [p for p in [self.queue[0] if self.queue else None, self.hold] if p]
        for piece in pieces:
            for y in (19, 20):
                spawn = {"type": piece, "orientation": "north", "x": 4, "y": y}
                if not any(cell in self.board for cell in cells(spawn)):
                    return True
        return False


def replay(game):
    """What one side's lines of one game show: pieces, attack, T-spins, perfect clears, seconds,
    and how its last suggestion went (`late`, `empty`, or `unplayed` when a suggestion came in
    time but no play followed it)."""
    side = Side()
    last_suggest = last_answer = None
    unplayed = False
    latencies = []
    for time_, direction, message in game:
        if not isinstance(message, dict):
            continue
        kind = message.get("type")
        if direction == ">" and kind == "start":
            side.start(message)
        elif direction == ">" and kind == "new_piece":
            side.queue.append(message["piece"])
        elif direction == ">" and kind == "suggest":
            last_suggest, last_answer, unplayed = time_, None, False
        elif direction == "<" and kind == "suggestion":
            last_answer = (time_, message)
            unplayed = True
            if last_suggest is not None:
                latencies.append(time_ - last_suggest)
        elif direction == ">" and kind == "play":
            side.play(message["move"])
            unplayed = False
    seconds = game[-1][0] - game[0][0]
    ending = None
    if last_suggest is not None and (last_answer is None or last_answer[0] - last_suggest > TIMEOUT_S):
        ending = "late"
    elif last_answer is not None and unplayed:
        ending = "empty" if not last_answer[1].get("moves") else "unplayed"
    return {
        "pieces": side.pieces,
        "attack": side.attack,
        "t_spins": side.t_spins,
        "perfect_clears": side.perfect_clears,
        "clears": side.clears,
        "idle_clears": side.idle_clears,
        "seconds": seconds,
        "ending": ending,
        "can_spawn": side.can_spawn(),
        "latencies": latencies,
    }


def how_lost(seen):
    """How the loser's game ended: a top-out, or a forfeit by a timeout, an empty move, or a move
    the referee refused while the piece could still spawn."""
    if seen["ending"] == "late":
        return "timeout"
    if seen["ending"] == "empty":
        return "empty move" if seen["can_spawn"] else "top-out"
    return "top-out" if not seen["can_spawn"] else "refused move"


def wilson(wins, decided):
    """The 95% Wilson score interval of `wins` out of `decided`."""
    if decided == 0:
        return None
    p = wins / decided
    z2n = Z_95 * Z_95 / decided
    centre = p + z2n / 2
    spread = Z_95 * math.sqrt(p * (1 - p) / decided + z2n / (4 * decided))
    return [max(0.0, (centre - spread) / (1 + z2n)), min(1.0, (centre + spread) / (1 + z2n))]


def winners(stdout):
    """Each game's winner, in order, from battletris's running score ("3 - 1" after each)."""
    seen, before = [], (0, 0)
    for chunk in stdout.replace("\x1b[K", "").replace("\r", "\n").splitlines():
        parts = chunk.split()
        if len(parts) >= 3 and parts[1] == "-" and parts[0].isdigit() and parts[2].isdigit():
            score = (int(parts[0]), int(parts[2]))
            if score != before and sum(score) == sum(before) + 1:
                seen.append("left" if score[0] > before[0] else "right")
                before = score
    return seen


def report(work, stdout, names):
    """The head-to-head's figures: wins on the board and forfeits, each side's play."""
    result = winners(stdout)
    sides = {side: [replay(game) for game in games_of(read_log(work / "logs" / name))] for side, name in names.items()}
    games = min(len(result), *(len(g) for g in sides.values()))
    endings = []
    for i in range(games):
        winner = result[i]
        loser = "right" if winner == "left" else "left"
        endings.append({"winner": winner, "loser_ending": how_lost(sides[loser][i])})
    board_wins = {side: sum(1 for e in endings if e["winner"] == side and e["loser_ending"] == "top-out") for side in names}
    forfeits = {
        side: {kind: sum(1 for e in endings if e["winner"] != side and e["loser_ending"] == kind)
               for kind in ["timeout", "empty move", "refused move"]}
        for side in names
    }
    decided = board_wins["left"] + board_wins["right"]
    figures = {}
    for side, seen in sides.items():
        seen = seen[:games]
        pieces = sum(s["pieces"] for s in seen)
        seconds = sum(s["seconds"] for s in seen)
        latencies = sorted(t for s in seen for t in s["latencies"])
        figures[side] = {
            "name": names[side],
            "wins_by_top_out": board_wins[side],
            "forfeits": forfeits[side],
            "pieces": pieces,
            "attack": sum(s["attack"] for s in seen),
            "attack_per_piece": sum(s["attack"] for s in seen) / pieces if pieces else 0,
            "pieces_per_second": pieces / seconds if seconds else 0,
            "attack_per_second": sum(s["attack"] for s in seen) / seconds if seconds else 0,
            "clears": sum(s["clears"] for s in seen),
            "idle_clears": sum(s["idle_clears"] for s in seen),
            "t_spins": sum(s["t_spins"] for s in seen),
            "perfect_clears": sum(s["perfect_clears"] for s in seen),
            "suggestion_ms": {
                "median": 1e3 * latencies[len(latencies) // 2] if latencies else None,
                "max": 1e3 * latencies[-1] if latencies else None,
            },
        }
    return {
        "games": games,
        "decided_by_top_out": decided,
        "left_win_rate": board_wins["left"] / decided if decided else None,
        "left_win_rate_interval": wilson(board_wins["left"], decided),
        "left": figures["left"],
        "right": figures["right"],
        "endings": endings,
    }


def print_report(figures, setup):
    print(f"{setup}: {figures['games']} games")
    for side in ["left", "right"]:
        f = figures[side]
        forfeits = ", ".join(f"{n} by {kind}" for kind, n in f["forfeits"].items() if n) or "none"
        ms = {k: "-" if v is None else f"{v:.1f}" for k, v in f["suggestion_ms"].items()}
        print(
            f"  {f['name']:>12}: {f['wins_by_top_out']} wins by top-out; forfeits: {forfeits}; "
            f"{f['attack_per_piece']:.3f} attack per piece, {f['pieces_per_second']:.2f} pieces/s, "
            f"{f['attack_per_second']:.2f} attack/s, {f['pieces']} pieces, {f['clears']} clears ({f['idle_clears']} sending "
            f"nothing), {f['t_spins']} T-spins, {f['perfect_clears']} perfect clears; suggestions in "
            f"{ms['median']} ms (median), {ms['max']} ms at most"
        )
    interval = figures["left_win_rate_interval"]
    if interval:
        print(
            f"  {figures['left']['name']} wins {100 * figures['left_win_rate']:.1f}% of the games decided "
            f"by a top-out, 95% interval {100 * interval[0]:.1f}% to {100 * interval[1]:.1f}% (Wilson)"
        )


def main():
    if len(sys.argv) > 1 and sys.argv[1] == "tap":
        parser = argparse.ArgumentParser(prog="head_to_head.py tap")
        parser.add_argument("--log", type=Path, required=True)
        parser.add_argument("command", nargs=argparse.REMAINDER)
        args = parser.parse_args(sys.argv[2:])
        command = args.command[1:] if args.command[:1] == ["--"] else args.command
        sys.exit(tap(args.log, command))

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--battletris", type=Path, required=True, help="battletris's git directory")
    parser.add_argument("--cold-clear", type=Path, required=True, help="Cold Clear 2's git directory")
    parser.add_argument("--games", type=int, default=200, help="games decided (default 200)")
    parser.add_argument("--opponent", choices=["cold-clear", "ours"], default="cold-clear")
    parser.add_argument("--ours", default="--think-ms 100", help="options of tetris-ai tbp")
    parser.add_argument("--work", type=Path, default=Path(tempfile.gettempdir()) / "tetris-ai-head-to-head")
    parser.add_argument("--json", type=Path, help="also write the report here")
    args = parser.parse_args()
    work = args.work.resolve()
    if work == ROOT or ROOT in work.parents:
        sys.exit(f"error: --work must lie outside the repository, got {work}")
    if args.games < 1:
        sys.exit(f"error: --games must be 1 or more, got {args.games}")
    for name, path in [("battletris", args.battletris), ("cold-clear", args.cold_clear)]:
        if not path.exists():
            sys.exit(f"error: --{name} {path} does not exist")
    work.mkdir(parents=True, exist_ok=True)
    extract(args.battletris, COMMITS["battletris"], work / "battletris")
    referee = build(work / "battletris", "battletris", work)
    extract(args.cold_clear, COMMITS["cold-clear-2"], work / "cold-clear-2")
    cold_clear = build(work / "cold-clear-2", "cold-clear-2", work)
    print("== building tetris-ai (cargo build --release)", file=sys.stderr)
    subprocess.run(["cargo", "build", "--release", "--quiet", "-p", "tetris-ai-cli"], cwd=ROOT, check=True)
    shutil.rmtree(work / "logs", ignore_errors=True)
    ours = [str(OURS), "tbp", *args.ours.split()]
    left = wrapper(work, "tetris-ai", ours)
    if args.opponent == "ours":
        right, names = wrapper(work, "tetris-ai-2", ours), {"left": "tetris-ai", "right": "tetris-ai-2"}
    else:
        right, names = wrapper(work, "cold-clear-2", [str(cold_clear)]), {"left": "tetris-ai", "right": "cold-clear-2"}
    print(f"== {names['left']} against {names['right']}, {args.games} games, -c ppt, one at a time", file=sys.stderr)
    started = time.monotonic()
    played = subprocess.run(
        [str(referee), str(left), str(right), "-f", str(args.games), "-p", "1", "-c", "ppt"],
        capture_output=True,
        text=True,
    )
    if played.returncode != 0 or played.stderr.strip():
        print(played.stderr, file=sys.stderr)
    figures = report(work, played.stdout, names)
    figures["setup"] = {
        "battletris": COMMITS["battletris"],
        "cold_clear_2": COMMITS["cold-clear-2"],
        "ours": " ".join(["tetris-ai", "tbp", *args.ours.split()]),
        "config": "ppt",
        "parallelism": 1,
        "wall_seconds": time.monotonic() - started,
        # battletris's last lines: the final score with its Elo bound, and the crashes.
        "referee_says": " ".join(
            line.strip() for line in played.stdout.replace("\x1b[K", "").splitlines()[-2:] if line.strip()
        ),
    }
    print_report(figures, f"{names['left']} against {names['right']}")
    if args.json:
        args.json.write_text(json.dumps(figures, indent=2) + "\n")


if __name__ == "__main__":
    main()
