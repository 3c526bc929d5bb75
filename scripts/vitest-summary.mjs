// One plain line for whoever reads only the end of a test log: `LABEL: N passed, N failed, N skipped`
// over vitest's JSON reports (several reports add up). A file that fails before its tests run
// (an import error) counts as a failure too.
import { existsSync, readFileSync } from 'node:fs';

const [label, ...files] = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of files.filter((f) => existsSync(f))) {
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const brokenFiles = report.testResults.filter((f) => f.status === 'failed' && f.assertionResults.every((t) => t.status !== 'failed')).length;
  passed += report.numPassedTests;
  failed += report.numFailedTests + brokenFiles;
  skipped += report.numPendingTests + report.numTodoTests;
}
console.log(`${label}: ${passed} passed, ${failed} failed, ${skipped} skipped`);
