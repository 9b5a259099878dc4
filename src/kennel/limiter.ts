/**
 * One shared limit on requests in flight, and de-duplication of identical requests in flight, so
 * that a fan-out (one pet lookup per booking on a busy day) cannot flood the API.
 */
export class Limiter {
  readonly max: number;
  #active = 0;
  #queue: Array<() => void> = [];
  #inFlight = new Map<string, Promise<unknown>>();

  constructor(max: number) {
    if (!Number.isInteger(max) || max < 1) throw new RangeError("max must be a positive integer");
    this.max = max;
  }

  get active(): number {
    return this.#active;
  }

  get waiting(): number {
    return this.#queue.length;
  }

  /** Runs `task` when a slot is free. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.#active >= this.max) {
      await new Promise<void>((resolve) => this.#queue.push(resolve));
    } else {
      this.#active++;
    }
    try {
      return await task();
    } finally {
      const next = this.#queue.shift();
      // The slot passes straight to the next waiter; otherwise it is released.
      if (next) next();
      else this.#active--;
    }
  }

  /** Like run, but callers with the same key while one is in flight share its result. */
  shared<T>(key: string, task: () => Promise<T>): Promise<T> {
    const existing = this.#inFlight.get(key);
    if (existing) return existing as Promise<T>;
    const promise = this.run(task).finally(() => this.#inFlight.delete(key));
    this.#inFlight.set(key, promise);
    return promise;
  }
}
