/**
 * The morning post over real Web API calls to the loopback Slack stand-in and the sandbox kennel
 * API, on a fake clock: time passes only when the job waits.
 */
import { describe, expect, it } from "vitest";
import { digestMessages } from "../../src/blocks/digest.ts";
import { limitViolations } from "../../src/blocks/limits.ts";
import type { Message } from "../../src/blocks/types.ts";
import type { Config } from "../../src/config.ts";
import { DigestJob } from "../../src/digest/job.ts";
import { DIGEST_EVENT, NOTICE_EVENT } from "../../src/digest/post.ts";
import { webClientSlack } from "../../src/digest/slack.ts";
import { counts } from "../../src/domain/bookings.ts";
import { readBooking } from "../../src/kennel/schemas.ts";
import { silentLogger } from "../../src/log.ts";
import type { Sandbox } from "../../src/sandbox/server.ts";
import { reportOf } from "../helpers/reports.ts";
import type { SlackStandIn, StoredMessage } from "../helpers/slack.ts";
import { apiDownUntil, replicaParts, sandboxKennel, useBusySandbox } from "./replica.ts";

let sandbox: Sandbox;
let slack: SlackStandIn;
let channelSeq = 0;

useBusySandbox((started) => {
  ({ sandbox, slack } = started);
});

interface Fake {
  now: number;
  onSleep?: (now: number) => void;
}

function makeJob(fake: Fake, env: Record<string, string> = {}, settleMs = 0) {
  const channel = env.DIGEST_CHANNEL ?? `C0DIGEST${++channelSeq}`;
  const { config, log, kennel, client, clock } = replicaParts(
    slack,
    "xoxb-test-0000-digest",
    { ...sandboxKennel(sandbox), DIGEST_CHANNEL: channel, ...env },
    () => fake.now,
  );
  const job = new DigestJob({
    deps: { kennel, log, config, clock },
    slack: webClientSlack(client),
    settings: config.digest as NonNullable<Config["digest"]>,
    settleMs,
    sleep: async (ms) => {
      if (settleMs && ms === settleMs) await new Promise((r) => setTimeout(r, ms));
      else fake.now += ms;
      fake.onSleep?.(fake.now);
      return true;
    },
  });
  return { job, channel };
}

const inChannel = (channel: string) => slack.messages.filter((m) => m.channel === channel);
const parents = (channel: string, event = DIGEST_EVENT) =>
  inChannel(channel).filter((m) => !m.thread_ts && m.metadata?.event_type === event);
const asMessage = (m: StoredMessage): Message => ({ text: m.text, blocks: m.blocks as Message["blocks"] });

const BUSY = () => sandbox.data.busyDays[0] as string; // 2026-11-24

