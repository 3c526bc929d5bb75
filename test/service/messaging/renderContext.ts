// What message rendering resolves in this organization: people and groups by name (mentions),
// channels by name (links) and their topics' oldest messages, custom emoji, linkifiers, uploads (their inline previews).
import type { Sim } from '../context';
import type { Db } from '../db/schema';
import { spelling, type Dialect } from '../dialect';
import type { RenderContext } from '../render';
import { customEmojiPath } from '../http/files';

type Target = { user_id: number; full_name: string } | undefined;

const contexts = new WeakMap<Db, RenderContext>();

export function renderContext(sim: Sim): RenderContext {
  return { ...databaseRenderContext(sim.db, sim.config.dialect), realmUrl: sim.url };
}

/** The context over one database; the seeds render with it before the service runs. */
export function databaseRenderContext(db: Db, dialect: Dialect): RenderContext {
  const known = contexts.get(db);
  if (known !== undefined) return known;
  const userByName = db.prepare('SELECT user_id, full_name FROM users WHERE full_name = ? COLLATE NOCASE AND is_active = 1');
  const userById = db.prepare('SELECT user_id, full_name FROM users WHERE user_id = ? AND is_active = 1');
  const group = db.prepare('SELECT id, name FROM user_groups WHERE name = ? AND is_system_group = 0');
  const channel = db.prepare('SELECT stream_id, name FROM streams WHERE name = ? COLLATE NOCASE');
  const emoji = db.prepare('SELECT id FROM realm_emoji WHERE name = ? AND deactivated = 0');
  const upload = db.prepare('SELECT content_type, dimensions FROM uploads WHERE path = ?');
  const firstInTopic = db.prepare('SELECT min(id) FROM messages WHERE stream_id = ? AND topic = ? COLLATE NOCASE').pluck();
  const linkifiers = db.prepare('SELECT pattern, url_template FROM linkifiers ORDER BY "order", id');
  const context: RenderContext = {
    userByName: (name) => userByName.get(name) as Target,
    userById: (id) => userById.get(id) as Target,
    groupByName: (name) => group.get(name) as { id: number; name: string } | undefined,
    channelByName: (name) => channel.get(name) as { stream_id: number; name: string } | undefined,
    // Real servers take the oldest the sender may see; here, the oldest there is.
    firstMessageInTopic: (stream_id, topic) => (firstInTopic.get(stream_id, topic) as number | null) ?? undefined,
    realmUrl: '',
    realmEmoji: (name) => {
      const row = emoji.get(name) as { id: number } | undefined;
      return row === undefined ? undefined : { source_url: customEmojiPath(row.id) };
    },
    extraEmojiName: spelling(dialect).extraEmojiName,
    linkifiers: () => linkifiers.all() as { pattern: string; url_template: string }[],
    upload: (path) => upload.get(path) as { content_type: string; dimensions: string | null } | undefined,
  };
  contexts.set(db, context);
  return context;
}
