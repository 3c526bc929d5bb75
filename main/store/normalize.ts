// The reference's records name some IDs differently from the spec (`id` for a linkifier's
// filter_id and a saved snippet's saved_snippet_id); the mirror stores the spec's names.
import type { Linkifier, OpenRecord, SavedSnippet } from '../../shared/api/records';

export function toLinkifier(record: OpenRecord): Linkifier {
  const { id, ...rest } = record;
  return { ...rest, filter_id: Number(rest.filter_id ?? id) } as Linkifier;
}

export function toSavedSnippet(record: OpenRecord): SavedSnippet {
  const { id, ...rest } = record;
  return { ...rest, saved_snippet_id: Number(rest.saved_snippet_id ?? id) } as SavedSnippet;
}
