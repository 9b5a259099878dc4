/**
 * The preview's care plans (issue 34), so a newcomer sees the plan at work before Slack: today's
 * round drafts every pet's plan in the preview's temporary record; staff ("Sam", and "Alex" for a
 * high-alert drug's second confirmation) have confirmed those the reader read whole, but for a few
 * awkward ones (a drug typed into two slots, insulin waiting for its second person); every plan with
 * words left to a person is left for a person to confirm. They are confirmed at 07:00 on the preview's kennel clock, from the morning round's sheet
 * (src/preview/kennel-clock.ts); the bot's own job then posts the current round's "Care plans to
 * confirm" in the preview's channel (ROUNDS_CHANNEL), each with its button.
 */
import { confirmVersion } from "../answers/plan-actions.ts";
import { currentPlan } from "../answers/plans.ts";
import { roundReport } from "../answers/rounds.ts";
import type { Deps } from "../deps.ts";
import { localDate } from "../time.ts";

const SAM = { userId: "U0PREVIEWSAM", userName: "Sam" };
const ALEX = { userId: "U0PREVIEWALEX", userName: "Alex" };

/** Left to confirm in the preview (src/sandbox/awkward-cases*.ts); AW-SUGAR waits for its second person. */
const LEFT = new Set(["AW-SLOTS", "AW-LATE", "AW-TWICE"]);
const HALF = new Set(["AW-SUGAR"]);

/**
 * Confirms a pet's plan as staff would, when the reader read every item: a plan with words left to a
 * person stays to confirm (the preview never shows a guess over those words as confirmed; the page's
 * visitor confirms it from the "Care plans to confirm" post, choosing what the words mean).
 */
async function confirm(deps: Deps, bookingId: number, petId: number, people: Array<typeof SAM>) {
  let v = await currentPlan(deps, bookingId, petId);
  if (!v || v.plan.items.some((i) => i.readBy === "nobody")) return;
  for (const who of people) {
    const r = await confirmVersion(deps, v.id, who, `preview:plan:confirm:${v.id}:${who.userId}`);
    if (r.status !== "written" || r.state === "confirmed") return;
    v = r.version;
  }
}

/** Seeds the plans (the morning round's pets); a failure is logged (the preview works without it). */
export async function seedPlans(deps: Deps): Promise<void> {
  try {
    const today = localDate(deps.clock.now(), deps.config.timezone);
    // The round's sheet drafts and keeps each pet's plan (its first round).
    const report = await roundReport(deps, "morning", today);
    for (const p of report.pets) {
      const ref = p.booking.reference ?? "";
      const bookingId = p.booking.bookingId;
      const petId = p.pet?.pet.petId;
      if (bookingId === undefined || petId === undefined || LEFT.has(ref)) continue;
      await confirm(deps, bookingId, petId, HALF.has(ref) ? [SAM] : [SAM, ALEX]);
    }
  } catch (error) {
    deps.log.warn(
      { err: String((error as Error)?.message ?? error) },
      "the preview's care plans were not seeded",
    );
  }
}
