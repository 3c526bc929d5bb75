// The spec's rules, checked before sending: each check alone (as the GUI forms will use them),
// and through the client, which then sends nothing.
import { beforeEach, describe, expect, it } from 'vitest';
import { ServiceClient } from '../../../main/api/service-client';
import { ValidationError } from '../../../main/api/errors';
import {
  checkChannelDescription,
  checkChannelFolderDescription,
  checkChannelFolderName,
  checkChannelName,
  checkFailedScheduledEdit,
  checkFieldType,
  checkInviteAs,
  checkMessageFlag,
  checkProfileSummary,
  checkScheduledTopic,
  checkScheduledTypeChange,
  checkStatusEmoji,
  checkStatusText,
  checkTypingTarget,
  checkVisibilityPolicy,
  checkWelcomeMessageCustomText,
} from '../../../shared/api/checks';
import { checkOperation } from '../../../shared/api/operation-checks';
import { useCaptureServer } from './capture-server';

describe('rule checks', () => {
  it('status_text: at most 60 characters (counted as characters, not UTF-16 units)', () => {
    expect(checkStatusText('x'.repeat(60))).toBeUndefined();
    expect(checkStatusText('🚀'.repeat(60))).toBeUndefined();
    expect(checkStatusText('')).toBeUndefined();
    expect(checkStatusText('x'.repeat(61))).toBe('status_text must be at most 60 characters (it has 61).');
  });

  it('emoji_name is required with emoji_code or reaction_type', () => {
    expect(checkStatusEmoji({ emoji_code: '1f680' })).toBe('emoji_name is required if emoji_code or reaction_type is given.');
    expect(checkStatusEmoji({ reaction_type: 'unicode_emoji' })).toMatch(/emoji_name is required/);
    expect(checkStatusEmoji({ emoji_name: 'rocket', emoji_code: '1f680' })).toBeUndefined();
    expect(checkStatusEmoji({ status_text: 'away' } as object)).toBeUndefined();
  });

  it('welcome_message_custom_text: at most 8000 characters; null means the default', () => {
    expect(checkWelcomeMessageCustomText('w'.repeat(8000))).toBeUndefined();
    expect(checkWelcomeMessageCustomText(null)).toBeUndefined();
    expect(checkWelcomeMessageCustomText('w'.repeat(8001))).toBe(
      'welcome_message_custom_text must be at most 8000 characters (it has 8001).',
    );
  });

  it('invite_as is one of the roles 100, 200, 300, 400, 600', () => {
    for (const role of [100, 200, 300, 400, 600]) expect(checkInviteAs(role)).toBeUndefined();
    expect(checkInviteAs(500)).toBe('invite_as must be one of 100, 200, 300, 400, 600 (got 500).');
  });

  it('visibility_policy is 0..3', () => {
    for (const policy of [0, 1, 2, 3]) expect(checkVisibilityPolicy(policy)).toBeUndefined();
    expect(checkVisibilityPolicy(4)).toBe('visibility_policy must be one of 0, 1, 2, 3 (got 4).');
  });

  it('field_type is 1..8, and the message names the types', () => {
    for (let type = 1; type <= 8; type += 1) expect(checkFieldType(type)).toBeUndefined();
    expect(checkFieldType(9)).toMatch(/^field_type must be from 1 to 8 \(1 short text, 2 long text, .*8 pronouns\); got 9\.$/);
    expect(checkFieldType(0)).toMatch(/from 1 to 8/);
  });

  it('long text and person picker fields cannot be in the profile summary', () => {
    expect(checkProfileSummary(2, true)).toMatch(/cannot be displayed in the profile summary/);
    expect(checkProfileSummary(6, true)).toMatch(/cannot be displayed/);
    expect(checkProfileSummary(1, true)).toBeUndefined();
    expect(checkProfileSummary(2, false)).toBeUndefined();
  });

  it('channel folder name: non-empty and within the announced maximum; description within its maximum', () => {
    expect(checkChannelFolderName('', 60)).toBe('The channel folder name must be non-empty.');
    expect(checkChannelFolderName('   ', undefined)).toBe('The channel folder name must be non-empty.');
    expect(checkChannelFolderName('Work', 4)).toBeUndefined();
    expect(checkChannelFolderName('Works', 4)).toBe('The channel folder name must be at most 4 characters (it has 5).');
    expect(checkChannelFolderName('x'.repeat(500), undefined)).toBeUndefined();
    expect(checkChannelFolderDescription('', 10)).toBeUndefined();
    expect(checkChannelFolderDescription('d'.repeat(11), 10)).toBe(
      'The channel folder description must be at most 10 characters (it has 11).',
    );
  });

  it('channel name: non-empty and within the announced maximum once stripped, as the server strips it; description within its maximum', () => {
    expect(checkChannelName(' \t', 60)).toBe('The channel name must be non-empty.');
    expect(checkChannelName(`  ${'n'.repeat(60)}  `, 60)).toBeUndefined();
    expect(checkChannelName('n'.repeat(61), 60)).toBe('The channel name must be at most 60 characters (it has 61).');
    expect(checkChannelName('n'.repeat(600), undefined)).toBeUndefined();
    expect(checkChannelDescription('d'.repeat(1024), 1024)).toBeUndefined();
    expect(checkChannelDescription('d'.repeat(1025), 1024)).toBe('The channel description must be at most 1024 characters (it has 1025).');
  });

  it('typing to a channel needs stream_id; direct typing needs to', () => {
    expect(checkTypingTarget({ type: 'channel' })).toMatch(/^stream_id is required for channel typing notifications/);
    expect(checkTypingTarget({ type: 'stream' })).toMatch(/^stream_id is required/);
    expect(checkTypingTarget({ type: 'channel', stream_id: 3 })).toBeUndefined();
    expect(checkTypingTarget({})).toMatch(/^to is required for direct typing notifications/);
    expect(checkTypingTarget({ to: [4] })).toBeUndefined();
  });

  it('a scheduled channel message needs a topic that is not empty, "(no topic)" or the empty-topic display name', () => {
    const message =
      'topic is required for a scheduled channel message and may not be empty, "(no topic)" or "general chat".';
    expect(checkScheduledTopic(undefined, 'general chat')).toBe(message);
    expect(checkScheduledTopic('', 'general chat')).toBe(message);
    expect(checkScheduledTopic('(no topic)', 'general chat')).toBe(message);
    expect(checkScheduledTopic('general chat', 'general chat')).toBe(message);
    expect(checkScheduledTopic('general chat', undefined)).toBeUndefined();
    expect(checkScheduledTopic('lunch', 'general chat')).toBeUndefined();
  });

  it('editing a failed scheduled message needs a new timestamp', () => {
    expect(checkFailedScheduledEdit(undefined, true)).toBe(
      'scheduled_delivery_timestamp is required when editing a scheduled message that failed to send.',
    );
    expect(checkFailedScheduledEdit(2e9, true)).toBeUndefined();
    expect(checkFailedScheduledEdit(undefined, false)).toBeUndefined();
    expect(checkFailedScheduledEdit(undefined, undefined)).toBeUndefined();
  });

  it("changing a scheduled message's type needs to, and topic for a channel type", () => {
    expect(checkScheduledTypeChange({ type: 'channel' }, 'direct')).toBe(
      'to is required when the type of a scheduled message changes.',
    );
    expect(checkScheduledTypeChange({ type: 'channel', to: 5 }, 'direct')).toBe(
      'topic is required when a scheduled message changes to a channel type.',
    );
    expect(checkScheduledTypeChange({ type: 'channel', to: 5, topic: 't' }, 'direct')).toBeUndefined();
    expect(checkScheduledTypeChange({ type: 'direct' }, 'channel')).toMatch(/^to is required/);
    expect(checkScheduledTypeChange({ type: 'direct', to: [1] }, 'channel')).toBeUndefined();
    // stream and channel are the same kind; private and direct too.
    expect(checkScheduledTypeChange({ type: 'stream' }, 'channel')).toBeUndefined();
    expect(checkScheduledTypeChange({ type: 'private' }, 'direct')).toBeUndefined();
    expect(checkScheduledTypeChange({ type: 'channel' }, undefined)).toBeUndefined();
  });

  it('only read, starred and collapsed can be changed directly', () => {
    expect(checkMessageFlag('starred')).toBeUndefined();
    expect(checkMessageFlag('mentioned')).toBe('The flag "mentioned" cannot be changed directly; only read, starred, collapsed can.');
  });

  it('checkOperation lists every broken rule with its parameter', () => {
    expect(
      checkOperation('updateStatusForUser', { user_id: 1, status_text: 'x'.repeat(61), emoji_code: '1f680' }),
    ).toEqual([
      { param: 'status_text', message: 'status_text must be at most 60 characters (it has 61).' },
      { param: 'emoji_name', message: 'emoji_name is required if emoji_code or reaction_type is given.' },
    ]);
    expect(checkOperation('updateStatusForUser', { user_id: 1 })[0]?.message).toMatch(/at least one new value/);
    expect(checkOperation('getUsers', {})).toEqual([]);
  });
});

