/**
 * A care plan confirmed from the evening round's post: the morning post of the same day, which
 * lists the pet too, is drawn again at once, so it no longer says "📋 plan not confirmed" (a carer
 * scrolling back must not be told to check a plan a colleague has confirmed). What each round asked
 * stays as it was kept. End to end: the real Bolt app over HTTP, signed taps and form, the Slack
 * stand-in and the awkward sandbox; Tigger (Cattery 4), whose plan has nothing left to a person.
 */
import { describe, expect, it } from "vitest";
import type { TimelineEntry } from "../../src/preview/slack-standin-types.ts";
import { type Harness, nameStaff, useHarnessOn } from "../helpers/bot.ts";
import { awkwardRounds, clickForForm, submit, valuesOf } from "../helpers/plan-slack.ts";
import { blocksOf } from "../helpers/slack.ts";
import { useStoreEngines } from "../helpers/store-engines.ts";

const CHANNEL = "C0ROUNDS";
const DATE = "2026-11-22";
let at = Date.parse(`${DATE}T07:35:00Z`);
const clock = { now: () => new Date(at) };

describe.each(useStoreEngines(clock))("a plan confirmed from the evening post ($name)", (engine) => {
  let h: Harness;
  useHarnessOn(
    engine,
    () => awkwardRounds(clock, CHANNEL),
    async (started) => {
      ({ h } = started);
      nameStaff(h, { U0JANE: "Jane" });
      at = Date.parse(`${DATE}T07:35:00Z`);
      await h.bot.digest?.runPost("rounds:morning", DATE, { retry: false });
      at = Date.parse(`${DATE}T19:35:00Z`);
      await h.bot.digest?.runPost("rounds:evening", DATE, { retry: false });
    },
    90_000,
  );

  /** Tigger's section on the round's post as Slack shows it now, its message and its 📋 Plan… button. */
  function tigger(round: "Morning" | "Evening") {
    for (const m of h.slack.timeline) {
      if (m.channel !== CHANNEL || m.ephemeral) continue;
      const blocks = blocksOf(m as TimelineEntry);
      const at = blocks.findIndex((b) => (b.text?.text ?? "").includes("*Tigger*"));
      if (at < 0) continue;
      const parent = m.thread_ts ? h.slack.timeline.find((x) => x.ts === m.thread_ts) : m;
      if (!JSON.stringify(parent?.blocks ?? []).includes(`${round} round`)) continue;
      const plan = (blocks[at + 1]?.elements ?? []).find((e) => e.action_id?.startsWith("plan_open"));
      return { message: m as TimelineEntry, section: blocks[at]?.text?.text ?? "", plan };
    }
    throw new Error(`Tigger is not on the ${round} post`);
  }

  it.skipIf(engine.skip)(
    "the morning post is drawn again: no longer 'plan not confirmed'",
    async () => {
      expect(tigger("Morning").section).toContain("📋 plan not confirmed");
      const evening = tigger("Evening");
      expect(evening.section).toContain("📋 plan not confirmed");
      if (!evening.plan) throw new Error("no 📋 Plan… for Tigger");
      const form = await clickForForm(
        h,
        "U0JANE",
        evening.plan,
        { message: evening.message },
        { trigger: "tconfirm1", actionTs: "1764000001.0001" },
      );
      expect((form.view.submit as { text?: string } | undefined)?.text).toBe("Confirm");
      expect((await submit(h, "U0JANE", form, valuesOf(form), "tconfirm2")).response_action).toBe("clear");
      await h.slack.waitFor(() => !tigger("Morning").section.includes("📋 plan not confirmed"), 15_000);
      expect(tigger("Evening").section).not.toContain("📋 plan not confirmed");
      expect(tigger("Morning").section).toContain("Tigger");
    },
    120_000,
  );
});
