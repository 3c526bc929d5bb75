#!/usr/bin/env bash
# `npm test`: typecheck, lint, then every suite. The keychain tests need a Secret Service;
# where no D-Bus session is running (a fresh machine, CI), start one with an unlocked
# gnome-keyring for the length of the run.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ -z "${DBUS_SESSION_BUS_ADDRESS:-}" ] && [ -z "${TEAMCHAT_IN_KEYRING_SESSION:-}" ]; then
  if ! command -v dbus-run-session >/dev/null || ! command -v gnome-keyring-daemon >/dev/null; then
    echo "npm test needs the Debian packages dbus and gnome-keyring: run 'bash scripts/system-deps.sh' (as root)." >&2
    exit 1
  fi
  export TEAMCHAT_IN_KEYRING_SESSION=1
  exec dbus-run-session -- sh -c 'printf pass | gnome-keyring-daemon --unlock --components=secrets >/dev/null; exec bash scripts/test.sh "$@"' sh "$@"
fi

npm run typecheck
npm run lint
npx vitest run "$@"
