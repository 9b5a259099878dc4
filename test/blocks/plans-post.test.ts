/**
 * The care plans to confirm on the biggest day (issue 34): every pet of the sandbox's busiest morning
 * (its full house, every plan a draft), one post and its thread, each message within Block Kit's
 * limits, every pet listed once with its own button, none dropped.
 */
import { describe, expect, it } from "vitest";
import { roundReport } from "../../src/answers/rounds.ts";
import { limitViolations } from "../../src/blocks/limits.ts";
import { plansMessages } from "../../src/blocks/plan.ts";
import type { PlanView } from "../../src/present/plan.ts";
import { busyDay, TZ } from "../present/harness.ts";

const busy = busyDay();

describe("the care plans to confirm on the busiest morning", () => {
  it("one post and its thread: within the limits, each pet once with its button", async () => {
    const report = await roundReport(busy.deps, "morning", busy.day);
    const views: PlanView[] = report.pets.flatMap((p) =>
      p.plan?.versionId !== undefined && p.plan.state !== "confirmed"
        ? [
            {
              versionId: p.plan.versionId,
              plan: p.plan.plan,
              petName: p.pet?.pet.name ?? "?",
              room: p.booking.roomName,
            },
          ]
        : [],
    );
    expect(views.length).toBeGreaterThan(140);
    const { parent, replies } = plansMessages("Morning round, Tue 24 Nov", views, TZ);
    const messages = [parent, ...replies];
    for (const m of messages) expect(limitViolations(m)).toEqual([]);
    const buttons = messages.flatMap((m) =>
      (
        m.blocks as Array<{
          elements?: Array<{ action_id?: string; value?: string }>;
          accessory?: { action_id?: string; value?: string };
        }>
      ).flatMap((b) =>
        [...(b.elements ?? []), ...(b.accessory ? [b.accessory] : [])].filter((e) =>
          e.action_id?.startsWith("plan_open"),
        ),
      ),
    );
    expect(buttons.map((b) => b.value).sort()).toEqual(
      views.map((v) => JSON.stringify({ v: v.versionId })).sort(),
    );
    expect(new Set(buttons.map((b) => b.action_id)).size).toBe(buttons.length);
  });
});
