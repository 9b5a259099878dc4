import { afterEach, describe, expect, it, vi } from "vitest";
import type { DigestSettings } from "../../src/config.ts";
import { nextDigestRun } from "../../src/digest/due.ts";
import type { DigestJob } from "../../src/digest/job.ts";
import { startDigestSchedule } from "../../src/digest/schedule.ts";
import { silentLogger } from "../../src/log.ts";

const runs = (time: string, tz: string, from: string, n = 3) => {
  const out: string[] = [];
  let d = new Date(from);
  for (let i = 0; i < n; i++) {
    const next = nextDigestRun(time, tz, d);
    if (!next) break;
    out.push(next.toISOString());
    d = new Date(next.getTime() + 1_000);
  }
  return out;
};

describe("the schedule, daylight-saving changes included", () => {
  it("07:00 in London across the spring change stays 07:00 local", () => {
    expect(runs("07:00", "Europe/London", "2026-03-28T08:00:00Z")).toEqual([
      "2026-03-29T06:00:00.000Z",
      "2026-03-30T06:00:00.000Z",
      "2026-03-31T06:00:00.000Z",
    ]);
  });

  it("07:00 in London across the autumn change stays 07:00 local", () => {
    expect(runs("07:00", "Europe/London", "2026-10-24T08:00:00Z")).toEqual([
      "2026-10-25T07:00:00.000Z",
      "2026-10-26T07:00:00.000Z",
      "2026-10-27T07:00:00.000Z",
    ]);
  });

  it("a time that does not exist that day (London 01:30 on 29 Mar) fires once, at the next valid minute", () => {
    expect(runs("01:30", "Europe/London", "2026-03-28T12:00:00Z")).toEqual([
      "2026-03-29T01:00:00.000Z", // 02:00 BST: the first minute that exists after 01:30
      "2026-03-30T00:30:00.000Z",
      "2026-03-31T00:30:00.000Z",
    ]);
  });

  it("a time that happens twice (London 01:30 on 25 Oct) fires once", () => {
    expect(runs("01:30", "Europe/London", "2026-10-24T12:00:00Z")).toEqual([
      "2026-10-25T00:30:00.000Z", // the first 01:30 (BST); not again at 01:30 GMT
      "2026-10-26T01:30:00.000Z",
      "2026-10-27T01:30:00.000Z",
    ]);
  });

  it("New York: 07:00 across both changes; 02:30 on 8 Mar fires at 03:00; 01:30 on 1 Nov fires once", () => {
    expect(runs("07:00", "America/New_York", "2026-03-07T13:00:00Z", 2)).toEqual([
      "2026-03-08T11:00:00.000Z",
      "2026-03-09T11:00:00.000Z",
    ]);
    expect(runs("07:00", "America/New_York", "2026-10-31T12:00:00Z", 2)).toEqual([
      "2026-11-01T12:00:00.000Z",
      "2026-11-02T12:00:00.000Z",
    ]);
    expect(runs("02:30", "America/New_York", "2026-03-07T12:00:00Z", 2)).toEqual([
      "2026-03-08T07:00:00.000Z",
      "2026-03-09T06:30:00.000Z",
    ]);
    expect(runs("01:30", "America/New_York", "2026-10-31T12:00:00Z", 2)).toEqual([
      "2026-11-01T05:30:00.000Z",
      "2026-11-02T06:30:00.000Z",
    ]);
  });
});

/** The scheduler of the job's own posts, on the wall clock (the fake timers' when a test sets them). */
const scheduled = (job: DigestJob, timezone = "Europe/London", settings?: DigestSettings) =>
  startDigestSchedule({
    job,
    timezone,
    clock: { now: () => new Date() },
    log: silentLogger(),
    ...(settings ? { settings } : {}),
  });

/** The scheduler of one post, departures at 07:00 in channel C1. */
const departuresAt0700 = (job: DigestJob, timezone?: string) =>
  scheduled(job, timezone, { channel: "C1", time: "07:00", kinds: ["departures"] });

/** The wall clock's hour and minute, UTC. */
const hhmm = () => new Date().toISOString().slice(11, 16);

/**
 * A job that posts nothing: it notes each post it is asked for in `calls`, in the words `note`
 * gives (a whole day's run as "day@DATE HH:MM"), and answers it posted.
 */
function recordingJob(
  posts: Array<{ kind: string; channel: string; time: string }> | undefined,
  note: (kind: string, date: string) => string,
) {
  const calls: string[] = [];
  const job = {
    ...(posts ? { posts } : {}),
    runPost: async (kind: string, date: string) => {
      calls.push(note(kind, date));
      return { result: "posted" as const, ts: "1.1", replies: 0 };
    },
    runDay: async (date: string) => {
      calls.push(`day@${date} ${hhmm()}`);
      return { date, kinds: {} };
    },
    stop: () => undefined,
  };
  return { job: job as unknown as DigestJob, calls };
}

