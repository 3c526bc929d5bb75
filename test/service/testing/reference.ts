// The real-server shapes (../../../shared/reference, outside the repository root): endpoint and
// neighbour response schemas by operationId, event schemas by type and op, and the validator they ship with.
import { readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { expect } from 'vitest';

const REFERENCE_DIR = fileURLToPath(new URL('../../../../shared/reference/', import.meta.url));

type Schema = Record<string, unknown>;
type Validate = (schema: Schema, value: unknown, options: { allowAdditional: boolean }) => string[];

interface Endpoint {
  operationId: string;
  responses: Record<string, { schema: Schema }>;
}
interface EventVariant {
  type: string;
  op?: string;
  schema: Schema;
}

// The spec's operations and their neighbours (listing and revoking invitations, ...) share one form.
const endpoints = ['endpoints.json', 'neighbours.json'].flatMap(
  (file) => (JSON.parse(readFileSync(`${REFERENCE_DIR}${file}`, 'utf8')) as { endpoints: Endpoint[] }).endpoints,
);
const events = (JSON.parse(readFileSync(`${REFERENCE_DIR}events.json`, 'utf8')) as { events: EventVariant[] }).events;
// A plain .mjs without type declarations: loaded at run time, typed here.
const { validate } = (await import(pathToFileURL(`${REFERENCE_DIR}validate.mjs`).href)) as { validate: Validate };

/**
 * Where the spec and the reference disagree the spec wins: custom profile fields carry field_data
 * as an object (the spec's Resources table), not the reference's JSON string.
 */
const SPEC_DEVIATIONS = [/\/field_data: expected string, got object/];

function errorsAgainst(schema: Schema, value: unknown): string[] {
  return validate(schema, value, { allowAdditional: true }).filter((error) => !SPEC_DEVIATIONS.some((pattern) => pattern.test(error)));
}

function responseSchema(operationId: string, status = '200'): Schema {
  const schema = endpoints.find((endpoint) => endpoint.operationId === operationId)?.responses[status]?.schema;
  if (schema === undefined) throw new Error(`no ${status} schema for ${operationId}`);
  return schema;
}

export function expectResponseValid(operationId: string, body: unknown, status = '200'): void {
  expect(errorsAgainst(responseSchema(operationId, status), body), `${operationId} ${status}`).toEqual([]);
}

export function expectEventValid(event: Record<string, unknown>): void {
  const variant = events.find((candidate) => candidate.type === event['type'] && (candidate.op === undefined || candidate.op === event['op']));
  expect(variant, `events.json has a variant for ${String(event['type'])}/${String(event['op'])}`).toBeDefined();
  if (variant !== undefined) expect(errorsAgainst(variant.schema, event), `${String(event['type'])} ${String(event['op'] ?? '')}`).toEqual([]);
}
