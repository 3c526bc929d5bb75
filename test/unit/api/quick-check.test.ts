// The quick checks stand in for zod on the hot paths: they must accept exactly what zod accepts,
// and hand back zod's output wherever that differs from the input.
import { expect, it } from 'vitest';
import { z } from 'zod';
import { holds, quickParse, quickProblem } from '../../../shared/api/quick-check';

const cases: [string, z.ZodType, unknown[]][] = [
  ['number', z.number(), [1, 1.5, NaN, Infinity, '1', null]],
  ['int', z.number().int(), [1, 1.5, 2 ** 60, -3]],
  ['positive int', z.number().int().positive(), [1, 0, -1]],
  ['nullish string', z.string().nullish(), ['a', null, undefined, 1]],
  ['loose object', z.looseObject({ a: z.string(), b: z.number().optional() }), [{ a: 'x' }, { a: 'x', b: 'y' }, { a: 'x', c: 1 }, [], null, { b: 1 }]],
  ['object', z.object({ a: z.string() }), [{ a: 'x', z: 1 }, {}]],
  ['strict object', z.strictObject({ a: z.string() }), [{ a: 'x', z: 1 }, { a: 'x' }]],
  ['array', z.array(z.number()), [[1, 2], [1, 'x'], {}]],
  ['record', z.record(z.string(), z.looseObject({ t: z.string().optional() })), [{ a: {} }, { a: { t: 1 } }, []]],
  ['refined', z.looseObject({ x: z.number() }).refine((r) => r.x > 0), [{ x: 1 }, { x: -1 }]],
  ['custom', z.custom<number>((v) => typeof v === 'number'), [1, 'x']],
  ['enum', z.enum(['a', 'b']), ['a', 'c']],
  ['transform', z.number().transform((n) => n === 1), [1, 'x']],
  ['tuple', z.tuple([z.number(), z.string().nullable()]), [[1, 'a'], [1, null], [1], [1, 'a', 2], ['1', 'a'], {}, null]],
  ['tuple with optional item', z.tuple([z.number(), z.string().optional()]), [[1], [1, 'a'], [1, 2], [1, 'a', 'b']]],
  ['tuple with rest', z.tuple([z.number()], z.string()), [[1, 'a', 'b'], [1, 2], [1]]],
];

it.each(cases)('accepts what zod accepts: %s', (_name, schema, values) => {
  for (const value of values) {
    expect(holds(schema, value), JSON.stringify(value)).toBe(schema.safeParse(value).success);
    expect(quickProblem(schema, value) === undefined).toBe(schema.safeParse(value).success);
  }
});

it('hands back zod output where it differs from the input, and the input itself where not', () => {
  const flag = z.number().transform((n) => n === 1);
  expect(quickParse(z.object({ on: flag }), { on: 1 })).toEqual({ on: true });
  expect(quickParse(z.object({ a: z.string() }), { a: 'x', extra: 1 })).toEqual({ a: 'x' });
  // A row of exactly the shape's fields loses nothing: it is handed back as it is, not copied.
  const row = { a: 'x', b: null };
  expect(quickParse(z.object({ a: z.string(), b: z.number().nullable(), c: z.string().optional() }), row)).toBe(row);
  expect(() => quickParse(z.object({ a: z.string() }), { a: 2 })).toThrow();
  // A row read as an array of its columns, too.
  const cells = [1, 'x', null];
  expect(quickParse(z.tuple([z.number(), z.string(), z.number().nullable()]), cells)).toBe(cells);
  expect(() => quickParse(z.tuple([z.number(), z.string()]), [1, 2])).toThrow();
  const record = { a: 'x', extra: 1 };
  expect(quickParse(z.looseObject({ a: z.string() }), record)).toBe(record);
  expect(() => quickParse(z.looseObject({ a: z.string() }), { a: 1 })).toThrow();
});
