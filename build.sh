#!/usr/bin/env bash
# Builds, tests and benchmarks tetris-ai. Run `./build.sh` without arguments for the usage.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")"

usage() {
    cat >&2 <<'EOF'
usage: ./build.sh <command>

commands:
  serve   build the WebAssembly modules and serve the page on http://127.0.0.1:$PORT (8080)
  build   build the three WebAssembly modules into www/pkg: threaded (SIMD and a thread pool),
          simd (SIMD on one thread) and plain (neither, for browsers without SIMD)
  types   write the TypeScript declarations of the engine's values (www/types/engine.d.ts)
          from its Rust types
  test    formatting (rustfmt, prettier), the JavaScript unit tests (no browser), the TypeScript
          declarations (current, and the typed example embedder compiled with tsc --strict),
          clippy, the Rust tests (with the docs made from the code), the WebAssembly tests in
          headless Chromium, the browser tests of the page (Chromium; a part of them in
          Firefox ESR and WebKitGTK too), then the Python package's tests (as python does)
  python  build the Python package into a virtual environment (.venv) and run its tests
          (pytest, tests/python; the Ray tests in a private network namespace, unshare --net)
  bench   the engine benchmarks, then the command-line benchmark on 10x10 boards
  package build the modules and write the npm package's folder to target/package
          (`npm pack target/package` makes the tarball)

environment:
  PORT=8080       the port serve listens on
  ISOLATION=0     serve without the cross-origin isolation headers (the page then runs simd)
  NO_BUILD=1      serve what is already built
EOF
}

# Makes sure cargo and the rustfmt and clippy components are installed.
ensure_rust() {
    if ! command -v cargo >/dev/null 2>&1 && [ -f "$HOME/.cargo/env" ]; then
        # shellcheck disable=SC1091
        . "$HOME/.cargo/env"
    fi
    if ! command -v cargo >/dev/null 2>&1; then
        echo "error: cargo not found: install Rust with rustup first" >&2
        exit 1
    fi
    if command -v rustup >/dev/null 2>&1; then
        local installed missing=()
        installed="$(rustup component list --installed 2>/dev/null || true)"
        for component in rustfmt clippy; do
            if ! grep -q "^$component" <<<"$installed"; then
                missing+=("$component")
            fi
        done
        if [ "${#missing[@]}" -gt 0 ]; then
            rustup --quiet component add "${missing[@]}"
        fi
    fi
}

# The nightly toolchain the threaded build compiles with (atomics and build-std need nightly).
NIGHTLY=nightly-2026-05-20
# WebAssembly SIMD for the simd and threaded builds (every browser with wasm threads has SIMD;
# the plain build, without it, is for browsers without SIMD). With SIMD, LLVM's loop vectorizer
# made decisions 2-5% slower than the plain build in Chromium (the hot loops run over a piece's
# few columns, likely too short for vector code and its run-time checks to pay); with it off
# the SIMD builds run 1-3% faster than the plain one (off changes nothing on the plain build).
SIMD_RUSTFLAGS="-C target-feature=+simd128 -C no-vectorize-loops"
# SIMD, and linker flags that make the threaded module share its memory with its Web Workers.
THREADED_RUSTFLAGS="$SIMD_RUSTFLAGS -C target-feature=+atomics,+bulk-memory \
-C link-arg=--shared-memory -C link-arg=--max-memory=1073741824 -C link-arg=--import-memory \
-C link-arg=--export=__wasm_init_tls -C link-arg=--export=__tls_size \
-C link-arg=--export=__tls_align -C link-arg=--export=__tls_base -C link-arg=--export=__heap_base"

# The version of the wasm-bindgen crate in Cargo.lock: the CLI must match it exactly.
wasm_bindgen_version() {
    awk '/^name = "wasm-bindgen"$/ { getline; gsub(/[^0-9.]/, ""); print; exit }' Cargo.lock
}

