// Constructing a client: only https: (or http: to loopback), the API root under /api/v1; and
// the feature level it learns and refuses calls by, before anything is sent.
import { describe, expect, it } from 'vitest';
import { ServiceClient } from '../../../main/api/service-client';
import { UnsupportedFeatureError, ValidationError } from '../../../main/api/errors';
import { json, useCaptureServer } from './capture-server';

describe('server URL', () => {
  it.each([
    ['https://chat.example.com', 'https://chat.example.com/api/v1'],
    ['https://chat.example.com/', 'https://chat.example.com/api/v1'],
    ['https://example.com/chat//', 'https://example.com/chat/api/v1'],
    ['http://127.0.0.1:9991', 'http://127.0.0.1:9991/api/v1'],
    ['http://127.8.9.10/', 'http://127.8.9.10/api/v1'],
    ['http://localhost:8080/', 'http://localhost:8080/api/v1'],
    ['http://[::1]:3000', 'http://[::1]:3000/api/v1'],
    // Without a scheme, https: is meant, as the family's clients take it.
    ['chat.example.com', 'https://chat.example.com/api/v1'],
    ['  Chat.Example.com/team/ ', 'https://chat.example.com/team/api/v1'],
    ['chat.example.com:8443', 'https://chat.example.com:8443/api/v1'],
    ['127.0.0.1:9991', 'https://127.0.0.1:9991/api/v1'],
  ])('accepts %s', (serverUrl, apiRoot) => {
    expect(new ServiceClient({ serverUrl }).apiRoot).toBe(apiRoot);
  });

  it.each([
    ['http://chat.example.com', /must use https:/],
    ['http://10.0.0.1', /must use https:/],
    ['http://127.example.com', /must use https:/],
    ['ftp://chat.example.com', /must use https:/],
    ['javascript:alert(1)', /not a valid server URL/],
    ['chat example com', /not a valid server URL/],
    ['https://user:pw@chat.example.com', /must not contain a user name or password/],
    ['https://chat.example.com/?realm=x', /must not have a query/],
  ])('rejects %s at construction', (serverUrl, message) => {
    expect(() => new ServiceClient({ serverUrl })).toThrow(ValidationError);
    expect(() => new ServiceClient({ serverUrl })).toThrow(message);
  });

  it('does not echo credentials typed into the URL', () => {
    try {
      new ServiceClient({ serverUrl: 'https://user:hunter2@chat.example.com' });
    } catch (error) {
      expect((error as Error).message).not.toContain('hunter2');
    }
  });
});

