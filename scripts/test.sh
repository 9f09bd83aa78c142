#!/usr/bin/env bash
# Everything CI checks: formatting, every test target (unit, integration, benchmarks run once as tests),
# doc tests, and clippy with warnings as errors. Safe to run repeatedly; needs no display.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/setup.sh
if ! cargo fmt --version >/dev/null 2>&1 || ! cargo clippy --version >/dev/null 2>&1; then
  rustup component add rustfmt clippy
fi

# A one-off build on a CI machine gains nothing from incremental compilation but gigabytes of its cache.
if [ "${CI:-}" = "true" ]; then
  export CARGO_INCREMENTAL=0
fi

cargo fmt --all -- --check
if [ "${CI:-}" = "true" ]; then
  # Each integration test is a binary of about 100 MB and there are nearly a hundred: a CI machine's
  # disk may not hold them all at once (the linker died of it). Build and run them a group at a time,
  # removing each group's binaries once it has passed, so the disk holds the libraries and one group.
  cargo test --locked --lib --bins --examples --benches
  deps="${CARGO_TARGET_DIR:-target}/debug/deps"
  mapfile -t tests < <(cargo metadata --locked --no-deps --format-version 1 |
    python3 -c 'import json, sys
for t in json.load(sys.stdin)["packages"][0]["targets"]:
    if "test" in t["kind"]:
        print(t["name"])')
  for ((i = 0; i < ${#tests[@]}; i += 12)); do
    group=("${tests[@]:i:12}")
    cargo test --locked "${group[@]/#/--test=}"
    for name in "${group[@]}"; do
      find "$deps" -maxdepth 1 -type f -name "${name//-/_}-*" -delete
    done
  done
else
  cargo test --locked --all-targets
fi
cargo test --locked --doc
cargo clippy --locked --all-targets -- -D warnings
# The API docs build without a broken or private link.
RUSTDOCFLAGS="-D warnings" cargo doc --locked --no-deps --lib
