#!/usr/bin/env bash
# Brings onto this machine what every npm script of the project needs, in the one order that
# works: the Debian packages first (keytar's native build needs libsecret's headers, and npm 7+
# runs a root `preinstall` only after the dependencies' own install scripts, too late), then
# node_modules when it is missing or does not match package-lock.json (which also records the
# root package's own dependency lists; an edited npm script needs no reinstall).
# Run first by `npm run demo`, `npm start`, `npm test` and `npm run bench`; quick when nothing
# is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/system-deps.sh

stamp=node_modules/.team-chat-setup
wanted="$(sha256sum < package-lock.json | cut -d' ' -f1) node $(node --version)"
if [ "$(cat "$stamp" 2>/dev/null || true)" != "$wanted" ]; then
  echo "Installing the npm dependencies (npm ci)..." >&2
  # Electron's binary is never needed here (browser mode runs without it), and cannot be
  # downloaded where only the npm registry is reachable.
  ELECTRON_SKIP_BINARY_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error >&2
  printf '%s\n' "$wanted" > "$stamp"
fi
