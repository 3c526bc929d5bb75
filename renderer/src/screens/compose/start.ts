// Starting a conversation from anywhere (the sidebar's header, a view, a shortcut): the New topic
// and New direct message dialogs, mounted over the window until they close.
import { mount, unmount, type Component } from 'svelte';
import NewDirect from './NewDirect.svelte';
import NewTopic from './NewTopic.svelte';

function open<P extends Record<string, unknown>>(component: Component<P & { onclose: () => void }>, props: P): void {
  const target = document.body;
  const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  let closed = false;
  const dialog = mount(component, {
    target,
    props: {
      ...props,
      onclose: () => {
        if (closed) return;
        closed = true;
        void unmount(dialog);
        // Back where the user was, unless sending moved them (the new conversation has the focus).
        if (opener?.isConnected && document.activeElement === document.body) opener.focus();
      },
    } as P & { onclose: () => void },
  });
}

/** New topic, in `stream_id` when given. */
export function startNewTopic(stream_id?: number): void {
  open(NewTopic, { stream_id });
}

/** New direct message, to `user_ids` when given. */
export function startDirectMessage(user_ids: number[] = []): void {
  open(NewDirect, { user_ids });
}
