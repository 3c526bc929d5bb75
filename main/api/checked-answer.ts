// Answers the client hands on only once they have the form the app reads: a server of another
// version, or a proxy, may answer 200 with something else.
import type { z } from 'zod';
import { ApiError } from './errors';

export class UnexpectedAnswerError extends ApiError {
  constructor(request: string, problem: string) {
    super(`The server's answer to ${request} is not in the form this app reads (${problem}); its version may not be supported.`, request);
  }
}

/** `value`, the answer's field `field`, parsed with `schema`; else an UnexpectedAnswerError naming the first problem. */
export function checkedAnswer<T>(request: string, field: string, schema: z.ZodType<T>, value: unknown): T {
  const checked = schema.safeParse(value);
  if (checked.success) return checked.data;
  const issue = checked.error.issues[0];
  throw new UnexpectedAnswerError(request, `${[field, ...(issue?.path ?? [])].join('.')}: ${issue?.message ?? 'invalid'}`);
}
