#!/usr/bin/env bash
# Removes what ./install.sh installed (same PREFIX, default ~/.local): exactly the files listed in
# PREFIX/share/mansion-forge/installed-files, then the folders that emptied. Nothing else is touched.
set -euo pipefail
prefix="${PREFIX:-$HOME/.local}"
manifest="$prefix/share/mansion-forge/installed-files"
if [ ! -f "$manifest" ]; then
  echo "nothing to remove: $manifest lists no installation" >&2
  exit 1
fi
folders=()
while IFS= read -r file; do
  [ -n "$file" ] || continue
  rm -f -- "$file"
  folders+=("$(dirname "$file")")
done < "$manifest"
data_home="${XDG_DATA_HOME:-$HOME/.local/share}"
# The file type's database, which install.sh had update-mime-database build, is built again without
# it; a database left with no file type at all is only what that tool generated, and goes too.
for share in "$prefix/share" "$data_home"; do
  packages="$share/mime/packages"
  if [ -d "$packages" ] && [ -z "$(ls -A "$packages")" ]; then
    find "$share/mime" -mindepth 1 -depth \( -type f -o -type d -empty \) -delete 2> /dev/null || true
    folders+=("$share/mime")
  elif [ -d "$packages" ] && command -v update-mime-database > /dev/null; then
    update-mime-database "$share/mime" > /dev/null 2>&1 || true
  fi
done
# Folders left empty go, up to (not including) the home folder: an empty PREFIX or data folder too.
for folder in "${folders[@]}"; do
  while [ "$folder" != "/" ] && [ "$folder" != "$HOME" ] && rmdir -- "$folder" 2> /dev/null; do
    folder="$(dirname "$folder")"
  done
done
echo "removed Mansion Forge from $prefix"
