#!/usr/bin/env bash
# Profile: where one whole game's decisions spend their time, natively and in WebAssembly, per
# function, in samples of `perf` at the same rate (so the two columns compare as times).
#
#   benches/profile.sh [du|dellacherie]
#
# Plays the work of benches/browser/decisions.mjs (du: 100 games on 10x10; dellacherie: one game
# on 10x20 capped at 1,000,000 pieces) with the native command line and with the simd module in
# Node (built with its function names kept), under `perf record`; V8's `--perf-prof` maps its
# compiled code. Needs perf and Node; `./build.sh build` builds the module.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
work="${1:-dellacherie}"
case "$work" in
du) cli=(--preset du --board 10x10 --games 100) ;;
dellacherie) cli=(--preset dellacherie --board 10x20 --games 1 --max-pieces 1000000) ;;
*)
    echo "usage: benches/profile.sh [du|dellacherie]" >&2
    exit 2
    ;;
esac

out="target/profile"
rm -rf "$out"
mkdir -p "$out/pkg"
cargo build --quiet --release
./build.sh build >/dev/null
# The simd module as rustc wrote it, bound again with its name section kept, so that the profile
# names the functions.
wasm-bindgen --target web --out-dir "$out/pkg" target/simd/wasm32-unknown-unknown/release/tetris_ai_wasm.wasm

cat >"$out/play.mjs" <<'EOF'
import fs from 'node:fs';
const [work, dir] = process.argv.slice(2);
const engine = await import(`${dir}/tetris_ai.js`);
engine.initSync({ module: fs.readFileSync(`${dir}/tetris_ai_bg.wasm`) });
const du = work === 'du';
const config = du ? { preset: 'du', width: 10, height: 10 } : { preset: 'dellacherie', width: 10, height: 20 };
for (let seed = 0; seed < (du ? 100 : 1); seed++) {
  const game = new engine.Game({ ...config, seed });
  game.play(du ? undefined : 1_000_000);
  game.free();
}
EOF

# Samples per function: the top 12 of perf's report of `$1`.
top() {
    perf report -i "$1" --no-children --stdio -n --sort sym 2>/dev/null |
        grep -v '^#' | grep -v '^$' | head -12 |
        awk '{ $1 = ""; $3 = ""; print }' | sed -e 's/::h[0-9a-f]\{16\}//' -e 's/^ *//'
}

perf record --quiet -F 5000 -o "$out/native.data" target/release/tetris-ai bench "${cli[@]}" \
    --threads 1 >/dev/null
(cd "$out" && perf record --quiet -k 1 -F 5000 -o wasm.data node --perf-prof play.mjs "$work" \
    "$PWD/pkg")
perf inject --jit -i "$out/wasm.data" -o "$out/wasm.jit.data" 2>/dev/null
echo "== native, samples per function"
top "$out/native.data"
echo "== WebAssembly (simd build, Node), samples per function"
top "$out/wasm.jit.data"