describe("once a day", () => {
  it("posts the departures at 07:00 with metadata, the rest in the thread, all within the limits", async () => {
    const fake = { now: Date.parse("2026-11-24T07:00:00Z") };
    const { job, channel } = makeJob(fake);
    const outcome = await job.runDay(BUSY());
    expect(outcome.kinds.departures).toMatchObject({ result: "posted" });
    const [parent, ...rest] = parents(channel);
    expect(rest).toHaveLength(0);
    const replyCount = inChannel(channel).filter((m) => m.thread_ts === parent?.ts).length;
    expect(parent?.metadata).toEqual({
      event_type: "kennel_digest",
      event_payload: { date: BUSY(), kind: "departures", late: false, part: 1, parts: 1 + replyCount },
    });
    const total = (sandbox.main.departuresByDate.get(BUSY()) ?? []).filter((b) =>
      counts(readBooking(b, silentLogger()) ?? {}),
    ).length;
    expect(JSON.stringify(parent?.blocks)).toContain(`Departures — Tue 24 Nov (${total})`);
    expect(JSON.stringify(parent?.blocks)).toMatch(/unpaid/);
    // The going-home check's count of care: medication to hand back or, where the busy day's few
    // medicated stays are on bookings whose pet name stands for two of a customer's pets, care not matched.
    expect(JSON.stringify(parent?.blocks)).toMatch(/medications? to hand back|care details not matched/);
    const replies = inChannel(channel).filter((m) => m.thread_ts === parent?.ts);
    // Every booking is in the parent or a reply, each once.
    const entries = [parent, ...replies].flatMap((m) =>
      ((m?.blocks ?? []) as Array<{ type: string; text?: { text: string } }>).filter(
        (b) => b.type === "section" && /^\*\d\d:\d\d\*/.test(b.text?.text ?? ""),
      ),
    );
    expect(entries).toHaveLength(total);
    // Each reply is a numbered part of its own.
    expect(replies.map((r) => r.metadata?.event_payload)).toEqual(
      replies.map((_, i) => ({ date: BUSY(), kind: "departures", part: i + 2, parts: replies.length + 1 })),
    );
    for (const m of [parent, ...replies]) expect(limitViolations(asMessage(m as StoredMessage))).toEqual([]);
    // Contact details never go into the channel (a phone is looked for with its no-break spaces too).
    const everything = JSON.stringify(inChannel(channel)).replaceAll("\u00a0", " ");
    for (const b of sandbox.main.departuresByDate.get(BUSY()) ?? []) {
      expect(everything).not.toContain(String(b.customerPhone));
      expect(everything).not.toContain(String(b.customerEmail));
    }
  });

  it("a restart at 07:00:30 posts nothing more", async () => {
    const fake = { now: Date.parse("2026-11-24T07:00:00Z") };
    const first = makeJob(fake);
    await first.job.runDay(BUSY());
    const before = inChannel(first.channel).length;
    fake.now = Date.parse("2026-11-24T07:00:30Z");
    const again = makeJob(fake, { DIGEST_CHANNEL: first.channel });
    expect((await again.job.runDay(BUSY())).kinds.departures).toMatchObject({ result: "already-posted" });
    expect(inChannel(first.channel).length).toBe(before);
  });

  it("a late start the same day posts once, marked late", async () => {
    const fake = { now: Date.parse("2026-11-24T09:42:00Z") };
    const { job, channel } = makeJob(fake);
    await job.runDay(BUSY());
    const [parent] = parents(channel);
    expect(parent?.metadata?.event_payload.late).toBe(true);
    expect(JSON.stringify(parent?.blocks)).toContain("posted late, at 09:42");
    await job.runDay(BUSY());
    expect(parents(channel)).toHaveLength(1);
  });

  it("two instances firing together leave one post", async () => {
    const fake = { now: Date.parse("2026-11-24T07:00:00Z") };
    const a = makeJob(fake, {}, 300);
    const b = makeJob(fake, { DIGEST_CHANNEL: a.channel }, 300);
    const [ra, rb] = await Promise.all([a.job.runDay(BUSY()), b.job.runDay(BUSY())]);
    const results = [ra.kinds.departures?.result, rb.kinds.departures?.result].sort();
    expect(results).toEqual(["duplicate-removed", "posted"]);
    expect(parents(a.channel)).toHaveLength(1);
    // The survivor's thread is complete; no orphan replies of the removed copy.
    const kept = parents(a.channel)[0];
    expect(inChannel(a.channel).filter((m) => m.thread_ts && m.thread_ts !== kept?.ts)).toHaveLength(0);
  });

  it("a day with none says so in one line; arrivals too when DIGEST_CONTENT asks", async () => {
    const empty = sandbox.data.emptyDays[0] as string;
    const fake = { now: Date.parse(`${empty}T07:00:00Z`) };
    const { job, channel } = makeJob(fake, { DIGEST_CONTENT: "departures,arrivals" });
    await job.runDay(empty);
    const posts = parents(channel);
    expect(posts.map((p) => p.metadata?.event_payload.kind)).toEqual(["departures", "arrivals"]);
    expect(posts[0]?.blocks).toHaveLength(1);
    expect(JSON.stringify(posts[0]?.blocks)).toMatch(/No departures on Fri 27 Nov/);
    expect(JSON.stringify(posts[1]?.blocks)).toMatch(/No arrivals on/);
  });

  it("Slack's rate limits are waited out, not dropped", async () => {
    const fake = { now: Date.parse("2026-11-24T07:00:00Z") };
    const { job, channel } = makeJob(fake);
    slack.rateLimited.set("chat.postMessage", 1);
    await job.runDay(BUSY());
    expect(parents(channel)).toHaveLength(1);
    expect(slack.rateLimited.get("chat.postMessage")).toBe(0);
  });
});

