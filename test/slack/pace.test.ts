/**
 * Slack's pace per channel (src/slack/pace.ts), on a fake clock: a burst of three, then one message
 * a second, each post in the order it asked; another channel never waits for this one.
 */
import { describe, expect, it } from "vitest";
import { channelPacer } from "../../src/slack/pace.ts";

function fakeClock() {
  let t = 0;
  return {
    now: () => t,
    sleep: async (ms: number) => {
      t += ms;
    },
  };
}

describe("the pace of posts in a channel", () => {
  it("three at once, then one a second, in the order asked; another channel at once", async () => {
    const clock = fakeClock();
    const pace = channelPacer(clock);
    const seen: Array<[string, number, number]> = [];
    await Promise.all(
      Array.from({ length: 8 }, (_, i) => pace.turn("C1").then(() => seen.push(["C1", i, clock.now()]))),
    );
    await pace.turn("C2").then(() => seen.push(["C2", 0, clock.now()]));
    expect(seen.filter((s) => s[0] === "C1").map((s) => s[1])).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(seen.filter((s) => s[0] === "C1").map((s) => s[2])).toEqual([
      0, 0, 0, 1000, 2000, 3000, 4000, 5000,
    ]);
    // Another channel's first post does not wait for this one's queue.
    expect(seen.find((s) => s[0] === "C2")?.[2]).toBe(5000);
  });

  it("a quiet second gives one post back, three at most", async () => {
    const clock = fakeClock();
    const pace = channelPacer(clock);
    for (let i = 0; i < 3; i++) await pace.turn("C1");
    await clock.sleep(10_000);
    const before = clock.now();
    for (let i = 0; i < 4; i++) await pace.turn("C1");
    expect(clock.now() - before).toBe(1000);
  });
});
