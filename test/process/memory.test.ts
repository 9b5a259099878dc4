/**
 * The bot gives back the memory a burst of reading left behind: once today's care is read into the
 * cache (at start, with the 07:00 post), one full collection that shrinks V8's heap. The figure is the
 * benchmark's (docs/benchmarks.md, "Idle memory"); here, that it runs, and when.
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it, vi } from "vitest";
import {
  favourSmallHeap,
  memoryCeiling,
  releaseAfterBursts,
  releaseIdleMemory,
  SMALL_HEAP_FLAG,
  watchMemory,
} from "../../src/process/memory.ts";
import { startHarness } from "../helpers/bot.ts";

describe("memory given back after a burst", () => {
  it("reaches V8's collector (its shrinking flavour) without the process's --expose-gc", async () => {
    expect(typeof (globalThis as { gc?: unknown }).gc).toBe("undefined");
    expect(await releaseIdleMemory()).toBe(true);
    // Nothing leaks into this context: gc stays out of the bot's own globals.
    expect(typeof (globalThis as { gc?: unknown }).gc).toBe("undefined");
  });

  it("runs once today's care has been read at start: after every customer (with its pets) the warm-up asked for", async () => {
    let petsAtCall = -1;
    const h = await startHarness({
      bot: {
        warmCare: true,
        afterWarm: () => {
          petsAtCall = h.sandbox.requests.filter((r) => /\/customers\/\d+$/.test(r.path)).length;
        },
      },
    });
    try {
      await h.slack.waitFor(() => petsAtCall >= 0, 20_000);
      const asked = h.sandbox.requests.filter((r) => /\/customers\/\d+$/.test(r.path)).length;
      expect(petsAtCall).toBeGreaterThan(10);
      expect(petsAtCall).toBe(asked);
    } finally {
      await h.close();
    }
  });
});

describe("a long command's memory ceiling", () => {
  const MB = 1024 * 1024;
  /** A ceiling of 64 MB over a process at 100 MB whose collections give back `freed` MB each. */
  function ceiling(freed: number) {
    const p = { rss: 100 * MB, collected: 0 };
    const check = memoryCeiling(
      64 * MB,
      () => p.rss,
      async () => {
        p.collected++;
        p.rss -= freed * MB;
      },
    );
    return { p, check };
  }

  it("collects only once the process has grown past it, and keeps it where it was set", async () => {
    const { p, check } = ceiling(50);
    p.rss = 164 * MB; // at the ceiling, not past it
    await check();
    expect(p.collected).toBe(0);
    p.rss = 170 * MB;
    await check();
    expect(p.collected).toBe(1); // 170 → 120 MB: the ceiling stays at 164 MB, not 120 + 64
    p.rss = 180 * MB;
    await check();
    expect(p.collected).toBe(2);
    p.rss = 160 * MB;
    await check();
    expect(p.collected).toBe(2);
  });

  it("moves up when what a collection leaves takes more than half of what is allowed", async () => {
    const { p, check } = ceiling(10);
    p.rss = 170 * MB;
    await check();
    expect(p.collected).toBe(1); // 170 → 160 MB: the ceiling moves to 160 + 32 MB
    p.rss = 190 * MB;
    await check();
    expect(p.collected).toBe(1);
    p.rss = 193 * MB;
    await check();
    expect(p.collected).toBe(2);
  });
});

