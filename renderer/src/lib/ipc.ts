import type { IpcArgs, IpcChannel, IpcError, IpcNotice, IpcNotices, IpcResult } from '../../../shared/ipc';
import type { MirrorChanges } from '../../../shared/mirror-changes';
import { bridge } from './bridge';

export { messageOf } from './failure';

/** A refused call, with the code and the message (the server's own where it gave one). */
export class CallError extends Error {
  readonly code: string;
  constructor(error: IpcError) {
    super(error.message);
    this.code = error.code;
  }
}

export async function call<C extends IpcChannel>(channel: C, args: IpcArgs<C>): Promise<IpcResult<C>> {
  const envelope = await bridge.invoke(channel, args);
  if (!envelope.ok) throw new CallError(envelope.error);
  return envelope.value;
}

export function onNotice<N extends IpcNotice>(notice: N, listener: (payload: IpcNotices[N]) => void): () => void {
  return bridge.on(notice, listener);
}

/** Every change notice, whole: the records and the conversations it names. Returns the unsubscribe. */
export function onMirrorChange(listener: (changes: MirrorChanges) => void): () => void {
  return onNotice('mirror.changed', listener);
}
