/**
 * The care plans to confirm on the biggest day (issue 34): every pet of the sandbox's busiest morning
 * (its full house, every plan a draft), one post and its thread, each message within Block Kit's
 * limits, every pet listed once with its own button, none dropped.
 */
import { describe, expect, it } from "vitest";
import { roundReport } from "../../src/answers/rounds.ts";
import { limitViolations } from "../../src/blocks/limits.ts";
import { plansMessages, plansPostMessage, plansPostOf } from "../../src/blocks/plan.ts";
import type { PlanView } from "../../src/present/plan.ts";
import { busyDay, TZ } from "../present/harness.ts";

const busy = busyDay();

describe("the care plans to confirm on the busiest morning", () => {
  const viewsOf = async (): Promise<PlanView[]> => {
    const report = await roundReport(busy.deps, "morning", busy.day);
    return report.pets.flatMap((p) =>
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
  };

  it("one post and its thread: within the limits, each pet once with its button", async () => {
    const views = await viewsOf();
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

  it("each message drawn again from what its tap carries: its head or reply label, and its pets in order", async () => {
    const views = await viewsOf();
    const { parent, replies } = plansMessages("Morning round, Tue 24 Nov", views, TZ);
    expect(replies.length).toBeGreaterThan(0);
    for (const [i, m] of [parent, ...replies].entries()) {
      const ref = plansPostOf({ ts: `1764000000.00${i}`, blocks: m.blocks });
      expect(ref, `message ${i}`).toBeDefined();
      if (!ref) continue;
      expect(ref.t).toBe(`1764000000.00${i}`);
      const mine = ref.p.map(
        ([b, p]) => views.find((v) => v.plan.bookingId === b && v.plan.petId === p) as PlanView,
      );
      // Nothing changed: the same message (its counts over the whole post's pets); a pet confirmed
      // since: still listed, in its state now.
      expect(plansPostMessage(ref, mine, TZ, views).blocks, `message ${i}`).toEqual(m.blocks);
    }
    // A message that is not a plans post (a round sheet, a card): nothing to draw again.
    expect(
      plansPostOf({
        ts: "1.2",
        blocks: [{ type: "header", text: { type: "plain_text", text: "Evening round" } }],
      }),
    ).toBeUndefined();
  });

  it("drawn again with a plan confirmed: the pet still listed in its state, the summary says what is left", async () => {
    const [a, b] = (await viewsOf()) as [PlanView, PlanView];
    const at = "2026-11-24T08:00:00Z";
    const people = [
      { userId: "U1", userName: "Jane", at },
      { userId: "U2", userName: "Tom", at },
    ];
    const done = { ...a, plan: { ...a.plan, confirmations: people } };
    const ids = (v: PlanView): [number, number] => [v.plan.bookingId, v.plan.petId];
    const ref = { t: "1.1", h: "Morning round, Tue 24 Nov" };
    const some = JSON.stringify(plansPostMessage({ ...ref, p: [ids(a), ids(b)] }, [done, b], TZ).blocks);
    expect(some).toContain("📋 1 to confirm · ✅ 1 confirmed since posted");
    expect(some).toContain("✅ plan confirmed · confirmed by Jane");
    const all = JSON.stringify(plansPostMessage({ ...ref, p: [ids(a)] }, [done], TZ).blocks);
    expect(all).toContain("✅ Every plan here is confirmed (1): their doses are due as each plan says");
    expect(all).not.toContain("📋 1 to confirm");
  });
});

describe("the plans post's counts, drawn again over the whole post (issue 44)", () => {
  it("a message of a post split into a thread counts every pet of the post, as they stand now", async () => {
    const report = await roundReport(busy.deps, "morning", busy.day);
    const views: PlanView[] = report.pets.flatMap((p) =>
      p.plan?.versionId !== undefined && p.plan.state !== "confirmed"
        ? [{ versionId: p.plan.versionId, plan: p.plan.plan, petName: "?", room: p.booking.roomName }]
        : [],
    );
    const { parent, replies } = plansMessages("Morning round, Tue 24 Nov", views, TZ);
    expect(replies.length).toBeGreaterThan(0);
    const ref = plansPostOf({ ts: "1.1", blocks: parent.blocks });
    if (!ref) throw new Error("no plans post");
    const at = "2026-11-24T08:00:00Z";
    // Two pets confirmed since, one of them in a reply: the first message says so over all of them.
    const people = [
      { userId: "U1", userName: "Jane", at },
      { userId: "U2", userName: "Tom", at },
    ];
    const confirm = (v: PlanView): PlanView => ({ ...v, plan: { ...v.plan, confirmations: people } });
    const now = views.map((v, i) => (i === 0 || i === views.length - 1 ? confirm(v) : v));
    const mine = ref.p.map(
      ([b, p]) => now.find((v) => v.plan.bookingId === b && v.plan.petId === p) as PlanView,
    );
    const drawn = JSON.stringify(plansPostMessage(ref, mine, TZ, now).blocks);
    expect(drawn).toContain(`📋 ${views.length - 2} to confirm · ✅ 2 confirmed since posted`);
    expect(drawn).not.toContain(`📋 ${views.length} to confirm`);
  });
});
