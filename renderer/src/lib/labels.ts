import type { SyncStatusView } from '../../../shared/sync-status';

const ROLE_NAMES: Record<number, string> = { 100: 'Owner', 200: 'Administrator', 300: 'Moderator', 400: 'Member', 600: 'Guest' };
const BOT_TYPES: Record<number, string> = { 1: 'Generic bot', 2: 'Incoming webhook bot', 3: 'Outgoing webhook bot', 4: 'Embedded bot' };

export function roleName(role: number): string {
  return ROLE_NAMES[role] ?? `Role ${role}`;
}

export function botTypeName(bot_type: number | null): string | null {
  return bot_type === null ? null : (BOT_TYPES[bot_type] ?? 'Bot');
}

export function statusText(status: SyncStatusView, now: number): string {
  switch (status.state) {
    case 'online':
      return 'Online';
    case 'connecting':
      return 'Connecting…';
    case 'offline': {
      const seconds = Math.max(0, Math.ceil((status.next_retry_at - now) / 1000));
      return `Offline — retrying in ${seconds} s (${status.reason})`;
    }
    case 'key_rejected':
      return `The server refuses this account: ${status.message}`;
    case 'disk':
      return status.message;
    case 'signed_out':
      return 'Not signed in';
    case 'stopped':
      return 'Stopped';
  }
}
