// The state of a form naming and describing a channel (creating one, or changing one): its fields,
// their problems as they are typed (against the limits the server announced), and where a refusal
// is said: a taken name next to the name field (until the name changes), anything else under the form.
import { checkChannelDescription, checkChannelName } from '../../../../shared/api/checks';
import type { RegistrationContext } from '../../../../shared/api/registration';
import { CallError, messageOf } from '../../lib/ipc';

type Limits = Pick<RegistrationContext, 'max_stream_name_length' | 'max_stream_description_length'>;

export class ChannelForm {
  name = $state('');
  description = $state('');
  /** A first try to submit was made: problems waiting for it show. */
  touched = $state(false);
  busy = $state(false);
  nameRefusal = $state<string | null>(null);
  refusal = $state<string | null>(null);
  readonly maxName: number | undefined;
  readonly maxDescription: number | undefined;
  readonly nameProblem: string | undefined;
  readonly descriptionProblem: string | undefined;

  /** `limits`: the announced ones, read as they come (undefined before the first registration). */
  constructor(limits: () => Partial<Limits> | undefined, name = '', description = '') {
    this.name = name;
    this.description = description;
    this.maxName = $derived(limits()?.max_stream_name_length);
    this.maxDescription = $derived(limits()?.max_stream_description_length);
    this.nameProblem = $derived(checkChannelName(this.name, this.maxName) ?? this.nameRefusal ?? undefined);
    this.descriptionProblem = $derived(checkChannelDescription(this.description, this.maxDescription));
  }

  /** Runs `action` once the fields pass their checks, one at a time. */
  async submit(action: () => Promise<void>): Promise<void> {
    this.touched = true;
    if (this.nameProblem !== undefined || this.descriptionProblem !== undefined || this.busy) return;
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
