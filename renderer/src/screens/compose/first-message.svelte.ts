// Sending the first message of a conversation started in a dialog: sent (or queued offline), the
// dialog closes and the conversation opens; refused, the dialog stays with the server's reason.
import type { ConversationKey } from '../../../../shared/conversation';
import { call } from '../../lib/ipc';
import { router } from '../../lib/route.svelte';

export class FirstMessage {
  sending = $state(false);
  refusal = $state<string | null>(null);

  constructor(private readonly close: () => void) {}

  async send(conversation: ConversationKey, content: string): Promise<void> {
    this.sending = true;
    this.refusal = null;
    try {
      await call('messages.send', { conversation, content });
      this.close();
      router.go({ conversation });
    } catch (e) {
      this.refusal = (e as Error).message;
    } finally {
      this.sending = false;
    }
  }
}
