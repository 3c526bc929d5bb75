// The "demo" organization: a small realistic team with every kind of account, channels in and out
// of folders (one archived, one private), profile fields, linkifiers, snippets, conversations
// with reactions and unread messages, a poll and a todo list in use, one pending scheduled
// message, and the rich messages real organizations write (code in three languages, quotes,
// lists, a table, headings, mentions of people, a group and everyone, channel and topic links,
// emoji, maths, a spoiler, a time, /me, uploaded images and an attached file).
import type { ServiceAccount } from '../config';
import type { Db } from '../db/schema';
import { FIELD_TYPE, MARKDOWN_FIELD_TYPES } from '../areas/profileFields';
import { OUTGOING_WEBHOOK_BOT } from '../areas/webhooks';
import { channelRecipientId, dmRecipientId } from '../messaging/send';
import { FLAG } from '../records/message';
import { EMAIL_VISIBILITY } from '../records/user';
import type { Dialect } from '../dialect';
import { databaseRenderContext } from '../messaging/renderContext';
import { renderMessage, type Mentions } from '../render';
import { pngBytes } from '../uploads/png';
import { storeSubmessage } from '../submessages/store';
import { widgetContent } from '../submessages/widget';
import { storeUpload } from '../uploads/store';
import { seedRealm } from './common';
import { generateApiKeys } from './keys';

const DAY = 86_400;

interface DemoUser {
  id: number;
  email: string;
  name: string;
  role: number;
  canCreateUsers?: boolean;
  timezone?: string;
  active?: boolean;
  visibility?: number;
  botType?: number;
  botOwner?: number;
}

const USERS: readonly DemoUser[] = [
  { id: 1, email: 'owner@demo.example', name: 'Olivia Owner', role: 100, canCreateUsers: true, timezone: 'America/New_York' },
  { id: 2, email: 'admin@demo.example', name: 'Adam Admin', role: 200, canCreateUsers: true, timezone: 'Europe/London' },
  { id: 3, email: 'admin2@demo.example', name: 'Alex Administrator', role: 200, timezone: 'Europe/Berlin' },
  { id: 4, email: 'moderator@demo.example', name: 'Mona Moderator', role: 300, timezone: 'America/Chicago' },
  { id: 5, email: 'member@demo.example', name: 'Mark Member', role: 400, timezone: 'America/Los_Angeles' },
  { id: 6, email: 'guest@demo.example', name: 'Gina Guest', role: 600 },
  { id: 7, email: 'priya@demo.example', name: 'Priya Patel', role: 400, timezone: 'Asia/Kolkata' },
  { id: 8, email: 'diego@demo.example', name: 'Diego Santos', role: 400, timezone: 'America/Sao_Paulo' },
  { id: 9, email: 'hana@demo.example', name: 'Hana Sato', role: 400, timezone: 'Asia/Tokyo', visibility: EMAIL_VISIBILITY.admins },
  { id: 10, email: 'liam@demo.example', name: "Liam O'Brien", role: 400, timezone: 'Europe/Dublin' },
  { id: 11, email: 'dana@demo.example', name: 'Dana Departed', role: 400, active: false },
  { id: 12, email: 'echo-bot@demo.example', name: 'Echo Bot', role: 400, botType: OUTGOING_WEBHOOK_BOT, botOwner: 2 },
  { id: 13, email: 'notify-bot@demo.example', name: 'Notification Bot', role: 400, botType: 1, botOwner: 1 },
];
const ACCOUNT_IDS = [1, 2, 3, 4, 5, 6];

const FOLDERS = [
  { id: 1, name: 'Engineering', description: 'Where we **build** and ship', archived: false },
  { id: 2, name: 'Archive', description: 'Channels kept for the record', archived: true },
];

interface DemoChannel {
  id: number;
  name: string;
  description: string;
  members: number[];
  isDefault?: boolean;
  inviteOnly?: boolean;
  archived?: boolean;
  folder?: number;
}

