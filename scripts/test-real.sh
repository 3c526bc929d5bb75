#!/usr/bin/env bash
# `npm run test:real`: the suite against a real server of the family (test/real, vitest.real.config.ts).
# Installs the kit from ../shared/real-server when it is not installed yet, starts it on free
# ports with pristine data, runs the suite, stops it (test/real/global-setup.ts). Writes
# test-results/vitest-real.json and ends with one line saying what ran.
set -euo pipefail
cd "$(dirname "$0")/.."
[ "${TEAM_CHAT_SETUP_DONE:-}" = 1 ] || bash scripts/setup.sh
mkdir -p test-results
rm -f test-results/vitest-real.json
if ! why=$(bash scripts/real-server.sh available 2>&1); then
  echo "real server: not run (${why#\[real-server\] })"
  # npm test goes on without it; asked for by name, the suite failing to run is a failure.
  [ "${TEAM_CHAT_SETUP_DONE:-}" = 1 ] && exit 0
  exit 1
fi
bash scripts/real-server.sh install
status=0
bash scripts/with-keyring.sh npx vitest run --config vitest.real.config.ts --reporter=default --reporter=json --outputFile.json=test-results/vitest-real.json "$@" || status=$?
node scripts/vitest-summary.mjs 'real server' test-results/vitest-real.json || true
exit "$status"
