// What the client puts on the wire, as a server reads it: auth, query vs form body, JSON-encoded
// arrays and scalars, plain strings, escaped path parameters, omitted params.
import { beforeEach, describe, expect, it } from 'vitest';
import { ValidationError } from '../../../main/api/errors';
import { ServiceClient } from '../../../main/api/service-client';
import { fields, json, useCaptureServer } from './capture-server';

const server = useCaptureServer();
let client: ServiceClient;

beforeEach(() => {
  client = new ServiceClient({ serverUrl: `${server.url}/`, email: 'iago@example.com', apiKey: 'k3y-Secret' });
});

function only() {
  expect(server.requests).toHaveLength(1);
  return server.requests[0]!;
}

describe('request encoding', () => {
  it('authenticates with HTTP Basic (email, API key) under /api/v1', async () => {
    await client.call('getUsers', {});
    const request = only();
    expect(request.url).toBe('/api/v1/users');
    const [scheme, encoded] = (request.headers.authorization ?? '').split(' ');
    expect(scheme).toBe('Basic');
    expect(Buffer.from(encoded ?? '', 'base64').toString('utf8')).toBe('iago@example.com:k3y-Secret');
  });

  it('sends GET params in the query, arrays JSON-encoded in one field, booleans as JSON text', async () => {
    await client.call('getUsers', { client_gravatar: false, include_custom_profile_fields: true, user_ids: [9, 10] });
    const request = only();
    expect(request.method).toBe('GET');
    expect(request.body).toBe('');
    const [path, query] = request.url.split('?');
    expect(path).toBe('/api/v1/users');
    expect(fields(query ?? '')).toEqual([
      ['client_gravatar', 'false'],
      ['include_custom_profile_fields', 'true'],
      ['user_ids', '[9,10]'],
    ]);
  });

  it('sends other methods as an x-www-form-urlencoded body, nothing in the query', async () => {
    await client.call('createScheduledMessage', {
      type: 'direct',
      to: [9, 10],
      content: 'Hi',
      scheduled_delivery_timestamp: 1_900_000_000,
      read_by_sender: true,
    });
    const request = only();
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/api/v1/scheduled_messages');
    expect(request.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(fields(request.body)).toEqual([
      ['type', 'direct'],
      ['to', '[9,10]'],
      ['content', 'Hi'],
      ['scheduled_delivery_timestamp', '1900000000'],
      ['read_by_sender', 'true'],
    ]);
  });

  it('sends a topic with & = + and non-ASCII characters as one plain, form-encoded field', async () => {
    const topic = 'R&D = "a+b" ünïcödé 🚀 100%';
    await client.call('createScheduledMessage', {
      type: 'channel',
      to: 7,
      topic,
      content: 'x=1&y=2',
      scheduled_delivery_timestamp: 1_900_000_000,
    });
    const request = only();
    expect(fields(request.body)).toEqual([
      ['type', 'channel'],
      ['to', '7'],
      ['topic', topic],
      ['content', 'x=1&y=2'],
      ['scheduled_delivery_timestamp', '1900000000'],
    ]);
    // Not JSON-quoted: the server reads the string as it is.
    expect(request.body).not.toContain('%22R%26D');
  });

  it('escapes a path parameter with encodeURIComponent (an email in the path)', async () => {
    server.respond((_req, res) => json(res, 200, { result: 'success', msg: '', user: { user_id: 1 } }));
    await client.call('getUserByEmail', { email: 'a+b/c?d#e@example.com', include_custom_profile_fields: true });
    const request = only();
    expect(request.url).toBe('/api/v1/users/a%2Bb%2Fc%3Fd%23e%40example.com?include_custom_profile_fields=true');
  });

  it('puts integer path parameters in the path and leaves them out of the body', async () => {
    await client.call('editScheduledMessage', { scheduled_message_id: 42, content: 'new' });
    const request = only();
    expect(request.method).toBe('PATCH');
    expect(request.url).toBe('/api/v1/scheduled_messages/42');
    expect(fields(request.body)).toEqual([['content', 'new']]);
  });

  it('sends DELETE params as form fields', async () => {
    await client.call('removeReaction', { message_id: 5, emoji_name: 'octopus', reaction_type: 'unicode_emoji' });
    const request = only();
    expect(request.method).toBe('DELETE');
    expect(request.url).toBe('/api/v1/messages/5/reactions');
    expect(fields(request.body)).toEqual([
      ['emoji_name', 'octopus'],
      ['reaction_type', 'unicode_emoji'],
    ]);
  });

  it('does not send omitted params, sends null as JSON null, objects JSON-encoded', async () => {
    server.respond((_req, res) => json(res, 200, { result: 'success', msg: '', invite_link: 'https://x/join/abc/' }));
    await client.call('createInviteLink', { invite_expires_in_minutes: null, stream_ids: [], invite_as: 400 });
    expect(fields(only().body)).toEqual([
      ['invite_expires_in_minutes', 'null'],
      ['stream_ids', '[]'],
      ['invite_as', '400'],
    ]);

    server.requests.length = 0;
    server.respond((_req, res) => json(res, 200, { result: 'success', msg: '', id: 3 }));
    await client.call('createCustomProfileField', { field_type: 3, field_data: { vim: { text: 'Vim', order: '1' } } });
    expect(fields(only().body)).toEqual([
      ['field_type', '3'],
      ['field_data', '{"vim":{"text":"Vim","order":"1"}}'],
    ]);
  });

  it('encodes registration options per the reference (JSON for arrays, objects, booleans)', async () => {
    server.respond((_req, res) =>
      json(res, 200, { result: 'success', msg: '', queue_id: 'q1', last_event_id: -1, service_feature_level: 400 }),
    );
    await client.call('registerQueue', {
      event_types: ['message', 'realm_user'],
      fetch_event_types: ['realm_user'],
      client_capabilities: { user_settings_object: true },
      apply_markdown: true,
      include_subscribers: false,
    });
    expect(fields(only().body)).toEqual([
      ['event_types', '["message","realm_user"]'],
      ['fetch_event_types', '["realm_user"]'],
      ['client_capabilities', '{"user_settings_object":true}'],
      ['apply_markdown', 'true'],
      ['include_subscribers', 'false'],
    ]);
  });

  it('asks for server settings without credentials', async () => {
    server.respond((_req, res) => json(res, 200, { result: 'success', msg: '', service_feature_level: 400 }));
    await client.call('getServerSettings', {});
    expect(only().headers.authorization).toBeUndefined();
  });

  it('sends the narrow-match check as JSON-encoded query fields', async () => {
    server.respond((_req, res) => json(res, 200, { result: 'success', msg: '', messages: {} }));
    await client.call('checkMessagesMatchNarrow', { msg_ids: [1, 2], narrow: [{ operator: 'search', operand: 'a&b' }] });
    const query = only().url.split('?')[1] ?? '';
    expect(fields(query)).toEqual([
      ['msg_ids', '[1,2]'],
      ['narrow', '[{"operator":"search","operand":"a&b"}]'],
    ]);
  });
});

describe('results', () => {
  it('keeps every field of the answer, including ones the spec does not show', async () => {
    server.respond((_req, res) =>
      json(res, 200, {
        result: 'success',
        msg: '',
        scheduled_message_id: 17,
        brand_new_field: { nested: [1] },
      }),
    );
    const result = await client.call('createScheduledMessage', {
      type: 'direct',
      to: [1],
      content: 'x',
      scheduled_delivery_timestamp: 1,
    });
    expect(result.scheduled_message_id).toBe(17);
    expect(result.brand_new_field).toEqual({ nested: [1] });
  });

  it('surfaces ignored_parameters_unsupported in the result and to onIgnoredParameters', async () => {
    const reported: [string, string[]][] = [];
    client = new ServiceClient({
      serverUrl: server.url,
      email: 'iago@example.com',
      apiKey: 'k3y-Secret',
      onIgnoredParameters: (operation, parameters) => reported.push([operation, parameters]),
    });
    server.respond((_req, res) =>
      json(res, 200, { result: 'success', msg: '', streams: [], ignored_parameters_unsupported: ['include_all'] }),
    );
    const result = await client.call('getChannels', { include_all: true });
    expect(result.ignored_parameters_unsupported).toEqual(['include_all']);
    expect(reported).toEqual([['getChannels', ['include_all']]]);
  });

  it('refuses a field nested deeper than it can encode, naming it, and sends nothing', async () => {
    let field_data: Record<string, unknown> = {};
    for (let depth = 0; depth < 10_000; depth++) field_data = { inner: field_data };
    const call = client.call('createCustomProfileField', { name: 'Deep', field_type: 7, field_data });
    await expect(call).rejects.toBeInstanceOf(ValidationError);
    await expect(call).rejects.toThrow(/field_data nests more than \d+ levels/);
    expect(server.requests).toHaveLength(0);
    // The client is still usable.
    await client.call('getUsers', {});
    expect(server.requests).toHaveLength(1);
  });
});