describe("memory given back after later bursts of work", () => {
  const MB = 1024 * 1024;
  /** A process at 100 MB on a fake clock; each collection gives back `freed` MB of what it grew. */
  function server(freed = Number.POSITIVE_INFINITY) {
    const p = { rss: 100 * MB, busy: 0.5, at: 0, collected: 0, kept: 100 * MB };
    const check = releaseAfterBursts(6 * MB, {
      rss: () => p.rss,
      busy: () => p.busy,
      now: () => p.at,
      collect: async () => {
        p.collected++;
        p.rss = Math.max(p.kept, p.rss - freed * MB);
      },
    });
    /** The checks of a process at rest, one a second: its young generation's 3 MB of pages taken again after a collection. */
    const rest = async (seconds: number) => {
      const before = p.collected;
      p.busy = 0.01;
      for (let i = 0; i < seconds; i++) {
        p.at += 1_000;
        await check();
        if (p.collected > before && p.rss <= p.kept) p.rss = p.kept + 3 * MB;
      }
    };
    return { p, check, rest };
  }

  it("collects once when the process is quiet again after a burst, and not again while it stays at rest", async () => {
    const { p, check, rest } = server();
    p.rss = 105 * MB; // a burst: 5 MB more, under the 6 MB allowed while busy
    await check();
    expect(p.collected).toBe(0);
    await rest(1); // the burst is over
    expect(p.collected).toBe(1);
    expect(p.rss).toBe(103 * MB);
    await rest(60);
    expect(p.collected).toBe(1);
  });

  it("leaves a quiet process that grew a little alone", async () => {
    const { p, check } = server();
    p.busy = 0.01;
    p.rss = 101.5 * MB;
    p.at += 1_000;
    await check();
    expect(p.collected).toBe(0);
  });

  it("while work goes on, collects once the process grew past what is allowed, never twice within 15 s", async () => {
    const { p, check } = server();
    p.rss = 106 * MB; // at the allowance, not past it
    await check();
    expect(p.collected).toBe(0);
    p.rss = 107 * MB;
    await check();
    expect(p.collected).toBe(1);
    p.at += 1_000;
    await check(); // the rest after it: 100 MB
    p.rss = 120 * MB;
    p.at += 13_999;
    await check();
    expect(p.collected).toBe(1);
    p.at += 1;
    await check();
    expect(p.collected).toBe(2);
  });

  it("takes what a collection leaves as the new rest: memory the process keeps is not collected for again", async () => {
    const { p, check, rest } = server();
    p.kept = 110 * MB; // the care cache filled up
    p.rss = 112 * MB;
    await check();
    expect(p.collected).toBe(1);
    expect(p.rss).toBe(110 * MB);
    await rest(60);
    expect(p.collected).toBe(1);
  });

  it("is checked on a timer, every interval until it is stopped; V8's small steps set once, as it begins", async () => {
    vi.useFakeTimers();
    try {
      let checks = 0;
      const favour = vi.fn();
      const stop = watchMemory(
        1_000,
        async () => {
          checks++;
        },
        favour,
      );
      expect(favour).toHaveBeenCalledOnce();
      await vi.advanceTimersByTimeAsync(3_500);
      expect(checks).toBe(3);
      expect(favour).toHaveBeenCalledOnce();
      stop();
      await vi.advanceTimersByTimeAsync(5_000);
      expect(checks).toBe(3);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("V8's heap grown in smaller steps", () => {
  it("is a setting this Node's V8 knows: set in a process of its own, V8 reports nothing unrecognized", () => {
    const memory = new URL("../../src/process/memory.ts", import.meta.url).href;
    const run = spawnSync(
      process.execPath,
      [
        "--input-type=module",
        "-e",
        `import { favourSmallHeap } from ${JSON.stringify(memory)}; console.log(favourSmallHeap());`,
      ],
      { encoding: "utf8" },
    );
    expect(run.stdout.trim()).toBe("true");
    expect(run.stderr).not.toMatch(/unrecognized flag/i);
  });

  it("never stops the start where the setting cannot be set", () => {
    const set = vi.fn(() => {
      throw new Error("flags are frozen");
    });
    expect(favourSmallHeap(set)).toBe(false);
    expect(set).toHaveBeenCalledWith(SMALL_HEAP_FLAG);
  });

  it("is set by the benchmark's bare Bolt baseline too (equal terms)", () => {
    const bare = readFileSync(new URL("../../bench/bare-bolt.mjs", import.meta.url), "utf8");
    expect(bare).toContain(`setFlagsFromString(${JSON.stringify(SMALL_HEAP_FLAG)})`);
  });
});
