import type { Channel, Message, User } from '../../../shared/api/records';

export function user(user_id: number, full_name: string, email: string, extra: Partial<User> = {}): User {
  return {
    user_id,
    full_name,
    email,
    delivery_email: email,
    date_joined: '2024-01-01T00:00:00+00:00',
    is_active: true,
    is_owner: false,
    is_admin: false,
    is_guest: false,
    is_bot: false,
    bot_type: null,
    role: 400,
    timezone: '',
    avatar_url: null,
    avatar_version: 1,
    ...extra,
  };
}

export function channel(stream_id: number, name: string, extra: Partial<Channel> = {}): Channel {
  return {
    stream_id,
    name,
    is_archived: false,
    description: '',
    rendered_description: '',
    date_created: 1700000000,
    creator_id: null,
    invite_only: false,
    is_web_public: false,
    stream_post_policy: 1,
    message_retention_days: null,
    history_public_to_subscribers: true,
    topics_policy: 'inherit',
    first_message_id: null,
    folder_id: null,
    is_recently_active: true,
    is_announcement_only: false,
    can_add_subscribers_group: 1,
    can_remove_subscribers_group: 1,
    can_administer_channel_group: 1,
    can_delete_any_message_group: 1,
    can_delete_own_message_group: 1,
    ...extra,
  };
}

/** A channel message in #general (stream 5); its content is `m<id>` unless given. */
export function message(id: number, subject: string, extra: Partial<Message> = {}): Message {
  return {
    id,
    type: 'stream',
    sender_id: 1,
    sender_email: 'ada@example.com',
    sender_full_name: 'Ada',
    sender_realm_str: 'demo',
    avatar_url: null,
    client: 'test',
    content: `m${id}`,
    content_type: 'text/x-markdown',
    display_recipient: 'general',
    recipient_id: 20,
    stream_id: 5,
    subject,
    is_me_message: false,
    timestamp: 1700000000 + id,
    reactions: [],
    submessages: [],
    topic_links: [],
    ...extra,
  };
}
