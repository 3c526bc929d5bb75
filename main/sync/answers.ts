// The answers sync reads, checked before anything of them reaches the mirror.
import { z } from 'zod';
import type { Message } from '../../shared/api/records';
import { firstProblem, messageSchema } from '../../shared/api/record-schemas';
import { quickProblem } from '../../shared/api/quick-check';
import { checkRegistration, type RegisterQueueResult } from '../../shared/api/registration';

/** The server answered, but not in a form the app can use: nothing of the answer was applied. */
export class UnusableAnswerError extends Error {
  constructor(
    readonly request: string,
    readonly problem: string,
  ) {
    super(`The server's answer to ${request} is not in the form this app reads (${problem}). Its version may not be supported; sync keeps retrying.`);
    this.name = 'UnusableAnswerError';
  }
}

/** Events are checked one by one when applied; here only the batch itself. */
const eventsAnswerSchema = z.looseObject({ events: z.array(z.unknown()) });
const messagesAnswerSchema = z.looseObject({ messages: z.array(messageSchema), found_newest: z.boolean() });

function check<T>(schema: z.ZodType, answer: unknown, request: string): T {
  const error = quickProblem(schema, answer);
  if (error) throw new UnusableAnswerError(request, firstProblem(error));
  return answer as T;
}

export function checkedEvents(answer: unknown): { events: unknown[] } {
  return check(eventsAnswerSchema, answer, 'GET /events');
}

export function checkedMessages(answer: unknown): { messages: Message[]; found_newest: boolean } {
  return check(messagesAnswerSchema, answer, 'GET /messages');
}

export function checkedRegistration(answer: unknown): RegisterQueueResult {
  const checked = checkRegistration(answer);
  if (!checked.ok) throw new UnusableAnswerError('POST /register', checked.problem);
  return checked.result;
}
