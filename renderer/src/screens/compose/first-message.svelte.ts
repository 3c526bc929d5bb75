// Sending the first message of a conversation started in a dialog: sent (or queued offline), the
// dialog closes and the conversation opens; refused, the dialog stays with the server's reason.
import type { ConversationKey } from '../../../../shared/conversation';
import type { Router } from '../../account/context';
import { call, messageOf } from '../../lib/ipc';

export class FirstMessage {
  sending = $state(false);
  refusal = $state<string | null>(null);

  constructor(
    private readonly router: Router,
    private readonly close: () => void,
  ) {}

  async send(conversation: ConversationKey, content: string): Promise<void> {
    this.sending = true;
    this.refusal = null;
    try {
      await call('messages.send', { conversation, content });
      this.close();
      this.router.go({ conversation });
    } catch (e) {
      this.refusal = messageOf(e);
    } finally {
      this.sending = false;
    }
  }
}