# Installs a Debian package's command if it is missing.
ensure_apt() {
    local command="$1" package="$2"
    if ! command -v "$command" >/dev/null 2>&1; then
        echo "installing $package" >&2
        if [ ! -d /var/lib/apt/lists/partial ] || [ -z "$(ls -A /var/lib/apt/lists 2>/dev/null)" ]; then
            apt-get update -qq >&2
        fi
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$package" >&2 ||
            { apt-get update -qq >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$package" >&2; }
    fi
}

# Makes sure the WebAssembly targets, the pinned nightly and the wasm-bindgen CLI are installed.
ensure_wasm_tools() {
    ensure_rust
    if ! rustup target list --installed | grep -q '^wasm32-unknown-unknown$'; then
        rustup --quiet target add wasm32-unknown-unknown
    fi
    if ! rustup toolchain list | grep -q "^$NIGHTLY"; then
        rustup --quiet toolchain install "$NIGHTLY" --profile minimal \
            --component rust-src --target wasm32-unknown-unknown
    fi
    local version
    version="$(wasm_bindgen_version)"
    if [ "$(wasm-bindgen --version 2>/dev/null | awk '{print $2}')" != "$version" ]; then
        echo "installing wasm-bindgen-cli $version" >&2
        cargo install --quiet wasm-bindgen-cli --version "$version" >&2
    fi
}

# The page's npm packages that are served to the browser: package, file in it, name in www/vendor.
VENDORED=(
    "wasm-feature-detect dist/esm/index.js wasm-feature-detect.js"
    "comlink dist/esm/comlink.mjs comlink.mjs"
    "idb build/index.js idb.js"
    "uplot dist/uPlot.esm.js uPlot.esm.js"
    "uplot dist/uPlot.min.css uPlot.min.css"
)

# Makes sure the page's npm packages are installed and the vendored modules are in place.
ensure_npm() {
    local entry package file name missing=0
    for package in playwright-core puppeteer-core selenium-webdriver prettier typescript $(printf '%s\n' "${VENDORED[@]}" | cut -d' ' -f1); do
        [ -d "node_modules/$package" ] || missing=1
    done
    if [ "$missing" = 1 ]; then
        npm ci --silent --no-audit --no-fund >&2
    fi
    mkdir -p www/vendor
    for entry in "${VENDORED[@]}"; do
        read -r package file name <<<"$entry"
        cp "node_modules/$package/$file" "www/vendor/$name"
    done
}

# Runs `cargo SUBCOMMAND ARGS...` on the WebAssembly bindings for the build $1, plain, simd or
# threaded: the one place that knows each build's toolchain, RUSTFLAGS, features and target
# directory (one of its own for each, since other RUSTFLAGS would rebuild another's). The Cargo
# profile is $WASM_PROFILE, release unless it says otherwise.
wasm_cargo() {
    local kind="$1" subcommand="$2" toolchain=() rustflags=""
    shift 2
    local args=(-p tetris-ai-wasm --profile "${WASM_PROFILE:-release}"
        --target wasm32-unknown-unknown --target-dir "$(wasm_target_dir "$kind")")
    case "$kind" in
        threaded)
            toolchain=("+$NIGHTLY")
            rustflags="$THREADED_RUSTFLAGS"
            args+=(--features threads -Z build-std=panic_abort,std)
            ;;
        simd) rustflags="$SIMD_RUSTFLAGS" ;;
        plain) ;;
        *)
            echo "error: unknown build \"$kind\"" >&2
            exit 2
            ;;
    esac
    RUSTFLAGS="$rustflags" cargo "${toolchain[@]}" "$subcommand" "${args[@]}" "$@"
}

# The target directory of the build $1 (plain|simd|threaded).
wasm_target_dir() {
    case "$1" in
        plain) echo target ;;
        *) echo "target/$1" ;;
    esac
}

# Builds one module: $1 plain|simd|threaded (without the TypeScript declarations, a default
# feature that only the tests and ./build.sh types read).
build_module() {
    local kind="$1" out="www/pkg/$1" wasm
    wasm_cargo "$kind" build --quiet --lib --no-default-features
    wasm="$(wasm_target_dir "$kind")/wasm32-unknown-unknown/release/tetris_ai_wasm.wasm"
    # The module as rustc optimized it, less its names: wasm-opt -O3 (binaryen 108) made it 4%
    # smaller but decisions 0.6-4% slower in Chromium, and its -O2 and -O4 were no faster.
    rm -rf "$out"
    wasm-bindgen --target web --remove-name-section --out-name tetris_ai --out-dir "$out" "$wasm"
    # wasm-bindgen-rayon's worker starts the module with the older positional arguments, which
    # this wasm-bindgen warns about once per worker; pass them as an object instead.
    local helper
    for helper in "$out"/snippets/wasm-bindgen-rayon-*/src/workerHelpers.no-bundler.js; do
        [ -f "$helper" ] || continue
        sed -i 's/pkg\.default(data\.module, data\.memory)/pkg.default({ module_or_path: data.module, memory: data.memory })/' "$helper"
    done
}

cmd_build() {
    ensure_wasm_tools
    ensure_npm
    local kind
    for kind in plain simd threaded; do
        echo "== building the $kind module"
        build_module "$kind"
    done
}

