#!/usr/bin/env bash
# Times the original game's generators under node, for docs/benchmarks.md's "Against the original":
#   scripts/original-speed/run.sh [2023|2025 ...]    (ROUNDS=4 rounds each; the first warms the JIT)
# Needs node 20+, npm and git. ORIGINAL=/path/to/7drl-2023 uses a clone you have; otherwise the public
# repository (mcneja/7drl-2023) is cloned into a temporary folder. Nothing is written into the repository.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
origin="${ORIGINAL:-}"
if [ -z "$origin" ]; then
  git clone -q https://github.com/mcneja/7drl-2023 "$work/7drl-2023"
  origin="$work/7drl-2023"
fi
(cd "$work" && npm init -y >/dev/null && npm install -s esbuild@0.28 seedrandom@3 tween-functions@1 howler@2 >/dev/null)
versions=("$@")
[ ${#versions[@]} -gt 0 ] || versions=(2025 2023)
# One core, as the port's figures are per core (where taskset exists).
pin=()
command -v taskset >/dev/null && pin=(taskset -c 0)
for version in "${versions[@]}"; do
  case "$version" in
    2023) commit=7d3f921 ;;
    2025) commit=85ae99f ;;
    *) echo "unknown version $version (2023 or 2025)" >&2; exit 2 ;;
  esac
  # The sources alone: the generator needs no asset (sounds and pictures are stubbed).
  mkdir -p "$work/src-$version"
  git -C "$origin" archive "$commit" -- ':(glob)src/*.ts' | tar -x -C "$work/src-$version"
  cp "$here"/build.mjs "$here"/time.mjs "$here"/headless.mjs "$work/"
  cp -r "$here/stubs-$version" "$work/"
  (cd "$work" && node build.mjs "$version" "src-$version/src" "gen-$version.mjs" && "${pin[@]}" node time.mjs "$version" "gen-$version.mjs" "${ROUNDS:-4}")
done
