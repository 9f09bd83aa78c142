#!/usr/bin/env bash
# Builds (release; the first build takes about ten minutes on two cores) and starts the editor. Arguments
# go to mansion-forge, e.g. `scripts/run.sh edit level.ron` or `scripts/run.sh generate --seed 1 --level 9`.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/setup.sh
exec cargo run --locked --release -- "$@"
