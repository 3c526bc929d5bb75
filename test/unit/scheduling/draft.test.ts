// The scheduling form's rules, as checked while the user types, and what it sends.
import { describe, expect, it } from 'vitest';
import type { ScheduledMessage } from '../../../shared/api/records';
import { createArgs, draftOf, draftProblems, editArgs, emptyDraft, type ScheduleDraft } from '../../../renderer/src/screens/scheduling/draft';
import { formatDelivery, fromPickerValue, toPickerValue, userZone } from '../../../renderer/src/screens/scheduling/when';

const NOW = 1_800_000_000;
const ZONE = 'Asia/Kolkata';
const context = { realm_empty_topic_display_name: 'general chat', max_topic_length: 60, max_message_length: 10_000 };
const inAnHour = toPickerValue(NOW + 3600, ZONE);

const channelDraft = (overrides: Partial<ScheduleDraft> = {}): ScheduleDraft => ({
  ...emptyDraft(),
  channel_id: 3,
  topic: 'release',
  content: 'Notes',
  when: inAnHour,
  ...overrides,
});

const scheduled = (overrides: Partial<ScheduledMessage> = {}): ScheduledMessage => ({
  scheduled_message_id: 9,
  type: 'direct',
  to: [7],
  content: 'Lunch?',
  scheduled_delivery_timestamp: NOW + 7200,
  failed: false,
  ...overrides,
});

describe('the picker value', () => {
  it('is read as wall-clock time in the user\'s zone and converted to UNIX seconds', () => {
    // 09:30 in Kolkata (UTC+5:30) is 04:00 UTC.
    expect(fromPickerValue('2027-01-15T09:30', 'Asia/Kolkata')).toBe(Date.UTC(2027, 0, 15, 4, 0) / 1000);
    expect(toPickerValue(Date.UTC(2027, 0, 15, 4, 0) / 1000, 'Asia/Kolkata')).toBe('2027-01-15T09:30');
    expect(formatDelivery(Date.UTC(2027, 0, 15, 4, 0) / 1000, 'Asia/Kolkata')).toMatch(/9:30/);
  });

  it('follows daylight saving time', () => {
    // New York is UTC-5 in January and UTC-4 in July.
    expect(fromPickerValue('2027-01-15T09:00', 'America/New_York')).toBe(Date.UTC(2027, 0, 15, 14, 0) / 1000);
    expect(fromPickerValue('2027-07-15T09:00', 'America/New_York')).toBe(Date.UTC(2027, 6, 15, 13, 0) / 1000);
    expect(toPickerValue(Date.UTC(2027, 6, 15, 13, 0) / 1000, 'America/New_York')).toBe('2027-07-15T09:00');
  });

  it('is null when empty or malformed', () => {
    expect(fromPickerValue('', ZONE)).toBeNull();
    expect(fromPickerValue('tomorrow', ZONE)).toBeNull();
  });

  it('uses the profile\'s zone when it is a real one, else the computer\'s', () => {
    expect(userZone('Europe/London')).toBe('Europe/London');
    const local = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(userZone('')).toBe(local);
    expect(userZone('Not/AZone')).toBe(local);
  });
});

describe('a new scheduled message', () => {
  it('has no problem when complete', () => {
    expect(draftProblems(channelDraft(), context, null, NOW, ZONE)).toEqual({});
  });

  it.each(['', '   ', '(no topic)', 'general chat'])('refuses the topic %j, as the spec reads it as the empty topic', (topic) => {
    expect(draftProblems(channelDraft({ topic }), context, null, NOW, ZONE).topic).toMatch(/topic is required for a scheduled channel message/);
  });

  it('checks the announced topic and content lengths', () => {
    expect(draftProblems(channelDraft({ topic: 'x'.repeat(61) }), context, null, NOW, ZONE).topic).toMatch(/60/);
    expect(draftProblems(channelDraft({ content: 'x'.repeat(10_001) }), context, null, NOW, ZONE).content).toMatch(/10000/);
  });

  it('needs a recipient, content and a future time', () => {
    const problems = draftProblems({ ...emptyDraft(), kind: 'direct' }, context, null, NOW, ZONE);
    expect(problems).toMatchObject({ to: 'Choose at least one recipient.', content: 'Write the message.', scheduled_delivery_timestamp: 'Choose when to send it.' });
    expect(draftProblems(channelDraft({ channel_id: null }), context, null, NOW, ZONE).to).toBe('Choose a channel.');
    expect(draftProblems(channelDraft({ when: toPickerValue(NOW - 60, ZONE) }), context, null, NOW, ZONE).scheduled_delivery_timestamp).toBe('The time must be in the future.');
  });

  it('does not check the topic of a direct message, nor send one', () => {
    const draft: ScheduleDraft = { ...emptyDraft(), kind: 'direct', recipients: [7, 8], topic: '', content: 'Hi', when: inAnHour };
    expect(draftProblems(draft, context, null, NOW, ZONE)).toEqual({});
    expect(createArgs(draft, ZONE)).toEqual({ kind: 'direct', to: [7, 8], content: 'Hi', scheduled_delivery_timestamp: fromPickerValue(inAnHour, ZONE) });
  });
});

describe('editing a scheduled message', () => {
  it('sends only what changed', () => {
    const original = scheduled();
    const draft = { ...draftOf(original, ZONE), content: 'Lunch at noon?' };
    expect(editArgs(draft, original, ZONE)).toEqual({ scheduled_message_id: 9, content: 'Lunch at noon?' });
    expect(editArgs({ ...draftOf(original, ZONE), recipients: [7, 8] }, original, ZONE)).toEqual({ scheduled_message_id: 9, to: [7, 8] });
  });

  it('sends the type, recipients and topic together when the type changes, checking the topic', () => {
    const original = scheduled();
    const draft: ScheduleDraft = { ...draftOf(original, ZONE), kind: 'channel', channel_id: 1, topic: 'lunch' };
    expect(editArgs(draft, original, ZONE)).toEqual({ scheduled_message_id: 9, kind: 'channel', to: 1, topic: 'lunch' });
    expect(draftProblems({ ...draft, topic: '(no topic)' }, context, original, NOW, ZONE).topic).toMatch(/may not be empty/);
  });

  it('requires a new time to reschedule a failed message', () => {
    const original = scheduled({ failed: true, scheduled_delivery_timestamp: NOW - 600 });
    const draft = draftOf(original, ZONE);
    expect(draft.when).toBe('');
    expect(draftProblems(draft, context, original, NOW, ZONE).scheduled_delivery_timestamp).toBe('A failed message needs a new time to be rescheduled.');
    const rescheduled = { ...draft, when: inAnHour };
    expect(draftProblems(rescheduled, context, original, NOW, ZONE)).toEqual({});
    expect(editArgs(rescheduled, original, ZONE)).toEqual({ scheduled_message_id: 9, scheduled_delivery_timestamp: fromPickerValue(inAnHour, ZONE) });
  });
});
