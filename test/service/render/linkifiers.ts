// The organization's linkifiers: patterns written with Python-style named groups, (?P<name>...),
// whose matches link to an RFC 6570 URL template. In message text a match links only where it
// stands apart, as on real servers: after the start, a space or an opening bracket or quote, and
// not followed by a letter or digit.

export interface Linkifier {
  pattern: string;
  url_template: string;
}

const compiled = new Map<string, RegExp | null>();

/** The pattern as a JavaScript expression (global), or null when it is not a valid one. */
export function compilePattern(pattern: string): RegExp | null {
  if (!compiled.has(pattern)) {
    try {
      compiled.set(pattern, new RegExp(pattern.replace(/\(\?P</g, '(?<'), 'g'));
    } catch {
      compiled.set(pattern, null);
    }
  }
  const regex = compiled.get(pattern) ?? null;
  if (regex !== null) regex.lastIndex = 0;
  return regex;
}

export function expandTemplate(urlTemplate: string, groups: Readonly<Record<string, string | undefined>>): string {
  return urlTemplate.replace(/\{([+#]?)([A-Za-z_][A-Za-z0-9_]*)\}/g, (_whole, operator: string, name: string) => {
    const value = groups[name] ?? '';
    return operator === '' ? encodeURIComponent(value) : encodeURI(value);
  });
}

export interface LinkifierMatch {
  start: number;
  end: number;
  url: string;
}

/** The first linkifier match in `text` at or after `from` that stands apart; earlier linkifiers win ties. */
export function firstLinkifierMatch(text: string, linkifiers: readonly Linkifier[], from: number): LinkifierMatch | null {
  let best: LinkifierMatch | null = null;
  for (const linkifier of linkifiers) {
    const pattern = compilePattern(linkifier.pattern);
    if (pattern === null) continue;
    pattern.lastIndex = from;
    for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
      if (match[0] === '') {
        pattern.lastIndex += 1;
        continue;
      }
      const end = match.index + match[0].length;
      const before = match.index === 0 ? ' ' : (text[match.index - 1] ?? ' ');
      if (/[\s'"(,:<]/.test(before) && !/\w/.test(text[end] ?? '')) {
        if (best === null || match.index < best.start) best = { start: match.index, end, url: expandTemplate(linkifier.url_template, match.groups ?? {}) };
        break;
      }
    }
  }
  return best;
}
