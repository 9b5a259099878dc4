/**
 * Gives back to the system the memory a burst of work left behind: the start (the modules loaded,
 * today's care read into the cache, about 200 API answers parsed) and the 07:00 post's reading of the
 * day's care. One full collection that compacts V8's heap and releases its empty pages, run once the
 * burst is over. A browser tab at rest has V8's memory reducer do this; the bot never did: 45 s after
 * start it still held the start's 27 MB of old space for 19 MB of live objects, and RSS stayed 13 MB
 * above what this gives back (docs/benchmarks.md, "Idle memory").
 *
 * The collector is reached as V8's `gc` is (`--expose-gc`, set here for a new context only), with
 * its "last resort" flavour, the one that shrinks the heap. Never throws: where it cannot be reached
 * (another engine, a locked-down flag), nothing happens.
 */
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

type Collect = (options: {
  type: "major";
  execution: "async";
  flavor: "last-resort";
}) => Promise<void> | void;

export async function releaseIdleMemory(): Promise<boolean> {
  try {
    setFlagsFromString("--expose-gc");
    const gc = runInNewContext("gc") as Collect | undefined;
    if (typeof gc !== "function") return false;
    await gc({ type: "major", execution: "async", flavor: "last-resort" });
    return true;
  } catch {
    return false;
  }
}

/** The V8 setting `favourSmallHeap` sets; bench/bare-bolt.mjs sets the same, so the baseline runs on equal terms. */
export const SMALL_HEAP_FLAG = "--heap-growing-percent=20";

/**
 * Lets V8's old space grow by a fifth of what a collection left live (or by V8's own least step, 8 MB,
 * where that is more) before it collects again, where V8 by default lets it grow by up to the live
 * size again and more: under the sustained mix the old space reached 26–37 MB for 17–20 MB live, V8
 * kept the pages, and RSS grew 25–53 MB against bare Bolt's 3–6 MB. With this, 18–23 MB, with no more
 * CPU nor a worse p99 in four runs beside main's (docs/benchmarks.md, "Memory under the mix and at
 * rest, again"); V8's "save memory" settings (`--optimize-for-size`, `--memory-saver-mode`) lowered the
 * peak further but cost 15–32% more CPU and a worse p99 and acks. Node refuses V8 flags in NODE_OPTIONS,
 * so the bot sets it itself once it listens (`watchMemory`). Never throws: where it cannot be
 * set, V8 keeps its defaults. `set` is V8's own; a test passes its own.
 */
export function favourSmallHeap(set: (flags: string) => void = setFlagsFromString): boolean {
  try {
    set(SMALL_HEAP_FLAG);
    return true;
  } catch {
    return false;
  }
}

/**
 * A ceiling on what a long command (a year's export) lets its process grow to: `check()`, called as
 * it reads and writes, runs the collection above once RSS has grown `allowed` bytes past where it was
 * when the ceiling was set (`rss` and `collect` are the process's own; a test passes its own). V8 lets
 * its heap grow with the work before it collects: without this, a year's export held what it read
 * before its first row (the range's kept rounds) and the rows it wrote until V8 chose to collect, so
 * its peak grew with the record (docs/benchmarks.md, issue 48).
 *
 * The ceiling stays where it was set: what a collection cannot give back (the allocator's arenas,
 * what the command keeps) is not added to it, or the peak creeps up with each collection (a year's
 * export peaked at 228 MB, ×1.39 of a short export's; with the ceiling kept, 190 MB). It moves
 * up only when what a collection leaves takes more than half of what is allowed, so a command that
 * keeps more is not collected at every check.
 */
export function memoryCeiling(
  allowed: number,
  rss: () => number = process.memoryUsage.rss,
  collect: () => Promise<unknown> = releaseIdleMemory,
): () => Promise<void> {
  const lowest = rss() + allowed;
  let ceiling = lowest;
  return async () => {
    if (rss() <= ceiling) return;
    await collect();
    ceiling = Math.max(lowest, rss() + allowed / 2);
  };
}

