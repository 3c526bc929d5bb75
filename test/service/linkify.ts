// Linkifier patterns are written with Python-style named groups, (?P<name>...); JavaScript
// spells them (?<name>...). Used to validate linkifiers and to compute topic_links.
import type { Db } from './db/schema';
import type { LinkifierRow } from './db/rows';
import { compilePattern, expandTemplate } from './render/linkifiers';

export { compilePattern } from './render/linkifiers';

export function groupNames(pattern: string): string[] {
  return [...pattern.matchAll(/\(\?P?<([A-Za-z_][A-Za-z0-9_]*)>/g)].map((match) => match[1] ?? '');
}

export function templateVariables(urlTemplate: string): string[] {
  return [...urlTemplate.matchAll(/\{[+#]?([A-Za-z_][A-Za-z0-9_]*)\}/g)].map((match) => match[1] ?? '');
}

/** The links the organization's linkifiers find in a topic, in linkifier order. */
export function topicLinks(db: Db, topic: string): { text: string; url: string }[] {
  if (topic === '') return [];
  const links: { text: string; url: string }[] = [];
  for (const linkifier of db.prepare('SELECT * FROM linkifiers ORDER BY "order", id').all() as LinkifierRow[]) {
    const pattern = compilePattern(linkifier.pattern);
    if (pattern === null) continue;
    for (const match of topic.matchAll(pattern)) links.push({ text: match[0], url: expandTemplate(linkifier.url_template, match.groups ?? {}) });
  }
  return links;
}
