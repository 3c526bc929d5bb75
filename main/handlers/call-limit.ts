// How many calls one connection (a browser-mode WebSocket, an Electron window) has main work on:
// a few at once, some more waiting their turn in order, and any beyond those refused at once with
// a reason. The renderer is untrusted: 300 searches sent at once made 300 server requests and
// 52 MB of answers in flight together, where a window at work has a handful. Only calls whose
// argument passed its check count: refusing the others costs nothing.
import { UserFacingError } from '../app/user-facing-error';

/** Calls of one connection that run at once. */
export const IPC_CALLS_IN_FLIGHT = 8;
/** Calls of one connection that wait for their turn; each holds its argument (up to 1 MB) meanwhile. */
export const IPC_CALLS_WAITING = 100;

export class CallLimit {
  #running = 0;
  readonly #waiting: (() => void)[] = [];

  /** Runs `call` in its turn; a BUSY error for the user when too many wait already. */
  async run<T>(call: () => Promise<T> | T): Promise<T> {
    if (this.#running < IPC_CALLS_IN_FLIGHT) this.#running += 1;
    else if (this.#waiting.length < IPC_CALLS_WAITING) await new Promise<void>((turn) => this.#waiting.push(turn));
    else {
      throw new UserFacingError(
        'BUSY',
        `The app is already working on ${IPC_CALLS_IN_FLIGHT + IPC_CALLS_WAITING} calls at once from this window; try again when they are answered.`,
      );
    }
    try {
      return await call();
    } finally {
      // The slot passes to the first call waiting, or is freed.
      const next = this.#waiting.shift();
      if (next) next();
      else this.#running -= 1;
    }
  }
}
