#!/usr/bin/env bash
# The many-core tables (issue 45): forks, iterators, ramp-up and the oversubscribed table at
# 1, 2, 4, 8 and 16 threads (and 32, 64, 128 for the last two),
# weft beside rayon and chili, on an x86-64 Linux machine without a Rust toolchain.
#
# Here (in the checkout):  benches/many_cores.sh pack DIR
#   builds the release binaries (cargo bench --no-run, cargo build --bin report), copies them,
#   this script and the commit into DIR. Carry DIR to the machine (scp -r DIR host:).
# There (in DIR):          ./many_cores.sh run [THREADS]      (THREADS default 1,2,4,8,16)
#   runs the scaling sweep (fork and headline rows), the wide iterator table at each pool
#   size, and the ramp-up bench, writes the result files to results-HOST/, and prints the
#   tables as markdown headed by the machine (nproc, lscpu's model name), ready for
#   BENCHMARKS.md. Bring results-HOST/ back and run, here:
#     cargo run -p weft-bench --release --bin report -- results-HOST --out benches/results/NAME.md
#     cargo run --release --example plot -- --dir results-HOST --scaling scaling-NAME
# About 10 minutes on 16 cores (the table at five pool sizes is most of it).
set -euo pipefail

BINS=(cpu table ramp_up oversubscribed)

pack() {
    local dir=${1:?usage: many_cores.sh pack DIR}
    local root
    root=$(git rev-parse --show-toplevel)
    mkdir -p "$dir"
    cd "$root"
    local args=()
    for b in "${BINS[@]}"; do args+=(--bench "$b"); done
    # cargo prints "Executable benches/cpu.rs (target/release/deps/cpu-HASH)" per bench.
    cargo bench --no-run "${args[@]}" 2>&1 | tee /dev/stderr |
        sed -n 's/^ *Executable benches\/\([a-z_]*\)\.rs (\(.*\))$/\1 \2/p' |
        while read -r name path; do cp "$path" "$dir/$name"; done
    cargo build --release -p weft-bench --bin report
    cp "${CARGO_TARGET_DIR:-target}/release/report" "$dir/report"
    cp benches/many_cores.sh "$dir/"
    git rev-parse --short HEAD > "$dir/COMMIT"
    for b in "${BINS[@]}" report; do
        [[ -x "$dir/$b" ]] || { echo "missing $dir/$b" >&2; exit 1; }
    done
    echo "packed into $dir: ${BINS[*]} report many_cores.sh COMMIT"
}

run() {
    local threads=${1:-1,2,4,8,16}
    cd "$(dirname "$0")"
    local model cpus host
    model=$(lscpu | sed -n 's/^Model name: *//p' | head -1)
    cpus=$(nproc)
    host=$(hostname -s 2>/dev/null || echo machine)
    export WEFT_BENCH_COMMIT
    WEFT_BENCH_COMMIT=$(cat COMMIT 2>/dev/null || echo unknown)
    export WEFT_BENCH_DIR="$PWD/results-$host"
    mkdir -p "$WEFT_BENCH_DIR"
    echo "machine: $cpus CPUs (nproc), $model; commit $WEFT_BENCH_COMMIT; $(date -u +%F)" >&2
    ./cpu --bench --scaling-only --threads "$threads" >&2
    for t in ${threads//,/ }; do
        ./table --bench --threads "$t" >&2
    done
    ./ramp_up --bench --threads "$threads,32,64,128" >&2
    ./oversubscribed --bench --threads "$threads,32,64,128" >&2
    local out="$WEFT_BENCH_DIR/tables.md"
    {
        echo "### $cpus CPUs ($(nproc) by nproc), $model, commit $WEFT_BENCH_COMMIT, $(date -u +%F)"
        echo
        ./report "$WEFT_BENCH_DIR"
    } > "$out"
    cat "$out"
    echo "tables in $out; bring $WEFT_BENCH_DIR back for the report and the plots" >&2
}

case "${1:-}" in
    pack) shift; pack "$@" ;;
    run) shift; run "$@" ;;
    *) echo "usage: many_cores.sh pack DIR | run [THREADS]" >&2; exit 2 ;;
esac
