/**
 * The bot gives back the memory a burst of reading left behind: once today's care is read into the
 * cache (at start, with the 07:00 post), one full collection that shrinks V8's heap. The figure is the
 * benchmark's (docs/benchmarks.md, "Idle memory"); here, that it runs, and when.
 */
import { describe, expect, it } from "vitest";
import { memoryCeiling, releaseIdleMemory } from "../../src/process/memory.ts";
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
