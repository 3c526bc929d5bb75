// The spec's wire encoding of params: path parameters escaped into the path; the rest as query
// parameters for GET and form fields otherwise. Strings go as they are; every other value
// (integers, booleans, null, arrays, objects) as its JSON text in one field. Omitted
// (undefined) params are not sent.
import { pathParamNames, type HttpMethod } from '../../shared/api/operation-table';

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

export function encodeRequest(method: HttpMethod, pathTemplate: string, params: object): EncodedRequest {
  const rest = new Map(Object.entries(params));
  let path = pathTemplate;
  for (const name of pathParamNames(pathTemplate)) {
    const value = rest.get(name);
    if (value === undefined || value === null) throw new TypeError(`The path parameter ${name} is missing.`);
    rest.delete(name);
    path = path.replace(`{${name}}`, encodeURIComponent(encodeField(value)));
  }
  const fields = new URLSearchParams();
  for (const [name, value] of rest) {
    if (value !== undefined) fields.append(name, encodeField(value));
  }
  return { method, path, fields };
}
