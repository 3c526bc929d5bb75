// One plain line for whoever reads only the end of a test log: `LABEL: N passed, N failed, N skipped`
// over vitest's JSON reports (several reports add up). A file that fails before its tests run
// (an import error) counts as a failure too. Each failure is named above that line, with the first
// lines of its message, since a log's reader may see only its end; so is a run that failed with no
// test failing (VITEST_STATUS, vitest's exit status).
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';

const [label, ...files] = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];
const firstLines = (messages) => (messages ?? []).join('\n').split('\n').filter((l) => l.trim() !== '').slice(0, 4).map((l) => `    ${l.trim().slice(0, 300)}`);
for (const file of files.filter((f) => existsSync(f))) {
  const report = JSON.parse(readFileSync(file, 'utf8'));
  for (const f of report.testResults) {
    const name = relative(process.cwd(), f.name);
    const failedTests = f.assertionResults.filter((t) => t.status === 'failed');
    for (const t of failedTests) failures.push([`FAILED ${name} > ${t.fullName ?? t.title}`, ...firstLines(t.failureMessages)]);
    if (f.status === 'failed' && failedTests.length === 0) {
      failed += 1;
      failures.push([`FAILED ${name} (before its tests ran)`, ...firstLines([f.message])]);
    }
  }
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + report.numTodoTests;
}
// An error outside every test (an unhandled rejection) fails the run, though its JSON report says success.
const status = Number(process.env.VITEST_STATUS ?? 0);
if (status !== 0 && failures.length === 0) failures.push([`FAILED vitest exited with status ${status}, no test failing: look for "Unhandled Errors" above`]);
for (const lines of failures) console.log(lines.join('\n'));
console.log(`${label}: ${passed} passed, ${failed} failed, ${skipped} skipped`);
