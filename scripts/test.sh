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
cargo test --locked --all-targets
cargo test --locked --doc
cargo clippy --locked --all-targets -- -D warnings
# The API docs build without a broken or private link.
RUSTDOCFLAGS="-D warnings" cargo doc --locked --no-deps --lib
