#!/usr/bin/env bash
# A league of self-play rounds, for versus: each round learns by matches (CMA-ES, 60
# generations) from the last round's best weights, against a pool of the last two rounds' bests
# and the hand-set weights. Round 1 starts from start.json (the hand-set weights, hand.json, with
# the streaks' features added) against dellacherie and hand.json; rounds 1 to 4 play at depth 1,
# rounds 5 to 8 at depth 2. Every round is seeded, so the league comes out the same on any
# machine. Each round writes its checkpoint (round_N.json) and best weights (best_N.json) into the
# directory given (default: this one); a round whose checkpoint is there is resumed, so a league
# stopped part-way goes on where it stopped.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
out="${1:-$here}"
tetris_ai="${TETRIS_AI:-$here/../../../target/release/tetris-ai}"
mkdir -p "$out"
cd "$out"
for file in start.json hand.json; do
  [[ -e $file ]] || cp "$here/$file" .
done
generations=60

# Plays round `round` with the options after it, or resumes it from its checkpoint.
play_round() {
  local round=$1
  shift
  if [[ -e round_$round.json ]]; then
    "$tetris_ai" evolve --resume "round_$round.json" --generations "$generations" \
      --out "best_$round.json"
  else
    "$tetris_ai" evolve --optimizer cmaes --rules guideline --board 10x20 --max-pieces 400 \
      --validate-top 2 --generations "$generations" "$@" \
      --checkpoint "round_$round.json" --out "best_$round.json"
  fi
}

play_round 1 --start start.json --spread 1 --games 8 --validate-games 16 \
  --versus dellacherie --versus hand.json --seed 11
for round in 2 3 4 5 6 7 8; do
  pool=(--versus "best_$((round - 1)).json" --versus hand.json)
  if ((round >= 3)); then pool+=(--versus "best_$((round - 2)).json"); fi
  depth=$((round <= 4 ? 1 : 2))
  play_round "$round" --start "best_$((round - 1)).json" --spread 0.5 --games 12 \
    --validate-games 24 --depth "$depth" "${pool[@]}" --seed $((20 + round))
done
