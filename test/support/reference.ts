// The reference shapes of ../shared/reference/ (real servers of this API), for checking that
// test fixtures and answers look like what a real server sends.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const referenceDir = join(import.meta.dirname, '..', '..', '..', 'shared', 'reference');

type Validate = (schema: unknown, value: unknown, options?: { allowAdditional?: boolean }) => string[];
const { validate } = (await import(join(referenceDir, 'validate.mjs'))) as { validate: Validate };

interface EventVariant {
  type: string;
  op?: string;
  schema: unknown;
}

const eventVariants = (JSON.parse(readFileSync(join(referenceDir, 'events.json'), 'utf8')) as { events: EventVariant[] }).events;

/** Errors of `event` against its reference variant (newer servers add fields: allowed). */
export function eventErrors(event: { type: string; op?: string }): string[] {
  const variants = eventVariants.filter((v) => v.type === event.type && (v.op ?? undefined) === (event.op ?? undefined));
  if (variants.length === 0) return [`no reference variant for ${event.type}/${event.op ?? ''}`];
  const results = variants.map((v) => validate(v.schema, event, { allowAdditional: true }));
  return results.find((errors) => errors.length === 0) ?? results[0] ?? [];
}
