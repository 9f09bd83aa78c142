#!/usr/bin/env bash
# Installs the Debian runtime packages the editor needs to run, screenshot and snapshot-test without a
# display or GPU: lavapipe (mesa-vulkan-drivers) renders egui_kittest/wgpu frames on the CPU, Xvfb and
# friends let the real eframe window run under a virtual display. No -dev package is needed to build.
# Idempotent: installs only what is missing; runs `apt-get update` once, and only if something is missing.
set -euo pipefail

PACKAGES=(
  mesa-vulkan-drivers libvulkan1 libegl1 libegl-mesa0 libgl1-mesa-dri
  libx11-6 libx11-xcb1 libxcursor1 libxrandr2 libxi6 libxkbcommon-x11-0 libdbus-1-3
  xvfb xauth x11-utils xdotool imagemagick
)

missing=()
for pkg in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$pkg")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "GUI runtime packages already installed."
  exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  SUDO="sudo"
fi

echo "Installing: ${missing[*]}"
$SUDO apt-get update
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y --no-install-recommends "${missing[@]}"
