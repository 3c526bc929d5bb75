// One signed-in account as the window shows it: created when the account becomes the active one,
// given to every view through Svelte context (account/context.ts), and dropped, with every query
// it and its views hold, when another account takes its place. Nothing of one account's state
// outlives it, so nothing of it shows in another's screens.
import type { Concerns } from '../lib/query.svelte';
import { Query } from '../lib/query.svelte';
import { serverImagePath } from '../lib/server-image';
import { ChangeStream } from './changes';
import { CustomEmojiImages } from './custom-emoji.svelte';
import { EditsInProgress } from './edits-in-progress';
import { Me } from './me.svelte';
import { MessageActions } from './message-actions.svelte';
import { Names } from './names.svelte';
import { Outbox } from './outbox.svelte';
import { PickedUsers } from './picked-users.svelte';
import { Presence } from './presence.svelte';
import { Router } from './router.svelte';
import { TimeZoneSetting } from './time-zone.svelte';
import { AccountUnread } from './unread.svelte';

export class AccountState {
  readonly account_id: string;
  readonly server_url: string;
  /** The change notices of this account, for the queries that follow them. */
  readonly changes = new ChangeStream();
  readonly unread: AccountUnread;
  readonly me: Me;
  readonly outbox: Outbox;
  readonly messageActions: MessageActions;
  readonly edits: EditsInProgress;
  readonly customEmoji: CustomEmojiImages;
  readonly names: Names;
  readonly presence: Presence;
  readonly router = new Router();
  readonly picked: PickedUsers;
  readonly timeZone: TimeZoneSetting;
  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- what to release, never shown
  readonly #queries = new Set<Query<unknown>>();

  constructor(account: { account_id: string; server_url: string }) {
    this.account_id = account.account_id;
    this.server_url = account.server_url;
    this.unread = new AccountUnread(this.changes);
    this.me = new Me(this.changes);
    this.outbox = new Outbox(this.changes);
    this.customEmoji = new CustomEmojiImages(this.changes, (url) => this.serverImage(url));
    this.messageActions = new MessageActions(this.changes, this.customEmoji);
    this.edits = new EditsInProgress(this.changes);
    this.names = new Names(this.changes);
    this.presence = new Presence(this.changes);
    this.picked = new PickedUsers(this.router);
    this.timeZone = new TimeZoneSetting(this.account_id, this.me);
  }

  /**
   * A query of this account's: asked now (or by its view, `now` false), asked again at each change
   * notice that `concerns` it, released by its view (or with the account).
   */
  query<T>(read: () => Promise<T>, concerns?: Concerns, now = true): Query<T> {
    const query = new Query(read);
    this.#queries.add(query);
    query.onRelease(() => this.#queries.delete(query));
    if (concerns) query.onRelease(this.changes.on((changes) => concerns(changes) && void query.refresh()));
    if (now) void query.refresh();
    return query;
  }

  /** An image of this account's server (an avatar, the realm icon), fetched by main with the account's key; null for other origins. */
  serverImage(url: string | null | undefined): string | null {
    return serverImagePath(this.account_id, this.server_url, url);
  }

  dispose(): void {
    for (const query of [...this.#queries]) query.release();
    this.unread.dispose();
    this.me.dispose();
    this.outbox.dispose();
    this.messageActions.dispose();
    this.edits.dispose();
    this.customEmoji.dispose();
    this.names.dispose();
    this.presence.dispose();
    this.changes.dispose();
  }
}
