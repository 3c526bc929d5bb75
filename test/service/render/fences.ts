// Fenced blocks the way real servers of the family read them, before any other Markdown: a line
// of three or more backticks or tildes (optionally with a language and a header) opens a block,
// and only the same fence alone on a line closes it, so fences nest inside quotes and spoilers but
// not inside code. Code and maths become finished HTML, left in the text as placeholder lines;
// quotes become `> ` lines; a spoiler becomes its header and content between placeholder wrappers.
// An unclosed block ends with the message.
import { escapeHtml } from './escape';
import { highlight, languageOfFirstLine } from './highlight';
import { languageName } from './languages';
import { renderTex } from './tex';

const FENCE = /^(~{3,}|`{3,})[ ]*(?:\{?\.?([a-zA-Z0-9_+\-./#]+)[ ]*([^ ~`][^~`]*)?\}?)?$/;
const PLACEHOLDER_OPEN = '\uE000';
const PLACEHOLDER_CLOSE = '\uE001';
export const PLACEHOLDER = /^\uE000(\d+)\uE001$/;

interface Handler {
  fence: string;
  kind: 'outer' | 'quote' | 'spoiler' | 'code' | 'math';
  language?: string | undefined;
  header?: string | undefined;
  lines: string[];
  /** Where the finished block goes: the lines of the handler below it. */
  output: string[];
}

export interface Fenced {
  lines: string[];
  /** Finished HTML by placeholder number. */
  blocks: string[];
}

/** A code block as real servers write it; the language as typed, or undefined. */
export function codeBlockHtml(code: string, typed: string | undefined): string {
  // Leading and trailing blank lines go, as Pygments strips them.
  const text = code.replace(/^\n+/, '').replace(/\n+$/, '');
  const named = typed === undefined ? undefined : languageName(typed);
  const language = named ?? (typed === undefined ? languageName(languageOfFirstLine(text) ?? '') : undefined);
  const body = (language === undefined ? null : highlight(text, language)) ?? escapeHtml(text);
  const attribute = typed === undefined ? '' : ` data-code-language="${escapeHtml(named ?? typed)}"`;
  return `<div class="codehilite"${attribute}><pre><span></span><code>${body}\n</code></pre></div>`;
}

function mathBlockHtml(text: string): string {
  return text
    .split('\n\n')
    .filter((paragraph) => paragraph.trim() !== '')
    .map((paragraph) => `<p>${renderTex(paragraph, true) ?? `<span class="tex-error">${escapeHtml(paragraph)}</span>`}</p>`)
    .join('\n');
}

export function processFences(source: string): Fenced {
  const blocks: string[] = [];
  const placeholder = (html: string): string => {
    blocks.push(html);
    return `${PLACEHOLDER_OPEN}${blocks.length - 1}${PLACEHOLDER_CLOSE}`;
  };
  const root: string[] = [];
  const stack: Handler[] = [{ fence: '', kind: 'outer', lines: root, output: root }];

  const open = (line: string, into: string[]): boolean => {
    const match = FENCE.exec(line);
    if (match === null) return false;
    const language = match[2]?.toLowerCase();
    const kind = language === 'quote' || language === 'quoted' ? 'quote' : language === 'math' ? 'math' : language === 'spoiler' ? 'spoiler' : 'code';
    stack.push({ fence: match[1] ?? '', kind, language: match[2], header: match[3]?.trim(), lines: [], output: into });
    return true;
  };

  const close = (): void => {
    const handler = stack.pop();
    if (handler === undefined || handler.kind === 'outer') return;
    let produced: string[];
    switch (handler.kind) {
      case 'quote':
        produced = handler.lines.map((line) => `> ${line}`);
        break;
      case 'spoiler':
        if (handler.lines.length === 0) return;
        produced = [
          placeholder('<div class="spoiler-block"><div class="spoiler-header">'),
          handler.header ?? '',
          placeholder('</div><div class="spoiler-content" aria-hidden="true">'),
          handler.lines.join('\n'),
          placeholder('</div></div>'),
        ]
          .join('\n\n')
          .split('\n');
        break;
      case 'math':
        produced = [placeholder(mathBlockHtml(handler.lines.join('\n')))];
        break;
      default:
        produced = [placeholder(codeBlockHtml(handler.lines.join('\n'), handler.language))];
    }
    handler.output.push('', ...produced, '');
  };

  for (const line of source.split('\n')) {
    const top = stack[stack.length - 1];
    if (top === undefined) break;
    if (top.kind === 'outer') {
      if (!open(line, top.lines)) top.lines.push(line);
    } else if (line.trimEnd() === top.fence) {
      close();
    } else if (top.kind === 'code' || top.kind === 'math') {
      top.lines.push(line.trimEnd());
    } else if (!open(line, top.lines)) {
      top.lines.push(line);
    }
  }
  while (stack.length > 1) close();
  return { lines: root, blocks };
}
