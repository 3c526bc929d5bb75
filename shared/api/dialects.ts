// The spec renames a few identifiers of the server family its service belongs to (its
// conventions: "the word `service` inside some identifiers ... is part of the identifier as
// written"). Real servers of the family send them under their original names
// (reference/real/README.md). The app speaks the spec's names; main/api/dialect.ts translates at
// the boundary, and the help for bot authors names what the server itself sends.

/** How a server spells the renamed identifiers: as the spec does, or as the family's servers do. */
export type Dialect = 'spec' | 'family';

/** Each identifier the spec renames, with the family's spelling of it. */
export const FAMILY_NAMES = {
  service_feature_level: 'zulip_feature_level',
  service_version: 'zulip_version',
  service_merge_base: 'zulip_merge_base',
  service_extra_emoji: 'zulip_extra_emoji',
  'service-outgoing-webhook': 'zulip-outgoing-webhook',
} as const;

export type RenamedIdentifier = keyof typeof FAMILY_NAMES;

/** The identifier as a server of `dialect` writes it. */
export function spelledAs(identifier: RenamedIdentifier, dialect: Dialect): string {
  return dialect === 'family' ? FAMILY_NAMES[identifier] : identifier;
}
