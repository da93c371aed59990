#!/usr/bin/env bash
# A league of self-play rounds, for versus: each round learns by matches (CMA-ES) from the last
# round's best weights, against a pool of the last two rounds' bests and the hand-set weights.
# The first round starts from start.json (the hand-set weights, hand.json, with the streaks'
# features added) against dellacherie and hand.json. Every round is seeded, so the rounds come
# out the same on any machine; each writes its checkpoint (round_N.json, which resumes) and its
# best weights (best_N.json) into the directory given (default: this one).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
out="${1:-$here}"
tetris_ai="${TETRIS_AI:-$here/../../../target/release/tetris-ai}"
mkdir -p "$out"
cd "$out"
cp -n "$here/start.json" "$here/hand.json" . 2>/dev/null || true
common=(--optimizer cmaes --rules guideline --board 10x20 --max-pieces 400 --validate-top 2)
"$tetris_ai" evolve "${common[@]}" --start start.json --spread 1 --games 8 --validate-games 16 \
  --versus dellacherie --versus hand.json --seed 11 --generations 60 \
  --checkpoint round_1.json --out best_1.json
for round in 2 3 4; do
  pool=(--versus "best_$((round - 1)).json" --versus hand.json)
  if ((round >= 3)); then pool+=(--versus "best_$((round - 2)).json"); fi
  "$tetris_ai" evolve "${common[@]}" --start "best_$((round - 1)).json" --spread 0.5 --games 12 \
    --validate-games 24 "${pool[@]}" --seed $((20 + round)) --generations 60 \
    --checkpoint "round_$round.json" --out "best_$round.json"
done
