/**
 * One run at a time per key (a Slack message, a day's round): each run starts when the one before
 * it ends, so a run that reads the store when it starts sees every commit before it, and the last
 * one is current. With `join`, a run asked for while another waits behind the one in flight shares
 * the waiting one (it too reads the store only when it starts), so a burst of taps makes one more
 * run, not one each. A run never throws: its failure is answered by `failed` (which logs it).
 */
export class KeyedSerial<T> {
  readonly #failed: (key: string, error: unknown) => T;
  readonly #join: boolean;
  /** The last run of each key (in flight or waiting). */
  readonly #chains = new Map<string, Promise<T>>();
  /** Each key's run that waits and has not started: runs asked for meanwhile share it. */
  readonly #waiting = new Map<string, Promise<T>>();

  constructor(failed: (key: string, error: unknown) => T, options: { join: boolean } = { join: true }) {
    this.#failed = failed;
    this.#join = options.join;
  }

  run(key: string, work: () => Promise<T>): Promise<T> {
    const waiting = this.#waiting.get(key);
    if (waiting) return waiting;
    const previous = this.#chains.get(key) ?? Promise.resolve();
    const next = previous
      .catch(() => undefined)
      .then(() => {
        this.#waiting.delete(key);
        return work();
      })
      .catch((error: unknown) => this.#failed(key, error));
    this.#chains.set(key, next);
    if (this.#join) this.#waiting.set(key, next);
    return next.finally(() => {
      if (this.#chains.get(key) === next) this.#chains.delete(key);
    });
  }
}
