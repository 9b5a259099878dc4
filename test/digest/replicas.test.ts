/**
 * Three replicas at once (issue 31, item 7): each runs the same scheduled post against one Slack,
 * whose every call takes its own time (the stand-in's latency, from a seeded sequence). The replica
 * that posts the parent posts its replies while another, which found that parent meanwhile,
 * completes its thread too (a loaded machine: the first poster stalls before its replies, until the
 * others are done or have a reply in); every poster then reads the thread again and deletes its
 * later copies. Thirty times over, each time one parent and exactly one copy of each reply, in order.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { section } from "../../src/blocks/mrkdwn.ts";
import type { Message } from "../../src/blocks/types.ts";
import { DigestJob } from "../../src/digest/job.ts";
import { DIGEST_EVENT } from "../../src/digest/post.ts";
import { type DigestSlack, webClientSlack } from "../../src/digest/slack.ts";
import { type SlackStandIn, startSlackStandIn } from "../helpers/slack.ts";
import { replicaParts, UNREACHED_KENNEL } from "./replica.ts";

const DATE = "2026-11-24";
const KIND = "rounds:morning";
const RUNS = 30;

let slack: SlackStandIn;
beforeAll(async () => {
  // Pacing off: three replicas' posts in one channel would otherwise wait out 429s, second by second.
  slack = await startSlackStandIn({ limits: { postBurst: 100_000 } });
  const now = Date.parse(`${DATE}T07:30:00Z`);
  slack.now = () => now;
});
afterAll(() => slack.close());

/** A seeded sequence in [0, 1) (mulberry32): the same latencies on every run of the test. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const text = (s: string): Message => ({ text: s, blocks: [section(s)] });

/**
 * One replica: its own Slack client (learning who it is), its own job, the same post. `pause`: a
 * loaded machine, where the replica that posted the parent stalls before each of its replies.
 */
function replica(channel: string, random: () => number, pause?: () => Promise<unknown>) {
  const { config, log, kennel, client, clock } = replicaParts(
    slack,
    "xoxb-test-0000-replica",
    UNREACHED_KENNEL,
    () => Date.parse(`${DATE}T07:30:00Z`),
  );
  const base = webClientSlack(client, { log });
  let postedParent = false;
  const stalling: DigestSlack = {
    ...base,
    async post(c, message, options) {
      if (options?.threadTs && postedParent) await pause?.();
      const ts = await base.post(c, message, options);
      if (!options?.threadTs) postedParent = true;
      return ts;
    },
  };
  return new DigestJob({
    deps: { kennel, log, config, clock },
    slack: stalling,
    settings: { posts: [{ kind: KIND, channel, time: "07:30" }] },
    // A parent and three replies, composed in a time of its own (as from the kennel API).
    compose: async (kind) => {
      await new Promise((r) => setTimeout(r, Math.floor(random() * 10)));
      return { parent: text(kind), replies: [2, 3, 4].map((part) => text(`${kind} part ${part}`)) };
    },
    // The pause before reading again: nothing to wait for here, the stand-in shows a post once handled.
    sleep: async () => true,
  });
}

describe("three replicas at once", () => {
  it(`${RUNS} times: one parent and exactly one copy of each reply, in order, every time`, async () => {
    const random = seeded(31);
    // Each call waits 0–7 ms before Slack handles it and again before its answer leaves.
    slack.latency = () => Math.floor(random() * 8);
    let repliesDeleted = 0;
    const outcomes = new Set<string>();
    try {
      for (let run = 0; run < RUNS; run++) {
        const channel = `C0RACE${run}`;
        const inChannel = () => slack.messages.filter((m) => m.channel === channel);
        const parentPosted = () => inChannel().some((m) => !m.thread_ts);
        // 0: all three at the same moment. 1: the third starts as a parent lands (it finds it and
        // completes its thread) while the first poster stalls until that one is done. 2: the second
        // and third start as a parent lands, and the first poster stalls until a reply of theirs is in.
        const mode = run % 3;
        let lateDone: Promise<unknown> = Promise.resolve();
        const pause = [
          undefined,
          () => lateDone,
          () => slack.waitFor(() => inChannel().some((m) => m.thread_ts)),
        ][mode];
        const jobs = [0, 1, 2].map(() => replica(channel, random, pause));
        const runs = jobs.map(async (job, i) => {
          if (i > 0 && i >= 3 - mode) await slack.waitFor(parentPosted);
          return job.runPost(KIND, DATE);
        });
        lateDone = Promise.allSettled(runs.slice(3 - mode));
        const deletesBefore = slack.api.filter((a) => a.path === "/api/chat.delete").length;
        const results = await Promise.all(runs);
        for (const r of results) outcomes.add(r.result);

        const parents = inChannel().filter((m) => !m.thread_ts);
        expect(parents, `run ${run}`).toHaveLength(1);
        const [parent] = parents;
        expect(parent?.metadata?.event_type).toBe(DIGEST_EVENT);
        const thread = inChannel().filter((m) => m.thread_ts);
        // Every reply in the kept parent's thread (none left under a deleted copy), each part once.
        expect(
          thread.map((m) => [m.thread_ts, m.metadata?.event_payload.part, m.text]),
          `run ${run}`,
        ).toEqual([2, 3, 4].map((part) => [parent?.ts, part, `${KIND} part ${part}`]));
        // Each duplicate-removed replica deleted its parent; every other delete was a reply's copy.
        const deletes = slack.api.filter((a) => a.path === "/api/chat.delete").length - deletesBefore;
        repliesDeleted += deletes - results.filter((r) => r.result === "duplicate-removed").length;
      }
    } finally {
      slack.latency = undefined;
    }
    // The race happened: replicas completed a thread its first poster was still posting, and the
    // later copies of its replies (sometimes the first poster's own) deleted themselves.
    expect(outcomes).toContain("posted");
    expect(outcomes).toContain("completed");
    expect(repliesDeleted).toBeGreaterThan(0);
  }, 120_000);
});