# Serves www on 127.0.0.1:$PORT with the headers threads need (unless ISOLATION=0).
serve_www() {
    local port="${PORT:-8080}" isolation="${ISOLATION:-1}"
    echo "serving www on http://127.0.0.1:$port/"
    exec python3 - "$port" "$isolation" <<'PY'
import functools, http.server, sys

port, isolation = int(sys.argv[1]), sys.argv[2] != "0"

class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".js": "text/javascript",
        ".mjs": "text/javascript",
    }

    def end_headers(self):
        if isolation:
            self.send_header("Cross-Origin-Opener-Policy", "same-origin")
            self.send_header("Cross-Origin-Embedder-Policy", "require-corp")
        self.send_header("Cache-Control", "no-store")
        super().end_headers()

    def log_message(self, *args):
        pass

handler = functools.partial(Handler, directory="www")
http.server.ThreadingHTTPServer(("127.0.0.1", port), handler).serve_forever()
PY
}

cmd_serve() {
    if [ "${NO_BUILD:-0}" != 1 ]; then
        cmd_build
    fi
    serve_www
}

# Checks that the JSON printed by `tetris-ai bench --json` has every statistic.
check_bench_json() {
    local json="$1" key
    for key in games mean median min max std lines capped pieces pieces_per_line games_per_second \
        decisions_per_second; do
        if ! grep -q "\"$key\":" <<<"$json"; then
            echo "error: the bench JSON has no \"$key\": $json" >&2
            return 1
        fi
    done
}

# Runs the WebAssembly tests (crates/wasm/tests/web.rs) in headless Chromium: $1
# plain|simd|threaded, built with the tests' profile (release-tests).
wasm_tests() {
    CHROMEDRIVER=/usr/bin/chromedriver WASM_PROFILE=release-tests wasm_cargo "$1" test --test web
}

# The test that compares the committed TypeScript declarations with the Rust types' (and writes
# them instead when TETRIS_AI_WRITE_TYPES=1).
types_test() {
    cargo test --profile release-tests --quiet -p tetris-ai-wasm --test types \
        the_committed_declarations_are_what_the_rust_types_give
}

cmd_types() {
    ensure_rust
    echo "== writing www/types/engine.d.ts"
    TETRIS_AI_WRITE_TYPES=1 types_test
}

# Checks that the declarations are current and that the typed example embedder compiles against
# them and the hand-written ones, under tsc --strict (no browser needed).
check_types() {
    echo "== TypeScript declarations current (else run ./build.sh types)"
    types_test
    echo "== tsc --strict --noEmit (the typed example embedder, www/examples)"
    npx --no-install tsc --project www/examples --strict --noEmit
}

cmd_test() {
    ensure_rust
    echo "== cargo fmt --check"
    cargo fmt --all --check
    ensure_npm
    echo "== prettier --check (the page, the tests, the benchmarks and the docs)"
    npx --no-install prettier --check www tests benches docs README.md ARCHITECTURE.md
    echo "== JavaScript unit tests (npm run test:unit: no browser, no WebAssembly)"
    npm run --silent test:unit
    check_types
    echo "== cargo clippy --workspace --all-targets -- -D warnings"
    cargo clippy --workspace --all-targets -- -D warnings
    echo "== cargo test --workspace (optimized: the release-tests profile)"
    cargo test --profile release-tests --workspace
    echo "== tetris-ai bench --games 4 --board 10x10 --json"
    local json
    json="$(cargo run --release --quiet -p tetris-ai-cli -- bench --games 4 --board 10x10 --json)"
    echo "$json"
    check_bench_json "$json"
    ensure_wasm_tools
    ensure_apt chromium chromium
    ensure_apt chromedriver chromium-driver
    ensure_apt firefox-esr firefox-esr
    ensure_apt WebKitWebDriver webkit2gtk-driver
    ensure_apt /usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser libwebkit2gtk-4.1-0
    ensure_apt Xvfb xvfb
    echo "== cargo clippy for WebAssembly -- -D warnings"
    cargo clippy -p tetris-ai-wasm --target wasm32-unknown-unknown --lib --no-default-features \
        -- -D warnings
    cargo clippy -p tetris-ai-wasm --target wasm32-unknown-unknown --lib --test web -- -D warnings
    local kind
    for kind in plain simd threaded; do
        echo "== WebAssembly tests, $kind build, headless Chromium"
        wasm_tests "$kind"
    done
    cmd_build
    echo "== browser tests of the page"
    npm test
    cmd_python
    echo "all checks passed"
}

