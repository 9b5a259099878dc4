/**
 * The store going out of use and coming back, told once each (the bot's log: "The care record cannot
 * be used now: …", then that it can again), never once a request: a tap, a read or /readyz that
 * finds it down while it is known down says nothing new.
 */
import type { StoreError } from "./errors.ts";

/** Told when the store goes out of use (its error), and when it is back (undefined). */
export type StoreStateListener = (problem: StoreError | undefined) => void;

/** What the store cannot be used for a while for: down, full, read-only, a disk that failed a sync. */
const OUTAGES = new Set<StoreError["problem"]>(["unavailable", "read_only", "full", "uncertain"]);

export class Outage {
  #down: StoreError | undefined;
  readonly #tell: StoreStateListener | undefined;

  constructor(tell: StoreStateListener | undefined) {
    this.#tell = tell;
  }

  /** A failure of the store's: told when it puts the store out of use and it was not known to be. */
  failed(failure: StoreError | undefined): void {
    if (!failure || !OUTAGES.has(failure.problem) || this.#down) return;
    this.#down = failure;
    this.#tell?.(failure);
  }

  /** The store wrote, or its health is whole: told once when it was known down. */
  worked(): void {
    if (!this.#down) return;
    this.#down = undefined;
    this.#tell?.(undefined);
  }
}
