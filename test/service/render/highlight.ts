// Code highlighting as real servers of the family do it with Pygments: the code split into tokens,
// each token in a <span> whose class is Pygments' short name for its kind (k keyword, nf function
// name, n name, o operator, p punctuation, mi integer, s2 double-quoted string, w whitespace, ...),
// adjacent tokens of one kind merged, and no span crossing a line end. A small lexer per language
// the simulator highlights (the ones real messages use most); other languages stay plain text.
import { escapeHtml } from './escape';

type Token = readonly [cls: string, text: string];
type Lexer = (code: string) => Token[];

/**
 * One lexing rule: a sticky pattern and the class of what it matched, or a function giving the
 * tokens it stands for. Such a function may consume more than the pattern matched (a string up to
 * its closing quote) by setting match[0] to all it consumed.
 */
type Rule = readonly [RegExp, string | ((match: RegExpExecArray, state: LexState) => Token[] | string)];

interface LexState {
  code: string;
  /** The text of the previous token that was not whitespace. */
  previous: string;
}

function runRules(code: string, rules: readonly Rule[], fallback = ''): Token[] {
  const tokens: Token[] = [];
  const state: LexState = { code, previous: '' };
  let pos = 0;
  while (pos < code.length) {
    let matched = false;
    for (const [pattern, kind] of rules) {
      pattern.lastIndex = pos;
      const match = pattern.exec(code);
      if (match === null || match[0] === '') continue;
      const produced = typeof kind === 'string' ? kind : kind(match, state);
      if (typeof produced === 'string') tokens.push([produced, match[0]]);
      else tokens.push(...produced);
      if (match[0].trim() !== '') state.previous = match[0];
      pos += match[0].length;
      matched = true;
      break;
    }
    if (!matched) {
      tokens.push([fallback, code[pos] ?? '']);
      pos += 1;
    }
  }
  return tokens;
}

const words = (list: string): ReadonlySet<string> => new Set(list.split(/\s+/).filter(Boolean));

// --- Python -------------------------------------------------------------------------------------

const PY_KEYWORDS = words('assert async await break continue del elif else except finally for global if lambda nonlocal pass raise return try while with yield as class def match case');
const PY_OPERATOR_WORDS = words('and or not in is');
const PY_CONSTANTS = words('True False None');
const PY_BUILTINS = words(
  'abs all any ascii bin bool breakpoint bytearray bytes callable chr classmethod compile complex delattr dict dir divmod enumerate eval exec filter float format frozenset getattr globals hasattr hash help hex id input int isinstance issubclass iter len list locals map max memoryview min next object oct open ord pow print property range repr reversed round set setattr slice sorted staticmethod str sum super tuple type vars zip __import__',
);
const PY_EXCEPTIONS = /^(?:[A-Z]\w*(?:Error|Exception|Warning)|Exception|KeyboardInterrupt|StopIteration|SystemExit|GeneratorExit)$/;

function pythonString(match: RegExpExecArray, state: LexState, python2: boolean): Token[] {
  const [, prefix = '', quote = ''] = match;
  const start = match.index + prefix.length + quote.length;
  const lineStart = state.code.lastIndexOf('\n', match.index - 1) + 1;
  const docstring = quote.length === 3 && state.code.slice(lineStart, match.index).trim() === '';
  const cls = docstring ? 'sd' : quote.startsWith('"') ? 's2' : 's1';
  const raw = /r/i.test(prefix);
  const formatted = /f/i.test(prefix);
  const tokens: Token[] = prefix === '' ? [] : [['sa', prefix]];
  tokens.push([cls, quote]);
  let pos = start;
  while (pos < state.code.length) {
    if (state.code.startsWith(quote, pos)) {
      tokens.push([cls, quote]);
      pos += quote.length;
      break;
    }
    const char = state.code[pos] ?? '';
    if (quote.length === 1 && char === '\n') break;
    if (char === '\\' && pos + 1 < state.code.length) {
      tokens.push([raw || docstring ? cls : 'se', state.code.slice(pos, pos + 2)]);
      pos += 2;
    } else if (formatted && char === '{' && state.code[pos + 1] !== '{') {
      const end = state.code.indexOf('}', pos);
      const close = end < 0 ? state.code.length : end;
      tokens.push(['si', '{'], ...lexPython(state.code.slice(pos + 1, close), python2, false), ['si', end < 0 ? '' : '}']);
      pos = close + 1;
    } else {
      tokens.push([cls, char]);
      pos += 1;
    }
  }
  // The rule consumed only the prefix and opening quote; the rest is skipped by length.
  match[0] = state.code.slice(match.index, pos);
  return tokens;
}

