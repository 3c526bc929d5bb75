// The two spellings of the identifiers the spec renames (its conventions section): the spec's own
// (`service_*`), and the family's original ones (`zulip_*`) that real servers send. A simulator
// speaks one of them, `--dialect spec` (the default) or `--dialect family`, everywhere: version
// fields, the extra emoji's reaction type and name, the outgoing-webhook path.

export type Dialect = 'spec' | 'family';
export const DIALECTS: readonly Dialect[] = ['spec', 'family'];

interface Spelling {
  /** The prefix of `*_feature_level`, `*_version`, `*_merge_base`. */
  prefix: string;
  extraEmojiType: string;
  /** The server's own extra emoji, named after it. */
  extraEmojiName: string;
  outgoingWebhookPath: string;
}

const SPELLINGS: Readonly<Record<Dialect, Spelling>> = {
  spec: { prefix: 'service', extraEmojiType: 'service_extra_emoji', extraEmojiName: 'service', outgoingWebhookPath: '/service-outgoing-webhook' },
  family: { prefix: 'zulip', extraEmojiType: 'zulip_extra_emoji', extraEmojiName: 'zulip', outgoingWebhookPath: '/zulip-outgoing-webhook' },
};

export function spelling(dialect: Dialect): Spelling {
  return SPELLINGS[dialect];
}

/** The stored (spec) reaction type as this dialect sends it. */
export function wireReactionType(dialect: Dialect, stored: string): string {
  return stored === SPELLINGS.spec.extraEmojiType ? SPELLINGS[dialect].extraEmojiType : stored;
}

/** A reaction type as a client sent it, in the stored (spec) spelling; undefined when this dialect has no such type. */
export function storedReactionType(dialect: Dialect, wire: string): string | undefined {
  if (wire === SPELLINGS[dialect].extraEmojiType) return SPELLINGS.spec.extraEmojiType;
  return wire === 'unicode_emoji' || wire === 'realm_emoji' ? wire : undefined;
}

/** The version fields of server settings and registration. */
export function versionFields(dialect: Dialect, featureLevel: number, version: string): Record<string, unknown> {
  const { prefix } = SPELLINGS[dialect];
  return { [`${prefix}_feature_level`]: featureLevel, [`${prefix}_version`]: version, [`${prefix}_merge_base`]: version };
}
