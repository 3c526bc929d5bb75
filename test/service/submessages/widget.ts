// The widget a message asks for by its first word, `/poll` or `/todo`: real servers store it as the
// message's first submessage, its content written by Python's json.dumps. The lines after the
// command pre-fill the widget: the rest of the first line is the question (or the task list's
// title), each other non-empty line an option (or a task, `task: description`), without one
// leading list marker. Python's idea of whitespace and of a line break is kept, so a message
// parses here as it does there.

// What Python's str.isspace() (so `\s`, strip() and split()) counts as whitespace.
export const SPACE = '\\t\\n\\v\\f\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';
const FIRST_WORD = new RegExp(`^[^${SPACE}]*`);
const EDGE_SPACE = new RegExp(`^[${SPACE}]+|[${SPACE}]+$`, 'g');
const LIST_MARKER = new RegExp(`^[${SPACE}]*[-*]?[${SPACE}]*`);
// What str.splitlines() splits at.
const BREAK = '\\n\\r\\v\\f\\x1c-\\x1e\\x85\\u2028\\u2029';
const LINE_BREAK = new RegExp(`\\r\\n|[${BREAK}]`);
/** A task and its description are separated by the first `: `. */
const TASK_SEPARATOR = ': ';

type Json = string | readonly Json[] | { readonly [key: string]: Json };

const strip = (text: string): string => text.replace(EDGE_SPACE, '');

function splitLines(text: string): string[] {
  const lines = text.split(LINE_BREAK);
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** The first line when it has anything (the question or title), then the items of the others. */
function headAndItems(rest: string): { head: string; items: string[] } {
  const lines = splitLines(rest);
  const first = lines[0] ?? '';
  const head = first === '' ? '' : strip(first);
  const others = first === '' ? lines : lines.slice(1);
  return { head, items: others.map((line) => strip(line).replace(LIST_MARKER, '')).filter((item) => item !== '') };
}

function pollData(rest: string): Json {
  const { head, items } = headAndItems(rest);
  return { question: head, options: items };
}

function todoData(rest: string): Json {
  const { head, items } = headAndItems(rest);
  const tasks = items.map((item) => {
    const at = item.indexOf(TASK_SEPARATOR);
    return at < 0 ? { task: strip(item), desc: '' } : { task: strip(item.slice(0, at)), desc: strip(item.slice(at + TASK_SEPARATOR.length)) };
  });
  return { task_list_title: head, tasks };
}

const WIDGETS: ReadonlyMap<string, (rest: string) => Json> = new Map([
  ['/poll', pollData],
  ['/todo', todoData],
]);

/** json.dumps with its defaults: ", " and ": " between items, everything outside printable ASCII escaped. */
function pythonJson(value: Json): string {
  if (typeof value === 'string') return pythonString(value);
  if (isList(value)) return `[${value.map(pythonJson).join(', ')}]`;
  return `{${Object.entries(value).map(([key, item]) => `${pythonString(key)}: ${pythonJson(item)}`).join(', ')}}`;
}

function isList(value: Json): value is readonly Json[] {
  return Array.isArray(value);
}

const SHORT_ESCAPES: Readonly<Record<string, string>> = { '"': '\\"', '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t', '\b': '\\b', '\f': '\\f' };

function pythonString(text: string): string {
  // Per UTF-16 unit, as Python writes a character outside the BMP: as its surrogate pair.
  const escaped = text.replace(/[^ -~]|["\\]/g, (unit) => SHORT_ESCAPES[unit] ?? `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return `"${escaped}"`;
}

/** The content of the widget submessage a message's (stored) content asks for, or null. */
export function widgetContent(content: string): string | null {
  const command = FIRST_WORD.exec(content)?.[0] ?? '';
  const parse = WIDGETS.get(command);
  if (parse === undefined) return null;
  const widgetType = command.slice(1);
  return pythonJson({ widget_type: widgetType, extra_data: parse(content.slice(command.length)) });
}
