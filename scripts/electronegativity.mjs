// Runs Electronegativity (Doyensec's Electron security linter) over the code that configures
// Electron (main/electron, main/security, preload) and fails on any HIGH finding, so a
// regression in the window's security settings fails `npm test`.
//   node scripts/electronegativity.mjs [--min LOW|MEDIUM|HIGH] [DIR...]
// DIRs (default: those three) are scanned together, as one application.
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const root = join(import.meta.dirname, '..');
const SEVERITY = { INFORMATIONAL: 0, LOW: 1, MEDIUM: 2, HIGH: 3 };

const { values, positionals } = parseArgs({ options: { min: { type: 'string', default: 'HIGH' } }, allowPositionals: true });
const minimum = values.min.toUpperCase();
if (!(minimum in SEVERITY)) {
  console.error(`--min must be one of ${Object.keys(SEVERITY).join(', ')}`);
  process.exit(2);
}
const scanned = positionals.length > 0 ? positionals.map((dir) => resolve(dir)) : ['main/electron', 'main/security', 'preload'].map((dir) => join(root, dir));

const require = createRequire(import.meta.url);
const packageDir = dirname(require.resolve('@doyensec/electronegativity/package.json'));
// Electronegativity downloads translations on every run; answer that request with a failure so
// the scan stays offline (it then uses its bundled en-US strings).
const gotPath = createRequire(join(packageDir, 'package.json')).resolve('got');
require.cache[gotPath] = { id: gotPath, filename: gotPath, loaded: true, exports: () => Promise.reject(new Error('offline')) };
const run = require('@doyensec/electronegativity');

// One input folder holding only the scanned code, so nothing else (tests, the simulator) is judged.
const input = await mkdtemp(join(tmpdir(), 'electronegativity-'));
try {
  for (const dir of scanned) await cp(dir, join(input, 'src', relative(root, dir).replaceAll('..', '_')), { recursive: true });
  // Which checks apply depends on the Electron version; the copied folder has no package.json to tell.
  const electronVersion = JSON.parse(await readFile(join(root, 'node_modules/electron/package.json'), 'utf8')).version;
  const quietLog = console.log;
  console.log = () => undefined; // its progress chatter; findings are printed below
  let result;
  try {
    result = await run({ input: join(input, 'src'), isRelative: true, electronVersionOverride: electronVersion });
  } finally {
    console.log = quietLog;
  }
  for (const error of result.errors.filter((e) => !e.tolerable)) console.error(`could not parse ${error.file}: ${error.message}`);
  const findings = result.issues.filter((issue) => issue.severity.value >= SEVERITY[minimum]);
  for (const issue of result.issues) {
    const mark = findings.includes(issue) ? '✗' : ' ';
    console.log(`${mark} ${issue.severity.name.padEnd(13)} ${issue.id}  ${issue.file}:${issue.location.line}:${issue.location.column}  ${issue.description}`);
  }
  const unparsed = result.errors.filter((e) => !e.tolerable).length;
  console.log(`electronegativity: ${result.issues.length} finding(s), ${findings.length} at ${minimum} or above, ${unparsed} file(s) not parsed`);
  process.exitCode = findings.length > 0 || unparsed > 0 ? 1 : 0;
} finally {
  await rm(input, { recursive: true, force: true });
}
