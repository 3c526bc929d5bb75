// One widget's calls to main: one at a time, and what went wrong said beside the widget. The
// widget changes only when the server's submessage event comes back, so nothing shows early.
import type { IpcArgs } from '../../../shared/ipc';
import { call, messageOf } from '../lib/ipc';

type WidgetChannel = 'widgets.vote' | 'widgets.addOption' | 'widgets.setQuestion' | 'widgets.strike' | 'widgets.addTask' | 'widgets.setTitle';

export class WidgetCall {
  busy = $state(false);
  error = $state<string | null>(null);

  /** Resolves true once the server took it. */
  async send<C extends WidgetChannel>(channel: C, args: IpcArgs<C>): Promise<boolean> {
    this.busy = true;
    this.error = null;
    try {
      await call(channel, args);
      return true;
    } catch (e) {
      this.error = messageOf(e);
      return false;
    } finally {
      this.busy = false;
    }
  }
}
