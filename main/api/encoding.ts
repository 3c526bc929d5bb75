// The spec's wire encoding of params: path parameters escaped into the path; the rest as query
// parameters for GET and form fields otherwise. Strings go as they are; every other value
// (integers, booleans, null, arrays, objects) as its JSON text in one field. Omitted
// (undefined) params are not sent.
import { pathParamNames, type HttpMethod } from '../../shared/api/operation-table';
import { ValidationError } from './errors';

/** Deeper values are refused before JSON.stringify, whose recursion would overflow the stack. */
export const MAX_FIELD_DEPTH = 64;

export interface EncodedRequest {
  method: HttpMethod;
  /** The path with its parameters filled in, relative to the API root. */
  path: string;
  /** Query string for GET, form body otherwise; empty when there is nothing to send. */
  fields: URLSearchParams;
}

export function encodeField(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** How deeply arrays and objects nest in `value`, counted without recursion and no further than `limit` + 1. */
function nestingDepth(value: unknown, limit: number): number {
  let deepest = 0;
  const pending: [unknown, number][] = [[value, 0]];
  while (pending.length > 0) {
    const [item, depth] = pending.pop()!;
    if (typeof item !== 'object' || item === null) continue;
    deepest = Math.max(deepest, depth + 1);
    if (deepest > limit) return deepest;
    for (const child of Object.values(item)) pending.push([child, depth + 1]);
  }
  return deepest;
}

function encodeParam(request: string, name: string, value: unknown): string {
  if (nestingDepth(value, MAX_FIELD_DEPTH) > MAX_FIELD_DEPTH) {
    throw new ValidationError(request, [{ param: name, message: `${name} nests more than ${MAX_FIELD_DEPTH} levels deep; flatten it to send it.` }]);
  }
  return encodeField(value);
}

export function encodeRequest(method: HttpMethod, pathTemplate: string, params: object): EncodedRequest {
  const request = `${method} ${pathTemplate}`;
  const rest = new Map(Object.entries(params));
  let path = pathTemplate;
  for (const name of pathParamNames(pathTemplate)) {
    const value = rest.get(name);
    if (value === undefined || value === null) throw new TypeError(`The path parameter ${name} is missing.`);
    rest.delete(name);
    path = path.replace(`{${name}}`, encodeURIComponent(encodeParam(request, name, value)));
  }
  const fields = new URLSearchParams();
  for (const [name, value] of rest) {
    if (value !== undefined) fields.append(name, encodeParam(request, name, value));
  }
  return { method, path, fields };
}
