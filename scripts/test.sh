#!/usr/bin/env bash
# `npm test`: typecheck, lint, then every suite (unit, integration, simulator, end-to-end in
# Chromium), with the OS keychain available (scripts/with-keyring.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
npm run -s typecheck
npm run -s lint
mkdir -p test-results
status=0
bash scripts/with-keyring.sh npx vitest run --reporter=default --reporter=json --outputFile.json=test-results/vitest.json "$@" || status=$?
# One plain closing line for whoever reads only the end of the log.
node -e '
const r = JSON.parse(require("fs").readFileSync("test-results/vitest.json", "utf8"));
// A file that fails before its tests run (an import error) counts as a failure too.
const brokenFiles = r.testResults.filter((file) => file.status === "failed" && file.assertionResults.every((test) => test.status !== "failed")).length;
console.log(`vitest: ${r.numPassedTests} passed, ${r.numFailedTests + brokenFiles} failed, ${r.numPendingTests + r.numTodoTests} skipped`);
' || true
exit "$status"
