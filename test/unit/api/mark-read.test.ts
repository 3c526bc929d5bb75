// Marking a narrow read (or unread from a message on) on the wire: the flag update over a narrow
// asked range after range, each from the last message the previous one processed, until the server
// says it reached the newest; an answer not in the reference's form is refused.
import { beforeEach, expect, it } from 'vitest';
import { UnexpectedAnswerError } from '../../../main/api/checked-answer';
import { markNarrowRead, markNarrowUnreadFrom } from '../../../main/api/mark-narrow-read';
import { ServiceClient } from '../../../main/api/service-client';
import { fields, json, useCaptureServer } from './capture-server';

const server = useCaptureServer();
let client: ServiceClient;

beforeEach(() => {
  client = new ServiceClient({ serverUrl: server.url, email: 'iago@example.com', apiKey: 'secret-key', featureLevel: 400 });
});

const range = (fields: Record<string, unknown>) => ({ result: 'success', msg: '', processed_count: 2, updated_count: 2, first_processed_id: 1, found_oldest: true, ...fields });

it('goes on from the last processed message until found_newest', async () => {
  const answers = [range({ last_processed_id: 40, found_newest: false }), range({ first_processed_id: 41, last_processed_id: 90, found_newest: true, updated_count: 3 })];
  server.respond((_req, res) => json(res, 200, answers.shift()));
  const narrow = [{ operator: 'channel', operand: 5 }];
  expect(await markNarrowRead(client, { narrow })).toEqual({ updated_count: 5 });
  const [first, second] = server.requests.map((request) => Object.fromEntries(fields(request.body)));
  expect(server.requests[0]).toMatchObject({ method: 'POST', url: '/api/v1/messages/flags/narrow' });
  expect(first).toMatchObject({ anchor: 'first_unread', include_anchor: 'true', op: 'add', flag: 'read', narrow: JSON.stringify([...narrow, { operator: 'is', operand: 'unread' }]) });
  expect(second).toMatchObject({ anchor: '40', include_anchor: 'false' });
  expect(server.requests).toHaveLength(2);
});

it('marks unread from the message itself on, then from the last processed one, over the narrow as given', async () => {
  const answers = [range({ last_processed_id: 70, found_newest: false }), range({ last_processed_id: null, found_newest: false, updated_count: 0 })];
  server.respond((_req, res) => json(res, 200, answers.shift()));
  const narrow = [{ operator: 'channel', operand: 5 }, { operator: 'topic', operand: 'lunch' }];
  expect(await markNarrowUnreadFrom(client, { narrow, anchor: 12 })).toEqual({ updated_count: 2 });
  const [first, second] = server.requests.map((request) => Object.fromEntries(fields(request.body)));
  expect(first).toMatchObject({ anchor: '12', include_anchor: 'true', num_before: '0', op: 'remove', flag: 'read', narrow: JSON.stringify(narrow) });
  expect(second).toMatchObject({ anchor: '70', include_anchor: 'false', op: 'remove' });
  expect(server.requests).toHaveLength(2);
});

it('refuses a range answer without found_newest, naming the field', async () => {
  server.respond((_req, res) => json(res, 200, { result: 'success', msg: '', updated_count: 1, last_processed_id: 3 }));
  const error = await markNarrowRead(client, { narrow: [] }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(UnexpectedAnswerError);
  expect((error as Error).message).toContain('found_newest');
});