describe("the API down at 07:00", () => {
  it("retries with backoff for 15 minutes, posts a notice once, tries hourly, then posts once it recovers", async () => {
    const recoverAt = Date.parse("2026-11-24T09:10:00Z");
    const fake: Fake = apiDownUntil(sandbox, "2026-11-24T07:00:00Z", recoverAt);
    const { job, channel } = makeJob(fake);
    const outcome = await job.runDay(BUSY());
    expect(outcome.kinds.departures).toMatchObject({ result: "posted" });
    const notices = parents(channel, NOTICE_EVENT);
    expect(notices).toHaveLength(1);
    expect(JSON.stringify(notices[0]?.blocks)).toMatch(
      /could not be made: The kennel API had a problem on its side \(HTTP 50[03]\) \(request id `sbx-/,
    );
    expect(JSON.stringify(notices[0]?.blocks)).toMatch(/keep trying every hour/);
    const posts = parents(channel);
    expect(posts).toHaveLength(1);
    expect(posts[0]?.metadata?.event_payload.late).toBe(true);
    // 07:15 notice, then hourly: 08:15, 09:15 succeeds.
    expect(fake.now).toBeGreaterThanOrEqual(recoverAt);
    expect(fake.now).toBeLessThan(Date.parse("2026-11-24T09:20:00Z"));
    expect(JSON.stringify(posts[0]?.blocks)).toContain("posted late, at 09:15");
  });

  it("gives up when the day is over", async () => {
    sandbox.setFaults({ errorRate: 1 });
    const fake = { now: Date.parse("2026-11-24T07:00:00Z") };
    const { job, channel } = makeJob(fake);
    const outcome = await job.runDay(BUSY());
    expect(outcome.kinds.departures).toMatchObject({ result: "gave-up" });
    expect(parents(channel)).toHaveLength(0);
    expect(parents(channel, NOTICE_EVENT)).toHaveLength(1);
  });
});

describe("a 300-departure day", () => {
  it("fits: a parent and thread replies within every limit, every booking exactly once", () => {
    const log = silentLogger();
    const bookings = sandbox.main.bookings.slice(0, 300).map((b, i) => ({
      ...(readBooking(b, log) ?? {}),
      status: "confirmed",
      customerId: 700000 + i,
      bookingId: 700000 + i,
      reference: `R${i}`,
      bookingPaid: i % 3 !== 0,
      hasPayment: false,
      petNames: "x",
      numberOfPets: 1,
    }));
    const report = reportOf("departures", "2026-11-24", bookings, {
      wholeDay: true,
      petsOf: (b) => [{ name: "x", medication: (b.bookingId ?? 0) % 4 === 0 ? "pill" : undefined }],
    });
    const { parent, replies } = digestMessages(report, "Europe/London");
    const all = [parent, ...replies];
    for (const m of all) expect(limitViolations(m)).toEqual([]);
    const refs = all.flatMap((m) => [...JSON.stringify(m).matchAll(/`R(\d+)`/g)].map((x) => x[1]));
    expect(refs).toHaveLength(300);
    expect(new Set(refs).size).toBe(300);
    expect(JSON.stringify(parent)).toContain("*🔴 100 unpaid*");
    expect(JSON.stringify(parent)).toContain("💊 75 medications to hand back");
  });
});
