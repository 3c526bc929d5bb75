// A file attached to a message before it is uploaded: the message's text holds a placeholder
// naming the staged file, `[name](staged:<staged_id>)`, where the family's link
// `[name](/user_uploads/...)` will be. The compose box writes it; main keeps the text with its
// placeholders (a draft, a queued message) and puts the uploaded links in just before the message
// is sent, so the staged files a text still names are the ones it needs.
import { uploadLink } from './api/uploads';

const PLACEHOLDER = /\[([^[\]\n]*)\]\(staged:([0-9a-f]{32})\)/g;

/** The link text a name gives: no square brackets (they would end it), one line. */
function label(name: string): string {
  return name.replace(/[[\]]/g, '').replace(/[\r\n]+/g, ' ');
}

/** The placeholder of a staged file in a message's text. */
export function stagedPlaceholder(name: string, staged_id: string): string {
  return `[${label(name)}](staged:${staged_id})`;
}

export interface StagedReference {
  /** The placeholder as it stands in the text. */
  text: string;
  /** Its link text: the file's name, or what the writer made of it. */
  name: string;
  staged_id: string;
}

/** The placeholders of `text`, in order (a file named twice is listed twice). */
export function stagedReferences(text: string): StagedReference[] {
  return [...text.matchAll(PLACEHOLDER)].map((match) => ({ text: match[0], name: match[1] ?? '', staged_id: match[2] ?? '' }));
}

/** The staged files `text` names, each once, in order. */
export function stagedIdsIn(text: string): string[] {
  return [...new Set(stagedReferences(text).map((reference) => reference.staged_id))];
}

/**
 * `text` with each placeholder replaced by the family's link to its upload (`links` by staged
 * id), its link text kept; a placeholder without a link stays as it is.
 */
export function withUploadedLinks(text: string, links: ReadonlyMap<string, { url: string }>): string {
  return text.replace(PLACEHOLDER, (whole: string, name: string, staged_id: string) => {
    const uploaded = links.get(staged_id);
    return uploaded ? uploadLink(name, uploaded.url) : whole;
  });
}
