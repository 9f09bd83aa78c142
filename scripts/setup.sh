#!/usr/bin/env bash
# Installs the Debian packages the editor loads at run time and the headless runs use (a virtual display
# and software Vulkan/GL), if any is missing. Building needs none of them: eframe loads X11, Wayland,
# xkbcommon, EGL/GL and Vulkan at run time. Idempotent: with everything present it changes nothing.
set -euo pipefail

packages=(
  # The editor window under X11/Wayland, rendered by wgpu (Vulkan on lavapipe, or GL on llvmpipe).
  libx11-6 libx11-xcb1 libxcursor1 libxrandr2 libxi6 libxkbcommon-x11-0 libdbus-1-3
  libegl1 libegl-mesa0 libgl1-mesa-dri mesa-vulkan-drivers libvulkan1
  # A virtual display for screenshots and headless runs.
  xvfb xauth
)

if ! command -v dpkg-query >/dev/null 2>&1; then
  echo "setup.sh: not a Debian system; make sure these are installed: ${packages[*]}" >&2
  exit 0
fi

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
    missing+=("$p")
  fi
done
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

sudo=()
if [ "$(id -u)" -ne 0 ]; then
  if ! command -v sudo >/dev/null 2>&1; then
    echo "setup.sh: missing packages ${missing[*]}; run as root or install sudo" >&2
    exit 1
  fi
  sudo=(sudo)
fi
echo "setup.sh: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -qq
"${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
