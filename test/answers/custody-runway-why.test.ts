/**
 * A held medicine's runway says why when it is not counted (issue 49), over the sandbox's loopback
 * HTTP and a real SQLite care record on an injected clock: counted in while the pet's plan is a draft,
 * its runway is "not known: the plan is not confirmed", and once the plan is confirmed it is counted;
 * the stock read with no kennel API, or with one not answering, says the check-out was not read; a
 * dose given only if needed, no plan kept, or a medicine no longer on the plan, each says so.
 */
import { describe, expect, it } from "vitest";
import type { MedicineCustody } from "../../src/answers/custody.ts";
import { runwayOf } from "../../src/answers/custody-runway.ts";
import { petMedicines, stockNow } from "../../src/answers/custody-stock.ts";
import { countIn } from "../../src/answers/custody-write.ts";
import { currentPlan, type PlanVersion } from "../../src/answers/plans.ts";
import { keptSheets } from "../../src/answers/sheets.ts";
import { prepareRoundPost } from "../../src/digest/round-post.ts";
import { countInStart, planRunway } from "../../src/domain/custody-rules.ts";
import type { PlanItem } from "../../src/domain/plan/types.ts";
import { runwayShortWords } from "../../src/words/custody.ts";
import { held } from "../helpers/custody-fixtures.ts";
import { confirmAllPlans } from "../helpers/plans.ts";
import { CUSTODY_DAY as DATE, useCustodyDay } from "./custody-day.ts";

const now = Date.parse(`${DATE}T07:40:00Z`);
const house = useCustodyDay({ now: () => new Date(now) });

describe("why a runway is not known", () => {
  it("the plan decides first: none kept, the item not on it, a draft, a second confirmation due, words changed", () => {
    const item = { key: "med:1" } as PlanItem;
    expect(planRunway(undefined, item)).toEqual({ why: "no_plan" });
    expect(planRunway("confirmed", undefined)).toEqual({ why: "not_on_plan" });
    expect(planRunway("draft", item)).toEqual({ why: "plan_not_confirmed" });
    expect(planRunway("awaiting_second", item)).toEqual({ why: "plan_awaiting_second" });
    expect(planRunway("changed_in_source", item)).toEqual({ why: "plan_changed" });
    expect(planRunway("confirmed", item)).toEqual({ item });
  });

  it("a dose given only if needed has none whatever the plan; one handed back none at all", () => {
    const { deps } = house;
    const asNeeded = { key: "med:1", kind: { kind: "as_needed" } } as PlanItem;
    const m: MedicineCustody = { ...held(0, false).medicine, planItem: asNeeded };
    const open = { arrival: `${DATE}T07:00:00Z`, departure: undefined };
    expect(runwayOf(deps, m, open, undefined)).toEqual({ status: "not_scheduled", why: "as_needed" });
    expect(runwayShortWords(runwayOf(deps, m, open, undefined))).toBe("given only if needed: no runway");
    const { planItem: _, ...none } = m;
    expect(runwayOf(deps, none, open, undefined)).toEqual({ status: "not_known", why: "no_plan" });
    const back = { ...none, handedBack: {} as NonNullable<MedicineCustody["handedBack"]> };
    expect(runwayOf(deps, back, open, undefined)).toBeUndefined();
    const v = { plan: { items: [], confirmations: [{ userId: "U1", userName: "Jane" }] } } as unknown;
    expect(runwayOf(deps, none, open, v as PlanVersion)).toEqual({ status: "not_known", why: "not_on_plan" });
  });

  it("counted in on a draft plan: not known until the plan is confirmed; the check-out not read, said", async () => {
    const { deps, store } = house;
    await prepareRoundPost(deps, "morning", DATE);
    const [sheet] = await keptSheets(deps, { date: DATE });
    let found: { bookingId: number; petId: number; item: PlanItem } | undefined;
    for (const pet of sheet?.pets ?? []) {
      const plan = await currentPlan(deps, pet.bookingId, pet.petId);
      const item = plan?.plan.items.find((i) => {
        const s = countInStart(i);
        return i.key !== "meal" && s.unit === "tablet" && !s.secondPerson && i.kind.kind !== "as_needed";
      });
      if (plan && item && plan.plan.confirmations.length === 0) found = { ...pet, item };
      if (found) break;
    }
    if (!found) throw new Error("the sandbox's morning round has no pet with a draft plan's tablet");
    const { bookingId, petId, item } = found;
    const r = await countIn(deps, {
      bookingId,
      petId,
      item: item.key as "med:1",
      label: "Apoquel 16mg",
      unit: "tablet",
      quantity: 57,
      ownerNameChecked: true,
      storage: "room",
      controlled: false,
      by: { userId: "U0JANE", userName: "Jane" },
      requestKey: "k-runway-why",
    });
    expect(r.status).toBe("recorded");
    const draft = (await petMedicines(deps, bookingId, petId)).held[0]?.runway;
    expect(draft).toEqual({ status: "not_known", why: "plan_not_confirmed" });
    expect(runwayShortWords(draft)).toBe(
      "runway not known: the plan is not confirmed — confirm it in 📋 Care plan",
    );

    expect(await confirmAllPlans(store, deps.config, deps.clock)).toBeGreaterThan(0);
    const confirmed = (await petMedicines(deps, bookingId, petId)).held[0]?.runway;
    expect(["enough", "short"]).toContain(confirmed?.status);

    const mine = (s: Awaited<ReturnType<typeof stockNow>>) =>
      s.held.find((h) => h.medicine.first.bookingId === bookingId)?.runway;
    const terminal = await stockNow({ ...deps, kennel: undefined });
    expect(mine(terminal)).toEqual({ status: "not_known", why: "no_kennel_api" });
    // The kennel API not answering: its booking asked for, refused.
    const silent: typeof deps.kennel = Object.assign(Object.create(deps.kennel), {
      getBooking: () => Promise.reject(new Error("kennel API down")),
    });
    const down = mine(await stockNow({ ...deps, kennel: silent }));
    expect(down).toEqual({ status: "not_known", why: "check_out_not_read" });
    expect(runwayShortWords(down)).toBe(
      "runway not known: check-out not known (the kennel system did not answer) — try again later",
    );
    expect(mine(await stockNow(deps))).toEqual(confirmed);
  });
});
