// The one output format of `npm run bench`, written by report() and read by check.ts:
//   BENCH <name> <value> <unit> [vs=<x> ratio=<value/x> floor=<what>|peer=<what>] [n=<samples>] [<key>=<value> ...]
// A comparison always says what it is compared with: `floor`, the least the same work can cost
// (bare statements, a bare loop, the rate limit), or `peer`, what a client without our design
// pays (a fresh registration). The ratio reads differently for each: near 1 is good against a
// floor, far below 1 is good against a peer.
import { z } from 'zod';

export type Comparison = { vs: number } & ({ floor: string } | { peer: string });

export interface BenchLine {
  name: string;
  value: number;
  unit: string;
  compare?: Comparison & { ratio: number };
  /** How many measurements the value summarizes (a median, a percentile). */
  n?: number;
  extra: Record<string, string>;
}

const WORD = /^[^\s=]+$/;
const number = z.coerce.number().refine(Number.isFinite, 'not a number');

function round(value: number, digits = 2): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}

export function formatBenchLine(line: Omit<BenchLine, 'compare'> & { compare?: Comparison }): string {
  const parts = [`BENCH ${line.name} ${round(line.value)} ${line.unit}`];
  if (line.compare) {
    const { vs } = line.compare;
    const [kind, what] = 'floor' in line.compare ? ['floor', line.compare.floor] : ['peer', line.compare.peer];
    if (!WORD.test(what)) throw new Error(`the ${kind} of ${line.name} must be one word: ${what}`);
    parts.push(`vs=${round(vs)}`, `ratio=${round(line.value / vs, 3)}`, `${kind}=${what}`);
  }
  if (line.n !== undefined) parts.push(`n=${line.n}`);
  for (const [key, value] of Object.entries(line.extra)) parts.push(`${key}=${value}`);
  return parts.join(' ');
}

/** A BENCH line read back; throws on a malformed one, or a `vs=` that does not say what it is. */
export function parseBenchLine(text: string): BenchLine {
  const [tag, name, value, unit, ...rest] = text.trim().split(/\s+/);
  if (tag !== 'BENCH' || !name || !unit || value === undefined) throw new Error(`not a BENCH line: ${text}`);
  const pairs: Record<string, string> = Object.fromEntries(
    rest.map((part) => {
      const at = part.indexOf('=');
      if (at <= 0) throw new Error(`not a key=value field in ${name}: ${part}`);
      return [part.slice(0, at), part.slice(at + 1)];
    }),
  );
  const { vs, ratio, floor, peer, n, ...extra } = pairs;
  const line: BenchLine = { name, value: number.parse(value), unit, extra };
  if (n !== undefined) line.n = z.coerce.number().int().positive().parse(n);
  if (vs === undefined) {
    if (ratio !== undefined || floor !== undefined || peer !== undefined) throw new Error(`${name}: ratio, floor or peer without vs`);
    return line;
  }
  const compared = { vs: number.parse(vs), ratio: number.parse(ratio) };
  if (floor !== undefined && peer === undefined) line.compare = { ...compared, floor };
  else if (peer !== undefined && floor === undefined) line.compare = { ...compared, peer };
  else throw new Error(`${name}: vs= must say what it is, with exactly one of floor= or peer=`);
  return line;
}

const MIN_PERCENTILE_SAMPLES = 100;

/** A percentile (in the name, or a `p95=` field) must say it rests on at least 100 samples. */
export function percentileProblem(line: BenchLine): string | null {
  const percentile = /(^|[._])p\d+([._]|$)/.test(line.name) || Object.keys(line.extra).some((key) => /^p\d+$/.test(key));
  if (!percentile || (line.n ?? 0) >= MIN_PERCENTILE_SAMPLES) return null;
  return `${line.name}: a percentile from ${line.n ?? 'an unknown number of'} samples, fewer than ${MIN_PERCENTILE_SAMPLES}`;
}
