// Which of the spec's rules apply to which operation. The client runs these before sending;
// an IPC handler can run the same ones on what the renderer asked for.
import {
  checkChannelDescription,
  checkChannelFolderDescription,
  checkChannelFolderName,
  checkChannelName,
  checkContentLength,
  checkFailedScheduledEdit,
  checkFieldType,
  checkFlagOp,
  checkInviteAs,
  checkMessageFlag,
  checkProfileSummary,
  checkPushTokenKind,
  checkReactionType,
  checkScheduledMessageType,
  checkScheduledTopic,
  checkScheduledTypeChange,
  checkStatusEmoji,
  checkStatusHasValues,
  checkStatusText,
  checkTopicLength,
  checkTypingOp,
  checkTypingTarget,
  checkTypingType,
  checkVisibilityPolicy,
  checkWelcomeMessageCustomText,
  isChannelType,
  type Problem,
} from './checks';
import type { OperationName, ParamsOf } from './operations';
import type { MessageType } from './records';
import type { RegistrationContext } from './registration';

/** What the rules need to know beyond the params: announced limits, and the record being edited. */
export interface CheckContext
  extends Pick<
    RegistrationContext,
    | 'max_message_length'
    | 'max_topic_length'
    | 'max_channel_folder_name_length'
    | 'max_channel_folder_description_length'
    | 'max_stream_name_length'
    | 'max_stream_description_length'
    | 'realm_empty_topic_display_name'
  > {
  /** For editScheduledMessage: the scheduled message as the caller last saw it. */
  existing?: { type?: MessageType; failed?: boolean };
}

export interface Violation {
  param: string;
  message: string;
}

type Rules<K extends OperationName> = (params: ParamsOf<K>, context: CheckContext) => [string, Problem][];

/** A status, the user's own or another's: something to set, a text the length the server takes, an emoji named. */
const statusChecks = (p: ParamsOf<'updateOwnStatus'>): [string, Problem][] => [
  ['status_text', checkStatusHasValues(p)],
  ['status_text', checkStatusText(p.status_text)],
  ['emoji_name', checkStatusEmoji(p)],
  ['reaction_type', checkReactionType(p.reaction_type)],
];

const RULES: { [K in OperationName]?: Rules<K> } = {
  createScheduledMessage: (p, c) => [
    ['type', checkScheduledMessageType(p.type)],
    ['topic', isChannelType(p.type) ? checkScheduledTopic(p.topic, c.realm_empty_topic_display_name) : undefined],
    ['topic', isChannelType(p.type) ? checkTopicLength(p.topic, c.max_topic_length) : undefined],
    ['content', checkContentLength(p.content, c.max_message_length)],
  ],
  editScheduledMessage: (p, c) => {
    const becomesChannel = p.type !== undefined && isChannelType(p.type);
    return [
      ['type', checkScheduledMessageType(p.type)],
      ['scheduled_delivery_timestamp', checkFailedScheduledEdit(p.scheduled_delivery_timestamp, c.existing?.failed)],
      [p.to === undefined ? 'to' : 'topic', checkScheduledTypeChange(p, c.existing?.type)],
      ['topic', becomesChannel && p.topic !== undefined ? checkScheduledTopic(p.topic, c.realm_empty_topic_display_name) : undefined],
      ['topic', checkTopicLength(p.topic, c.max_topic_length)],
      ['content', checkContentLength(p.content, c.max_message_length)],
    ];
  },
  setTypingStatus: (p) => [
    ['type', checkTypingType(p.type)],
    ['op', checkTypingOp(p.op)],
    [p.type === undefined || p.type === 'direct' ? 'to' : 'stream_id', checkTypingTarget(p)],
  ],
  updateUserTopic: (p, c) => [
    ['visibility_policy', checkVisibilityPolicy(p.visibility_policy)],
    ['topic', checkTopicLength(p.topic, c.max_topic_length)],
  ],
  updateChannelFolder: (p, c) => [
    ['name', p.name === undefined ? undefined : checkChannelFolderName(p.name, c.max_channel_folder_name_length)],
    [
      'description',
      p.description === undefined
        ? undefined
        : checkChannelFolderDescription(p.description, c.max_channel_folder_description_length),
    ],
  ],
  // A name the server does not know creates the channel (with its description): both are checked.
  subscribe: (p, c) =>
    p.subscriptions.flatMap(({ name, description }): [string, Problem][] => [
      ['subscriptions', checkChannelName(name, c.max_stream_name_length)],
      ['subscriptions', description === undefined ? undefined : checkChannelDescription(description, c.max_stream_description_length)],
    ]),
  updateChannel: (p, c) => [
    ['new_name', p.new_name === undefined ? undefined : checkChannelName(p.new_name, c.max_stream_name_length)],
    ['description', p.description === undefined ? undefined : checkChannelDescription(p.description, c.max_stream_description_length)],
  ],
  createChannelFolder: (p, c) => [
    ['name', checkChannelFolderName(p.name, c.max_channel_folder_name_length)],
    ['description', checkChannelFolderDescription(p.description, c.max_channel_folder_description_length)],
  ],
  createCustomProfileField: (p) => [
    ['field_type', checkFieldType(p.field_type)],
    ['display_in_profile_summary', checkProfileSummary(p.field_type, p.display_in_profile_summary)],
  ],
  updateStatusForUser: (p) => statusChecks(p),
  updateOwnStatus: (p) => statusChecks(p),
  createInviteLink: (p) => [
    ['invite_as', checkInviteAs(p.invite_as)],
    ['welcome_message_custom_text', checkWelcomeMessageCustomText(p.welcome_message_custom_text)],
  ],
  registerPushDevice: (p) => [['token_kind', checkPushTokenKind(p.token_kind)]],
  removeReaction: (p) => [['reaction_type', checkReactionType(p.reaction_type)]],
  addReaction: (p) => [['reaction_type', checkReactionType(p.reaction_type)]],
  updateMessage: (p, c) => [
    ['content', checkContentLength(p.content, c.max_message_length)],
    ['topic', checkTopicLength(p.topic, c.max_topic_length)],
  ],
  updateMessageFlags: (p) => [
    ['op', checkFlagOp(p.op)],
    ['flag', checkMessageFlag(p.flag)],
  ],
  updateMessageFlagsForNarrow: (p) => [
    ['op', checkFlagOp(p.op)],
    ['flag', checkMessageFlag(p.flag)],
  ],
  editSavedSnippet: (p, c) => [['content', checkContentLength(p.content, c.max_message_length)]],
  createSavedSnippet: (p, c) => [['content', checkContentLength(p.content, c.max_message_length)]],
  sendMessage: (p, c) => [
    ['topic', isChannelType(p.type) ? checkTopicLength(p.topic, c.max_topic_length) : undefined],
    ['content', checkContentLength(p.content, c.max_message_length)],
  ],
};

/** Every rule the call breaks, in the order the params are listed in the spec. */
export function checkOperation<K extends OperationName>(name: K, params: ParamsOf<K>, context: CheckContext = {}): Violation[] {
  const rules = RULES[name] as Rules<K> | undefined;
  if (!rules) return [];
  return rules(params, context).flatMap(([param, message]) => (message === undefined ? [] : [{ param, message }]));
}
