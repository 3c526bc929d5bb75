// Sending the first message of a conversation started in a dialog: sent (or queued offline) with
// its files, the dialog closes and the conversation opens; refused, the dialog stays with the
// server's reason.
import { onDestroy } from 'svelte';
import type { ConversationKey } from '../../../../shared/conversation';
import type { Router } from '../../account/context';
import { attachmentsOf, type Attachments } from '../../files';
import { connection } from '../../lib/connection.svelte';
import { call, messageOf } from '../../lib/ipc';

/** The message field of a dialog, as its attachments put files in it. */
interface Field {
  caret(): number;
  placeCaret(at: number): Promise<void>;
}

/**
 * The files attached to a dialog's first message, in its text (`content`) where the field's caret
 * is. Called as the dialog is made: closed without sending, its files are not kept (no draft names them).
 */
export function dialogAttachments(content: { get(): string; set(value: string): void }, field: () => Field | undefined): Attachments {
  const attachments = attachmentsOf(
    {
      get: content.get,
      set: (value, caret) => {
        content.set(value);
        if (caret !== undefined) void field()?.placeCaret(caret);
      },
      caret: () => field()?.caret() ?? content.get().length,
    },
    () => connection.online,
  );
  onDestroy(() => attachments.dispose(true));
  return attachments;
}

export class FirstMessage {
  sending = $state(false);
  refusal = $state<string | null>(null);
  /** One per compose attempt: a send repeated (its answer lost) is the same message to main. */
  #localId = crypto.randomUUID();

  constructor(
    private readonly router: Router,
    private readonly close: () => void,
  ) {}

  /** Sends `content` with the files attached to it (the outbox uploads those not uploaded yet). */
  async send(conversation: ConversationKey, content: string, attachments: Attachments): Promise<void> {
    if (attachments.staging) {
      this.refusal = 'The attached files are being prepared: the message can be sent once they are ready.';
      return;
    }
    this.sending = true;
    this.refusal = null;
    try {
      await call('messages.send', { conversation, content, local_id: this.#localId });
      this.#localId = crypto.randomUUID();
      attachments.sent();
      this.close();
      this.router.go({ conversation });
    } catch (e) {
      this.refusal = messageOf(e);
    } finally {
      this.sending = false;
    }
  }
}
