// Starting a conversation from anywhere (the sidebar's header, a view, a shortcut): the New topic
// and New direct message dialogs, mounted over the window until they close.
import { mount, unmount, type Component } from 'svelte';
import { accountContext, type AccountState } from '../../account/context';
import NewDirect from './NewDirect.svelte';
import NewTopic from './NewTopic.svelte';

/** Mounted outside the views' tree, the dialog is given the account's state as they are. */
function open<P extends Record<string, unknown>>(account: AccountState, component: Component<P & { onclose: () => void }>, props: P): void {
  const target = document.body;
  const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  let closed = false;
  const dialog = mount(component, {
    target,
    context: accountContext(account),
    props: {
      ...props,
      onclose: () => {
        if (closed) return;
        closed = true;
        void unmount(dialog);
        // Back where the user was, unless sending moved them (the new conversation has the focus).
        if (opener?.isConnected && document.activeElement === document.body) opener.focus();
      },
    },
  });
}

/** New topic, in `stream_id` when given. */
export function startNewTopic(account: AccountState, stream_id?: number): void {
  open(account, NewTopic, { stream_id });
}

/** New direct message, to `user_ids` when given. */
export function startDirectMessage(account: AccountState, user_ids: number[] = []): void {
  open(account, NewDirect, { user_ids });
}
