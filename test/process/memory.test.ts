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

  it("runs once today's care has been read at start: after every pet list the warm-up asked for", async () => {
    let petsAtCall = -1;
    const h = await startHarness({
      bot: {
        warmCare: true,
        afterWarm: () => {
          petsAtCall = h.sandbox.requests.filter((r) => /\/customers\/\d+\/pets/.test(r.path)).length;
        },
      },
    });
    try {
      await h.slack.waitFor(() => petsAtCall >= 0, 20_000);
      const asked = h.sandbox.requests.filter((r) => /\/customers\/\d+\/pets/.test(r.path)).length;
      expect(petsAtCall).toBeGreaterThan(10);
      expect(petsAtCall).toBe(asked);
    } finally {
      await h.close();
    }
  });
});

describe("a long command's memory ceiling", () => {
  it("collects only once the process has grown past it, then sets it again from where it is", async () => {
    const MB = 1024 * 1024;
    let rss = 100 * MB;
    let collected = 0;
    const check = memoryCeiling(
      64 * MB,
      () => rss,
      async () => {
        collected++;
        rss -= 50 * MB; // what the collection gave back
      },
    );
    rss = 164 * MB; // at the ceiling, not past it
    await check();
    expect(collected).toBe(0);
    rss = 170 * MB;
    await check();
    expect(collected).toBe(1); // 170 → 120 MB: the next ceiling is 184 MB
    rss = 180 * MB;
    await check();
    expect(collected).toBe(1);
    rss = 190 * MB;
    await check();
    expect(collected).toBe(2);
  });
});
