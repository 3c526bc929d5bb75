// What a real server of the family sent (../shared/reference/real/exchanges.json): bodies in the
// family's dialect, from an organization that hides email addresses. Tests answer the client with
// them as the server did, through a local HTTP server, so the client's whole path reads them.
import { readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { join } from 'node:path';
import { referenceDir } from './reference';

export interface RealExchange {
  request: { method: string; path: string; params: Record<string, unknown> };
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

const exchanges: Record<string, RealExchange | undefined> = JSON.parse(readFileSync(join(referenceDir, 'real', 'exchanges.json'), 'utf8'));

/** Every captured exchange that is an HTTP exchange (one entry is a note about an upload, not an answer). */
export const realExchangeNames: string[] = Object.keys(exchanges).filter((name) => typeof exchanges[name]?.status === 'number');

export function realExchange(name: string): RealExchange {
  const exchange = exchanges[name];
  if (exchange === undefined) throw new Error(`exchanges.json has no ${name}`);
  return exchange;
}

/** A fresh copy of a captured body, for a test to change. */
export function realBody(name: string): Record<string, unknown> {
  return JSON.parse(JSON.stringify(realExchange(name).body));
}

/** Answers as the server did: its status, its headers that matter here (not the rate-limit ones: their reset times are the recording's), its body. */
export function answerAsCaptured(response: ServerResponse, name: string): void {
  const { status, headers, body } = realExchange(name);
  const kept = Object.fromEntries(Object.entries(headers).filter(([header]) => /^(content-type|www-authenticate)$/i.test(header)));
  response.writeHead(status, { 'content-type': 'application/json', ...kept });
  response.end(JSON.stringify(body));
}
