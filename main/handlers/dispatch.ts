import type { z } from 'zod';
import {
  ipcChannels,
  isIpcChannel,
  type IpcChannel,
  type IpcEnvelope,
  type IpcError,
  type IpcParsedArgs,
  type IpcResult,
} from '../../shared/ipc';
import { IPC_ARGUMENT_MAX_BYTES, ipcSize, tooLargeError } from '../../shared/ipc-limits';
import { classifyFailure } from '../api/failures';
import type { Logger } from '../api/logger';
import { UserFacingError } from '../app/user-facing-error';
import type { CallLimit } from './call-limit';

/** The implementation of every channel of shared/ipc.ts, taking the already-validated argument. */
export type IpcHandlers = { [C in IpcChannel]: (args: IpcParsedArgs<C>) => Promise<IpcResult<C>> | IpcResult<C> };

/** The handlers of one area's channels; create-core joins the areas into IpcHandlers. */
export type AreaHandlers<C extends IpcChannel> = Pick<IpcHandlers, C>;


/**
 * The one entry point of IPC, for Electron and browser mode alike: rejects unknown channels,
 * refuses an argument larger than one browser-mode frame (so the Electron shell takes no more),
 * validates the argument against the channel's schema, calls the handler (in its turn under the
 * connection's `limit`), and answers with an envelope; nothing the renderer sends can make it throw.
 */
export async function dispatch(handlers: IpcHandlers, channel: unknown, rawArgs: unknown, logger?: Logger, limit?: CallLimit): Promise<IpcEnvelope<unknown>> {
  if (!isIpcChannel(channel)) {
    return { ok: false, error: { code: 'UNKNOWN_CHANNEL', message: `There is no channel named ${JSON.stringify(String(channel)).slice(0, 80)}.` } };
  }
  const size = ipcSize(rawArgs);
  if (!Number.isFinite(size)) return { ok: false, error: { code: 'INVALID_ARGUMENT', message: `Invalid argument for ${channel}: not plain data` } };
  if (size > IPC_ARGUMENT_MAX_BYTES) return { ok: false, error: tooLargeError(size) };
  const schema: z.ZodType = ipcChannels[channel].input;
  const parsed = schema.safeParse(rawArgs);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => `${issue.path.length ? `${issue.path.join('.')}: ` : ''}${issue.message}`);
    return { ok: false, error: { code: 'INVALID_ARGUMENT', message: `Invalid argument for ${channel}: ${issues.join('; ')}` } };
  }
  try {
    const handler = handlers[channel] as (args: unknown) => unknown;
    const call = () => handler(parsed.data);
    return { ok: true, value: await (limit ? limit.run(call) : call()) };
  } catch (error) {
    const described = describeError(error);
    if (described.code === 'INTERNAL') logger?.error(`IPC ${channel} failed`, { error: error instanceof Error ? error.stack : String(error) });
    return { ok: false, error: described };
  }
}

/** Errors as the user should read them: the server's own message for service errors; a fault of the app's own, pointed to the log. */
export function describeError(error: unknown): IpcError {
  if (error instanceof UserFacingError) return { code: error.code, message: error.message };
  const failure = classifyFailure(error);
  if (failure.code === 'INTERNAL') return { code: 'INTERNAL', message: 'Something went wrong in the app; the details are in its log.' };
  // The renderer's arguments, checked against the operation's rules: its own to fix.
  if (failure.code === 'INVALID_PARAMETERS') return { code: 'INVALID_ARGUMENT', message: failure.message };
  return { code: failure.code, message: failure.message };
}
