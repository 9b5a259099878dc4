/**
 * A job's sleep that stopping ends at once (the scheduled posts' job, the dose times' job): a timer
 * by default, or the injected sleep of tests (after a turn of the event loop, so that other work
 * runs meanwhile). `sleep` resolves true when the time has passed, false when the job was stopped
 * meanwhile.
 */
export class Sleeper {
  readonly #injected: ((ms: number) => Promise<boolean>) | undefined;
  readonly #timers = new Set<() => void>();
  #stopping = false;

  constructor(injected?: (ms: number) => Promise<boolean>) {
    this.#injected = injected;
  }

  get stopping(): boolean {
    return this.#stopping;
  }

  /** Ends every sleep in flight (each resolves false), and every one after. */
  stop(): void {
    this.#stopping = true;
    for (const wake of this.#timers) wake();
  }

  async sleep(ms: number): Promise<boolean> {
    if (this.#stopping) return false;
    if (this.#injected) {
      // A sleep lets other work run, whatever the injected one does: a replica waiting on another's
      // claim polls the record in a loop, and one that never left the event loop (a sleep resolving
      // at once, the SQLite store's synchronous calls) starved the claimer's Slack and kennel API calls.
      await new Promise((resolve) => setImmediate(resolve));
      return (await this.#injected(ms)) && !this.#stopping;
    }
    return new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => {
        this.#timers.delete(wake);
        resolve(!this.#stopping);
      }, ms);
      const wake = () => {
        clearTimeout(timer);
        this.#timers.delete(wake);
        resolve(false);
      };
      this.#timers.add(wake);
    });
  }
}
