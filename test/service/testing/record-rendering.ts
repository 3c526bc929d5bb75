// Records how a real server of the family renders the Markdown kinds rendered-markdown.json leaves
// out (mentions, channel links, /me, custom emoji, uploads, the demo's code languages), into
// render/real-extra.json, for render.test.ts. Run against a real server's printed JSON line:
//   tsx test/service/testing/record-rendering.ts /tmp/rs.json
// It uploads one small PNG and one text file as the first account (as a person would).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pngBytes } from '../uploads/png';

const EXTRA_CASES: readonly (readonly [string, string | ((uploads: { image: string; file: string }) => string)])[] = [
  ['user_mention', '@**King Hamlet** and @**Iago|11**, hello'],
  ['silent_user_mention', "@_**Cordelia, Lear's daughter** said so"],
  ['group_mention', 'ping @*hamletcharacters* and quietly @_*hamletcharacters*'],
  ['wildcard_mentions', '@**all** @**everyone** @**channel** @**stream** @**topic**'],
  ['silent_wildcard_mentions', '@_**all** and @_**topic**'],
  ['unknown_mentions', '@**Nobody Here** and @*nogroup*'],
  ['channel_link', 'see #**Verona** for more'],
  ['topic_link', 'moved to #**Verona>capture moved** and #**Denmark>a.b/c%d**'],
  ['message_link', 'as said in #**Verona>capture moved@114**'],
  ['unknown_channel_link', '#**nowhere** here'],
  ['me_message', '/me is testing the renderer'],
  ['realm_emoji', 'custom :green_tick: and extra :zulip:'],
  ['unicode_emoji_names', ':tada: :+1: :octopus: 🎉 👍'],
  ['uploaded_image_and_file', ({ image, file }) => `look [red.png](${image}) and a file [notes.txt](${file})`],
  ['uploaded_image_alone', ({ image }) => `[red.png](${image})`],
  ['table_aligned', '| Name | Count | Price |\n|:-----|:-----:|------:|\n| apples | 3 | 1.50 |\n| pears | 12 | 0.75 |'],
  ['headings', '# Release notes\n## What changed\n### Details\nSome text.'],
  ['horizontal_rule', 'above\n\n---\n\nbelow'],
  ['setext_heading_disabled', 'Title\n=====\n\nSub\n---'],
  ['image_syntax_disabled', '![alt](https://example.com/a.png)'],
  ['backslash_escapes_disabled', 'a\\*b\\* and \\_c\\_'],
  ['angle_autolink_disabled', '<https://example.com> and www.example.com and example.com'],
  ['email_autolink', 'write to someone@example.com please'],
  ['nested_bullets', '* fruit\n  * apples\n  * pears\n* vegetables\n  1. carrots\n  2. leeks'],
  ['nested_bullets_in_numbers', '1. fruit\n  * apples\n2. veg'],
  ['nested_lists_of_both_kinds', '* a\n  1. b\n* c\n  * d'],
  ['quote_with_mention', '> @**King Hamlet** wrote:\n> to be or not to be'],
  ['spoiler_with_mention', '```spoiler Plot twist\n@**Iago** did it :smile:\n```'],
  ['time_mentions', 'Meet <time:2024-05-01T10:00:00+02:00> or <time:May 1 2024 3pm> or <time:2024-05-01>'],
  ['code_python', '```python\nimport os\n\nclass Greeter:\n    def greet(self, name: str) -> str:\n        # say hello\n        return f"Hello, {name}!" if name else \'nobody\'\n\nprint(Greeter().greet("world"), 3.14, 0x1F, None, True)\n```'],
  ['code_typescript', '```ts\nimport { readFile } from \'node:fs/promises\';\n\nexport async function load(path: string): Promise<number> {\n  // count the lines\n  const text = await readFile(path, \'utf8\');\n  return text.split(`\\n`).length + 1.5;\n}\n```'],
  ['code_javascript', '```js\nconst total = items.reduce((sum, item) => sum + item.price, 0);\nif (total > 100 && !discount) { console.log("big order", null); }\n```'],
  ['code_sql', '```sql\nSELECT name, COUNT(*) AS n\nFROM messages m JOIN users u ON u.id = m.sender_id\nWHERE m.timestamp > 1700000000 -- recent\nGROUP BY name ORDER BY n DESC LIMIT 10;\n```'],
  ['code_bash', '```bash\n#!/bin/bash\nfor f in *.log; do\n  echo "$f" | grep -c error  # count\ndone\nexport PATH=$HOME/bin:$PATH\n```'],
  ['code_json', '```json\n{"name": "demo", "count": 3, "tags": ["a", "b"], "ok": true, "none": null}\n```'],
  ['code_language_aliases', '```py3\nx = 1\n```\n```javascript\nx = 1\n```\n```typescript\nx = 1\n```\n```sh\nx=1\n```\n```postgresql\nx\n```\n```text\nplain\n```'],
  ['linkifiers', 'see #D1234 and (zulip-mobile#56), not x#D78; in `#D90`, zulip-terminal#123. [link #D12](https://a.b) ok #D3a'],
  ['code_rust', '```rust\nfn main() {\n    let v: Vec<i32> = vec![1, 2, 3];\n    println!("{}", v.len());\n}\n```'],
];

interface Account {
  email: string;
  api_key: string;
}

const [linePath] = process.argv.slice(2);
if (linePath === undefined) throw new Error('usage: record-rendering.ts <server JSON line file>');
const server = JSON.parse(readFileSync(linePath, 'utf8')) as { url: string; accounts: Account[] };
const account = server.accounts[0];
if (account === undefined) throw new Error('the server line names no account');
const authorization = `Basic ${Buffer.from(`${account.email}:${account.api_key}`).toString('base64')}`;

async function call(path: string, body: FormData | URLSearchParams): Promise<Record<string, unknown>> {
  const response = await fetch(`${server.url}/api/v1${path}`, { method: 'POST', headers: { Authorization: authorization }, body });
  const answer = (await response.json()) as Record<string, unknown>;
  if (answer['result'] !== 'success') throw new Error(`${path}: ${JSON.stringify(answer)}`);
  return answer;
}

async function upload(name: string, type: string, bytes: Buffer): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  return String((await call('/user_uploads', form))['url']);
}

const uploads = {
  image: await upload('red.png', 'image/png', pngBytes(64, 48, [255, 0, 0])),
  file: await upload('notes.txt', 'text/plain', Buffer.from('notes\n')),
};
const cases = [];
for (const [name, source] of EXTRA_CASES) {
  const input = typeof source === 'string' ? source : source(uploads);
  const answer = await call('/messages/render', new URLSearchParams({ content: input }));
  cases.push({ name, input, rendered: String(answer['rendered']) });
}
const out = join(import.meta.dirname, '..', 'render', 'real-extra.json');
writeFileSync(out, `${JSON.stringify({ server: server.url, uploads: [{ url: uploads.image, content_type: 'image/png', dimensions: '64x48' }, { url: uploads.file, content_type: 'text/plain' }], cases }, null, 1)}\n`);
process.stderr.write(`${cases.length} cases written to ${out}\n`);
