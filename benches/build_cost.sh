#!/usr/bin/env bash
# What depending on weft costs beside depending on rayon: a clean release build, and a binary's
# size.
#
#   build: an empty binary (`fn main() {}`) that depends on the library, `cargo build --release
#          -j JOBS` in a fresh target directory each time (dependencies already fetched), wall
#          and CPU (user + sys) seconds; the median of ROUNDS runs, weft's and rayon's runs
#          alternating so that a busy machine weighs on both alike.
#   size:  a binary doing one `par_iter().sum()`, release, stripped (`strip = true`), bytes.
#
# Both scratch crates start from weft's Cargo.lock, so they share the versions of what they
# share (crossbeam, either); rayon is the version weft's lock pins (1.12.0).
#
# Usage: benches/build_cost.sh [--rounds N] [--jobs N]     (defaults: 3 rounds, -j 2)
# Prints a markdown table (the one in BENCHMARKS.md, "What depending on weft costs").
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
rounds=3
jobs=2
while [ $# -gt 0 ]; do
    case "$1" in
        --rounds) rounds=$2; shift 2 ;;
        --jobs) jobs=$2; shift 2 ;;
        -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        *) echo "build_cost: unknown argument $1 (see --help)" >&2; exit 2 ;;
    esac
done

work="$repo/target/build_cost"
rm -rf "$work"
mkdir -p "$work"
export CARGO_TERM_COLOR=never
export CARGO_INCREMENTAL=0

# scratch crate: name, dependency line, main.rs
scratch() { # dir dependency main
    mkdir -p "$work/$1/src"
    cat > "$work/$1/Cargo.toml" <<EOF
[package]
name = "$1"
version = "0.0.0"
edition = "2021"
publish = false

[dependencies]
$2

[profile.release]
strip = true

[workspace]
EOF
    echo "$3" > "$work/$1/src/main.rs"
    cp "$repo/Cargo.lock" "$work/$1/Cargo.lock"
    cargo fetch --quiet --manifest-path "$work/$1/Cargo.toml"
}

weft_dep="weft = { path = \"$repo\" }"
rayon_dep='rayon = "1.12"'
sum_main() { # crate
    printf 'use %s::prelude::*;\n\nfn main() {\n    let v: Vec<u64> = (0..1_000_000).collect();\n    println!("{}", v.par_iter().sum::<u64>());\n}\n' "$1"
}
scratch empty-weft "$weft_dep" 'fn main() {}'
scratch empty-rayon "$rayon_dep" 'fn main() {}'
scratch sum-weft "$weft_dep" "$(sum_main weft)"
scratch sum-rayon "$rayon_dep" "$(sum_main rayon)"

# One clean build; prints "wall cpu" in seconds.
clean_build() { # crate
    local target="$work/target-$1"
    rm -rf "$target"
    local t0 t1 times
    t0=$(date +%s.%N)
    times=$( { /usr/bin/time -f '%U %S' cargo build --quiet --release -j "$jobs" \
        --manifest-path "$work/$1/Cargo.toml" --target-dir "$target" 2>&1 >/dev/null; } \
        | tail -n 1)
    t1=$(date +%s.%N)
    echo "$t0 $t1 $times" | awk '{ printf "%.2f %.2f\n", $2 - $1, $3 + $4 }'
}

median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }

: > "$work/weft.txt"
: > "$work/rayon.txt"
for _ in $(seq "$rounds"); do
    clean_build empty-weft >> "$work/weft.txt"
    clean_build empty-rayon >> "$work/rayon.txt"
done
weft_wall=$(cut -d' ' -f1 "$work/weft.txt" | median)
weft_cpu=$(cut -d' ' -f2 "$work/weft.txt" | median)
rayon_wall=$(cut -d' ' -f1 "$work/rayon.txt" | median)
rayon_cpu=$(cut -d' ' -f2 "$work/rayon.txt" | median)

size_of() { # crate
    cargo build --quiet --release -j "$jobs" --manifest-path "$work/$1/Cargo.toml" \
        --target-dir "$work/target-$1"
    stat -c %s "$work/target-$1/release/$1"
}
weft_size=$(size_of sum-weft)
rayon_size=$(size_of sum-rayon)

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2fx", a / b }'; }
echo "| $(rustc --version | cut -d' ' -f1-2), -j $jobs, median of $rounds | weft | rayon 1.12 | weft / rayon |"
echo "|---|---|---|---|"
echo "| clean release build of an empty binary, wall (s) | $weft_wall | $rayon_wall | $(ratio "$weft_wall" "$rayon_wall") |"
echo "| the same, CPU (user + sys, s) | $weft_cpu | $rayon_cpu | $(ratio "$weft_cpu" "$rayon_cpu") |"
echo "| stripped binary doing one \`par_iter().sum()\` (bytes) | $weft_size | $rayon_size | $(ratio "$weft_size" "$rayon_size") |"
