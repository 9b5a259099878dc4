/**
 * The shutdown tracker: the commands and clicks being answered, so a stop (SIGTERM) can finish them
 * before the process exits, and refuse new ones meanwhile (`draining`).
 */
export class InFlight {
  readonly #work = new Set<Promise<unknown>>();
  draining = false;

  get size(): number {
    return this.#work.size;
  }

  track<T>(work: Promise<T>): Promise<T> {
    this.#work.add(work);
    const done = () => this.#work.delete(work);
    work.then(done, done);
    return work;
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
