/**
 * The scheduled-posts machinery for any kind of post (the 07:00 post, the round posts, tomorrow's
 * check): over real Web API calls to the loopback Slack stand-in and the sandbox kennel API, on a
 * fake clock.
 */
import { describe, expect, it } from "vitest";
import { section } from "../../src/blocks/mrkdwn.ts";
import type { Message } from "../../src/blocks/types.ts";
import { composePost } from "../../src/digest/compose.ts";
import { DigestJob } from "../../src/digest/job.ts";
import { DIGEST_EVENT } from "../../src/digest/post.ts";
import {
  type ComposeFn,
  isPostKind,
  type PostKind,
  postLabel,
  roundOfPost,
  type ScheduledPost,
  scheduledPosts,
} from "../../src/digest/posts.ts";
import { startDigestSchedule } from "../../src/digest/schedule.ts";
import { type DigestSlack, webClientSlack } from "../../src/digest/slack.ts";
import { silentLogger } from "../../src/log.ts";
import type { Sandbox } from "../../src/sandbox/server.ts";
import { type SlackStandIn, startSlackStandIn } from "../helpers/slack.ts";
import { apiDownUntil, replicaParts, sandboxKennel, useBusySandbox } from "./replica.ts";

let sandbox: Sandbox;
let slack: SlackStandIn;
let seq = 0;

useBusySandbox((started) => {
  ({ sandbox, slack } = started);
});

const BUSY = () => sandbox.data.busyDays[0] as string; // 2026-11-24, more than one message of departures

interface Fake {
  now: number;
  onSleep?: (now: number, ms: number) => void;
}

const text = (s: string): Message => ({ text: s, blocks: [section(s)] });

/** A stand-in for the lead's compose: departures and arrivals as the 07:00 post; anything else, 3 parts. */
function composer(deps: Parameters<typeof composePost>[0], calls: string[]): ComposeFn {
  return async (kind, date, { lateAt }) => {
    calls.push(`${kind} ${date} late=${lateAt ?? "-"}`);
    if (kind === "departures" || kind === "arrivals")
      return composePost(deps, kind as PostKind, date, lateAt);
    await deps.kennel.listArrivals(date); // as a real round post reads the kennel API
    return {
      parent: text(`${kind} for ${date}${lateAt ? ` (posted late, at ${lateAt})` : ""}`),
      replies: [text(`${kind} part 2`), text(`${kind} part 3`)],
    };
  };
}

function makeJob(
  fake: Fake,
  posts: ScheduledPost[],
  options: { slack?: (s: DigestSlack) => DigestSlack; standIn?: SlackStandIn } = {},
) {
  const stand = options.standIn ?? slack;
  const { config, log, kennel, client, clock } = replicaParts(
    stand,
    "xoxb-test-0000-posts",
    sandboxKennel(sandbox),
    () => fake.now,
  );
  const deps = { kennel, log, config, clock };
  const calls: string[] = [];
  const base = webClientSlack(client);
  const job = new DigestJob({
    deps,
    slack: options.slack ? options.slack(base) : base,
    settings: { posts },
    compose: composer(deps, calls),
    settleMs: 0,
    sleep: async (ms) => {
      fake.now += ms;
      fake.onSleep?.(fake.now, ms);
      return true;
    },
  });
  return { job, deps, calls };
}

const channel = () => `C0POSTS${++seq}`;
const inChannel = (c: string) => slack.messages.filter((m) => m.channel === c);
const parents = (c: string) =>
  inChannel(c).filter((m) => !m.thread_ts && m.metadata?.event_type === DIGEST_EVENT);
const threadOf = (c: string, ts: string | undefined) => inChannel(c).filter((m) => m.thread_ts === ts);

