import type { IpcArgs, IpcChannel, IpcError, IpcNotice, IpcNotices, IpcResult } from '../../../shared/ipc';
import type { MirrorKind } from '../../../shared/mirror-changes';
import { bridge } from './bridge';

/** A refused call, with the code and the message (the server's own where it gave one). */
export class CallError extends Error {
  readonly code: string;
  constructor(error: IpcError) {
    super(error.message);
    this.code = error.code;
  }
}

/** What the user reads of a failure: its message (the server's own where it gave one). */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export async function call<C extends IpcChannel>(channel: C, args: IpcArgs<C>): Promise<IpcResult<C>> {
  const envelope = await bridge.invoke(channel, args);
  if (!envelope.ok) throw new CallError(envelope.error);
  return envelope.value;
}

export function onNotice<N extends IpcNotice>(notice: N, listener: (payload: IpcNotices[N]) => void): () => void {
  return bridge.on(notice, listener);
}

/**
 * Calls `listener` whenever the mirror changed records of one of `kinds` (or everything, after a
 * registration); returns the unsubscribe, for onMount.
 */
export function onMirrorChange(kinds: readonly MirrorKind[], listener: () => void): () => void {
  return onNotice('mirror.changed', (changes) => {
    if (changes.all || kinds.some((kind) => changes.changed[kind] !== undefined)) listener();
  });
}
