// The one place the app builds a service client (issue 11): the account session, sign-in, the
// server look-up before sign-in and the snapshot worker all come here, so the credentials, the
// user agent and the logger are decided once.
import type { Logger } from './logger';
import { ServiceClient, type ServiceClientOptions } from './service-client';

/** How this app names itself to the server. */
export const USER_AGENT = 'TeamChatDesktop';

export interface ClientSetup {
  server_url: string;
  /** Absent before sign-in: then only unauthenticated calls (GET /server_settings) succeed. */
  credentials?: { email: string; api_key: string };
  logger?: Logger;
  /** Replaces the global fetch (tests, and the app's own network stack). */
  fetch?: typeof fetch;
  /** The server's feature level when the mirror already knows it. */
  featureLevel?: number;
  /** Told the rate-limit budget after each answer (the session spaces its event polls by it). */
  onRateLimit?: ServiceClientOptions['onRateLimit'];
}

export function createServiceClient(setup: ClientSetup): ServiceClient {
  return new ServiceClient({
    serverUrl: setup.server_url,
    ...(setup.credentials && { email: setup.credentials.email, apiKey: setup.credentials.api_key }),
    userAgent: USER_AGENT,
    ...(setup.logger && { logger: setup.logger }),
    ...(setup.fetch && { fetch: setup.fetch }),
    ...(setup.featureLevel !== undefined && { featureLevel: setup.featureLevel }),
    ...(setup.onRateLimit && { onRateLimit: setup.onRateLimit }),
  });
}
