// GET /messages asks for the empty topic as the empty string (allow_empty_topic_name) where the
// server knows the empty topic (feature level 334 on): otherwise a real server names it "general
// chat", and a fetched message would be filed under another topic than the events of its topic.
import { expect, it } from 'vitest';
import { ServiceClient } from '../../../main/api/service-client';
import { json, useCaptureServer } from './capture-server';

const server = useCaptureServer();

async function messagesQuery(featureLevel: number): Promise<URLSearchParams> {
  server.respond((_req, res) => json(res, 200, { result: 'success', msg: '', messages: [], found_newest: true, found_oldest: true }));
  const client = new ServiceClient({ serverUrl: server.url, email: 'iago@example.com', apiKey: 'secret-key', featureLevel });
  await client.call('getMessages', { anchor: 'newest', num_before: 10, num_after: 0, narrow: [] });
  return new URL(server.requests.at(-1)!.url, server.url).searchParams;
}

it('asks for the empty topic by its own name from feature level 334', async () => {
  expect((await messagesQuery(372)).get('allow_empty_topic_name')).toBe('true');
  expect((await messagesQuery(334)).get('allow_empty_topic_name')).toBe('true');
});

it('does not ask a server that has no empty topic', async () => {
  expect((await messagesQuery(333)).has('allow_empty_topic_name')).toBe(false);
});
