// The BENCH line format: every comparison says whether it is a floor or a peer, and a
// percentile says how many samples it rests on.
import { describe, expect, it } from 'vitest';
import { formatBenchLine, parseBenchLine, percentileProblem } from '../../bench/lines';

describe('BENCH lines', () => {
  it('carry floor= or peer= after vs= and ratio=, and read back the same', () => {
    const floor = formatBenchLine({ name: 'sync.initial_ms', value: 1234.567, unit: 'ms', compare: { vs: 1000, floor: 'register-and-bare-inserts' }, n: 5, extra: {} });
    expect(floor).toBe('BENCH sync.initial_ms 1234.57 ms vs=1000 ratio=1.235 floor=register-and-bare-inserts n=5');
    expect(parseBenchLine(floor)).toEqual({
      name: 'sync.initial_ms',
      value: 1234.57,
      unit: 'ms',
      compare: { vs: 1000, ratio: 1.235, floor: 'register-and-bare-inserts' },
      n: 5,
      extra: {},
    });
    const peer = formatBenchLine({ name: 'sync.warm_start_ms', value: 40, unit: 'ms', compare: { vs: 800, peer: 'fresh-registration' }, extra: { applied: '3' } });
    expect(parseBenchLine(peer)).toMatchObject({ compare: { vs: 800, ratio: 0.05, peer: 'fresh-registration' }, extra: { applied: '3' } });
  });

  it('are refused when vs= does not say what it is, or says both', () => {
    expect(() => parseBenchLine('BENCH bulk.import_2000_s 12 s vs=10 ratio=1.2')).toThrow(/exactly one of floor= or peer=/);
    expect(() => parseBenchLine('BENCH bulk.import_2000_s 12 s vs=10 ratio=1.2 floor=a peer=b')).toThrow(/exactly one/);
    expect(() => parseBenchLine('BENCH bulk.import_2000_s twelve s')).toThrow();
    expect(() => formatBenchLine({ name: 'x', value: 1, unit: 's', compare: { vs: 1, peer: 'two words' }, extra: {} })).toThrow(/one word/);
  });

  it('flag a percentile from fewer than 100 samples, or an unknown number', () => {
    expect(percentileProblem(parseBenchLine('BENCH users.search_p95_ms 3 ms n=400'))).toBeNull();
    expect(percentileProblem(parseBenchLine('BENCH users.search_p95_ms 3 ms'))).toMatch(/unknown number/);
    expect(percentileProblem(parseBenchLine('BENCH ui.directory_search_ms 20 ms n=13 p95=40'))).toMatch(/from 13 samples/);
    expect(percentileProblem(parseBenchLine('BENCH sync.initial_ms 900 ms vs=800 ratio=1.125 floor=bare n=5'))).toBeNull();
  });
});
