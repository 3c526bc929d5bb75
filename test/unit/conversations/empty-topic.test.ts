// Whether a channel takes a message without a topic (into general chat): from feature level 334,
// as the channel's topics_policy says, `inherit` following the organization's setting.
import { expect, it } from 'vitest';
import { emptyTopicUse } from '../../../shared/empty-topic';

it("follows the channel's own policy", () => {
  expect(emptyTopicUse('allow_empty_topic', { realm_mandatory_topics: true }, 372)).toBe('allowed');
  expect(emptyTopicUse('disable_empty_topic', {}, 372)).toBe('refused');
  expect(emptyTopicUse('empty_topic_only', {}, 372)).toBe('only');
});

it("inherits the organization's: realm_topics_policy where sent, else realm_mandatory_topics", () => {
  expect(emptyTopicUse('inherit', { realm_mandatory_topics: false }, 372)).toBe('allowed');
  expect(emptyTopicUse('inherit', { realm_mandatory_topics: true }, 372)).toBe('refused');
  expect(emptyTopicUse(null, { realm_topics_policy: 'disable_empty_topic', realm_mandatory_topics: false }, 420)).toBe('refused');
  expect(emptyTopicUse('inherit', { realm_topics_policy: 'allow_empty_topic' }, 420)).toBe('allowed');
});

it('refuses the empty topic to a server older than level 334, or one whose level is not known', () => {
  expect(emptyTopicUse('allow_empty_topic', {}, 333)).toBe('refused');
  expect(emptyTopicUse('allow_empty_topic', {}, null)).toBe('refused');
});
