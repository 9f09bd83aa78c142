#!/usr/bin/env bash
# Builds a release tarball a designer can unpack and run without a Rust toolchain:
#   dist/mansion-forge-VERSION-ARCH-linux.tar.gz
# holding the binary, README, the docs/ chapters, LICENSE, the presets, a .desktop launcher and its icon, plus install.sh,
# which copies them under ~/.local (or PREFIX). Prints the tarball's path and size.
set -euo pipefail
cd "$(dirname "$0")/.."

version=$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -n 1)
arch=$(uname -m)
name="mansion-forge-${version}-${arch}-linux"
cargo build --locked --release

stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
root="$stage/$name"
mkdir -p "$root"
cp target/release/mansion-forge README.md LICENSE "$root/"
cp -r presets "$root/presets"
cp -r docs "$root/docs"
cp assets/mansion-forge.desktop assets/icon.png "$root/"
strip "$root/mansion-forge" 2>/dev/null || true
cat > "$root/install.sh" <<'INSTALL'
#!/usr/bin/env bash
# Installs Mansion Forge for this user (PREFIX defaults to ~/.local): the binary on PATH, the launcher in
# the desktop menu, its icon. The editor needs the X11/Wayland and Vulkan/GL libraries every desktop has.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
prefix="${PREFIX:-$HOME/.local}"
install -Dm755 "$here/mansion-forge" "$prefix/bin/mansion-forge"
install -Dm644 "$here/mansion-forge.desktop" "$prefix/share/applications/mansion-forge.desktop"
install -Dm644 "$here/icon.png" "$prefix/share/icons/hicolor/256x256/apps/mansion-forge.png"
echo "installed $prefix/bin/mansion-forge; start it with: mansion-forge (or from the desktop menu)"
INSTALL
chmod +x "$root/install.sh"

mkdir -p dist
tarball="dist/$name.tar.gz"
# Fixed owner, order and times: the same build packs to the same bytes.
tar --sort=name --owner=0 --group=0 --numeric-owner --mtime='2026-01-01 00:00Z' \
  -C "$stage" -cf - "$name" | gzip -n -9 > "$tarball.tmp"
mv "$tarball.tmp" "$tarball"
echo "$tarball: $(du -h "$tarball" | cut -f1) ($(stat -c %s "$tarball") bytes)"
