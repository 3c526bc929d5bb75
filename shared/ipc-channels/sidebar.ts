// The sidebar's reads from the mirror (unread counts come from `unread.counts`).
import { z } from 'zod';
import type { SidebarChannels, SidebarDirect, SidebarTopic } from '../sidebar';
import { channel, id } from './define';

export type { SidebarChannel, SidebarChannels, SidebarDirect, SidebarFolder, SidebarTopic } from '../sidebar';

const limit = (max: number, fallback: number) => z.number().int().min(1).max(max).default(fallback);

export const sidebarChannels = {
  'sidebar.channels': channel<SidebarChannels>()(z.undefined()),
  'sidebar.topics': channel<SidebarTopic[]>()(z.object({ stream_id: id, limit: limit(1_000, 200) })),
  'sidebar.directs': channel<SidebarDirect[]>()(z.object({ limit: limit(1_000, 50) })),
} as const;
