// A plain-fetch client for the simulator's black-box tests: GET parameters in the query, the others
// form-urlencoded, non-strings JSON-encoded, HTTP Basic credentials from a demo account.
import type { ServiceAccount } from '../config';

export type ParamValue = string | number | boolean | null | readonly unknown[] | Readonly<Record<string, unknown>>;
export type ApiParams = Readonly<Record<string, ParamValue>>;

export interface Reply {
  status: number;
  headers: Headers;
  body: Record<string, unknown>;
}

function encode(params: ApiParams): URLSearchParams {
  const form = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) form.set(name, typeof value === 'string' ? value : JSON.stringify(value));
  return form;
}

export function basicAuth(email: string, apiKey: string): string {
  return `Basic ${Buffer.from(`${email}:${apiKey}`).toString('base64')}`;
}

export async function call(
  baseUrl: string,
  account: Pick<ServiceAccount, 'email' | 'api_key'> | null,
  method: string,
  path: string,
  params: ApiParams = {},
): Promise<Reply> {
  const headers: Record<string, string> = {};
  if (account !== null) headers['Authorization'] = basicAuth(account.email, account.api_key);
  let url = `${baseUrl}/api/v1${path}`;
  let body: string | undefined;
  if (method === 'GET') {
    const query = encode(params).toString();
    if (query !== '') url += `?${query}`;
  } else {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    body = encode(params).toString();
  }
  const response = await fetch(url, { method, headers, ...(body === undefined ? {} : { body }) });
  return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, unknown> };
}

/** Calls bound to one account. */
export function clientFor(baseUrl: string, account: Pick<ServiceAccount, 'email' | 'api_key'>) {
  return {
    get: (path: string, params?: ApiParams) => call(baseUrl, account, 'GET', path, params),
    post: (path: string, params?: ApiParams) => call(baseUrl, account, 'POST', path, params),
    patch: (path: string, params?: ApiParams) => call(baseUrl, account, 'PATCH', path, params),
    delete: (path: string, params?: ApiParams) => call(baseUrl, account, 'DELETE', path, params),
  };
}

export type Client = ReturnType<typeof clientFor>;
