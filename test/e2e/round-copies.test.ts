/**
 * A round shown in more than one message, end to end: the real Bolt app over HTTP, signed
 * `block_actions` bodies, the Slack stand-in and the awkward sandbox, on SQLite and on PostgreSQL.
 * The evening round of Sun 22 Nov is posted in the rounds channel as scheduled, then asked for again
 * with /rounds; a dose signed on that second copy draws the channel's scheduled post again too, so
 * it never keeps showing the dose as still to give (a reader could give it twice).
 */
import { describe, expect, it } from "vitest";
import { recordAll } from "../../src/blocks/buttons.ts";
import type { TimelineEntry } from "../../src/preview/slack-standin-types.ts";
import type { CareRecordStore } from "../../src/record/types.ts";
import { type Harness, nameStaff, useHarnessOn } from "../helpers/bot.ts";
import { awkwardRounds } from "../helpers/plan-slack.ts";
import { confirmAllPlans } from "../helpers/plans.ts";
import { buttonsOf, postRounds, roundPostOf, sectionOf, tapRecord } from "../helpers/record-slack.ts";
import { useStoreEngines } from "../helpers/store-engines.ts";

const CHANNEL = "C0ROUNDS";
const DATE = "2026-11-22";
const at = Date.parse(`${DATE}T19:35:00Z`);
const clock = { now: () => new Date(at) };
const engines = useStoreEngines(clock);

describe.each(engines)("a round shown twice ($name)", ({ open, skip }) => {
  let h: Harness;
  let store: CareRecordStore;
  /** The channel's scheduled round post (its messages), and the same round asked for again with /rounds. */
  let scheduled: TimelineEntry[];
  let copy: TimelineEntry[];

  useHarnessOn(
    { open, skip },
    () => awkwardRounds(clock, CHANNEL),
    async (started) => {
      ({ h, store } = started);
      nameStaff(h, { U0JANE: "Jane" });
      // The first sheet drafts the pets' plans; confirmed, the round has its one-tap buttons.
      await postRounds(h, CHANNEL, "evening");
      await confirmAllPlans(h.record, h.config, clock);
      const since = h.slack.timeline.at(-1)?.id ?? 0;
      await h.bot.digest?.runPost("rounds:evening", DATE, { retry: false });
      scheduled = await roundPostOf(h.slack, since);
      copy = await postRounds(h, CHANNEL, "evening");
    },
    120_000,
  );

  const current = (m: TimelineEntry) => h.slack.timeline.find((x) => x.id === m.id) as TimelineEntry;
  const updatesOf = (ts: string) =>
    h.slack.api.filter((r) => r.path === "/api/chat.update" && r.body.ts === ts).length;

  it.skipIf(skip)(
    "a dose signed on the second copy: the channel's scheduled post is drawn again showing it",
    async () => {
      expect(scheduled[0]?.ts).not.toBe(copy[0]?.ts);
      const tapped = copy.find((m) => m.blocks && JSON.stringify(m.blocks).includes("rec_all:"));
      if (!tapped) throw new Error("the second copy has no one-tap button");
      const [b] = await buttonsOf(store, tapped.blocks, recordAll);
      if (!b) throw new Error("the second copy has no one-tap button");
      const post = scheduled.find((m) => sectionOf(m.blocks, b.state) !== "");
      if (!post) throw new Error("the pet is not on the channel's scheduled post");
      expect(sectionOf(post.blocks, b.state)).not.toContain("✅");
      const before = updatesOf(post.ts);

      await tapRecord(h, tapped.id, b, "U0JANE");
      await h.slack.waitFor(() => updatesOf(post.ts) > before, 10_000);
      await h.slack.waitFor(() => sectionOf(current(post).blocks, b.state).includes("✅"), 10_000);
      expect(sectionOf(current(post).blocks, b.state)).toMatch(/✅ .*Jane/);
      expect(sectionOf(current(tapped).blocks, b.state)).toMatch(/✅ .*Jane/);
    },
  );

  it.skipIf(skip)(
    "a dose signed on the scheduled post itself asks Slack for no channel history (its posted record says where it is)",
    async () => {
      const tapped = scheduled.find((m) => {
        const now = current(m);
        return now.blocks && JSON.stringify(now.blocks).includes("rec_all:");
      });
      if (!tapped) throw new Error("the scheduled post has no one-tap button left");
      const [b] = await buttonsOf(store, current(tapped).blocks, recordAll);
      if (!b) throw new Error("the scheduled post has no one-tap button left");
      const reads = () => h.slack.api.filter((r) => r.path === "/api/conversations.history").length;
      const before = { reads: reads(), updates: updatesOf(tapped.ts) };
      await tapRecord(h, tapped.id, b, "U0JANE");
      await h.slack.waitFor(() => updatesOf(tapped.ts) > before.updates, 10_000);
      await new Promise((ok) => setTimeout(ok, 300));
      expect(reads()).toBe(before.reads);
    },
  );
});
