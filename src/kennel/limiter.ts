/**
 * One shared limit on requests in flight (KENNEL_API_CONCURRENCY, 6 by default), shared by the order
 * answers were asked in, and de-duplication of identical requests in flight, so that a fan-out (one
 * customer read per booking on a busy day) cannot flood the API, nor keep another answer waiting
 * behind it (issue 48).
 *
 * Each answer's calls are a flow of their own (`asAnswer`: the bot starts one for every Slack
 * request; `asBulk` for the scheduled posts and reading the day's care ahead of them). When the
 * slots are all taken, a freed slot goes:
 * - to an interactive call before any bulk one: a flow's calls within its budget (the calls its
 *   answer needs for what it shows: a few by default, more where the answer says so with
 *   `allowCalls`, as a day list does for its page's care) are interactive, its calls past the
 *   budget and every call of a bulk flow are bulk;
 * - among those, to the answer asked first (first in, first out by answer), so the first answers
 *   finish first rather than every answer in flight finishing late together (a cold day's page of
 *   care, which everyone asking that day waits for, goes before the answers asked after it, not a
 *   slot's width a turn between newcomers; a booking's full record after its reference goes before
 *   the first calls of the answers asked after it);
 * - but an answer holding half the slots (3 of 6) ranks after every answer holding fewer: a wide
 *   answer (a cold day's care, a search's owners) takes more only while nobody else waits, so with
 *   one wide answer in flight another answer's next call waits for a slot the wide one does not
 *   hold to free (at most one API round trip), never for the wide answer's queue. Two wide answers
 *   each holding half keep a third waiting until one of them has asked its last call.
 * Calls made outside any flow (the terminal's commands, the tests) are one interactive flow.
 */
import { AsyncLocalStorage } from "node:async_hooks";

/** One answer's calls. */
interface Flow {
  bulk: boolean;
  /** Its place in the order answers were asked (first in, first out). */
  seq: number;
  /** Calls that are served as interactive; the rest are bulk. */
  budget: number;
  /** Calls asked for so far. */
  asked: number;
  /** Its calls holding a slot now. */
  active: number;
}

/** Calls an answer makes as interactive unless it says otherwise: one record's card (/booking: its reference, the full booking, the pets, a pet's record or two). */
const ANSWER_BUDGET = 6;

const flows = new AsyncLocalStorage<Flow>();
const OUTSIDE: Flow = { bulk: false, seq: 0, budget: Number.POSITIVE_INFINITY, asked: 0, active: 0 };
/** Answers and bulk flows started so far: each one's place in the order. */
let started = 0;

/** Runs `work` as one answer: its API calls a flow of their own (above), the first `budget` interactive. */
export function asAnswer<T>(work: () => T, o: { budget?: number } = {}): T {
  return flows.run(
    { bulk: false, seq: ++started, budget: o.budget ?? ANSWER_BUDGET, asked: 0, active: 0 },
    work,
  );
}

/** Runs `work` as bulk work (a scheduled post, reading the day's care ahead): served after every answer's calls. */
export function asBulk<T>(work: () => T): T {
  return flows.run({ bulk: true, seq: ++started, budget: 0, asked: 0, active: 0 }, work);
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
  /** The flow whose slot it takes (an answer that makes a waiting bulk call its own takes it over). */
  flow: Flow;
  bulk: boolean;
  /** Calls asked before it (first in, first out within an answer). */
  order: number;
  go: () => void;
}

export class Limiter {
  readonly max: number;
  #active = 0;
  #waiting: Waiter[] = [];
  #inFlight = new Map<string, { promise: Promise<unknown>; waiter?: Waiter }>();
  #calls = 0;

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

  /** The next call to serve: interactive before bulk, then an answer holding under half the slots, then the answer asked first. */
  #next(): Waiter | undefined {
    let best = -1;
    for (let i = 0; i < this.#waiting.length; i++) {
      const w = this.#waiting[i] as Waiter;
      const b = best < 0 ? undefined : (this.#waiting[best] as Waiter);
      if (!b || before(w, b, this.max)) best = i;
    }
    const next = best < 0 ? undefined : this.#waiting.splice(best, 1)[0];
    if (next) next.flow.active++;
    return next;
  }

  /** Runs `task` when a slot is free for it (above). `queued`: told of its place in the queue, if it waits. */
  async run<T>(task: () => Promise<T>, queued?: (w: Waiter) => void): Promise<T> {
    const own = flows.getStore() ?? OUTSIDE;
    own.asked++;
    const w: Waiter = {
      flow: own,
      bulk: own.bulk || own.asked > own.budget,
      order: ++this.#calls,
      go: () => {},
    };
    if (this.#active >= this.max) {
      await new Promise<void>((go) => {
        w.go = go;
        this.#waiting.push(w);
        queued?.(w);
      });
    } else {
      this.#active++;
      own.active++;
    }
    const flow = w.flow;
    try {
      return await task();
    } finally {
      flow.active--;
      const next = this.#next();
      // The slot passes straight to the next waiter; otherwise it is released.
      if (next) next.go();
      else this.#active--;
    }
  }

  /**
   * Like run, but callers with the same key while one is in flight share its result. An answer that
   * joins a call still waiting as bulk (the day's care read ahead, another answer's calls past its
   * budget) makes it its own: interactive, in that answer's place, so it never waits as bulk for what it shows.
   */
  shared<T>(key: string, task: () => Promise<T>): Promise<T> {
    const existing = this.#inFlight.get(key);
    if (existing) {
      const flow = flows.getStore() ?? OUTSIDE;
      const w = existing.waiter;
      if (w?.bulk && !flow.bulk && flow.asked < flow.budget) {
        w.bulk = false;
        w.flow = flow;
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

/**
 * Whether waiter `w` goes before `b` (of a limiter of `max` slots): interactive first, then an answer
 * holding less than half the slots, then the answer asked first, then the call asked first.
 */
function before(w: Waiter, b: Waiter, max: number): boolean {
  if (w.bulk !== b.bulk) return !w.bulk;
  const share = Math.ceil(max / 2);
  const under = w.flow.active < share;
  if (under !== b.flow.active < share) return under;
  if (w.flow.seq !== b.flow.seq) return w.flow.seq < b.flow.seq;
  return w.order < b.order;
}
