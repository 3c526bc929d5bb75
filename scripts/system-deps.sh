#!/usr/bin/env bash
# Debian packages the project needs: libsecret headers to build keytar, a Secret
# Service (gnome-keyring) on a D-Bus session for the keychain tests, and Debian's
# Chromium for the end-to-end tests (no browser is ever downloaded).
set -euo pipefail
packages=(libsecret-1-dev gnome-keyring dbus dbus-x11 chromium)
missing=()
for p in "${packages[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -ne 0 ]; then
  echo "Missing Debian packages: ${missing[*]} (run: sudo apt-get install -y ${missing[*]})" >&2
  exit 1
fi
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
