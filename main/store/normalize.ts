// The reference's records name some IDs differently from the spec (`id` for a linkifier's
// filter_id and a saved snippet's saved_snippet_id); the mirror stores the spec's names.
import { linkifierSchema, savedSnippetSchema } from '../../shared/api/record-schemas';
import type { Linkifier, OpenRecord, SavedSnippet } from '../../shared/api/records';
import { storedRecord } from './keyed-table';

const linkifier = storedRecord<Linkifier>(linkifierSchema);
const savedSnippet = storedRecord<SavedSnippet>(savedSnippetSchema);

export function toLinkifier(record: OpenRecord): Linkifier {
  const { id, ...rest } = record;
  return linkifier.parse({ ...rest, filter_id: Number(rest.filter_id ?? id) });
}

export function toSavedSnippet(record: OpenRecord): SavedSnippet {
  const { id, ...rest } = record;
  return savedSnippet.parse({ ...rest, saved_snippet_id: Number(rest.saved_snippet_id ?? id) });
}
