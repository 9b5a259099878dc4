/**
 * One shared limit on requests in flight (KENNEL_API_CONCURRENCY, 6 by default), shared fairly, and
 * de-duplication of identical requests in flight, so that a fan-out (one pet lookup per booking on a
 * busy day) cannot flood the API, nor keep another answer waiting behind it (issue 48).
 *
 * Each answer's calls are a flow of their own (`asAnswer`: the bot starts one for every Slack
 * request; `asBulk` for the scheduled posts and reading the day's care ahead of them). When the
 * slots are all taken, a freed slot goes:
 * - to an interactive call before any bulk one: a flow's first `budget` calls (the calls its answer
 *   needs for what it shows) are interactive, its calls past the budget and every call of a bulk
 *   flow are bulk;
 * - among those, to the flow that has been served least, so an answer's first call waits for one
 *   slot to free (at most one API round trip), never behind another answer's queue.
 * Calls made outside any flow (the terminal's commands, the tests) are one interactive flow.
 */
import { AsyncLocalStorage } from "node:async_hooks";

/** One answer's calls. */
interface Flow {
  bulk: boolean;
  /** Calls that are served as interactive; the rest are bulk. */
  budget: number;
  /** Calls asked for so far. */
  asked: number;
  /** Calls given a slot so far. */
  served: number;
}

/** Calls an answer makes as interactive unless it says otherwise (a cold day list with its care). */
const ANSWER_BUDGET = 50;

const flows = new AsyncLocalStorage<Flow>();
const OUTSIDE: Flow = { bulk: false, budget: Number.POSITIVE_INFINITY, asked: 0, served: 0 };

/** Runs `work` as one answer: its API calls a flow of their own (above), the first `budget` interactive. */
export function asAnswer<T>(work: () => T, o: { budget?: number } = {}): T {
  return flows.run({ bulk: false, budget: o.budget ?? ANSWER_BUDGET, asked: 0, served: 0 }, work);
}

/** Runs `work` as bulk work (a scheduled post, reading the day's care ahead): served after every answer's calls. */
export function asBulk<T>(work: () => T): T {
  return flows.run({ bulk: true, budget: 0, asked: 0, served: 0 }, work);
}

interface Waiter {
  flow: Flow;
  bulk: boolean;
  go: () => void;
}

export class Limiter {
  readonly max: number;
  #active = 0;
  #waiting: Waiter[] = [];
  #inFlight = new Map<string, Promise<unknown>>();

  constructor(max: number) {
    if (!Number.isInteger(max) || max < 1) throw new RangeError("max must be a positive integer");
    this.max = max;
  }

  get active(): number {
    return this.#active;
  }

  get waiting(): number {
    return this.#waiting.length;
  }

  /** The next call to serve: interactive before bulk, then the flow served least, then the oldest. */
  #next(): Waiter | undefined {
    let best = -1;
    for (let i = 0; i < this.#waiting.length; i++) {
      const w = this.#waiting[i] as Waiter;
      const b = best < 0 ? undefined : (this.#waiting[best] as Waiter);
      if (!b || (b.bulk && !w.bulk) || (b.bulk === w.bulk && w.flow.served < b.flow.served)) best = i;
    }
    return best < 0 ? undefined : this.#waiting.splice(best, 1)[0];
  }

  /** Runs `task` when a slot is free for it (above). */
  async run<T>(task: () => Promise<T>): Promise<T> {
    const flow = flows.getStore() ?? OUTSIDE;
    flow.asked++;
    if (this.#active >= this.max) {
      const bulk = flow.bulk || flow.asked > flow.budget;
      await new Promise<void>((go) => this.#waiting.push({ flow, bulk, go }));
    } else {
      this.#active++;
    }
    flow.served++;
    try {
      return await task();
    } finally {
      const next = this.#next();
      // The slot passes straight to the next waiter; otherwise it is released.
      if (next) next.go();
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
