/**
 * The bot's start checks its token in one round trip to Slack (issue 48): its own auth.test (the
 * workspace, its own ids) and Bolt's (its init) are in flight together, so a start waits on Slack
 * once, not twice. Slack's stand-in holds each auth.test until another is in flight beside it (or a
 * second has passed, so a start that asks one after the other still starts, and is seen to).
 */
import { describe, expect, it } from "vitest";
import { withHarness } from "../helpers/bot.ts";

describe("the bot's start and Slack", () => {
  it("asks auth.test twice side by side (its own and Bolt's), never one after the other", async () => {
    let inFlight = 0;
    let most = 0;
    let release: () => void = () => undefined;
    const together = new Promise<void>((r) => {
      release = r;
    });
    // Each request's body is seen twice: before Slack handles it (held here), then as its answer leaves.
    const seen = new WeakSet<object>();
    await withHarness(
      {
        beforeStart: (slack) => {
          slack.latency = (method, body) => {
            if (method !== "auth.test" || seen.has(body)) return 0;
            seen.add(body);
            inFlight++;
            most = Math.max(most, inFlight);
            if (inFlight >= 2) release();
            const second = new Promise((r) => setTimeout(r, 1_000));
            return Promise.race([together, second]).then(() => {
              inFlight--;
            });
          };
        },
      },
      async (h) => {
        expect(h.slack.api.filter((c) => c.path.endsWith("/auth.test"))).toHaveLength(2);
        expect(most).toBe(2);
      },
    );
  });
});
