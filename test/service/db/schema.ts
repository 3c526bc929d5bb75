// The simulator's state: one SQLite database per running service.
import Database from 'better-sqlite3';

const DDL = `
-- The accounts printed at start, kept so a restart on the same file prints them again.
CREATE TABLE sim_accounts (
  json TEXT NOT NULL
);

CREATE TABLE realm (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  name TEXT NOT NULL,
  description TEXT NOT NULL,
  host TEXT NOT NULL,
  empty_topic_display_name TEXT NOT NULL,
  date_created INTEGER NOT NULL,
  -- Who may see a new user's real address (records/user.ts EMAIL_VISIBILITY); everyone unless hidden.
  default_email_address_visibility INTEGER NOT NULL DEFAULT 1,
  -- Which edits a message's history shows: 'all', 'moves' or 'none' (editHistory/visibility.ts).
  message_edit_history_visibility_policy TEXT NOT NULL DEFAULT 'all'
);

CREATE TABLE users (
  user_id INTEGER PRIMARY KEY,
  email TEXT NOT NULL,
  full_name TEXT NOT NULL,
  api_key TEXT NOT NULL UNIQUE,
  role INTEGER NOT NULL,
  is_active INTEGER NOT NULL DEFAULT 1,
  is_bot INTEGER NOT NULL DEFAULT 0,
  bot_type INTEGER,
  bot_owner_id INTEGER,
  bot_token TEXT,
  webhook_url TEXT,
  can_create_users INTEGER NOT NULL DEFAULT 0,
  timezone TEXT NOT NULL DEFAULT '',
  date_joined INTEGER NOT NULL,
  avatar_version INTEGER NOT NULL DEFAULT 1,
  -- 'G' the third-party avatar provider, 'U' an uploaded avatar served by this server.
  avatar_source TEXT NOT NULL DEFAULT 'G',
  email_address_visibility INTEGER NOT NULL DEFAULT 1,
  -- The user's own display setting (PATCH /settings): times in 24 hours, not 12.
  twenty_four_hour_time INTEGER NOT NULL DEFAULT 0,
  -- Whether the user's drafts are kept on the server (areas/drafts.ts); on unless turned off.
  enable_drafts_synchronization INTEGER NOT NULL DEFAULT 1,
  password TEXT
);
CREATE UNIQUE INDEX users_email ON users (email COLLATE NOCASE);

-- Membership of system groups follows the role; only the other groups list members here.
CREATE TABLE user_groups (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  description TEXT NOT NULL,
  is_system_group INTEGER NOT NULL,
  max_role INTEGER
);
CREATE TABLE user_group_members (
  group_id INTEGER NOT NULL,
  user_id INTEGER NOT NULL,
  PRIMARY KEY (group_id, user_id)
) WITHOUT ROWID;

CREATE TABLE channel_folders (
  channel_folder_id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  description TEXT NOT NULL,
  rendered_description TEXT NOT NULL,
  is_archived INTEGER NOT NULL DEFAULT 0,
  "order" INTEGER NOT NULL,
  date_created INTEGER NOT NULL,
  creator_id INTEGER
);

CREATE TABLE streams (
  stream_id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  description TEXT NOT NULL,
  rendered_description TEXT NOT NULL,
  invite_only INTEGER NOT NULL DEFAULT 0,
  is_web_public INTEGER NOT NULL DEFAULT 0,
  is_archived INTEGER NOT NULL DEFAULT 0,
  is_default INTEGER NOT NULL DEFAULT 0,
  history_public_to_subscribers INTEGER NOT NULL DEFAULT 1,
  message_retention_days INTEGER,
  topics_policy TEXT NOT NULL DEFAULT 'inherit',
  date_created INTEGER NOT NULL,
  creator_id INTEGER,
  folder_id INTEGER
);
CREATE UNIQUE INDEX streams_name ON streams (name COLLATE NOCASE);

CREATE TABLE subscriptions (
  user_id INTEGER NOT NULL,
  stream_id INTEGER NOT NULL,
  active INTEGER NOT NULL DEFAULT 1,
  color TEXT NOT NULL DEFAULT '#76ce90',
  is_muted INTEGER NOT NULL DEFAULT 0,
  pin_to_top INTEGER NOT NULL DEFAULT 0,
  -- NULL: the user's default (enable_stream_desktop_notifications).
  desktop_notifications INTEGER,
  PRIMARY KEY (user_id, stream_id)
) WITHOUT ROWID;
CREATE INDEX subscriptions_stream ON subscriptions (stream_id, user_id);

-- Direct-message conversations of three or more people get a recipient of their own.
CREATE TABLE dm_groups (
  id INTEGER PRIMARY KEY,
  dm_key TEXT NOT NULL UNIQUE
);

CREATE TABLE messages (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  sender_id INTEGER NOT NULL,
  type TEXT NOT NULL CHECK (type IN ('stream', 'private')),
  stream_id INTEGER,
  dm_key TEXT,
  recipient_id INTEGER NOT NULL,
  topic TEXT NOT NULL DEFAULT '',
  content TEXT NOT NULL,
  rendered_content TEXT NOT NULL,
  timestamp INTEGER NOT NULL,
  client TEXT NOT NULL,
  last_edit_timestamp INTEGER,
  last_moved_timestamp INTEGER
);
CREATE INDEX messages_topic ON messages (stream_id, topic COLLATE NOCASE, id);
CREATE INDEX messages_dm ON messages (dm_key, id);

-- Each edit or move of a message, as real servers keep it: who, when, and what it changed (the
-- content before; the topic and channel before and after). The versions are worked out from the
-- message's current row backwards (areas/messageHistory.ts).
CREATE TABLE message_edits (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  message_id INTEGER NOT NULL,
  user_id INTEGER NOT NULL,
  timestamp INTEGER NOT NULL,
  prev_content TEXT,
  prev_rendered_content TEXT,
  prev_topic TEXT,
  topic TEXT,
  prev_stream INTEGER,
  stream INTEGER
);
CREATE INDEX message_edits_message ON message_edits (message_id, id);

CREATE TABLE user_messages (
  user_id INTEGER NOT NULL,
  message_id INTEGER NOT NULL,
  flags INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (user_id, message_id)
) WITHOUT ROWID;
CREATE INDEX user_messages_message ON user_messages (message_id);

CREATE TABLE reactions (
  message_id INTEGER NOT NULL,
  user_id INTEGER NOT NULL,
  emoji_name TEXT NOT NULL,
  emoji_code TEXT NOT NULL,
  reaction_type TEXT NOT NULL,
  UNIQUE (message_id, user_id, reaction_type, emoji_code)
);

-- What widgets (polls, todo lists) attach to a message: its "widget" at send, then each action on it.
CREATE TABLE submessages (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  message_id INTEGER NOT NULL,
  sender_id INTEGER NOT NULL,
  msg_type TEXT NOT NULL,
  content TEXT NOT NULL
);
CREATE INDEX submessages_message ON submessages (message_id, id);

CREATE TABLE realm_emoji (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  author_id INTEGER,
  deactivated INTEGER NOT NULL DEFAULT 0
);

-- Uploaded files, kept with the organization so a restart on the same database still serves them.
CREATE TABLE uploads (
  id INTEGER PRIMARY KEY,
  -- The /user_uploads/... path the upload is served at and messages link to.
  path TEXT NOT NULL UNIQUE,
  owner_id INTEGER NOT NULL,
  filename TEXT NOT NULL,
  content_type TEXT NOT NULL,
  size INTEGER NOT NULL,
  -- WIDTHxHEIGHT of an image, null for other files.
  dimensions TEXT,
  data BLOB NOT NULL,
  date_created INTEGER NOT NULL
);

CREATE TABLE scheduled_messages (
  scheduled_message_id INTEGER PRIMARY KEY AUTOINCREMENT,
  sender_id INTEGER NOT NULL,
  type TEXT NOT NULL CHECK (type IN ('stream', 'private')),
  stream_id INTEGER,
  to_user_ids TEXT,
  topic TEXT NOT NULL DEFAULT '',
  content TEXT NOT NULL,
  rendered_content TEXT NOT NULL,
  scheduled_delivery_timestamp INTEGER NOT NULL,
  failed INTEGER NOT NULL DEFAULT 0,
  read_by_sender INTEGER,
  delivered_message_id INTEGER
);

CREATE TABLE user_topics (
  user_id INTEGER NOT NULL,
  stream_id INTEGER NOT NULL,
  topic_name TEXT NOT NULL COLLATE NOCASE,
  visibility_policy INTEGER NOT NULL,
  last_updated INTEGER NOT NULL,
  PRIMARY KEY (user_id, stream_id, topic_name)
) WITHOUT ROWID;

CREATE TABLE custom_profile_fields (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  hint TEXT NOT NULL,
  field_type INTEGER NOT NULL,
  field_data TEXT,
  display_in_profile_summary INTEGER NOT NULL DEFAULT 0,
  required INTEGER NOT NULL DEFAULT 0,
  editable_by_user INTEGER NOT NULL DEFAULT 1,
  "order" INTEGER NOT NULL
);
CREATE TABLE custom_profile_values (
  user_id INTEGER NOT NULL,
  field_id INTEGER NOT NULL,
  value TEXT NOT NULL,
  rendered_value TEXT,
  PRIMARY KEY (user_id, field_id)
) WITHOUT ROWID;

CREATE TABLE linkifiers (
  id INTEGER PRIMARY KEY,
  pattern TEXT NOT NULL,
  url_template TEXT NOT NULL,
  "order" INTEGER NOT NULL
);

-- Each user's synchronized drafts (areas/drafts.ts): to_ids the draft's "to" as it is shown (a JSON
-- list), last_edit_time in seconds to the microsecond, as real servers order them.
CREATE TABLE drafts (
  draft_id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER NOT NULL,
  type TEXT NOT NULL CHECK (type IN ('', 'stream', 'private')),
  to_ids TEXT NOT NULL,
  topic TEXT NOT NULL,
  content TEXT NOT NULL,
  last_edit_time REAL NOT NULL
);
CREATE INDEX drafts_user ON drafts (user_id, last_edit_time);

CREATE TABLE saved_snippets (
  saved_snippet_id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER NOT NULL,
  title TEXT NOT NULL,
  content TEXT NOT NULL,
  date_created INTEGER NOT NULL
);

-- Each user's alert words (areas/alertWords.ts); id keeps the order they were added in.
CREATE TABLE muted_users (
  user_id INTEGER NOT NULL,
  muted_user_id INTEGER NOT NULL,
  timestamp INTEGER NOT NULL,
  PRIMARY KEY (user_id, muted_user_id)
);
CREATE INDEX muted_users_muted ON muted_users (muted_user_id);

CREATE TABLE alert_words (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER NOT NULL,
  word TEXT NOT NULL
);
CREATE INDEX alert_words_user ON alert_words (user_id, id);

CREATE TABLE user_status (
  user_id INTEGER PRIMARY KEY,
  status_text TEXT NOT NULL DEFAULT '',
  emoji_name TEXT NOT NULL DEFAULT '',
  emoji_code TEXT NOT NULL DEFAULT '',
  reaction_type TEXT NOT NULL DEFAULT ''
);

-- Presence as its clients report it (areas/presence.ts); last_update_id orders the changes.
CREATE TABLE user_presence (
  user_id INTEGER PRIMARY KEY,
  last_active_time REAL,
  last_connected_time REAL NOT NULL,
  last_update_id INTEGER NOT NULL
);

CREATE TABLE invites (
  id INTEGER PRIMARY KEY,
  link_key TEXT NOT NULL UNIQUE,
  referred_by INTEGER NOT NULL,
  invite_as INTEGER NOT NULL,
  expires_at INTEGER,
  stream_ids TEXT NOT NULL,
  group_ids TEXT NOT NULL,
  include_realm_default_subscriptions INTEGER NOT NULL,
  welcome_message_custom_text TEXT,
  date_created INTEGER NOT NULL,
  -- Revoked links stay, so a second revocation is told apart from an unknown ID.
  revoked INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE push_devices (
  user_id INTEGER NOT NULL,
  push_account_id INTEGER NOT NULL,
  token_kind TEXT NOT NULL,
  push_public_key TEXT NOT NULL,
  bouncer_public_key TEXT NOT NULL,
  encrypted_push_registration TEXT NOT NULL,
  PRIMARY KEY (user_id, push_account_id)
) WITHOUT ROWID;

-- What a real server would have mailed or posted; kept so tests can look.
CREATE TABLE deactivation_emails (
  user_id INTEGER NOT NULL,
  comment TEXT
);
CREATE TABLE webhook_deliveries (
  id INTEGER PRIMARY KEY,
  bot_user_id INTEGER NOT NULL,
  message_id INTEGER NOT NULL,
  trigger TEXT NOT NULL,
  url TEXT,
  payload TEXT NOT NULL,
  status INTEGER,
  error TEXT,
  response TEXT
);
`;

export type Db = Database.Database;

/**
 * The simulator's database at `path`. A file given again starts a fresh organization, unless
 * `resume` asks to keep the one it holds (a restart of the same server).
 */
export function openDatabase(path: string, resume = false): { db: Db; resumed: boolean } {
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  // A restartable server must not lose what it answered; a throwaway one can skip the syncs.
  db.pragma(resume ? 'synchronous = NORMAL' : 'synchronous = OFF');
  const existing = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all() as { name: string }[];
  if (resume && existing.some(({ name }) => name === 'sim_accounts')) return { db, resumed: true };
  for (const { name } of existing) db.exec(`DROP TABLE IF EXISTS "${name}"`);
  db.exec(DDL);
  return { db, resumed: false };
}
