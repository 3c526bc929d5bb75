#!/usr/bin/env bash
# `npm test`: typecheck, lint, then every suite (unit, integration, simulator, end-to-end in
# Chromium), with the OS keychain available (scripts/with-keyring.sh); then the suite against a
# real server of the family where its kit (../shared/real-server) is present. The last lines say
# whether that suite ran, which tests failed, and what passed in all.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
export TEAM_CHAT_SETUP_DONE=1
npm run -s typecheck
npm run -s lint
mkdir -p test-results
rm -f test-results/vitest.json test-results/vitest-real.json
vitest_status=0
bash scripts/with-keyring.sh npx vitest run --reporter=default --reporter=json --outputFile.json=test-results/vitest.json "$@" || vitest_status=$?
status=$vitest_status
# test-real.sh ends with its own line, "real server: N passed, ..." or "real server: not run (why)".
bash scripts/test-real.sh || status=1
VITEST_STATUS=$vitest_status node scripts/vitest-summary.mjs vitest test-results/vitest.json test-results/vitest-real.json || true
exit "$status"
