/**
 * A job's sleep that stopping ends at once (the scheduled posts' job, the dose times' job): a timer
 * by default, or the injected sleep of tests. `sleep` resolves true when the time has passed, false
 * when the job was stopped meanwhile.
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
    if (this.#injected) return (await this.#injected(ms)) && !this.#stopping;
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
