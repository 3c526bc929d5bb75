// What rendering needs from the organization (who and what names resolve to) and what it reports.
import type { Env } from 'markdown-it';
import type { Linkifier } from './linkifiers';

export interface MentionTarget {
  user_id: number;
  full_name: string;
}

export interface RenderContext {
  /** An active user by full name (any case). */
  userByName(name: string): MentionTarget | undefined;
  userById(userId: number): MentionTarget | undefined;
  groupByName(name: string): { id: number; name: string } | undefined;
  channelByName(name: string): { stream_id: number; name: string } | undefined;
  /** The oldest message of a channel's topic (a topic link's `with` operand), if it has any. */
  firstMessageInTopic(stream_id: number, topic: string): number | undefined;
  /** The organization's address, once the service listens ('' before: the seeds). */
  realmUrl: string;
  /** An active custom emoji's image, by name. */
  realmEmoji(name: string): { source_url: string } | undefined;
  /** The name of the server's own extra emoji (`zulip` on real servers). */
  extraEmojiName: string;
  /** The organization's linkifiers, in their order. */
  linkifiers(): readonly Linkifier[];
  /** What the server knows of an uploaded file, by its /user_uploads/ path. */
  upload(path: string): { content_type: string; dimensions: string | null } | undefined;
}

export interface Mentions {
  users: Set<number>;
  groups: Set<number>;
  wildcard: 'stream' | 'topic' | null;
}

// markdown-it hands its `env` to every rule as a plain record.
export interface RenderEnv extends Env {
  context: RenderContext;
  mentions: Mentions;
  blocks: string[];
  /** The typed start of numbered lists written as 1 (blocks.ts), by line. */
  listStarts: ReadonlyMap<number, number>;
  quoteDepth: number;
}