function lexPython(code: string, python2: boolean, atStart = true): Token[] {
  let mode: 'def' | 'class' | null = null;
  const word = (match: RegExpExecArray): string => {
    const text = match[0];
    if (mode === 'def' || mode === 'class') {
      const cls = mode === 'def' ? 'nf' : 'nc';
      mode = null;
      return cls;
    }
    if (text === 'def' || text === 'class') mode = text;
    if (text === 'import' || text === 'from') return 'kn';
    if (PY_KEYWORDS.has(text) || (python2 && (text === 'print' || text === 'exec'))) return 'k';
    if (PY_OPERATOR_WORDS.has(text)) return 'ow';
    if (PY_CONSTANTS.has(text)) return 'kc';
    if (text === 'self' || text === 'cls') return 'bp';
    if (PY_BUILTINS.has(text)) return 'nb';
    if (PY_EXCEPTIONS.test(text)) return 'ne';
    return 'n';
  };
  // `import a.b` and `from a.b import c` name modules; the names `from ... import` brings in are plain.
  const namespace = (match: RegExpExecArray, state: LexState): string => {
    const lineStart = state.code.lastIndexOf('\n', match.index - 1) + 1;
    return state.previous === 'import' && /^\s*from\b/.test(state.code.slice(lineStart)) ? 'n' : 'nn';
  };
  const rules: Rule[] = [
    [/#!.*/y, (_match, state) => (state.previous === '' && atStart ? 'ch' : 'c1')],
    [/\s+/y, ''],
    [/#.*/y, 'c1'],
    [/([rRbBuUfF]{0,2})("""|'''|"|')/y, (match, state) => pythonString(match, state, python2)],
    [/(?<=\b(?:import|from)\s+)[A-Za-z_][\w.]*/y, namespace],
    [/0[xX][\da-fA-F_]+/y, 'mh'],
    [/0[bB][01_]+/y, 'mb'],
    [/0[oO][0-7_]+/y, 'mo'],
    [/(?:\d[\d_]*)?\.\d[\d_]*(?:[eE][+-]?\d+)?j?|\d[\d_]*\.(?:[eE][+-]?\d+)?|\d[\d_]*[eE][+-]?\d+/y, 'mf'],
    [/\d[\d_]*/y, 'mi'],
    [/@[A-Za-z_][\w.]*/y, 'nd'],
    [/[A-Za-z_]\w*/y, word],
    [/!=|==|<<|>>|:=|\*\*|\/\/|[-~+/*%=<>&^|.]/y, 'o'],
    [/[[\]{}:(),;]/y, 'p'],
  ];
  return runRules(code, rules);
}

// --- JavaScript and TypeScript ------------------------------------------------------------------

const JS_KEYWORDS = words('for in while do break return continue switch case default if else throw try catch finally new delete typeof instanceof void yield await async this of static export import debugger extends super');
const JS_DECLARATIONS = words('var let const with function class');
const JS_RESERVED = words('abstract boolean byte char double enum final float goto implements int interface long native package private protected public short synchronized throws transient volatile');
const JS_CONSTANTS = words('true false null NaN Infinity undefined');
const JS_BUILTINS = words(
  'Array Boolean Date BigInt Function Math ArrayBuffer Number Object RegExp String Promise Proxy decodeURI decodeURIComponent encodeURI encodeURIComponent eval isFinite isNaN parseFloat parseInt DataView document window globalThis global Symbol Intl WeakSet WeakMap Set Map Reflect JSON Atomics',
);
const TS_RESERVED = words('from type interface namespace declare readonly keyof is infer asserts module require get set');
const TS_TYPES = words('string boolean number any unknown never object symbol bigint');

function lexJavaScript(code: string, typescript: boolean): Token[] {
  const word = (match: RegExpExecArray): string => {
    const text = match[0];
    if (JS_KEYWORDS.has(text)) return 'k';
    if (JS_DECLARATIONS.has(text)) return 'kd';
    if (typescript && TS_TYPES.has(text)) return 'kt';
    if (typescript && TS_RESERVED.has(text)) return 'kr';
    if (JS_RESERVED.has(text)) return 'kr';
    if (JS_CONSTANTS.has(text)) return 'kc';
    if (JS_BUILTINS.has(text)) return 'nb';
    if (/^(?:Eval|Internal|Range|Reference|Syntax|Type|URI)?Error$/.test(text)) return 'ne';
    return 'nx';
  };
  const template = (match: RegExpExecArray, state: LexState): Token[] => {
    const tokens: Token[] = [['sb', '`']];
    let pos = match.index + 1;
    while (pos < state.code.length && state.code[pos] !== '`') {
      if (state.code.startsWith('${', pos)) {
        const end = state.code.indexOf('}', pos);
        const close = end < 0 ? state.code.length : end;
        tokens.push(['si', '${'], ...lexJavaScript(state.code.slice(pos + 2, close), typescript), ['si', end < 0 ? '' : '}']);
        pos = close + 1;
      } else {
        tokens.push(['sb', state.code.slice(pos, state.code[pos] === '\\' ? pos + 2 : pos + 1)]);
        pos += state.code[pos] === '\\' ? 2 : 1;
      }
    }
    if (pos < state.code.length) tokens.push(['sb', '`']);
    match[0] = state.code.slice(match.index, pos + 1);
    return tokens;
  };
  const rules: Rule[] = [
    [/\s+/y, 'w'],
    [/\/\/.*/y, 'c1'],
    [/\/\*[\s\S]*?\*\//y, 'cm'],
    [/'(?:\\.|[^'\\\n])*'/y, 's1'],
    [/"(?:\\.|[^"\\\n])*"/y, 's2'],
    [/`/y, template],
    [/0[xX][\da-fA-F]+n?/y, 'mh'],
    [/0[bB][01]+n?/y, 'mb'],
    [/0[oO][0-7]+n?/y, 'mo'],
    [/\d+n\b/y, 'mi'],
    [/(?:\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?/y, 'mf'],
    [/\.\.\.|=>/y, 'p'],
    [/\+\+|--|~|\?\?=?|\?|:|(?:<<|>>>?|===?|!==?|\*\*|\|\||&&|[-<>+*%&|^/=!])=?/y, 'o'],
    [/[{}()[\];,.]/y, 'p'],
    [/[A-Za-z_$][\w$]*/y, word],
  ];
  return runRules(code, rules);
}

// --- SQL ----------------------------------------------------------------------------------------

const SQL_KEYWORDS = words(
  'abort action add after all alter analyze and any as asc begin between by cascade case cast check collate column commit constraint count create cross current_date current_time current_timestamp database default deferrable delete desc distinct drop each else end escape except exists explain foreign from full function group having if in index inner insert instead intersect into is join key left like limit match natural no not null of offset on or order outer over partition primary references rename replace returning right rollback row rows select set table temp temporary then timestamp to transaction trigger union unique update using values view when where window with without avg sum min max integer int text varchar char boolean date time real float double serial bigint smallint numeric decimal true false',
);

function lexSql(code: string): Token[] {
  const rules: Rule[] = [
    [/\s+/y, 'w'],
    [/--.*/y, 'c1'],
    [/\/\*[\s\S]*?\*\//y, 'cm'],
    [/'(?:''|[^'])*'/y, 's1'],
    [/"(?:""|[^"])*"/y, 'ss'],
    [/\d*\.\d+(?:e[+-]?\d+)?/iy, 'mf'],
    [/\d+/y, 'mi'],
    [/[+*/<>=~!@#%^&|`?-]/y, 'o'],
    [/[;:()[\],.]/y, 'p'],
    [/[A-Za-z_]\w*/y, (match) => (SQL_KEYWORDS.has(match[0].toLowerCase()) ? 'k' : 'n')],
  ];
  return runRules(code, rules);
}

// --- Bash ---------------------------------------------------------------------------------------

const BASH_KEYWORDS = 'if|fi|else|while|in|do|done|for|then|return|function|case|select|break|continue|until|esac|elif';
const BASH_BUILTINS =
  'alias|bg|bind|break|builtin|caller|cd|command|compgen|complete|declare|dirs|disown|echo|enable|eval|exec|exit|export|false|fc|fg|getopts|hash|help|history|jobs|kill|let|local|logout|popd|printf|pushd|pwd|read|readonly|set|shift|shopt|source|suspend|test|time|times|trap|true|type|typeset|ulimit|umask|unalias|unset|wait';

const BASH_INTERPOLATION: Rule[] = [
  [/\$\(\(?/y, 'k'],
  [/\$\{#?/y, 'si'],
  [/\$[A-Za-z_]\w*/y, 'nv'],
  [/\$(?:\d+|[#$?!_*@-])/y, 'nv'],
];

function bashDoubleString(match: RegExpExecArray, state: LexState): Token[] {
  const tokens: Token[] = [['s2', '"']];
  let pos = match.index + 1;
  while (pos < state.code.length && state.code[pos] !== '"') {
    let consumed = false;
    for (const [pattern, cls] of BASH_INTERPOLATION) {
      pattern.lastIndex = pos;
      const inner = pattern.exec(state.code);
      if (inner !== null && typeof cls === 'string') {
        tokens.push([cls, inner[0]]);
        pos += inner[0].length;
        consumed = true;
        break;
      }
    }
    if (!consumed) {
      const length = state.code[pos] === '\\' ? 2 : 1;
      tokens.push(['s2', state.code.slice(pos, pos + length)]);
      pos += length;
    }
  }
  if (pos < state.code.length) tokens.push(['s2', '"']);
  match[0] = state.code.slice(match.index, pos + 1);
  return tokens;
}

function lexBash(code: string): Token[] {
  const rules: Rule[] = [
    [new RegExp(`\\b(?:${BASH_KEYWORDS})\\b`, 'y'), 'k'],
    [new RegExp(`\\b(?:${BASH_BUILTINS})(?=[\\s)\`;]|$)`, 'y'), 'nb'],
    [/#!.*/y, (_match, state) => (state.previous === '' ? 'ch' : 'c1')],
    [/(?<=^|\s)#.*/y, 'c1'],
    [/\\[\w\W]/y, 'se'],
    [/\b\w+(?=\s*\+?=)/y, 'nv'],
    [/\+?=/y, 'o'],
    [/&&|\|\||[[\]{}()]/y, 'o'],
    ...BASH_INTERPOLATION,
    [/"/y, bashDoubleString],
    [/'[^']*'/y, 's1'],
    [/`[^`]*`/y, 'sb'],
    [/[;&|]/y, 'p'],
    [/\s+/y, 'w'],
    [/\d+\b/y, 'm'],
    [/[^=\s[\]{}()$"'`\\<&|;]+/y, ''],
  ];
  return runRules(code, rules);
}

// --- JSON ---------------------------------------------------------------------------------------

function lexJson(code: string): Token[] {
  const rules: Rule[] = [
    [/\s+/y, 'w'],
    [/"(?:\\.|[^"\\])*"(?=\s*:)/y, 'nt'],
    [/"(?:\\.|[^"\\])*"/y, 's2'],
    [/-?\d+(?:\.\d+(?:[eE][+-]?\d+)?|[eE][+-]?\d+)/y, 'mf'],
    [/-?\d+/y, 'mi'],
    [/true|false|null/y, 'kc'],
    [/[{}[\],:]/y, 'p'],
  ];
  return runRules(code, rules, 'err');
}

// --- Rust -------------------------------------------------------------------------------------

const RUST_KEYWORDS = words('as async await break const continue crate dyn else enum extern for if impl in loop match mod move mut pub ref return static struct super trait type unsafe use where while');
const RUST_TYPES = words('u8 u16 u32 u64 u128 i8 i16 i32 i64 i128 usize isize f32 f64 bool char str');
const RUST_BUILTINS = words('Vec String Option Some None Result Ok Err Box Rc Arc HashMap HashSet Self');

function lexRust(code: string): Token[] {
  let declaring = false;
  const word = (match: RegExpExecArray): string => {
    const text = match[0];
    if (declaring) {
      declaring = false;
      return 'nf';
    }
    if (text === 'fn') {
      declaring = true;
      return 'k';
    }
    if (text === 'let') return 'kd';
    if (text === 'true' || text === 'false') return 'kc';
    if (text === 'self') return 'bp';
    if (RUST_KEYWORDS.has(text)) return 'k';
    if (RUST_TYPES.has(text)) return 'kt';
    if (RUST_BUILTINS.has(text)) return 'nb';
    return 'n';
  };
  const rules: Rule[] = [
    // The space after `fn` is plain text; other whitespace is a Whitespace token.
    [/(?<=\bfn)\s+/y, ''],
    [/\s+/y, 'w'],
    [/\/\/.*/y, 'c1'],
    [/\/\*[\s\S]*?\*\//y, 'cm'],
    [/"(?:\\.|[^"\\])*"/y, 's'],
    [/'(?:\\.|[^'\\])'/y, 'sc'],
    [/\d[\d_]*\.\d[\d_]*(?:[eE][+-]?\d+)?(?:f32|f64)?/y, 'mf'],
    [/0x[\da-fA-F_]+|\d[\d_]*(?:[iu](?:8|16|32|64|128|size))?/y, 'mi'],
    [/[a-z_]\w*!/y, 'fm'],
    [/[A-Za-z_]\w*/y, word],
    [/::?[ \t]*/y, ''],
    [/[=<>+\-*/%&|^!?]+/y, 'o'],
    [/[(){}[\];,.]+/y, 'p'],
  ];
  return runRules(code, rules);
}

// --- PHP (inline code, as real servers start PHP blocks without an opening tag) -----------------

const PHP_KEYWORDS = words(
  'and as break case catch class clone const continue declare default do echo else elseif empty enddeclare endfor endforeach endif endswitch endwhile eval exit extends final finally fn for foreach function global goto if implements include include_once instanceof insteadof interface isset list match namespace new or print private protected public readonly require require_once return static switch throw trait try unset use var while xor yield',
);

function lexPhp(code: string): Token[] {
  let declaring: 'function' | 'class' | null = null;
  const word = (match: RegExpExecArray): string => {
    const text = match[0];
    const lower = text.toLowerCase();
    if (declaring !== null) {
      const cls = declaring === 'function' ? 'nf' : 'nc';
      declaring = null;
      return cls;
    }
    if (lower === 'function' || lower === 'class') declaring = lower;
    if (PHP_KEYWORDS.has(lower)) return 'k';
    if (lower === 'true' || lower === 'false' || lower === 'null') return 'kc';
    return 'nx';
  };
  const rules: Rule[] = [
    [/\s+/y, ''],
    [/(?:#|\/\/).*/y, 'c1'],
    [/\/\*[\s\S]*?\*\//y, 'cm'],
    [/\$+[A-Za-z_]\w*/y, 'nv'],
    [/'(?:\\.|[^'\\])*'/y, 's1'],
    [/"(?:\\.|[^"\\])*"/y, 's2'],
    [/0[xX][\da-fA-F]+/y, 'mh'],
    [/\d+\.\d*|\.\d+/y, 'mf'],
    [/\d+/y, 'mi'],
    [/[A-Za-z_]\w*/y, (match) => {
      const cls = word(match);
      // An anonymous function has no name to declare.
      if (cls === 'k' && declaring === 'function' && /^\s*\(/.test(code.slice(match.index + match[0].length))) declaring = null;
      return cls;
    }],
    [/[~!%^&*+=|:.<>/?@-]+/y, 'o'],
    [/[[\]{}();,]+/y, 'p'],
  ];
  return runRules(code, rules);
}

// --- TeX ----------------------------------------------------------------------------------------

function lexTex(code: string): Token[] {
  const rules: Rule[] = [
    [/%.*/y, 'c'],
    [/[{}&_^]/y, 'nb'],
    [/\$\$?/y, 's'],
    [/\\(?:[a-zA-Z@_:]+|\S?)/y, 'k'],
    [/[^\\$%&_^{}]+/y, ''],
  ];
  return runRules(code, rules);
}

const LEXERS: Readonly<Record<string, Lexer>> = {
  Python: (code) => lexPython(code, false),
  'Python 2.x': (code) => lexPython(code, true),
  JavaScript: (code) => lexJavaScript(code, false),
  TypeScript: (code) => lexJavaScript(code, true),
  SQL: lexSql,
  'PostgreSQL SQL dialect': lexSql,
  MySQL: lexSql,
  Bash: lexBash,
  JSON: lexJson,
  PHP: lexPhp,
  'CSS+PHP': lexPhp,
  'HTML+PHP': lexPhp,
  'JavaScript+PHP': lexPhp,
  'XML+PHP': lexPhp,
  TeX: lexTex,
  Rust: lexRust,
};

/** Tokens as Pygments' HTML formatter writes them: same-kind neighbours merged, lines never spanned. */
function format(tokens: readonly Token[]): string {
  const merged: [string, string][] = [];
  for (const [cls, text] of tokens) {
    const last = merged[merged.length - 1];
    if (last !== undefined && last[0] === cls) last[1] += text;
    else if (text !== '') merged.push([cls, text]);
  }
  return merged
    .map(([cls, text]) =>
      text
        .split('\n')
        .map((part) => (part === '' ? '' : cls === '' ? escapeHtml(part) : `<span class="${cls}">${escapeHtml(part)}</span>`))
        .join('\n'),
    )
    .join('');
}

/** The highlighted HTML of `code` in the named language, or null when the simulator has no lexer for it. */
export function highlight(code: string, language: string): string | null {
  const lexer = LEXERS[language];
  return lexer === undefined ? null : format(lexer(code));
}

/** The language a block without one names on its first line, as `#!python` or `:::python`. */
export function languageOfFirstLine(code: string): string | undefined {
  const match = /^(?:#!(?:(?:\/\w+)*[/ ])?|:::)([\w#.+-]+)/.exec(code);
  return match?.[1];
}
