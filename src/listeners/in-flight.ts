/**
 * The shutdown tracker: the commands and clicks being answered, so a stop (SIGTERM) can finish them
 * before the process exits, and refuse new ones meanwhile (`draining`).
 */
export class InFlight {
  readonly #work = new Set<Promise<unknown>>();
  #lastDone = Number.NEGATIVE_INFINITY;
  draining = false;

  get size(): number {
    return this.#work.size;
  }

  track<T>(work: Promise<T>): Promise<T> {
    this.#work.add(work);
    const done = () => {
      this.#work.delete(work);
      this.#lastDone = performance.now();
    };
    work.then(done, done);
    return work;
  }

  /**
   * Resolves once nothing has been in flight for `quietMs`, or after `atMostMs` whatever comes: bulk
   * work begun at start (the day's care read ahead) lets the first taps and commands after a restart
   * go first (issue 48), and still begins soon on a busy day.
   */
  whenQuiet(quietMs: number, atMostMs: number): Promise<void> {
    const began = performance.now();
    return new Promise((resolve) => {
      const look = () => {
        const now = performance.now();
        const quietFor = this.#work.size > 0 ? 0 : now - Math.max(this.#lastDone, began);
        if (quietFor >= quietMs || now - began >= atMostMs) return resolve();
        setTimeout(look, Math.max(10, Math.min(quietMs - quietFor, atMostMs - (now - began)))).unref();
      };
      look();
    });
  }

  /** Waits for everything in flight, at most `timeoutMs`. True when all finished. */
  async drain(timeoutMs: number): Promise<boolean> {
    this.draining = true;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs);
    });
    const all = Promise.allSettled([...this.#work]).then(() => true as const);
    const finished = await Promise.race([all, timeout]);
    clearTimeout(timer);
    return finished;
  }
}