const CHANNELS: readonly DemoChannel[] = [
  { id: 1, name: 'general', description: "Everyone's here. **Say hi!**", members: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13], isDefault: true },
  { id: 2, name: 'random', description: 'Off-topic chatter', members: [1, 2, 3, 4, 5, 7, 8, 9, 10, 11], isDefault: true },
  { id: 3, name: 'engineering', description: 'Code, deploys and reviews', members: [1, 2, 4, 5, 7, 8, 12], folder: 1 },
  { id: 4, name: 'design', description: 'Mockups and *feedback*', members: [2, 5, 6, 9, 10] },
  { id: 5, name: 'leadership', description: 'Private: planning', members: [1, 2, 3, 4], inviteOnly: true },
  { id: 6, name: 'old-announcements', description: 'Announcements before 2024', members: [1, 2, 5], archived: true, folder: 2 },
  { id: 7, name: 'sandbox', description: 'Try things here', members: [1], folder: 1 },
];

/** The demo's uploaded files, as messages link to them. */
interface DemoUploads {
  palette: string;
  paletteSpec: string;
  movieNight: string;
}

/** [sender, channel or DM participants, topic, content, unread for]. */
type DemoMessage = readonly [number, number | readonly number[], string, string | ((uploads: DemoUploads) => string), readonly number[]];

