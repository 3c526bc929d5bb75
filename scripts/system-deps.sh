#!/usr/bin/env bash
# Debian packages the project needs: libsecret headers to build keytar, a Secret
# Service (gnome-keyring) on a D-Bus session for the keychain (the demo and the tests),
# Debian's Chromium for the end-to-end tests (no browser is ever downloaded), and fonts
# for emoji and CJK text, so that the screenshots show what a person's system shows
# (without them, emoji and Japanese channel names are empty boxes).
# Run by scripts/setup.sh before anything else; a no-op when everything is there.
set -euo pipefail
packages=(libsecret-1-dev gnome-keyring dbus dbus-x11 chromium fonts-noto-color-emoji fonts-wqy-microhei)
missing=()
for p in "${packages[@]}"; do
  # A removed package keeps its configuration and still answers `dpkg -s`: ask for its state.
  [ "$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)" = "install ok installed" ] || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null; then
  echo "Missing system packages: ${missing[*]} (on Debian: sudo apt-get install -y ${missing[*]})" >&2
  exit 1
fi
echo "Installing the Debian packages the project needs: ${missing[*]}" >&2
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