describe("posts as data", () => {
  it("the settings give one post per kind: departures, each round in its channel, tomorrow's check", () => {
    expect(
      scheduledPosts({
        digest: { channel: "C0DESK", time: "07:00", kinds: ["departures", "arrivals"] },
        rounds: { channel: "C0ROUNDS", times: { morning: "07:30", midday: "12:00", evening: "18:00" } },
        tomorrowTime: "17:00",
      }),
    ).toEqual([
      { kind: "departures", channel: "C0DESK", time: "07:00" },
      { kind: "arrivals", channel: "C0DESK", time: "07:00" },
      { kind: "rounds:morning", channel: "C0ROUNDS", time: "07:30" },
      { kind: "rounds:midday", channel: "C0ROUNDS", time: "12:00" },
      { kind: "rounds:evening", channel: "C0ROUNDS", time: "18:00" },
      { kind: "tomorrow", channel: "C0DESK", time: "17:00" },
    ]);
    expect(scheduledPosts({ digest: undefined, rounds: undefined, tomorrowTime: "17:00" })).toEqual([]);
    expect(
      () =>
        new DigestJob({
          deps: {} as never,
          slack: {} as never,
          settings: {
            posts: [
              { kind: "tomorrow", channel: "C1", time: "17:00" },
              { kind: "tomorrow", channel: "C2", time: "18:00" },
            ],
          },
        }),
    ).toThrow(/Two scheduled posts of the kind "tomorrow"/);
  });

  it("a round post: once per date in its own channel, numbered parts, late after its time", async () => {
    const rounds = channel();
    const fake = { now: Date.parse("2026-11-24T07:30:00Z") };
    const posts = scheduledPosts({
      rounds: { channel: rounds, times: { morning: "07:30", midday: "12:00", evening: "18:00" } },
    });
    const { job, calls } = makeJob(fake, posts);
    expect(await job.runPost("rounds:morning", BUSY())).toMatchObject({ result: "posted", replies: 2 });
    expect(await job.runPost("rounds:morning", BUSY())).toMatchObject({ result: "already-posted" });
    fake.now = Date.parse("2026-11-24T12:40:00Z");
    expect(await job.runPost("rounds:midday", BUSY())).toMatchObject({ result: "posted" });
    expect(calls).toEqual([`rounds:morning ${BUSY()} late=-`, `rounds:midday ${BUSY()} late=12:40`]);
    const [morning, midday, ...none] = parents(rounds);
    expect(none).toEqual([]);
    expect(morning?.metadata?.event_payload).toEqual({
      date: BUSY(),
      kind: "rounds:morning",
      late: false,
      part: 1,
      parts: 3,
    });
    expect(midday?.metadata?.event_payload).toMatchObject({ kind: "rounds:midday", late: true });
    expect(threadOf(rounds, morning?.ts).map((m) => [m.text, m.metadata?.event_payload])).toEqual([
      ["rounds:morning part 2", { date: BUSY(), kind: "rounds:morning", part: 2, parts: 3 }],
      ["rounds:morning part 3", { date: BUSY(), kind: "rounds:morning", part: 3, parts: 3 }],
    ]);
  });
});

describe("a round post has the 07:00 post's guarantees", () => {
  it("two instances firing together leave one post, its thread complete", async () => {
    const c = channel();
    const posts = [{ kind: "rounds:evening", channel: c, time: "18:00" }];
    const fake = { now: Date.parse("2026-11-24T18:00:00Z") };
    const [a, b] = await Promise.all([
      makeJob(fake, posts).job.runPost("rounds:evening", BUSY()),
      makeJob(fake, posts).job.runPost("rounds:evening", BUSY()),
    ]);
    expect([a.result, b.result].sort()).toEqual(["duplicate-removed", "posted"]);
    expect(parents(c)).toHaveLength(1);
    expect(inChannel(c).filter((m) => m.thread_ts)).toHaveLength(2);
    expect(threadOf(c, parents(c)[0]?.ts)).toHaveLength(2);
  });

  it("the API down: backoff, one notice naming the round, hourly tries, then the post, marked late", async () => {
    const c = channel();
    const fake: Fake = apiDownUntil(sandbox, "2026-11-24T07:30:00Z", Date.parse("2026-11-24T09:00:00Z"));
    const { job } = makeJob(fake, [{ kind: "rounds:morning", channel: c, time: "07:30" }]);
    expect(await job.runPost("rounds:morning", BUSY())).toMatchObject({ result: "posted" });
    const notices = inChannel(c).filter((m) => m.metadata?.event_type === "kennel_digest_notice");
    expect(notices.map((m) => m.metadata?.event_payload)).toEqual([{ date: BUSY(), kind: "rounds:morning" }]);
    expect(JSON.stringify(notices[0]?.blocks)).toMatch(
      /Today's morning round post \(Tue 24 Nov\) could not be made: .*request id `sbx-.*keep trying every hour/,
    );
    // 07:45 notice, then hourly: 08:45, 09:45 succeeds.
    expect(parents(c).map((m) => m.text)).toEqual([`rounds:morning for ${BUSY()} (posted late, at 09:45)`]);
  });
});

