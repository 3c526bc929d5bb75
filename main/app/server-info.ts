import type { ServerSettings } from '../../shared/api/records';
import type { ServerInfo } from '../../shared/ipc';
import { createServiceClient } from '../api/create-client';
import { fetchOwnImage } from './server-images';

/** Larger icons are not worth inlining; the screen shows the organization's initial instead. */
const MAX_ICON_BYTES = 256 * 1024;

/** The organization behind a server URL, before any key is asked (GET /server_settings). */
export async function serverInfo(server_url: string, fetchImpl: typeof fetch = fetch): Promise<ServerInfo> {
  const client = createServiceClient({ server_url, fetch: fetchImpl });
  const settings = await client.call('getServerSettings', {});
  const base = client.apiRoot.replace(/\/api\/v1$/, '');
  return {
    server_url: base,
    realm_name: settings.realm_name ?? '',
    realm_icon: settings.realm_icon ? await inlineIcon(new URL(settings.realm_icon, `${base}/`), base, fetchImpl) : null,
    realm_description: settings.realm_description ?? '',
    service_version: settings.service_version ?? '',
    service_feature_level: settings.service_feature_level ?? 0,
    login_methods: loginMethods(settings),
    push_notifications_enabled: settings.push_notifications_enabled === true,
  };
}

function loginMethods(settings: ServerSettings): string[] {
  const builtIn = Object.entries(settings.authentication_methods ?? {})
    .filter(([, on]) => on)
    .map(([name]) => name);
  const external = (settings.external_authentication_methods ?? []).map((m) => m.display_name);
  return [...new Set([...builtIn, ...external])];
}

/**
 * The icon as a data: URL, so the renderer (which has no network) can show it before sign-in.
 * Only from the server's own origin: a third-party URL is not fetched.
 */
async function inlineIcon(url: URL, base: string, fetchImpl: typeof fetch): Promise<string | null> {
  if (url.origin !== new URL(base).origin) return null;
  try {
    const icon = await fetchOwnImage({ url, headers: {}, maxBytes: MAX_ICON_BYTES, timeoutMs: 10_000 }, fetchImpl);
    return icon ? `data:${icon.type.split(';')[0]};base64,${Buffer.from(icon.body).toString('base64')}` : null;
  } catch {
    return null;
  }
}
