// Reads `npm run bench` output (stdin, or the files named) and says what each comparison means:
//   npm run -s bench | tee bench.txt | npx tsx test/bench/check.ts
// Fails on a malformed BENCH line, a `vs=` without its floor= or peer=, or a percentile
// summarizing fewer than 100 samples (or not saying how many).
import { readFileSync } from 'node:fs';
import { parseBenchLine, percentileProblem, type BenchLine } from './lines';

function describe(line: BenchLine): string {
  const figure = `${line.name} ${line.value} ${line.unit}${line.n === undefined ? '' : ` (n=${line.n})`}`;
  if (!line.compare) return figure;
  if ('floor' in line.compare) return `${figure}: ${line.compare.ratio}x the floor (${line.compare.floor}, ${line.compare.vs})`;
  return `${figure}: ${line.compare.ratio}x what a peer pays (${line.compare.peer}, ${line.compare.vs})`;
}

const files = process.argv.slice(2);
const text = files.length ? files.map((file) => readFileSync(file, 'utf8')).join('\n') : readFileSync(0, 'utf8');
const problems: string[] = [];
let count = 0;
for (const raw of text.split('\n').filter((candidate) => candidate.startsWith('BENCH '))) {
  count += 1;
  try {
    const line = parseBenchLine(raw);
    const problem = percentileProblem(line);
    if (problem) problems.push(problem);
    console.log(describe(line));
  } catch (error) {
    problems.push(error instanceof Error ? error.message : String(error));
  }
}
if (count === 0) problems.push('no BENCH line');
for (const problem of problems) console.error(`bench check: ${problem}`);
process.exitCode = problems.length ? 1 : 0;
