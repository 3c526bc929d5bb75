// The linkifier editor's live preview: the pattern's Python-style named groups, (?P<name>...),
// read as JavaScript's (?<name>...), and each match's groups filled into the RFC 6570 URL
// template ({name} percent-encoded, {+name} and {#name} keeping reserved characters).

export interface PreviewLink {
  text: string;
  url: string;
}

export type Preview = { ok: true; links: PreviewLink[] } | { ok: false; problem: string };

const NAME = '[A-Za-z_][A-Za-z0-9_]*';

export function toJsPattern(pattern: string): string {
  return pattern.replace(/\(\?P</g, '(?<').replace(new RegExp(`\\(\\?P=(${NAME})\\)`, 'g'), '\\k<$1>');
}

export function groupNames(pattern: string): string[] {
  return [...pattern.matchAll(new RegExp(`\\(\\?P?<(${NAME})>`, 'g'))].map((match) => match[1] ?? '');
}

export function templateVariables(template: string): string[] {
  return [...template.matchAll(new RegExp(`\\{[+#]?(${NAME})\\}`, 'g'))].map((match) => match[1] ?? '');
}

export function expandTemplate(template: string, groups: Readonly<Record<string, string | undefined>>): string {
  return template.replace(new RegExp(`\\{([+#]?)(${NAME})\\}`, 'g'), (_whole, operator: string, name: string) => {
    const value = groups[name] ?? '';
    return operator === '' ? encodeURIComponent(value) : encodeURI(value);
  });
}

/**
 * Why JavaScript refused the pattern, without the pattern it quotes: that is the converted one
 * ("Invalid regular expression: /(?<id>[/gu: Unterminated character class"), not what was typed.
 */
function invalidReason(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).replace(/^Invalid regular expression: \/.*\/[a-z]*: /s, '');
}

/** What the linkifier would make of the sample, or why it cannot be used as written. */
export function previewLinkifier(pattern: string, template: string, sample: string): Preview {
  if (pattern.trim() === '') return { ok: false, problem: 'Write a pattern.' };
  let regex: RegExp;
  try {
    regex = new RegExp(toJsPattern(pattern), 'gu');
  } catch (error) {
    return { ok: false, problem: `The pattern ${pattern} is not a valid regular expression: ${invalidReason(error)}.` };
  }
  if (!/^https?:\/\/\S+$/.test(template.trim())) return { ok: false, problem: 'The URL template must be an http:// or https:// URL, with {group} for each value.' };
  const groups = groupNames(pattern);
  const missing = templateVariables(template).filter((name) => !groups.includes(name));
  if (missing.length > 0) return { ok: false, problem: `The URL template uses ${missing.map((m) => `{${m}}`).join(', ')}, which the pattern does not name.` };
  const links = [...sample.matchAll(regex)].filter((match) => match[0] !== '').map((match) => ({ text: match[0], url: expandTemplate(template.trim(), match.groups ?? {}) }));
  return { ok: true, links };
}
