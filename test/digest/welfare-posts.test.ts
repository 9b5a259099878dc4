/**
 * The welfare check's scheduled posts (src/digest/welfare-kinds.ts): one per area and welfare round
 * (or one for the house), each with its "not checked" listing at WELFARE_CHECK_BY; with
 * WELFARE_IN_ROUND only the listings, under the round post. A late start posts the check, and its
 * listing waits after it as long as after the check's time (the round check's rule). A fake clock and
 * a job that records calls.
 */
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.ts";
import { parentPostOf, postLabel, scheduledPosts } from "../../src/digest/posts.ts";
import { startDigestSchedule } from "../../src/digest/schedule.ts";
import { captureLogger } from "../helpers/log.ts";

const env = { ROUNDS_CHANNEL: "C0ROUNDS" };

describe("the welfare check's posts", () => {
  it("one for the house by default: the check with the evening round, its listing at 20:00", () => {
    const posts = scheduledPosts(loadConfig(env)).filter((p) => p.kind.startsWith("welfare"));
    expect(posts).toEqual([
      { kind: "welfare:evening", channel: "C0ROUNDS", time: "18:00" },
      { kind: "welfare-due:evening", channel: "C0ROUNDS", time: "20:00" },
    ]);
    expect(postLabel("welfare-due:evening")).toBe("evening welfare check: pets not checked");
    expect(parentPostOf("welfare-due:evening")).toBe("welfare:evening");
    expect(parentPostOf("check:evening")).toBe("rounds:evening");
  });

  it("per area (and the other rooms) with WELFARE_AREAS; under the round post with WELFARE_IN_ROUND", () => {
    const areas = scheduledPosts(
      loadConfig({
        ...env,
        WELFARE_AREAS: "Kennel,Cattery",
        WELFARE_CHANNEL: "C0WELFARE",
        WELFARE_TIME: "17:30",
      }),
    ).filter((p) => p.kind.startsWith("welfare"));
    expect(areas.map((p) => `${p.kind}@${p.time} ${p.channel}`)).toEqual([
      "welfare:evening:kennel@17:30 C0WELFARE",
      "welfare-due:evening:kennel@20:00 C0WELFARE",
      "welfare:evening:cattery@17:30 C0WELFARE",
      "welfare-due:evening:cattery@20:00 C0WELFARE",
      "welfare:evening:other@17:30 C0WELFARE",
      "welfare-due:evening:other@20:00 C0WELFARE",
    ]);
    // Two areas whose names make one slug, and one named "Other": each a post of its own.
    const alike = scheduledPosts(loadConfig({ ...env, WELFARE_AREAS: "Suite A,Suite-A,Other" }))
      .filter((p) => p.kind.startsWith("welfare:"))
      .map((p) => p.kind);
    expect(alike).toEqual([
      "welfare:evening:suite-a",
      "welfare:evening:suite-a-2",
      "welfare:evening:other-3",
      "welfare:evening:other",
    ]);
    const inRound = scheduledPosts(loadConfig({ ...env, WELFARE_IN_ROUND: "1" })).filter((p) =>
      p.kind.startsWith("welfare"),
    );
    expect(inRound).toEqual([{ kind: "welfare-due:evening", channel: "C0ROUNDS", time: "20:00" }]);
    expect(parentPostOf("welfare-due:evening", { inRound: true })).toBe("rounds:evening");
    expect(
      scheduledPosts(loadConfig({ ...env, WELFARE_ROUNDS: "off" })).some((p) => p.kind.startsWith("welfare")),
    ).toBe(false);
  });

  it("a late start at 21:00: the check now; its listing waits two hours after it, as after the check's time", async () => {
    const config = loadConfig(env);
    const posts = scheduledPosts(config).filter((p) => p.kind.startsWith("welfare"));
    let now = new Date("2026-11-24T21:00:00Z");
    const calls: string[] = [];
    const { log } = captureLogger();
    const schedule = startDigestSchedule({
      job: {
        posts,
        runPost: async (kind: string) => {
          calls.push(kind);
          return { result: "posted" as const, ts: "1.1", replies: 0 };
        },
        stop: () => undefined,
      },
      timezone: "Europe/London",
      clock: { now: () => now },
      log,
      timers: { set: () => 0, clear: () => undefined },
      welfare: config.welfare,
    });
    await schedule.check();
    expect(calls).toEqual(["welfare:evening"]);
    now = new Date("2026-11-24T22:59:00Z");
    await schedule.check();
    expect(calls).toEqual(["welfare:evening"]);
    now = new Date("2026-11-24T23:01:00Z");
    await schedule.check();
    expect(calls).toEqual(["welfare:evening", "welfare-due:evening"]);
    schedule.stop();
  });
});
