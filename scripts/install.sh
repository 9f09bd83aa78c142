#!/usr/bin/env bash
# Installs Mansion Forge from its unpacked tarball for this user (PREFIX defaults to ~/.local): the
# program, its man pages and shell completions, the menu launcher with its icon, the AppStream metadata
# and the level file type. Every file installed is listed in PREFIX/share/mansion-forge/installed-files,
# which ./uninstall.sh reads to remove exactly those.
#
# The launcher's Exec is the installed program's absolute path, so the menu starts it whatever PATH is.
# Desktop menus read launchers and file types only from XDG data folders (XDG_DATA_HOME, default
# ~/.local/share, and XDG_DATA_DIRS, default /usr/local/share:/usr/share): when PREFIX/share is none of
# them (PREFIX=/opt/mansion-forge, say) the launcher, icon and file type go to XDG_DATA_HOME instead.
# The editor needs the X11/Wayland and Vulkan/GL libraries every desktop has.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
prefix="${PREFIX:-$HOME/.local}"
mkdir -p "$prefix"
prefix="$(cd "$prefix" && pwd)"
data_home="${XDG_DATA_HOME:-$HOME/.local/share}"
data_dirs="${XDG_DATA_DIRS:-/usr/local/share:/usr/share}"
menu_share="$data_home"
for dir in "$data_home" ${data_dirs//:/ }; do
  if [ "$prefix/share" = "$dir" ] || [ "$prefix/share" = "${dir%/}" ]; then
    menu_share="$prefix/share"
  fi
done
manifest="$prefix/share/mansion-forge/installed-files"
if [ -f "$manifest" ]; then
  "$here/uninstall.sh"
fi
installed=()

# put MODE SOURCE TARGET: installs one file and lists it.
put() {
  install -Dm"$1" "$2" "$3"
  installed+=("$3")
}

put 755 "$here/bin/mansion-forge" "$prefix/bin/mansion-forge"
for page in "$here"/share/man/man1/*.1; do
  put 644 "$page" "$prefix/share/man/man1/$(basename "$page")"
done
for completion in bash-completion/completions/mansion-forge zsh/site-functions/_mansion-forge \
  fish/vendor_completions.d/mansion-forge.fish; do
  put 644 "$here/share/$completion" "$prefix/share/$completion"
done
put 644 "$here/share/metainfo/io.github.mansion_forge.metainfo.xml" \
  "$prefix/share/metainfo/io.github.mansion_forge.metainfo.xml"
put 644 "$here/share/icons/hicolor/256x256/apps/mansion-forge.png" \
  "$menu_share/icons/hicolor/256x256/apps/mansion-forge.png"
put 644 "$here/share/mime/packages/mansion-forge.xml" "$menu_share/mime/packages/mansion-forge.xml"
launcher="$menu_share/applications/mansion-forge.desktop"
mkdir -p "$(dirname "$launcher")"
sed "s|^Exec=mansion-forge |Exec=\"$prefix/bin/mansion-forge\" |" \
  "$here/share/applications/mansion-forge.desktop" > "$launcher"
installed+=("$launcher")

mkdir -p "$(dirname "$manifest")"
printf '%s\n' "${installed[@]}" "$manifest" > "$manifest"
if command -v update-mime-database > /dev/null; then
  update-mime-database "$menu_share/mime" > /dev/null 2>&1 || true
fi
if command -v update-desktop-database > /dev/null; then
  update-desktop-database "$menu_share/applications" > /dev/null 2>&1 || true
fi
echo "installed $prefix/bin/mansion-forge (menu entry: $launcher)"
echo "start it with: $prefix/bin/mansion-forge (or from the desktop menu); remove it with ./uninstall.sh"
