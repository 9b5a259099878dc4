/**
 * A late start (issue 26, item 10) posts only what is still useful: at 23:20 with nothing posted
 * that day, the current round (evening), the day's lists and tomorrow's check; the morning and
 * midday rounds are skipped, and the log says so. (The dose times' late and missed replies catch
 * up on their own: test/digest/dose-alerts.test.ts.) On a fake clock, with a job that records calls.
 */
import { describe, expect, it } from "vitest";
import { scheduledPosts } from "../../src/digest/posts.ts";
import { startDigestSchedule, supersededPosts } from "../../src/digest/schedule.ts";
import { captureLogger } from "../helpers/log.ts";

const TZ = "Europe/London";
const posts = scheduledPosts({
  digest: { channel: "C0DESK", time: "07:00", kinds: ["departures", "arrivals"] },
  rounds: { channel: "C0ROUNDS", times: { morning: "07:30", midday: "12:00", evening: "18:00" } },
  tomorrowTime: "17:00",
});

/** `already`: the kinds already in the channel (made before a restart). */
function scheduleAt(iso: string, scheduled = posts, already: string[] = []) {
  let now = new Date(iso);
  const calls: string[] = [];
  const { log, records } = captureLogger();
  const schedule = startDigestSchedule({
    job: {
      posts: scheduled,
      runPost: async (kind: string, date: string) => {
        calls.push(`${kind} ${date}`);
        return already.includes(kind)
          ? { result: "already-posted" as const, ts: "1.1" }
          : { result: "posted" as const, ts: "1.1", replies: 0 };
      },
      stop: () => undefined,
    },
    timezone: TZ,
    clock: { now: () => now },
    log,
    timers: { set: () => 0, clear: () => undefined },
  });
  return { schedule, calls, records, setNow: (i: string) => (now = new Date(i)) };
}

describe("a late start", () => {
  it("at 23:20: the evening round, the day's lists and tomorrow's check; the morning and midday rounds skipped, and logged", async () => {
    const { schedule, calls, records } = scheduleAt("2026-11-24T23:20:00Z");
    await schedule.check();
    expect(calls.sort()).toEqual(
      ["arrivals", "departures", "rounds:evening", "tomorrow"].map((k) => `${k} 2026-11-24`).sort(),
    );
    const skipped = records().find((r) => String(r.msg).startsWith("started late: skipped"));
    expect(skipped?.skipped).toEqual(["rounds:morning@07:30", "rounds:midday@12:00"]);
    await schedule.check();
    expect(calls).toHaveLength(4);
    schedule.stop();
  });

  it("at 09:40: the morning round is the current one, so it is posted (late), as the day's lists", async () => {
    const { schedule, calls } = scheduleAt("2026-11-24T09:40:00Z");
    await schedule.check();
    expect(calls.sort()).toEqual([
      "arrivals 2026-11-24",
      "departures 2026-11-24",
      "rounds:morning 2026-11-24",
    ]);
    schedule.stop();
  });

  it("supersededPosts: only rounds due before the latest round that has passed", () => {
    const at = (iso: string) => supersededPosts(posts, posts, TZ, "2026-11-24", new Date(iso));
    expect(at("2026-11-24T07:00:00Z")).toEqual([]);
    expect(at("2026-11-24T12:05:00Z").map((p) => p.kind)).toEqual(["rounds:morning"]);
    expect(at("2026-11-24T18:00:00Z").map((p) => p.kind)).toEqual(["rounds:morning", "rounds:midday"]);
  });
});