const MESSAGES: readonly DemoMessage[] = [
  [1, 1, 'welcome', 'Welcome to **Demo Organization**! Introduce yourselves here.', []],
  [5, 1, 'welcome', "Hi all, I'm Mark. I work on the backend.", []],
  [7, 1, 'welcome', 'Hello! Excited to be here.', []],
  [6, 1, 'welcome', 'Thanks for having me.', []],
  [8, 1, 'lunch plans', 'Pizza on Friday?', [5]],
  [9, 1, 'lunch plans', 'Count me in', [5]],
  [5, 1, 'lunch plans', "@**Diego Santos** I'll bring drinks", [8]],
  [2, 3, 'deploys', 'Deploy #1234 is out.', []],
  [7, 3, 'deploys', 'Looks good on staging.', []],
  [4, 3, 'deploys', 'Rolling back JIRA-42, see #1235.', [5]],
  [5, 3, 'code review', 'Can someone review `parser.ts`?', []],
  [8, 3, 'code review', 'On it.', [5]],
  [9, 4, 'new logo', 'Draft logo is in the shared drive.', []],
  [10, 4, 'new logo', 'Love it!', [5]],
  [1, 5, 'planning', 'Q3 planning doc is ready.', []],
  [1, 6, '2023', 'Office closed on Friday.', []],
  [2, 1, '', 'A message in the general chat, without a topic.', []],
  [2, [2, 5], '', 'Can you check the invite flow?', []],
  [5, [2, 5], '', 'Sure, looking now.', [2]],
  [7, [5, 7, 8], '', 'Standup at 10?', [5]],
  // What real conversations look like: read by everyone, so the unread state above stays as it is.
  [
    7,
    3,
    'retry logic',
    "Here's the retry helper I mentioned, @**Mark Member**:\n```python\nimport time\n\ndef retry(action, attempts=3, delay=0.5):\n    \"\"\"Call action until it succeeds.\"\"\"\n    for attempt in range(attempts):\n        try:\n            return action()\n        except ConnectionError as error:\n            print(f\"attempt {attempt + 1} failed: {error}\")\n            time.sleep(delay * 2 ** attempt)\n    raise TimeoutError(\"gave up\")\n```",
    [],
  ],
  [
    5,
    3,
    'retry logic',
    '> Call action until it succeeds.\n\nNice! The client does the same in TypeScript:\n```ts\nexport async function withRetry<T>(action: () => Promise<T>, attempts = 3): Promise<T> {\n  for (let attempt = 1; ; attempt += 1) {\n    try {\n      return await action();\n    } catch (error) {\n      if (attempt >= attempts) throw error;\n    }\n  }\n}\n```',
    [],
  ],
  [
    8,
    3,
    'slow query',
    'The unread count query takes 800 ms on big organizations:\n```sql\nSELECT stream_id, COUNT(*) AS unread\nFROM user_messages um JOIN messages m ON m.id = um.message_id\nWHERE um.user_id = 42 AND (um.flags & 1) = 0\nGROUP BY stream_id;\n```\nAn index on `(user_id, flags)` should help. cc @*Support team*',
    [],
  ],
  [
    2,
    3,
    'release 2.0',
    "# Release 2.0\n## What's new\n* Faster sync\n* Dark theme\n  * follows the system setting\n* Uploads up to 25 MiB\n\n## Checklist\n1. Freeze the branch <time:2025-06-02T15:00:00Z>\n2. Run the full test suite\n3. Tag and ship :rocket:\n\n| Platform | Status | Owner |\n|:---------|:------:|------:|\n| Linux | ready | @**Priya Patel** |\n| macOS | testing | @**Diego Santos** |\n| Windows | blocked | @**Mark Member** |\n\n@**all** please review by Friday.",
    [],
  ],
  [4, 3, 'release 2.0', 'Discussed in #**engineering>deploys**, see also #**design**. ~~Friday~~ Thursday works better 🎉', []],
  [9, 4, 'color palette', (uploads) => `New palette for the dark theme: [palette.png](${uploads.palette}) and the full spec in [palette-spec.txt](${uploads.paletteSpec}) :art:`, []],
  [10, 4, 'color palette', '/me is adjusting the contrast ratios', []],
  [
    5,
    4,
    'color palette',
    'The contrast ratio is $$\\frac{L_1 + 0.05}{L_2 + 0.05}$$ and text needs at least 4.5:\n```math\n\\frac{L_1 + 0.05}{L_2 + 0.05} \\geq 4.5\n```',
    [],
  ],
  [7, 2, 'movie night', "```spoiler The ending (spoilers!)\nThe butler did it. :see_no_evil:\n```\nWho's in for <time:2025-06-06T19:30:00+02:00>? :popcorn:", []],
  [8, 2, 'movie night', (uploads) => `Count me in :+1: Here's last time: [movie-night.png](${uploads.movieNight})`, []],
  // The widgets real organizations use: a poll and a todo list (their actions in SUBMESSAGES).
  [10, 2, 'team offsite', '/poll Where should the team offsite be?\nLisbon\nKyoto\nVancouver', []],
  [2, 3, 'release 2.1', '/todo Release 2.1 checklist\nFreeze the branch: Thursday noon\nRun the full test suite\nWrite the release notes: with the design team', []],
];
const indexOfTopic = (topic: string): number => MESSAGES.findIndex((message) => message[2] === topic);
const POLL = indexOfTopic('team offsite');
const TODO = indexOfTopic('release 2.1');

/** [message index, user, emoji_name, emoji_code, reaction_type]. */
const REACTIONS: readonly (readonly [number, number, string, string, string])[] = [
  [0, 5, 'tada', '1f389', 'unicode_emoji'],
  [0, 7, 'heart', '2764', 'unicode_emoji'],
  [0, 2, 'party_parrot', '1', 'realm_emoji'],
  [4, 9, 'pizza', '1f355', 'unicode_emoji'],
  [7, 5, 'rocket', '1f680', 'unicode_emoji'],
  [7, 8, 'rocket', '1f680', 'unicode_emoji'],
];

/**
 * [message index, sender, content]: what people did with the widgets, in order, written as the
 * family's web client writes it. A poll option's key is `canned,<n>` for the message's own options
 * and `<sender>,<idx>` for one added later; a task's is `<n>,canned` for the list's own.
 */
