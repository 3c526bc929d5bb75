// Work done in passes, one at a time (main's background fetches and syncs, a feed's updates in the
// renderer): asked again while a pass runs, one more pass follows it (however often it was asked),
// so what changed meanwhile is not left undone.
export class SerialPasses {
  readonly #pass: () => Promise<void>;
  #running: Promise<void> | undefined;
  #again = false;

  /** `pass` must not reject: its failures are its own to handle. */
  constructor(pass: () => Promise<void>) {
    this.#pass = pass;
  }

  run(): void {
    if (this.#running) {
      this.#again = true;
      return;
    }
    this.#running = this.#pass().finally(() => {
      this.#running = undefined;
      if (!this.#again) return;
      this.#again = false;
      this.run();
    });
  }

  /** Resolves when no pass is running. */
  async settled(): Promise<void> {
    while (this.#running) await this.#running;
  }
}
