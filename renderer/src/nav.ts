// The app's sections, in tab order: each screen registers here (label, shortcut Alt+<n> by position).
import type { Component } from 'svelte';
import Channels from './screens/Channels.svelte';
import Conversations from './screens/conversations/Conversations.svelte';
import Users from './screens/Users.svelte';
import Scheduled from './screens/scheduling/Scheduled.svelte';
import Admin from './screens/admin/Admin.svelte';
import Bulk from './screens/bulk/Bulk.svelte';

export interface Section {
  id: string;
  label: string;
  /** Rendered with the active account's id; remounted when the account changes. */
  component: Component<{ accountId: string }>;
}

export const sections: Section[] = [
  { id: 'channels', label: 'Channels', component: Channels },
  { id: 'users', label: 'Users', component: Users },
  { id: 'conversations', label: 'Messages', component: Conversations },
  { id: 'scheduled', label: 'Scheduled', component: Scheduled },
  { id: 'admin', label: 'Administration', component: Admin },
  { id: 'bulk', label: 'Bulk', component: Bulk },
];
