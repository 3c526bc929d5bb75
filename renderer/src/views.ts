// The main pane's views, by id: the sidebar lists them, the router shows them. Each view
// registers here with its label and which accounts may see it (the Organization area only for
// the roles that may use it).
import type { Component } from 'svelte';
import type { ViewId } from './lib/route';
import Channels from './screens/Channels.svelte';
import Combined from './screens/message-views/Combined.svelte';
import Drafts from './screens/drafts/Drafts.svelte';
import Inbox from './screens/inbox/Inbox.svelte';
import Mentions from './screens/message-views/Mentions.svelte';
import Starred from './screens/message-views/Starred.svelte';
import Organization from './screens/organization/Organization.svelte';
import Recent from './screens/recent/Recent.svelte';
import Scheduled from './screens/scheduling/Scheduled.svelte';
import Search from './screens/search/Search.svelte';
import Settings from './screens/settings/Settings.svelte';

export interface ViewEntry {
  label: string;
  /** Rendered under the active account's scope; remounted when the account changes. */
  component: Component;
}

export const views: Partial<Record<ViewId, ViewEntry>> = {
  inbox: { label: 'Inbox', component: Inbox },
  recent: { label: 'Recent conversations', component: Recent },
  combined: { label: 'Combined feed', component: Combined },
  mentions: { label: 'Mentions', component: Mentions },
  starred: { label: 'Starred', component: Starred },
  search: { label: 'Search', component: Search },
  scheduled: { label: 'Scheduled', component: Scheduled },
  drafts: { label: 'Drafts', component: Drafts },
  channels: { label: 'Browse channels', component: Channels },
  users: { label: 'Users', component: Organization },
  organization: { label: 'Organization', component: Organization },
  settings: { label: 'Settings', component: Settings },
};
