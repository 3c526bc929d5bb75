// What every area's channel table is made of.
import { z } from 'zod';

/** A channel: its argument schema, and (as a phantom) its result type. */
export const channel =
  <R>() =>
  <A extends z.ZodType>(input: A) => ({ input, result: undefined as unknown as R });

export const id = z.number().int().positive();
export const accountId = z.string().regex(/^[0-9a-f]{16}$/, 'not an account id');
export const page = { offset: z.number().int().min(0).max(10_000_000).default(0), limit: z.number().int().min(1).max(500).default(100) };