describe("the scheduler (fake timers)", () => {
  /** The dates of the posts asked for. */
  const fakeJob = () => {
    const { job, calls } = recordingJob(undefined, (_kind, date) => date);
    return { job, days: calls };
  };

  afterEach(() => {
    vi.useRealTimers();
  });

  it("fires at 07:00 local, once a day", async () => {
    vi.useFakeTimers({ now: new Date("2026-11-24T06:59:00Z") });
    const { job, days } = fakeJob();
    const schedule = departuresAt0700(job);
    expect(days).toEqual([]);
    await vi.advanceTimersByTimeAsync(61_000);
    expect(days).toEqual(["2026-11-24"]);
    await vi.advanceTimersByTimeAsync(23 * 3600_000);
    expect(days).toEqual(["2026-11-24"]);
    await vi.advanceTimersByTimeAsync(3600_000);
    expect(days).toEqual(["2026-11-24", "2026-11-25"]);
    schedule.stop();
  });

  it("started after the time (a restart at 07:00:30, a late start): checks today at once", async () => {
    vi.useFakeTimers({ now: new Date("2026-11-24T07:00:30Z") });
    const { job, days } = fakeJob();
    const schedule = departuresAt0700(job);
    expect(days).toEqual(["2026-11-24"]);
    expect(schedule.nextRun()?.toISOString()).toBe("2026-11-25T07:00:00.000Z");
    schedule.stop();
  });

  it("started before the time: waits for it", async () => {
    vi.useFakeTimers({ now: new Date("2026-11-24T05:00:00Z") });
    const { job, days } = fakeJob();
    const schedule = departuresAt0700(job, "America/New_York");
    expect(days).toEqual([]);
    expect(schedule.nextRun()?.toISOString()).toBe("2026-11-24T12:00:00.000Z");
    schedule.stop();
  });
});

describe("the scheduler, with a clock that jumps (a machine that slept; time set back)", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const posts = [
    { kind: "departures", channel: "C1", time: "07:00" },
    { kind: "rounds:morning", channel: "C2", time: "07:30" },
  ];
  /** Each post asked for, with the wall clock's time when it was. */
  const posting = () => recordingJob(posts, (kind, date) => `${kind}@${date} ${hhmm()}`);

  it("suspended from 06:00 to 09:40 (timers frozen, the wall clock not): each post once on waking", async () => {
    vi.useFakeTimers({ now: new Date("2026-11-24T06:00:00Z") });
    const { job, calls } = posting();
    const schedule = scheduled(job);
    expect(calls).toEqual([]);
    // The machine sleeps: the wall clock moves on, no timer fires meanwhile.
    vi.setSystemTime(new Date("2026-11-24T09:40:00Z"));
    // Awake again: within a minute the scheduler looks at the clock.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls.sort()).toEqual(["departures@2026-11-24 09:41", "rounds:morning@2026-11-24 09:41"]);
    await vi.advanceTimersByTimeAsync(12 * 3600_000);
    expect(calls).toHaveLength(2);
    // And the next day as usual.
    await vi.advanceTimersByTimeAsync(10 * 3600_000);
    expect(calls.slice(2)).toEqual(["departures@2026-11-25 07:00", "rounds:morning@2026-11-25 07:30"]);
    schedule.stop();
  });

  it("a clock set back over the posts' times never starts them twice", async () => {
    vi.useFakeTimers({ now: new Date("2026-11-24T06:59:00Z") });
    const { job, calls } = posting();
    const schedule = scheduled(job);
    await vi.advanceTimersByTimeAsync(40 * 60_000);
    expect(calls).toEqual(["departures@2026-11-24 07:00", "rounds:morning@2026-11-24 07:30"]);
    // 07:39: someone sets the clock back to 06:45 (or the NTP correction does).
    vi.setSystemTime(new Date("2026-11-24T06:45:00Z"));
    await vi.advanceTimersByTimeAsync(3 * 3600_000);
    expect(calls).toHaveLength(2);
    schedule.stop();
  });

  it("a second kind at 01:30 on both London change days: once each, at croner's minute", async () => {
    const night = [
      { kind: "departures", channel: "C1", time: "07:00" },
      { kind: "rounds:night", channel: "C2", time: "01:30" },
    ];
    const { job, calls: fired } = recordingJob(
      night,
      (kind, date) => `${kind}@${date} ${new Date().toISOString()}`,
    );
    // Started after both times on the day before: those are caught up at once, then the change day.
    vi.useFakeTimers({ now: new Date("2026-03-28T12:00:00Z") });
    let schedule = scheduled(job);
    await vi.advanceTimersByTimeAsync(38 * 3600_000);
    schedule.stop();
    expect(fired).toEqual([
      "departures@2026-03-28 2026-03-28T12:00:00.000Z",
      "rounds:night@2026-03-28 2026-03-28T12:00:00.000Z",
      "rounds:night@2026-03-29 2026-03-29T01:00:00.000Z", // 01:30 does not exist: 02:00 BST
      "departures@2026-03-29 2026-03-29T06:00:00.000Z",
      "rounds:night@2026-03-30 2026-03-30T00:30:00.000Z",
    ]);
    fired.length = 0;
    vi.setSystemTime(new Date("2026-10-24T12:00:00Z"));
    schedule = scheduled(job);
    await vi.advanceTimersByTimeAsync(38 * 3600_000);
    schedule.stop();
    expect(fired).toEqual([
      "departures@2026-10-24 2026-10-24T12:00:00.000Z",
      "rounds:night@2026-10-24 2026-10-24T12:00:00.000Z",
      "rounds:night@2026-10-25 2026-10-25T00:30:00.000Z", // the first 01:30 (BST); not again at 01:30 GMT
      "departures@2026-10-25 2026-10-25T07:00:00.000Z",
      "rounds:night@2026-10-26 2026-10-26T01:30:00.000Z",
    ]);
  });
});
