#!/usr/bin/env bash
# A league on the referee's clock, for versus: matches kept by battletris's -c ppt frames
# (--versus-pace ppt), where a clear's pause costs the time of two pieces, and players that search
# by a beam 16 wide through every known piece, as the TBP bot does. Round 1 learns by matches
# (CMA-ES, 30 generations) from start.json (the weights of the lockstep league before it,
# ../versus_league/best_8.json, with the clears and tst_slot features added) against those weights
# and cold_clear_like.json (hand-set weights in the spirit of Cold Clear's evaluator); round 2 (20
# generations) from round 1's best, against it, the lockstep league's weights and start.json.
# Round 2's best is the versus preset. Every round is seeded, so the league comes out the same on
# any machine with the same engine; the preset's came from a beam that stopped at the first piece
# the preview does not show, where the beam now weighs that piece by the bag's odds. Each round
# writes its checkpoint (round_N.json) and best weights (best_N.json) into the directory given
# (default: this one); a round whose checkpoint is there is resumed, so a league stopped part-way
# goes on where it stopped.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
out="${1:-$here}"
tetris_ai="${TETRIS_AI:-$here/../../../target/release/tetris-ai}"
mkdir -p "$out"
cd "$out"
for file in start.json cold_clear_like.json; do
  [[ -e $file ]] || cp "$here/$file" .
done
[[ -e lockstep_best.json ]] || cp "$here/../versus_league/best_8.json" lockstep_best.json

# Plays round `round` for `generations` with the options after them, or resumes it.
play_round() {
  local round=$1 generations=$2
  shift 2
  if [[ -e round_$round.json ]]; then
    "$tetris_ai" evolve --resume "round_$round.json" --generations "$generations" \
      --out "best_$round.json"
  else
    "$tetris_ai" evolve --optimizer cmaes --rules guideline --board 10x20 --max-pieces 400 \
      --validate-top 2 --generations "$generations" --preview-beam 16 --versus-pace ppt "$@" \
      --checkpoint "round_$round.json" --out "best_$round.json"
  fi
}

play_round 1 30 --start start.json --spread 1 --games 8 --validate-games 16 \
  --versus lockstep_best.json --versus cold_clear_like.json --seed 31
play_round 2 20 --start best_1.json --spread 0.5 --games 12 --validate-games 24 \
  --versus best_1.json --versus lockstep_best.json --versus start.json --seed 32
