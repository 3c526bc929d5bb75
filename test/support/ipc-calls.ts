// Handlers called as the renderer calls them: the argument as it crosses IPC (a conversation's key as
// a string, say), parsed by the channel's schema as dispatch parses it, then handed to the handler.
import type { IpcArgs, IpcChannel, IpcResult } from '../../shared/ipc';
import { ipcChannels } from '../../shared/ipc';

export type IpcCalls<C extends IpcChannel> = { [K in C]: (args: IpcArgs<K>) => Promise<IpcResult<K>> };

export function asCalled<C extends IpcChannel>(handlers: { [K in C]: (args: never) => unknown }): IpcCalls<C> {
  const calls: Record<string, (args: unknown) => Promise<unknown>> = {};
  for (const [channel, handler] of Object.entries(handlers as unknown as Record<string, (args: unknown) => unknown>)) {
    const schema = ipcChannels[channel as IpcChannel].input;
    calls[channel] = async (args) => handler(schema.parse(args));
  }
  return calls as IpcCalls<C>;
}