describe('feature levels', () => {
  const server = useCaptureServer();

  const at = (featureLevel?: number) =>
    new ServiceClient({ serverUrl: server.url, email: 'a@b.c', apiKey: 'k', ...(featureLevel === undefined ? {} : { featureLevel }) });

  it('refuses an operation the server is too old for, naming the level, without sending anything', async () => {
    const error = await at(300)
      .call('createChannelFolder', { name: 'Work', description: '' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnsupportedFeatureError);
    expect((error as Error).message).toBe('Channel folders need feature level 389; this server is at 300.');
    expect(error).toMatchObject({ requiredLevel: 389, serverLevel: 300 });
    expect(server.requests).toHaveLength(0);
  });

  it.each([
    ['createScheduledMessage', 178, 179],
    ['editScheduledMessage', 183, 184],
    ['updateUserTopic', 169, 170],
    ['updateStatusForUser', 406, 407],
    ['registerPushDevice', 405, 406],
    ['editSavedSnippet', 367, 368],
    ['createUser', 35, 36],
    ['updateLinkifier', 56, 57],
  ] as const)('%s needs its level: refused at %i, sent at %i', async (operation, below, needed) => {
    const calls: Record<typeof operation, (client: ServiceClient) => Promise<unknown>> = {
      createScheduledMessage: (c) => c.call('createScheduledMessage', { type: 'direct', to: [1], content: 'c', scheduled_delivery_timestamp: 2e9 }),
      editScheduledMessage: (c) => c.call('editScheduledMessage', { scheduled_message_id: 1, content: 'c' }),
      updateUserTopic: (c) => c.call('updateUserTopic', { stream_id: 1, topic: 't', visibility_policy: 1 }),
      updateStatusForUser: (c) => c.call('updateStatusForUser', { user_id: 1, status_text: 'x' }),
      registerPushDevice: (c) =>
        c.call('registerPushDevice', { token_kind: 'fcm', push_account_id: 1, push_public_key: 'a', bouncer_public_key: 'b', encrypted_push_registration: 'c' }),
      editSavedSnippet: (c) => c.call('editSavedSnippet', { saved_snippet_id: 1, title: 't' }),
      createUser: (c) => c.call('createUser', { email: 'n@b.c', password: 'p', full_name: 'N' }),
      // url_template is always sent and is dated 176, so updating a linkifier needs 176 in practice.
      updateLinkifier: (c) => c.call('updateLinkifier', { filter_id: 1, pattern: 'x', url_template: 'y' }),
    };
    const call = calls[operation];
    await expect(call(at(below))).rejects.toThrow(`feature level ${needed}; this server is at ${below}.`);
    expect(server.requests).toHaveLength(0);
    if (operation !== 'updateLinkifier') {
      await call(at(needed));
      expect(server.requests).toHaveLength(1);
    }
  });

  it('refuses a dated parameter only when it is used', async () => {
    const client = at(300);
    await expect(client.call('getChannels', { include_all: true })).rejects.toThrow(
      'The include_all parameter of "Get all channels" needs feature level 356; this server is at 300.',
    );
    await expect(client.call('getUsers', { user_ids: [1] })).rejects.toThrow('needs feature level 384');
    await expect(
      client.call('createInviteLink', { welcome_message_custom_text: 'Hi' }),
    ).rejects.toThrow('welcome_message_custom_text parameter of "Create a reusable invitation link" needs feature level 416');
    await expect(
      at(240).call('setTypingStatus', { type: 'channel', op: 'start', stream_id: 1, topic: 't' }),
    ).rejects.toThrow('type "channel" in "Set typing status" needs feature level 248; this server is at 240.');
    expect(server.requests).toHaveLength(0);
    await client.call('getChannels', { include_public: true });
    await client.call('getUsers', {});
    expect(server.requests).toHaveLength(2);
  });

  it('does not refuse anything while the level is unknown', async () => {
    const client = at();
    expect(client.featureLevel).toBeUndefined();
    await client.call('createChannelFolder', { name: 'Work', description: '' });
    expect(server.requests).toHaveLength(1);
  });

  it('learns the level from server settings (absent = 0)', async () => {
    const client = at();
    server.respond((_req, res) => json(res, 200, { result: 'success', msg: '', service_feature_level: 300 }));
    await client.call('getServerSettings', {});
    expect(client.featureLevel).toBe(300);
    await expect(client.call('createChannelFolder', { name: 'W', description: '' })).rejects.toThrow('this server is at 300');

    server.respond((_req, res) => json(res, 200, { result: 'success', msg: '' }));
    await client.call('getServerSettings', {});
    expect(client.featureLevel).toBe(0);
  });

  it('learns the level and the announced limits from queue registration', async () => {
    const client = at();
    server.respond((_req, res) =>
      json(res, 200, {
        result: 'success',
        msg: '',
        queue_id: 'q',
        last_event_id: -1,
        service_feature_level: 390,
        service_version: '11.0',
        service_merge_base: '',
        max_channel_folder_name_length: 10,
        realm_empty_topic_display_name: 'general chat',
        event_queue_longpoll_timeout_seconds: 90,
      }),
    );
    await client.call('registerQueue', { fetch_event_types: ['realm'] });
    expect(client.featureLevel).toBe(390);
    expect(client.announced).toMatchObject({ max_channel_folder_name_length: 10, realm_empty_topic_display_name: 'general chat' });
    await expect(client.call('createChannelFolder', { name: 'A much too long name', description: '' })).rejects.toThrow(
      'at most 10 characters',
    );
    await expect(client.call('getUsers', { user_ids: [1] })).resolves.toBeDefined();
  });

  it('can be told the level explicitly', async () => {
    const client = at();
    client.setFeatureLevel(100);
    await expect(client.call('getChannelFolders', {})).rejects.toThrow('Channel folders need feature level 389; this server is at 100.');
    expect(server.requests).toHaveLength(0);
  });
});
