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