/**
 * What work may leave before it is given back while it goes on: a ceiling for a run-away burst, not for
 * every minute of load. Each collection stops all other work for two full collections (110–220 ms of CPU
 * on a busy 2-core machine): at 6 MB and every 5 s, the mix's peak stayed 8–48 MB lower, but the bot's
 * CPU rose 2–6.5 s a minute and the answers' p99 rose in every run (docs/benchmarks.md, "Memory under
 * the mix and at rest").
 */
const BURST_ALLOWED = 48 * 1024 * 1024;
/** Garbage worth a collection once the process is quiet again. */
const QUIET_ALLOWED = 2 * 1024 * 1024;
/** The event loop busy less than this share of a check's interval: the burst is over. */
const QUIET_BUSY = 0.05;
/** Never two collections closer than this. */
const MIN_GAP_MS = 15_000;

export interface BurstRelease {
  /** The process's resident memory now. */
  rss?: () => number;
  /** The share (0–1) of the time since the last check the event loop was busy. */
  busy?: () => number;
  collect?: () => Promise<unknown>;
  now?: () => number;
}

/**
 * Gives back what bursts of work leave behind, for a server that runs for months. V8 lets its heap grow
 * well past what is live before it collects (its old space reached 28–88 MB for 17 MB live), and a full collection
 * keeps the pages it freed for reuse: under the sustained mix the bot's RSS rose 16–93 MB for 4.5 MB
 * more live objects, and stayed there (docs/benchmarks.md, "Memory under the mix and at rest"). Only
 * the shrinking collection (`releaseIdleMemory`) returns them. `check()`, called on a timer (never per
 * request), runs it once the process is quiet again after it grew `QUIET_ALLOWED` past what the last
 * collection left, or while work goes on once it grew `allowed` past it; never twice within
 * `MIN_GAP_MS`. What the process holds at the check after a collection is the new rest, so memory it
 * keeps (the care cache filling up, the young generation's pages taken again) is never collected for again.
 */
export function releaseAfterBursts(
  allowed: number = BURST_ALLOWED,
  {
    rss = process.memoryUsage.rss,
    busy = eventLoopBusy(),
    collect = releaseIdleMemory,
    now = Date.now,
  }: BurstRelease = {},
): () => Promise<void> {
  let rest = rss();
  let lastAt = Number.NEGATIVE_INFINITY;
  let collecting = false;
  /** Just collected: the young generation's pages come back at once, so the rest is read at the next check. */
  let settling = false;
  return async () => {
    const quiet = busy() < QUIET_BUSY;
    if (collecting) return;
    if (settling) {
      settling = false;
      rest = rss();
      return;
    }
    const grown = rss() - rest;
    if (grown <= (quiet ? QUIET_ALLOWED : allowed) || now() - lastAt < MIN_GAP_MS) return;
    collecting = true;
    try {
      await collect();
    } finally {
      collecting = false;
      settling = true;
      lastAt = now();
    }
  };
}

/** The share of time the event loop was busy since the last call (Node's event loop utilization). */
function eventLoopBusy(): () => number {
  let last = performance.eventLoopUtilization();
  return () => {
    const at = performance.eventLoopUtilization();
    const share = performance.eventLoopUtilization(at, last).utilization;
    last = at;
    return share;
  };
}

/**
 * Checks `releaseAfterBursts` every `everyMs` on a timer that never keeps the process running, and
 * from now on lets V8's heap grow in small steps (`favourSmallHeap`; `favour` a test's own). Called
 * once the bot listens, not before its start: set at the start, the start's own burst (its modules,
 * today's record read, the tap's path run once) sized the heap in small steps and left its next full
 * collection due within the first taps after a restart (in each of main's five runs measured: issue
 * 48 in docs/benchmarks.md); set here, the next collection sizes the heap in small steps.
 */
export function watchMemory(
  everyMs = 1_000,
  check: () => Promise<void> = releaseAfterBursts(),
  favour: () => unknown = favourSmallHeap,
): () => void {
  favour();
  const timer = setInterval(() => void check().catch(() => undefined), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
