// The shared vocabulary as data: the operation table covers the spec's 24 operations with the
// levels the spec dates, and events are told apart from ones the client does not know.
import { describe, expect, it } from 'vitest';
import { FIELD_TYPES, ROLES } from '../../../shared/api/limits';
import { isKnownEvent, type ServiceEvent } from '../../../shared/api/events';
import { OPERATIONS, OUTGOING_WEBHOOK_DELIVERY, pathParamNames } from '../../../shared/api/operation-table';

describe('operation table', () => {
  it('has the 24 operations of the spec, numbered 1..24 (21 is received, not called)', () => {
    const numbers = Object.values(OPERATIONS)
      .map((spec) => spec.spec)
      .filter((n): n is number => n !== undefined);
    expect([...numbers, OUTGOING_WEBHOOK_DELIVERY.spec].sort((a, b) => a - b)).toEqual(
      Array.from({ length: 24 }, (_, i) => i + 1),
    );
  });

  it('records the levels the spec dates', () => {
    expect(OPERATIONS.createScheduledMessage.requires?.level).toBe(179);
    expect(OPERATIONS.editScheduledMessage.requires?.level).toBe(184);
    expect(OPERATIONS.updateUserTopic.requires?.level).toBe(170);
    expect(OPERATIONS.createChannelFolder.requires?.level).toBe(389);
    expect(OPERATIONS.updateStatusForUser.requires?.level).toBe(407);
    expect(OPERATIONS.registerPushDevice.requires?.level).toBe(406);
    expect(OPERATIONS.editSavedSnippet.requires?.level).toBe(368);
    expect(OPERATIONS.createUser.requires?.level).toBe(36);
    expect(OPERATIONS.updateLinkifier.requires?.level).toBe(57);
    expect(OPERATIONS.createScheduledMessage.params?.read_by_sender?.since).toBe(236);
    expect(OPERATIONS.setTypingStatus.params?.stream_id?.since).toBe(215);
    expect(OPERATIONS.getChannels.params).toMatchObject({
      exclude_archived: { since: 315 },
      include_all: { since: 356 },
      include_can_access_content: { since: 356 },
    });
    expect(OPERATIONS.getUsers.params?.user_ids?.since).toBe(384);
    expect(OPERATIONS.createCustomProfileField.params).toMatchObject({
      display_in_profile_summary: { since: 146 },
      required: { since: 244 },
      editable_by_user: { since: 296 },
    });
    expect(OPERATIONS.createInviteLink.params).toMatchObject({
      invite_expires_in_minutes: { since: 126 },
      group_ids: { since: 322 },
      include_realm_default_subscriptions: { since: 261 },
      welcome_message_custom_text: { since: 416 },
    });
    expect(OPERATIONS.deactivateUser.params?.deactivation_notification_comment?.since).toBe(135);
  });

  it('names path parameters with the spec names', () => {
    expect(pathParamNames(OPERATIONS.editScheduledMessage.path)).toEqual(['scheduled_message_id']);
    expect(pathParamNames(OPERATIONS.updateChannelFolder.path)).toEqual(['channel_folder_id']);
    expect(pathParamNames(OPERATIONS.getUserByEmail.path)).toEqual(['email']);
  });

  it('has the named limits', () => {
    expect(Object.values(ROLES)).toEqual([100, 200, 300, 400, 600]);
    expect(Object.keys(FIELD_TYPES)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8']);
  });
});

describe('events', () => {
  it('recognizes the events the sync layer applies, by type and op', () => {
    const known: ServiceEvent[] = [
      { id: 1, type: 'heartbeat' },
      { id: 2, type: 'realm_user', op: 'update', person: { user_id: 3, is_active: false } },
      { id: 3, type: 'channel_folder', op: 'update', channel_folder_id: 1, data: { is_archived: true } },
      { id: 4, type: 'user_topic', stream_id: 1, topic_name: 't', last_updated: 1, visibility_policy: 3 },
      { id: 5, type: 'restart', service_version: '11', service_merge_base: '', service_feature_level: 400, server_generation: 1 },
    ];
    expect(known.map(isKnownEvent)).toEqual([true, true, true, true, true]);
  });

  it('keeps unknown types and ops as UnknownEvent', () => {
    const unknown: ServiceEvent[] = [
      { id: 1, type: 'has_zoom_token', value: true },
      { id: 2, type: 'channel_folder', op: 'reorder', order: [1] },
      { id: 3, type: 'realm_user', op: 'explode' },
      { id: 4, type: 'toString' },
    ];
    expect(unknown.map(isKnownEvent)).toEqual([false, false, false, false]);
  });
});
