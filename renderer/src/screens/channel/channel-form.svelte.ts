// The state of a form naming and describing a channel (creating one, or changing one): its fields,
// whether they pass the checks, and where a refusal is said: a taken name next to the name field
// (until the name changes), anything else under the form.
import { CallError, messageOf } from '../../lib/ipc';

export class ChannelForm {
  name = $state('');
  description = $state('');
  /** Set by the fields' checks as they are typed. */
  valid = $state(false);
  /** A first try to submit was made: problems waiting for it show. */
  touched = $state(false);
  busy = $state(false);
  nameRefusal = $state<string | null>(null);
  refusal = $state<string | null>(null);

  constructor(name = '', description = '') {
    this.name = name;
    this.description = description;
  }

  /** Runs `action` once the fields pass their checks, one at a time. */
  async submit(action: () => Promise<void>): Promise<void> {
    this.touched = true;
    if (!this.valid || this.busy) return;
    this.busy = true;
    this.refusal = null;
    try {
      await action();
    } catch (e) {
      if (e instanceof CallError && e.code === 'CHANNEL_EXISTS') this.nameRefusal = e.message;
      else this.refusal = messageOf(e);
    } finally {
      this.busy = false;
    }
  }
}