const SUBMESSAGES: readonly (readonly [number, number, string])[] = [
  [POLL, 5, '{"type":"vote","key":"canned,0","vote":1}'],
  [POLL, 7, '{"type":"vote","key":"canned,1","vote":1}'],
  [POLL, 8, '{"type":"new_option","idx":1,"option":"Reykjavik"}'],
  [POLL, 8, '{"type":"vote","key":"8,1","vote":1}'],
  [POLL, 1, '{"type":"vote","key":"canned,0","vote":1}'],
  [TODO, 4, '{"type":"strike","key":"0,canned"}'],
  [TODO, 7, '{"type":"new_task","key":1,"task":"Tag the release","desc":"after the notes","completed":false}'],
];

export function seedDemo(db: Db, now: number, dialect: Dialect): ServiceAccount[] {
  const keys = generateApiKeys(USERS.length + 1);
  const context = databaseRenderContext(db, dialect);
  const render = (text: string): string => renderMessage(text, context).html;

  db.transaction(() => {
    seedRealm(
      db,
      {
        name: 'Demo Organization',
        description: '<p>A demo organization for the <strong>desktop client</strong>: try channels, topics and scheduled messages.</p>',
        host: 'demo.example',
      },
      now - 400 * DAY,
    );
    const insertUser = db.prepare(
      `INSERT INTO users (user_id, email, full_name, api_key, role, is_active, is_bot, bot_type, bot_owner_id, bot_token, can_create_users, timezone, date_joined, email_address_visibility)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    USERS.forEach((user, index) => {
      insertUser.run(
        user.id,
        user.email,
        user.name,
        keys[index],
        user.role,
        Number(user.active ?? true),
        Number(user.botType !== undefined),
        user.botType ?? null,
        user.botOwner ?? null,
        user.botType === OUTGOING_WEBHOOK_BOT ? keys[USERS.length] : null,
        Number(user.canCreateUsers ?? false),
        user.timezone ?? '',
        now - (300 - user.id) * DAY,
        user.visibility ?? EMAIL_VISIBILITY.everyone,
      );
    });
    // Two people uploaded their avatar: served by this server, to signed-in clients only.
    db.prepare("UPDATE users SET avatar_source = 'U' WHERE email IN ('priya@demo.example', 'hana@demo.example')").run();
    db.prepare('INSERT INTO user_groups (id, name, description, is_system_group) VALUES (9, ?, ?, 0)').run('Support team', 'First line of support');
    for (const member of [2, 4]) db.prepare('INSERT INTO user_group_members (group_id, user_id) VALUES (9, ?)').run(member);

    const insertFolder = db.prepare('INSERT INTO channel_folders (channel_folder_id, name, description, rendered_description, is_archived, "order", date_created, creator_id) VALUES (?, ?, ?, ?, ?, ?, ?, 1)');
    for (const folder of FOLDERS) insertFolder.run(folder.id, folder.name, folder.description, render(folder.description), Number(folder.archived), folder.id, now - 200 * DAY);

    const insertChannel = db.prepare(
      `INSERT INTO streams (stream_id, name, description, rendered_description, invite_only, is_archived, is_default, history_public_to_subscribers, date_created, creator_id, folder_id)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?)`,
    );
    const subscribe = db.prepare('INSERT INTO subscriptions (user_id, stream_id, color) VALUES (?, ?, ?)');
    const colors = ['#76ce90', '#fae589', '#a6c7e5', '#e79ab5', '#bfd56f', '#f4ae55', '#b0a5fd'];
    for (const channel of CHANNELS) {
      insertChannel.run(
        channel.id,
        channel.name,
        channel.description,
        render(channel.description),
        Number(channel.inviteOnly ?? false),
        Number(channel.archived ?? false),
        Number(channel.isDefault ?? false),
        Number(!(channel.inviteOnly ?? false)),
        now - (250 - channel.id) * DAY,
        channel.folder ?? null,
      );
      for (const member of channel.members) subscribe.run(member, channel.id, colors[channel.id % colors.length]);
    }

    db.prepare('INSERT INTO realm_emoji (id, name, author_id) VALUES (1, ?, 1)').run('party_parrot');
    // Linkifiers first: real servers link their matches in the messages sent after them.
    const insertLinkifier = db.prepare('INSERT INTO linkifiers (id, pattern, url_template, "order") VALUES (?, ?, ?, ?)');
    insertLinkifier.run(1, '#(?P<id>[0-9]+)', 'https://tracker.example/issues/{id}', 1);
    insertLinkifier.run(2, 'JIRA-(?P<key>[0-9]+)', 'https://jira.example/browse/JIRA-{key}', 2);
    seedMessages(db, now, (text) => renderMessage(text, context), seedUploads(db, now));
    seedPersonalData(db, now, render);
  })();

  return ACCOUNT_IDS.map((id) => {
    const index = USERS.findIndex((user) => user.id === id);
    const user = USERS[index];
    if (user === undefined) throw new Error(`demo account ${id} missing`);
    return { email: user.email, api_key: keys[index] ?? '', role: user.role, user_id: user.id, full_name: user.name };
  });
}

/** Two images and a text file, uploaded a day ago. */
function seedUploads(db: Db, now: number): DemoUploads {
  const spec = 'Dark theme palette\n\nbackground #1d1f21\nsurface    #282a2e\naccent     #5e81ac\ntext       #e0e0e0\n';
  return {
    palette: storeUpload(db, 9, 'palette.png', 'image/png', pngBytes(120, 80, [94, 129, 172]), now - DAY).path,
    paletteSpec: storeUpload(db, 9, 'palette-spec.txt', 'text/plain', Buffer.from(spec), now - DAY).path,
    movieNight: storeUpload(db, 8, 'movie-night.png', 'image/png', pngBytes(160, 90, [201, 92, 54]), now - DAY).path,
  };
}

function seedMessages(db: Db, now: number, render: (text: string) => { html: string; mentions: Mentions }, uploads: DemoUploads): void {
  const insertMessage = db.prepare(
    `INSERT INTO messages (id, sender_id, type, stream_id, dm_key, recipient_id, topic, content, rendered_content, timestamp, client)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'website')`,
  );
  const insertUserMessage = db.prepare('INSERT INTO user_messages (user_id, message_id, flags) VALUES (?, ?, ?)');
  const groupMembers = db.prepare('SELECT user_id FROM user_group_members WHERE group_id = ?').pluck();
  MESSAGES.forEach(([sender, to, topic, source, unreadFor], index) => {
    const id = index + 1;
    const timestamp = now - (MESSAGES.length - index) * 3600;
    const content = typeof source === 'string' ? source : source(uploads);
    const { html, mentions } = render(content);
    let recipients: readonly number[];
    if (typeof to === 'number') {
      recipients = CHANNELS.find((channel) => channel.id === to)?.members ?? [];
      insertMessage.run(id, sender, 'stream', to, null, channelRecipientId(to), topic, content, html, timestamp);
    } else {
      recipients = [...to].sort((a, b) => a - b);
      insertMessage.run(id, sender, 'private', null, recipients.join(','), dmRecipientId(db, recipients, sender), '', content, html, timestamp);
    }
    const mentioned = new Set([...mentions.users, ...[...mentions.groups].flatMap((group) => groupMembers.all(group) as number[])]);
    for (const userId of recipients) {
      let flags = unreadFor.includes(userId) ? 0 : FLAG.read;
      if (mentioned.has(userId)) flags |= FLAG.mentioned;
      if (typeof to === 'number' && mentions.wildcard === 'stream') flags |= FLAG.stream_wildcard_mentioned;
      insertUserMessage.run(userId, id, flags);
    }
    const widget = widgetContent(content);
    if (widget !== null) storeSubmessage(db, { message_id: id, sender_id: sender, msg_type: 'widget', content: widget });
  });
  const insertReaction = db.prepare('INSERT INTO reactions (message_id, user_id, emoji_name, emoji_code, reaction_type) VALUES (?, ?, ?, ?, ?)');
  for (const [index, userId, name, code, type] of REACTIONS) insertReaction.run(index + 1, userId, name, code, type);
  for (const [index, senderId, content] of SUBMESSAGES) storeSubmessage(db, { message_id: index + 1, sender_id: senderId, msg_type: 'widget', content });
}

function seedPersonalData(db: Db, now: number, render: (text: string) => string): void {
  const insertField = db.prepare(
    'INSERT INTO custom_profile_fields (id, name, hint, field_type, field_data, display_in_profile_summary, required, editable_by_user, "order") VALUES (?, ?, ?, ?, ?, ?, ?, 1, ?)',
  );
  insertField.run(1, 'Phone number', 'Work phone', FIELD_TYPE.shortText, null, 1, 0, 1);
  insertField.run(2, 'Biography', 'What do you do?', FIELD_TYPE.longText, null, 0, 0, 2);
  const editors = { vim: { text: 'Vim', order: '1' }, emacs: { text: 'Emacs', order: '2' }, vscode: { text: 'VS Code', order: '3' } };
  insertField.run(3, 'Favorite editor', '', FIELD_TYPE.select, JSON.stringify(editors), 0, 0, 3);
  const fieldTypes = new Map([[1, FIELD_TYPE.shortText], [2, FIELD_TYPE.longText], [3, FIELD_TYPE.select]]);
  const values: readonly (readonly [number, number, string])[] = [
    [1, 1, '+1-555-0100'],
    [1, 2, 'Founder. Loves **databases** and `SQL`.'],
    [5, 1, '+1-555-0142'],
    [5, 2, 'Backend developer.\n\nAsk me about *queues*.'],
    [5, 3, 'vim'],
    [7, 3, 'vscode'],
    [9, 2, 'Designer in *Tokyo*'],
  ];
  const insertValue = db.prepare('INSERT INTO custom_profile_values (user_id, field_id, value, rendered_value) VALUES (?, ?, ?, ?)');
  for (const [userId, fieldId, value] of values) {
    insertValue.run(userId, fieldId, value, MARKDOWN_FIELD_TYPES.includes(fieldTypes.get(fieldId) ?? 0) ? render(value) : null);
  }

  const insertSnippet = db.prepare('INSERT INTO saved_snippets (user_id, title, content, date_created) VALUES (?, ?, ?, ?)');
  insertSnippet.run(1, 'Welcome', 'Welcome to the team! Start with the **general** channel.', now - 20 * DAY);
  insertSnippet.run(5, 'Standup', 'Yesterday:\nToday:\nBlockers:', now - 10 * DAY);
  insertSnippet.run(5, 'Review request', 'Could you review this when you have a minute?', now - 5 * DAY);

  db.prepare('INSERT INTO user_status (user_id, status_text, emoji_name, emoji_code, reaction_type) VALUES (?, ?, ?, ?, ?)').run(5, 'In a meeting', 'calendar', '1f4c5', 'unicode_emoji');
  db.prepare('INSERT INTO user_status (user_id, status_text, emoji_name, emoji_code, reaction_type) VALUES (?, ?, ?, ?, ?)').run(7, 'On vacation', 'palm_tree', '1f334', 'unicode_emoji');

  const insertUserTopic = db.prepare('INSERT INTO user_topics (user_id, stream_id, topic_name, visibility_policy, last_updated) VALUES (?, ?, ?, ?, ?)');
  insertUserTopic.run(5, 3, 'deploys', 3, now - 2 * DAY);
  insertUserTopic.run(5, 1, 'lunch plans', 1, now - DAY);

  const standup = 'Reminder: standup notes are due at 10.';
  db.prepare(
    `INSERT INTO scheduled_messages (sender_id, type, stream_id, topic, content, rendered_content, scheduled_delivery_timestamp)
     VALUES (5, 'stream', 3, 'standup', ?, ?, ?)`,
  ).run(standup, render(standup), now + DAY);
}
