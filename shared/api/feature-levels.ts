// Whether the connected server supports a call, from the operation table: the operation's own
// level, then each dated parameter the call uses, then each dated parameter value.
import { OPERATIONS, type DatedParam, type OperationSpec } from './operation-table';
import type { OperationName, ParamsOf } from './operations';

export interface FeatureLevelProblem {
  /** The level the call needs. */
  level: number;
  /** A sentence naming the feature, the level it needs and the server's level. */
  message: string;
}

/** The first thing the connected server lacks for this call; undefined if nothing. */
export function featureLevelProblem<K extends OperationName>(
  name: K,
  params: ParamsOf<K>,
  serverLevel: number | undefined,
): FeatureLevelProblem | undefined {
  // A level never learned is no reason to refuse.
  if (serverLevel === undefined) return undefined;
  const spec: OperationSpec = OPERATIONS[name];
  const tail = `; this server is at ${serverLevel}.`;
  if (spec.requires && serverLevel < spec.requires.level) {
    const { level, feature } = spec.requires;
    return { level, message: `${feature} need feature level ${level}${tail}` };
  }
  const values = params as Record<string, unknown>;
  for (const [param, dated] of Object.entries(spec.params ?? {}) as [string, DatedParam][]) {
    const value = values[param];
    if (value === undefined) continue;
    if (dated.since !== undefined && serverLevel < dated.since) {
      return { level: dated.since, message: `The ${param} parameter of "${spec.title}" needs feature level ${dated.since}${tail}` };
    }
    const valueLevel = typeof value === 'string' ? dated.values?.[value] : undefined;
    if (valueLevel !== undefined && serverLevel < valueLevel) {
      return { level: valueLevel, message: `${param} "${value}" in "${spec.title}" needs feature level ${valueLevel}${tail}` };
    }
  }
  return undefined;
}
