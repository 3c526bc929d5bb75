// What a poll or a todo list accepts as a submessage, checked as real servers check it, with
// their validators' words: the event's `type` first, then exactly the fields that type has.
import { badRequest } from '../http/errors';

type Check = (name: string, value: unknown) => void;
type Fields = readonly (readonly [string, Check])[];

const isDict = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const string: Check = (name, value) => {
  if (typeof value !== 'string') throw badRequest(`${name} is not a string`);
};

const boolean: Check = (name, value) => {
  if (typeof value !== 'boolean') throw badRequest(`${name} is not a boolean`);
};

/** Python's int, which a boolean is too (true is 1). */
function integer(name: string, value: unknown): number {
  if (typeof value === 'boolean') return Number(value);
  if (typeof value !== 'number' || !Number.isInteger(value)) throw badRequest(`${name} is not an integer`);
  return value;
}

const integerIn =
  (allowed: readonly number[]): Check =>
  (name, value) => {
    if (!allowed.includes(integer(name, value))) throw badRequest(`Invalid ${name}`);
  };

const integerRange =
  (low: number, high: number): Check =>
  (name, value) => {
    const number = integer(name, value);
    if (number < low) throw badRequest(`${name} is too small`);
    if (number > high) throw badRequest(`${name} is too large`);
  };

/** Each field present and valid, in order; with `only`, no other field. */
function checkDict(varName: string, value: unknown, fields: Fields, only: boolean): asserts value is Record<string, unknown> {
  if (!isDict(value)) throw badRequest(`${varName} is not a dict`);
  for (const [key, check] of fields) {
    if (!Object.hasOwn(value, key)) throw badRequest(`${key} key is missing from ${varName}`);
    check(`${varName}["${key}"]`, value[key]);
  }
  const unexpected = only ? Object.keys(value).filter((key) => !fields.some(([field]) => field === key)) : [];
  if (unexpected.length > 0) throw badRequest(`Unexpected arguments: ${unexpected.join(', ')}`);
}

/** A widget's event types: their fields, and whether only the message's sender may send them. */
interface Kind {
  fields: Fields;
  authorOnly?: string;
}

/** Real servers cap the index of a poll option or a task someone adds. */
const MAX_IDX = 1000;

const TYPE: readonly [string, Check] = ['type', string];

const WIDGET_KINDS: ReadonlyMap<string, ReadonlyMap<string, Kind>> = new Map([
  [
    'poll',
    new Map<string, Kind>([
      ['vote', { fields: [TYPE, ['key', string], ['vote', integerIn([1, -1])]] }],
      ['question', { fields: [TYPE, ['question', string]], authorOnly: "You can't edit a question unless you are the author." }],
      ['new_option', { fields: [TYPE, ['option', string], ['idx', integerRange(0, MAX_IDX)]] }],
    ]),
  ],
  [
    'todo',
    new Map<string, Kind>([
      ['new_task', { fields: [TYPE, ['key', integerRange(0, MAX_IDX)], ['task', string], ['desc', string], ['completed', boolean]] }],
      ['strike', { fields: [TYPE, ['key', string]] }],
      ['new_task_list_title', { fields: [TYPE, ['title', string]], authorOnly: "You can't edit the task list title unless you are the author." }],
    ]),
  ],
]);

/**
 * Checks a submessage's data against the widget of its message (none, or one real servers do not
 * check, accepts anything). `byAuthor`: sent by the message's sender.
 */
export function checkWidgetData(widgetType: string | null, data: unknown, byAuthor: boolean): void {
  if (widgetType === null) return;
  const kinds = WIDGET_KINDS.get(widgetType);
  if (kinds === undefined) return;
  const varName = `${widgetType} data`;
  checkDict(varName, data, [TYPE], false);
  const type = String(data['type']);
  const kind = kinds.get(type);
  if (kind === undefined) throw badRequest(`Unknown type for ${varName}: ${type}`);
  if (kind.authorOnly !== undefined && !byAuthor) throw badRequest(kind.authorOnly);
  checkDict(varName, data, kind.fields, true);
}

/** The widget type of a message's widget submessage content, as real servers read it (or null). */
export function widgetTypeOf(content: string): string | null {
  try {
    const data: unknown = JSON.parse(content);
    return isDict(data) && typeof data['widget_type'] === 'string' ? data['widget_type'] : null;
  } catch {
    return null;
  }
}
