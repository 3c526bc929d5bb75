#!/usr/bin/env bash
# Runs a command where the OS keychain works: inside the current D-Bus session if there is
# one, else in a private D-Bus session with an unlocked gnome-keyring (a fresh machine, CI).
set -euo pipefail
if [ -n "${DBUS_SESSION_BUS_ADDRESS:-}" ]; then
  exec "$@"
fi
if ! command -v dbus-run-session >/dev/null || ! command -v gnome-keyring-daemon >/dev/null; then
  echo "This needs the Debian packages dbus and gnome-keyring: run 'bash scripts/system-deps.sh' (as root)." >&2
  exit 1
fi
exec dbus-run-session -- sh -c 'printf pass | gnome-keyring-daemon --unlock --components=secrets >/dev/null; exec "$@"' sh "$@"