describe("complete exactly once: a crash between the parent and its thread replies", () => {
  /** Slack that refuses every message after the first one (the process dies there), until cleared. */
  const failAfterFirst = (s: DigestSlack): DigestSlack => {
    let first = true;
    return {
      ...s,
      async post(c, message, options) {
        const ts = await s.post(c, message, options);
        if (first) slack.broken.add("chat.postMessage");
        first = false;
        return ts;
      },
    };
  };

  it("a re-run posts only the missing replies, in order, each once; a third run posts nothing", async () => {
    const fake = { now: Date.parse("2026-11-24T07:00:00Z") };
    // What the complete post looks like, made without a hitch.
    const reference = channel();
    await makeJob(fake, [{ kind: "departures", channel: reference, time: "07:00" }]).job.runDay(BUSY());
    const [refParent] = parents(reference);
    const expected = threadOf(reference, refParent?.ts).map((m) => m.text);
    expect(expected.length).toBeGreaterThanOrEqual(2);

    const c = channel();
    const posts = [{ kind: "departures", channel: c, time: "07:00" }];
    const crashing = makeJob(fake, posts, { slack: failAfterFirst });
    await expect(crashing.job.runDay(BUSY(), { retry: false })).rejects.toThrow();
    expect(parents(c)).toHaveLength(1);
    expect(threadOf(c, parents(c)[0]?.ts)).toHaveLength(0);

    slack.broken.clear();
    fake.now = Date.parse("2026-11-24T07:02:00Z");
    const again = await makeJob(fake, posts).job.runDay(BUSY(), { retry: false });
    expect(again.kinds.departures).toEqual({
      result: "completed",
      ts: parents(c)[0]?.ts,
      replies: expected.length,
    });
    expect(parents(c)).toHaveLength(1);
    const thread = threadOf(c, parents(c)[0]?.ts);
    expect(thread.map((m) => m.text)).toEqual(expected);
    expect(thread.map((m) => m.metadata?.event_payload.part)).toEqual(expected.map((_, i) => i + 2));

    const before = inChannel(c).length;
    const third = await makeJob(fake, posts).job.runDay(BUSY(), { retry: false });
    expect(third.kinds.departures).toMatchObject({ result: "already-posted" });
    expect(inChannel(c)).toHaveLength(before);
  });

  it("inside one scheduled run: Slack failing after the parent is retried and the thread completed", async () => {
    const c = channel();
    const fake: Fake = {
      now: Date.parse("2026-11-24T07:30:00Z"),
      // Slack is back by the first retry (not during the short pause after the parent).
      onSleep: (_now, ms) => {
        if (ms > 0) slack.broken.clear();
      },
    };
    const { job, calls } = makeJob(fake, [{ kind: "rounds:morning", channel: c, time: "07:30" }], {
      slack: failAfterFirst,
    });
    slack.broken.clear();
    const outcome = await job.runPost("rounds:morning", BUSY());
    expect(outcome).toMatchObject({ result: "completed", replies: 2 });
    expect(parents(c)).toHaveLength(1);
    expect(threadOf(c, parents(c)[0]?.ts).map((m) => m.text)).toEqual([
      "rounds:morning part 2",
      "rounds:morning part 3",
    ]);
    expect(calls).toHaveLength(2); // composed for the parent, then again for the missing parts
  });

  it("two re-runs completing the same thread at once leave each part once", async () => {
    const fake = { now: Date.parse("2026-11-24T07:30:00Z") };
    const c = channel();
    const posts = [{ kind: "rounds:morning", channel: c, time: "07:30" }];
    await expect(
      makeJob(fake, posts, { slack: failAfterFirst }).job.runPost("rounds:morning", BUSY(), { retry: false }),
    ).rejects.toThrow();
    slack.broken.clear();
    const [a, b] = await Promise.all([
      makeJob(fake, posts).job.runPost("rounds:morning", BUSY()),
      makeJob(fake, posts).job.runPost("rounds:morning", BUSY()),
    ]);
    expect([a.result, b.result].sort()).toEqual(["already-posted", "completed"]);
    expect(threadOf(c, parents(c)[0]?.ts).map((m) => m.text)).toEqual([
      "rounds:morning part 2",
      "rounds:morning part 3",
    ]);
  });
});

describe("a post for a future day (digest --date)", () => {
  it("is seen by the next run: history is read from today's midnight, not the day's own", async () => {
    // A Slack of its own, whose clock has not yet passed the day's midnight.
    const own = await startSlackStandIn();
    try {
      const fake = { now: Date.parse("2026-11-22T10:00:00Z") }; // two days before BUSY
      const c = channel();
      const posts = [{ kind: "departures", channel: c, time: "07:00" }];
      const first = await makeJob(fake, posts, { standIn: own }).job.runDay(BUSY(), { retry: false });
      expect(first.kinds.departures).toMatchObject({ result: "posted" });
      fake.now += 60_000;
      const second = await makeJob(fake, posts, { standIn: own }).job.runDay(BUSY(), { retry: false });
      expect(second.kinds.departures).toMatchObject({ result: "already-posted" });
      const posted = own.messages.filter((m) => !m.thread_ts && m.metadata?.event_type === DIGEST_EVENT);
      expect(posted).toHaveLength(1);
    } finally {
      await own.close();
    }
  });
});

