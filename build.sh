#!/usr/bin/env bash
# Builds, tests and benchmarks tetris-ai. Run `./build.sh` without arguments for the usage.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")"

usage() {
    cat >&2 <<'EOF'
usage: ./build.sh <command>

commands:
  test    formatting, clippy, the test suite and a short run of the command line
  bench   the engine benchmarks, then the command-line benchmark on 10x10 boards
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

# Checks that the JSON printed by `tetris-ai bench --json` has every statistic.
check_bench_json() {
    local json="$1" key
    for key in games mean median min max std pieces_per_line games_per_second; do
        if ! grep -q "\"$key\":" <<<"$json"; then
            echo "error: the bench JSON has no \"$key\": $json" >&2
            return 1
        fi
    done
}

cmd_test() {
    ensure_rust
    echo "== cargo fmt --check"
    cargo fmt --check
    echo "== cargo clippy --all-targets -- -D warnings"
    cargo clippy --all-targets -- -D warnings
    echo "== cargo test --release"
    cargo test --release
    echo "== tetris-ai bench --games 4 --board 10x10 --json"
    local json
    json="$(cargo run --release --quiet -- bench --games 4 --board 10x10 --json)"
    echo "$json"
    check_bench_json "$json"
    echo "all checks passed"
}

cmd_bench() {
    ensure_rust
    echo "== cargo bench"
    cargo bench
    local preset
    for preset in dellacherie cs3243; do
        echo "== tetris-ai bench --games 100 --board 10x10 --preset $preset"
        cargo run --release --quiet -- bench --games 100 --board 10x10 --preset "$preset"
    done
}

main() {
    if [ "$#" -ne 1 ]; then
        usage
        exit 2
    fi
    case "$1" in
        test) cmd_test ;;
        bench) cmd_bench ;;
        -h | --help | help) usage ;;
        *)
            echo "error: unknown command \"$1\"" >&2
            usage
            exit 2
            ;;
    esac
}

main "$@"