describe('the client runs the checks before sending', () => {
  const server = useCaptureServer();
  let client: ServiceClient;
  beforeEach(() => {
    client = new ServiceClient({ serverUrl: server.url, email: 'a@b.c', apiKey: 'k' });
    client.useRegistration({
      realm_empty_topic_display_name: 'general chat',
      max_channel_folder_name_length: 20,
      max_channel_folder_description_length: 50,
      max_stream_name_length: 30,
      max_stream_description_length: 40,
      max_topic_length: 60,
      max_message_length: 100,
    });
  });

  async function refused(call: Promise<unknown>, param: string, message: RegExp | string) {
    const error = await call.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).param).toBe(param);
    expect((error as Error).message).toMatch(message);
    expect(server.requests).toHaveLength(0);
  }

  it.each([
    ['status_text over 60', (c: ServiceClient) => c.call('updateStatusForUser', { user_id: 1, status_text: 's'.repeat(61) }), 'status_text', 'at most 60 characters'],
    ['emoji_code without emoji_name', (c: ServiceClient) => c.call('updateStatusForUser', { user_id: 1, emoji_code: '1f680' }), 'emoji_name', 'emoji_name is required'],
    ['welcome text over 8000', (c: ServiceClient) => c.call('createInviteLink', { welcome_message_custom_text: 'w'.repeat(8001) }), 'welcome_message_custom_text', 'at most 8000 characters'],
    ['invite_as 500', (c: ServiceClient) => c.call('createInviteLink', { invite_as: 500 }), 'invite_as', '100, 200, 300, 400, 600'],
    ['visibility_policy 7', (c: ServiceClient) => c.call('updateUserTopic', { stream_id: 1, topic: 't', visibility_policy: 7 }), 'visibility_policy', '0, 1, 2, 3'],
    ['field_type 9', (c: ServiceClient) => c.call('createCustomProfileField', { field_type: 9 }), 'field_type', 'from 1 to 8'],
    ['empty folder name', (c: ServiceClient) => c.call('createChannelFolder', { name: '', description: '' }), 'name', 'non-empty'],
    ['folder name over the announced maximum', (c: ServiceClient) => c.call('updateChannelFolder', { channel_folder_id: 1, name: 'n'.repeat(21) }), 'name', 'at most 20 characters'],
    ['folder description over the announced maximum', (c: ServiceClient) => c.call('createChannelFolder', { name: 'ok', description: 'd'.repeat(51) }), 'description', 'at most 50 characters'],
    ['a channel name over the announced maximum', (c: ServiceClient) => c.call('subscribe', { subscriptions: [{ name: 'n'.repeat(31) }] }), 'subscriptions', 'at most 30 characters'],
    ['an empty channel name', (c: ServiceClient) => c.call('subscribe', { subscriptions: [{ name: ' ' }] }), 'subscriptions', 'non-empty'],
    ['a new channel description over the announced maximum', (c: ServiceClient) => c.call('subscribe', { subscriptions: [{ name: 'ok', description: 'd'.repeat(41) }] }), 'subscriptions', 'at most 40 characters'],
    ['channel typing without stream_id', (c: ServiceClient) => c.call('setTypingStatus', { type: 'channel', op: 'start', topic: 't' }), 'stream_id', 'stream_id is required'],
    ['scheduled channel message in the display-name topic', (c: ServiceClient) => c.call('createScheduledMessage', { type: 'channel', to: 1, topic: 'general chat', content: 'c', scheduled_delivery_timestamp: 2e9 }), 'topic', '"(no topic)" or "general chat"'],
    ['scheduled channel message without topic', (c: ServiceClient) => c.call('createScheduledMessage', { type: 'stream', to: 1, content: 'c', scheduled_delivery_timestamp: 2e9 }), 'topic', 'topic is required'],
    ['failed scheduled message edited without a timestamp', (c: ServiceClient) => c.call('editScheduledMessage', { scheduled_message_id: 1, content: 'c' }, { existing: { failed: true } }), 'scheduled_delivery_timestamp', 'failed to send'],
    ['type change without to', (c: ServiceClient) => c.call('editScheduledMessage', { scheduled_message_id: 1, type: 'channel', topic: 't' }, { existing: { type: 'direct' } }), 'to', 'to is required'],
    ['type change to channel without topic', (c: ServiceClient) => c.call('editScheduledMessage', { scheduled_message_id: 1, type: 'channel', to: 3 }, { existing: { type: 'private' } }), 'topic', 'topic is required'],
    ['topic over max_topic_length', (c: ServiceClient) => c.call('updateUserTopic', { stream_id: 1, topic: 't'.repeat(61), visibility_policy: 1 }), 'topic', 'at most 60 characters'],
    ['content over max_message_length', (c: ServiceClient) => c.call('createSavedSnippet', { title: 't', content: 'c'.repeat(101) }), 'content', 'at most 100 characters'],
    ['a flag that cannot be changed', (c: ServiceClient) => c.call('updateMessageFlags', { messages: [1], op: 'add', flag: 'mentioned' }), 'flag', 'cannot be changed directly'],
  ])('%s is refused with the rule, nothing sent', async (_name, call, param, message) => {
    await refused(call(client), param, message);
  });

  it('sends what the rules allow', async () => {
    await client.call('createScheduledMessage', { type: 'channel', to: 1, topic: 'lunch', content: 'c', scheduled_delivery_timestamp: 2e9 });
    await client.call('editScheduledMessage', { scheduled_message_id: 1, scheduled_delivery_timestamp: 2e9 }, { existing: { failed: true } });
    await client.call('setTypingStatus', { type: 'channel', op: 'start', stream_id: 1, topic: 't' });
    await client.call('updateStatusForUser', { user_id: 1, status_text: '' });
    expect(server.requests).toHaveLength(4);
  });
});