describe("a suspended machine, and a clock set back (the scheduler and the job together)", () => {
  it("woken at 09:40 past 07:00 and 07:30: each post once, marked late; set back to 06:50: nothing more", async () => {
    const desk = channel();
    const rounds = channel();
    const fake = { now: Date.parse("2026-11-24T06:00:00Z") };
    const posts = scheduledPosts({
      digest: { channel: desk, time: "07:00", kinds: ["departures"] },
      rounds: { channel: rounds, times: { morning: "07:30", midday: "12:00", evening: "18:00" } },
    });
    const { job, deps, calls } = makeJob(fake, posts);
    // The timers do not fire by themselves here: each "timer" is a call to check().
    const schedule = startDigestSchedule({
      job,
      timezone: "Europe/London",
      clock: deps.clock,
      log: silentLogger(),
      timers: { set: () => 0, clear: () => undefined },
    });
    await schedule.check();
    expect(calls).toEqual([]);

    fake.now = Date.parse("2026-11-24T09:40:00Z"); // the machine slept through 07:00 and 07:30
    await schedule.check();
    expect(parents(desk)).toHaveLength(1);
    expect(parents(desk)[0]?.metadata?.event_payload.late).toBe(true);
    expect(JSON.stringify(parents(desk)[0]?.blocks)).toContain("posted late, at 09:40");
    expect(parents(rounds).map((m) => [m.metadata?.event_payload.kind, m.text])).toEqual([
      ["rounds:morning", `rounds:morning for ${BUSY()} (posted late, at 09:40)`],
    ]);
    await schedule.check();

    const historyReads = () =>
      slack.api.filter((a) => a.path.startsWith("/api/conversations.history")).length;
    const reads = historyReads();
    fake.now = Date.parse("2026-11-24T06:50:00Z"); // set back
    await schedule.check();
    fake.now = Date.parse("2026-11-24T07:35:00Z");
    await schedule.check();
    expect(historyReads()).toBe(reads); // not even tried again
    expect(parents(desk)).toHaveLength(1);
    expect(parents(rounds)).toHaveLength(1);

    fake.now = Date.parse("2026-11-24T12:00:00Z"); // and the midday round comes as usual, on time
    await schedule.check();
    expect(
      parents(rounds).map((m) => [m.metadata?.event_payload.kind, m.metadata?.event_payload.late]),
    ).toEqual([
      ["rounds:morning", true],
      ["rounds:midday", false],
    ]);
    schedule.stop();
  });
});

describe("a second kind of post on a DST day", () => {
  it("01:30 on 29 Mar (London) does not exist: posted at 02:00 BST, croner's minute, on time, once", async () => {
    const c = channel();
    const posts = [{ kind: "rounds:night", channel: c, time: "01:30" }];
    const fake = { now: Date.parse("2026-03-29T01:00:00Z") }; // 02:00 BST
    const { job, calls } = makeJob(fake, posts);
    expect(await job.runPost("rounds:night", "2026-03-29")).toMatchObject({ result: "posted" });
    expect(calls).toEqual(["rounds:night 2026-03-29 late=-"]);
    expect(parents(c)[0]?.metadata?.event_payload.late).toBe(false);
  });

  it("01:30 on 25 Oct (London) happens twice: posted at the first, not again at the second", async () => {
    const c = channel();
    const posts = [{ kind: "rounds:night", channel: c, time: "01:30" }];
    const fake = { now: Date.parse("2026-10-25T00:30:00Z") }; // the first 01:30 (BST)
    const { job } = makeJob(fake, posts);
    expect(await job.runPost("rounds:night", "2026-10-25")).toMatchObject({ result: "posted" });
    fake.now = Date.parse("2026-10-25T01:30:00Z"); // the second 01:30 (GMT)
    expect(await job.runPost("rounds:night", "2026-10-25")).toMatchObject({ result: "already-posted" });
    expect(parents(c)).toHaveLength(1);
    expect(parents(c)[0]?.metadata?.event_payload.late).toBe(false);
  });
});

describe("the kinds of post", () => {
  it("a round's post names its round; no other kind does, nor a round the kennel does not have", () => {
    expect(roundOfPost("rounds:evening")).toBe("evening");
    expect(roundOfPost("rounds:morning")).toBe("morning");
    expect(roundOfPost("rounds:night")).toBeUndefined();
    expect(roundOfPost("departures")).toBeUndefined();
    expect(roundOfPost("rounds:")).toBeUndefined();
    expect(postLabel("rounds:midday")).toBe("midday round");
    expect(postLabel("tomorrow")).toBe("tomorrow's check");
    expect(["departures", "arrivals", "tomorrow", "rounds:midday"].every(isPostKind)).toBe(true);
    expect(["rounds:night", "rounds", "digest"].some(isPostKind)).toBe(false);
  });
});
