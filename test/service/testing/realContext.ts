// The organization the real server's captured rendering speaks of (its users, groups, channels,
// custom emoji and linkifiers, from the registration in real/exchanges.json), as a render context: rendering
// a captured case in it resolves names to the same IDs the real server used.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { RenderContext } from '../render';

export const REAL_DIR = fileURLToPath(new URL('../../../../shared/reference/real/', import.meta.url));

interface Registration {
  realm_url: string;
  realm_users: { user_id: number; full_name: string }[];
  realm_user_groups: { id: number; name: string }[];
  streams: { stream_id: number; name: string }[];
  realm_emoji: Record<string, { name: string; source_url: string; deactivated: boolean }>;
  realm_linkifiers: { pattern: string; url_template: string }[];
}

export interface CapturedUpload {
  url: string;
  content_type: string;
  dimensions?: string;
}

export function realContext(uploads: readonly CapturedUpload[]): RenderContext {
  const exchanges = JSON.parse(readFileSync(`${REAL_DIR}exchanges.json`, 'utf8')) as { register_full: { body: Registration } };
  const registration = exchanges.register_full.body;
  const lower = (text: string): string => text.toLowerCase();
  return {
    userByName: (name) => registration.realm_users.find((user) => lower(user.full_name) === lower(name)),
    userById: (id) => registration.realm_users.find((user) => user.user_id === id),
    groupByName: (name) => registration.realm_user_groups.find((group) => group.name === name),
    channelByName: (name) => registration.streams.find((stream) => lower(stream.name) === lower(name)),
    // The recorded sources link to no topic of the organization.
    firstMessageInTopic: () => undefined,
    realmUrl: registration.realm_url,
    realmEmoji: (name) => Object.values(registration.realm_emoji).find((emoji) => emoji.name === name && !emoji.deactivated),
    extraEmojiName: 'zulip',
    linkifiers: () => registration.realm_linkifiers,
    upload: (path) => {
      const upload = uploads.find((candidate) => candidate.url === path);
      return upload === undefined ? undefined : { content_type: upload.content_type, dimensions: upload.dimensions ?? null };
    },
  };
}
