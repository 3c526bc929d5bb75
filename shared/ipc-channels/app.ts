// Accounts, the organization behind a server URL, sync status and security reports.
import { z } from 'zod';
import type { DataFolderProblem, MirrorProblem } from '../local-data';
import type { SyncStatusView } from '../sync-status';
import { accountId, channel } from './define';

export interface AccountView {
  account_id: string;
  server_url: string;
  /** What the person signed in with; shown as visibleEmail() with delivery_email. */
  email: string;
  user_id: number;
  realm_name: string;
  api_email?: string | undefined;
  delivery_email?: string | null | undefined;
}

/** What GET /server_settings tells before any key is asked. */
export interface ServerInfo {
  server_url: string;
  realm_name: string;
  /** An app-served image URL (never the server's, which would need the key). */
  realm_icon: string | null;
  /** HTML: sanitized by the renderer before it is shown. */
  realm_description: string;
  service_version: string;
  service_feature_level: number;
  /** Login methods the server advertises: built-in ones that are on, then external providers. */
  login_methods: string[];
  push_notifications_enabled: boolean;
}

export interface AppState {
  accounts: AccountView[];
  active_account_id: string | null;
  /** Why keys are kept for this session only; null when the OS keychain is used. */
  keychain_unavailable: string | null;
  status: SyncStatusView;
  /** The active account's mirror could not be opened: the window says why and offers the ways out. */
  mirror_problem: MirrorProblem | null;
  /** The data folder refuses writes: where and why. */
  data_problem: DataFolderProblem | null;
}

const accountArg = z.object({ account_id: accountId });

export const appChannels = {
  'app.state': channel<AppState>()(z.undefined()),
  'server.info': channel<ServerInfo>()(z.object({ server_url: z.string().trim().min(1).max(2048) })),
  'accounts.signIn': channel<AccountView>()(
    z.object({
      server_url: z.string().trim().min(1).max(2048),
      email: z.string().trim().min(3).max(254),
      api_key: z.string().trim().min(1).max(256),
    }),
  ),
  'accounts.switch': channel<AppState>()(accountArg),
  'accounts.signOut': channel<AppState>()(accountArg),
  'sync.retryNow': channel<null>()(z.undefined()),
  /** The renderer reports what its Content-Security-Policy blocked; main logs it. */
  'security.cspViolation': channel<null>()(
    z.object({ blocked_uri: z.string().max(500), violated_directive: z.string().max(200), source_file: z.string().max(500) }),
  ),
} as const;