# The Python package's tools, pinned, installed from PyPI into .venv.
PYTHON_TOOLS=(maturin==1.16.0 numpy==2.4.6 pytest==9.2.0 gymnasium==1.4.0 ray==2.60.0)

# Makes the virtual environment .venv (python3 -m venv) with the pinned tools.
ensure_venv() {
    ensure_apt python3 python3
    if ! python3 -c 'import ensurepip, venv' >/dev/null 2>&1; then
        echo "installing python3-venv" >&2
        apt-get update -qq >&2
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv >&2
    fi
    if [ ! -x .venv/bin/python ]; then
        python3 -m venv .venv
    fi
    .venv/bin/python -m pip install --quiet --disable-pip-version-check "${PYTHON_TOOLS[@]}"
}

# Builds the extension (optimized, with the tests' profile) into .venv and runs the Python tests;
# the tests that compare with the command line run the release build of it.
cmd_python() {
    ensure_rust
    ensure_venv
    echo "== the Python package (maturin develop, the release-tests profile, into .venv)"
    VIRTUAL_ENV="$PWD/.venv" nice .venv/bin/maturin develop --profile release-tests --quiet
    echo "== the command line for the Python tests (cargo build --release)"
    nice cargo build --release --quiet -p tetris-ai-cli
    echo "== pytest tests/python (the Ray tests apart)"
    export TETRIS_AI_CLI="$PWD/target/release/tetris-ai"
    .venv/bin/python -m pytest -q tests/python --ignore=tests/python/ray
    echo "== pytest tests/python/ray (in a private network namespace)"
    ensure_apt ip iproute2
    private_network .venv/bin/python -m pytest -q tests/python/ray
}

# Runs a command in a private network namespace with only the loopback up, where Ray binds to
# 127.0.0.1 and no traffic leaves the machine: unshare --net, else unshare --net --map-root-user
# (without root); fails when neither is permitted, so Ray never runs outside one.
private_network() {
    local unshare
    for unshare in "unshare --net" "unshare --net --map-root-user"; do
        if $unshare true 2>/dev/null; then
            $unshare sh -c 'ip link set lo up && exec "$@"' sh "$@"
            return
        fi
    done
    echo "error: the Ray tests need a private network namespace, and unshare --net is not permitted here" >&2
    return 1
}

cmd_bench() {
    ensure_rust
    echo "== cargo bench"
    cargo bench --workspace
    local preset
    for preset in dellacherie cs3243; do
        echo "== tetris-ai bench --games 100 --board 10x10 --preset $preset"
        cargo run --release --quiet -p tetris-ai-cli -- bench --games 100 --board 10x10 \
            --preset "$preset"
    done
}

# The files of the npm package, from www/: the API, the element, their types (with the engine's,
# generated) and workers.
PACKAGE_FILES=(tetris-ai.js tetris-ai.d.ts tetris-ai-element.js tetris-ai-element.d.ts types lib
    vendor/comlink.mjs vendor/wasm-feature-detect.js)

# Writes the npm package's folder: the files above, the three builds without their TypeScript
# stubs, the package's README and package.json (with the crate's version), and the license.
cmd_package() {
    cmd_build
    local out=target/package version kind
    version="$(awk -F'"' '/^version = / { print $2; exit }' Cargo.toml)"
    rm -rf "$out"
    mkdir -p "$out/vendor" "$out/pkg"
    for file in "${PACKAGE_FILES[@]}"; do
        cp -r "www/$file" "$out/$file"
    done
    for kind in plain simd threaded; do
        mkdir -p "$out/pkg/$kind"
        cp www/pkg/$kind/tetris_ai.js www/pkg/$kind/tetris_ai_bg.wasm "$out/pkg/$kind/"
        if [ -d "www/pkg/$kind/snippets" ]; then
            cp -r "www/pkg/$kind/snippets" "$out/pkg/$kind/"
        fi
    done
    cp www/package/README.md "$out/README.md"
    sed "s/@VERSION@/$version/" www/package/package.json >"$out/package.json"
    cp www/package/LICENSE "$out/LICENSE"
    echo "wrote $out (npm pack $out makes the tarball)"
}

main() {
    if [ "$#" -ne 1 ]; then
        usage
        exit 2
    fi
    case "$1" in
        test) cmd_test ;;
        python) cmd_python ;;
        types) cmd_types ;;
        bench) cmd_bench ;;
        build) cmd_build ;;
        serve) cmd_serve ;;
        package) cmd_package ;;
        -h | --help | help) usage ;;
        *)
            echo "error: unknown command \"$1\"" >&2
            usage
            exit 2
            ;;
    esac
}

main "$@"
