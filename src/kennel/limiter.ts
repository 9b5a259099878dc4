/**
 * One shared limit on requests in flight (KENNEL_API_CONCURRENCY, 6 by default), shared fairly, and
 * de-duplication of identical requests in flight, so that a fan-out (one pet lookup per booking on a
 * busy day) cannot flood the API, nor keep another answer waiting behind it (issue 48).
 *
 * Each answer's calls are a flow of their own (`asAnswer`: the bot starts one for every Slack
 * request; `asBulk` for the scheduled posts and reading the day's care ahead of them). When the
 * slots are all taken, a freed slot goes:
 * - to an interactive call before any bulk one: a flow's calls within its budget (the calls its
 *   answer needs for what it shows: a few by default, more where the answer says so with
 *   `allowCalls`, as a day list does for its page's care) are interactive, its calls past the
 *   budget and every call of a bulk flow are bulk;
 * - among those, in turn (fair queuing): each call is stamped, when asked, one turn after its
 *   flow's last call or after the turn now being served, whichever is later, and the earliest turn
 *   goes first (on a tie, the flow served least). Calls a flow asks before its turn comes share
 *   that turn, as many as there are slots: a wide answer (a cold day's page of care, a search's
 *   owners) moves a slot's width a turn, not one call behind every newer answer's first call (in
 *   the sustained mix its 20 calls waited 20 rounds of newcomers: the first 10 s' p99 of 17–22 s).
 *   So an answer's first call waits for one slot to free (at most one API round trip), never
 *   behind another answer's queue; an answer's next step (a booking's full record after its
 *   reference) waits its turn, at most a slot's width of an earlier wide answer's calls.
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
  /** The turn its last call asked was stamped with. */
  turn: number;
  /** Calls stamped with that turn (at most one per slot). */
  inTurn: number;
}

/** Calls an answer makes as interactive unless it says otherwise: one record's card (/booking: its reference, the full booking, the pets, a pet's record or two). */
const ANSWER_BUDGET = 6;

const flows = new AsyncLocalStorage<Flow>();
const OUTSIDE: Flow = {
  bulk: false,
  budget: Number.POSITIVE_INFINITY,
  asked: 0,
  served: 0,
  turn: 0,
  inTurn: 0,
};

/** Runs `work` as one answer: its API calls a flow of their own (above), the first `budget` interactive. */
export function asAnswer<T>(work: () => T, o: { budget?: number } = {}): T {
  return flows.run(
    { bulk: false, budget: o.budget ?? ANSWER_BUDGET, asked: 0, served: 0, turn: 0, inTurn: 0 },
    work,
  );
}

/** Runs `work` as bulk work (a scheduled post, reading the day's care ahead): served after every answer's calls. */
export function asBulk<T>(work: () => T): T {
  return flows.run({ bulk: true, budget: 0, asked: 0, served: 0, turn: 0, inTurn: 0 }, work);
}

/**
 * The answer's next `n` calls are for what it shows (a day list's page, a search's owners): served
 * as interactive, whatever it asked before. Its calls after them are bulk again.
 */
export function allowCalls(n: number): void {
  const flow = flows.getStore();
  if (flow && !flow.bulk) flow.budget = Math.max(flow.budget, flow.asked + n);
}

interface Waiter {
  flow: Flow;
  bulk: boolean;
  turn: number;
  go: () => void;
}

export class Limiter {
  readonly max: number;
  #active = 0;
  #waiting: Waiter[] = [];
  #inFlight = new Map<string, { promise: Promise<unknown>; waiter?: Waiter }>();
  /** The turn now being served: the latest turn given a slot. */
  #turn = 0;

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

  /** The next call to serve: interactive before bulk, then the earliest turn, then the flow served least, then the oldest. */
  #next(): Waiter | undefined {
    let best = -1;
    for (let i = 0; i < this.#waiting.length; i++) {
      const w = this.#waiting[i] as Waiter;
      const b = best < 0 ? undefined : (this.#waiting[best] as Waiter);
      if (!b || before(w, b)) best = i;
    }
    const next = best < 0 ? undefined : this.#waiting.splice(best, 1)[0];
    if (next) this.#turn = Math.max(this.#turn, next.turn);
    return next;
  }

  /** Runs `task` when a slot is free for it (above). `queued`: told of its place in the queue, if it waits. */
  async run<T>(task: () => Promise<T>, queued?: (w: Waiter) => void): Promise<T> {
    const flow = flows.getStore() ?? OUTSIDE;
    flow.asked++;
    // Calls asked together share a turn, as many as there are slots: a wide answer (a day's page of
    // care, a search's owners) moves a slot's width a turn, while a new answer's first call still
    // goes in the next slot freed (on a tie, the flow served least).
    if (flow.turn > this.#turn && flow.inTurn < this.max) flow.inTurn++;
    else {
      flow.turn = Math.max(this.#turn, flow.turn) + 1;
      flow.inTurn = 1;
    }
    if (this.#active >= this.max) {
      const bulk = flow.bulk || flow.asked > flow.budget;
      await new Promise<void>((go) => {
        const w = { flow, bulk, turn: flow.turn, go };
        this.#waiting.push(w);
        queued?.(w);
      });
    } else {
      this.#active++;
      this.#turn = Math.max(this.#turn, flow.turn);
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

  /**
   * Like run, but callers with the same key while one is in flight share its result. An answer that
   * joins a call still waiting as bulk (the day's care read ahead, another answer's calls past its
   * budget) makes it its own: interactive, at its turn, so it never waits as bulk for what it shows.
   */
  shared<T>(key: string, task: () => Promise<T>): Promise<T> {
    const existing = this.#inFlight.get(key);
    if (existing) {
      const flow = flows.getStore() ?? OUTSIDE;
      const w = existing.waiter;
      if (w?.bulk && !flow.bulk && flow.asked < flow.budget) {
        w.bulk = false;
        w.turn = Math.min(w.turn, this.#turn + 1);
      }
      return existing.promise as Promise<T>;
    }
    const entry: { promise: Promise<unknown>; waiter?: Waiter } = { promise: Promise.resolve() };
    const promise = this.run(task, (w) => {
      entry.waiter = w;
    }).finally(() => this.#inFlight.delete(key));
    entry.promise = promise;
    this.#inFlight.set(key, entry);
    return promise;
  }
}

/** Whether waiter `w` goes before `b`: interactive first, then the earlier turn, then the flow served least. */
function before(w: Waiter, b: Waiter): boolean {
  if (w.bulk !== b.bulk) return !w.bulk;
  if (w.turn !== b.turn) return w.turn < b.turn;
  return w.flow.served < b.flow.served;
}
