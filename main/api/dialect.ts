// The one place that speaks both dialects (shared/api/dialects.ts). Answers reach the app in the
// spec's names whatever the server sent, and the one renamed value the app sends (reaction_type
// service_extra_emoji) leaves as the server spells it. The dialect is learnt from what the server
// sent: its server settings and registrations name their feature level one way or the other.
import { FAMILY_NAMES, type Dialect } from '../../shared/api/dialects';

/** The renamed keys, the family's spelling first. */
const RENAMED_KEYS: readonly (readonly [family: string, spec: string])[] = (['service_feature_level', 'service_version', 'service_merge_base'] as const).map(
  (spec) => [FAMILY_NAMES[spec], spec],
);
const EXTRA_EMOJI = { spec: 'service_extra_emoji', family: FAMILY_NAMES.service_extra_emoji } as const;

/** What every family identifier an answer can hold starts with: the one string searched in every answer. */
const STEM = commonPrefix([...RENAMED_KEYS.map(([family]) => family), EXTRA_EMOJI.family]);
const QUOTE = '"'.charCodeAt(0);

/**
 * Keys are renamed in the answer and in each event of a batch (a restart event announces the new
 * level) only, unless a reaction type needs renaming: reactions sit at any depth (messages,
 * events, statuses), and only then is the whole answer walked.
 */
const KEY_DEPTH = 2;

interface Found {
  keys: boolean;
  extraEmoji: boolean;
}

/**
 * Which family identifiers the answer's text holds as whole JSON strings. JSON writes a quote
 * inside a string as \", so a family name between bare quotes is a key or a whole value, never
 * part of longer text: a message or topic that merely mentions one is not a match (a topic named
 * exactly like one is, and is left alone by the walk, which renames only keys and reaction types).
 */
function familyIdentifiers(text: string): Found {
  const found: Found = { keys: false, extraEmoji: false };
  for (let at = text.indexOf(STEM); at !== -1 && !(found.keys && found.extraEmoji); at = text.indexOf(STEM, at + STEM.length)) {
    if (text.charCodeAt(at - 1) !== QUOTE) continue;
    if (quotedAt(text, at, EXTRA_EMOJI.family)) found.extraEmoji = true;
    else if (RENAMED_KEYS.some(([family]) => quotedAt(text, at, family))) found.keys = true;
  }
  return found;
}

function quotedAt(text: string, at: number, name: string): boolean {
  return text.startsWith(name, at) && text.charCodeAt(at + name.length) === QUOTE;
}

/** Renames the family's identifiers of one record in place; true if there was one. */
function renameIn(record: Record<string, unknown>): boolean {
  let renamed = false;
  for (const [family, spec] of RENAMED_KEYS) {
    if (!Object.hasOwn(record, family)) continue;
    // Both spellings at once: the spec's stands.
    if (!Object.hasOwn(record, spec)) record[spec] = record[family];
    Reflect.deleteProperty(record, family);
    renamed = true;
  }
  if (record.reaction_type === EXTRA_EMOJI.family) {
    record.reaction_type = EXTRA_EMOJI.spec;
    renamed = true;
  }
  return renamed;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Walks records and arrays down to `maxDepth` (the answer is depth 0), without recursion. */
function renameWithin(body: Record<string, unknown>, maxDepth: number): boolean {
  let renamed = false;
  const pending: [unknown, number][] = [[body, 0]];
  while (pending.length > 0) {
    const [value, depth] = pending.pop()!;
    if (isRecord(value) && renameIn(value)) renamed = true;
    if (depth >= maxDepth || typeof value !== 'object' || value === null) continue;
    for (const child of Object.values(value)) {
      if (typeof child === 'object' && child !== null) pending.push([child, depth + 1]);
    }
  }
  return renamed;
}

/**
 * Puts a freshly parsed answer (`body`, parsed from `text`) into the spec's names, in place, and
 * says which dialect it showed: 'family' if it held one of the family's identifiers, 'spec' if it
 * named the feature level or version as the spec does, undefined if it said neither (most answers).
 * An answer without the family's stem costs one search of its text and nothing else.
 */
export function fromServerDialect(text: string, body: Record<string, unknown>): Dialect | undefined {
  const found = familyIdentifiers(text);
  if ((found.keys || found.extraEmoji) && renameWithin(body, found.extraEmoji ? Infinity : KEY_DEPTH)) return 'family';
  return Object.hasOwn(body, 'service_feature_level') || Object.hasOwn(body, 'service_version') ? 'spec' : undefined;
}

/** Whether the params hold a value the two dialects spell differently: sending them needs the server's dialect. */
export function spelledByDialect(params: object): boolean {
  return 'reaction_type' in params && params.reaction_type === EXTRA_EMOJI.spec;
}

/** The params as a server of `dialect` reads them; the spec's spelling when the dialect is unknown. */
export function inServerDialect(params: object, dialect: Dialect | undefined): object {
  if (dialect !== 'family' || !spelledByDialect(params)) return params;
  return { ...params, reaction_type: EXTRA_EMOJI.family };
}

function commonPrefix(names: readonly string[]): string {
  const [first = '', ...rest] = names;
  let length = first.length;
  for (const name of rest) {
    while (!name.startsWith(first.slice(0, length))) length -= 1;
  }
  return first.slice(0, length);
}
