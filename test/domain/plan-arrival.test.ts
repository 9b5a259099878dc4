/**
 * A pet arriving on a round's day after the round's time (AW-LATE: Pip at 19:00, the evening round
 * at 18:00): the round's dose is due on arrival while its window is open (the owner asked whether it
 * was given); after the window closed, "arrives after this round: ask the owner", never struck as
 * nothing due. Only where the rounds read the plan with the dose windows (the sheet, the chart).
 */
import { describe, expect, it } from "vitest";
import type { CareFacts } from "../../src/domain/care.ts";
import { DEFAULT_DOSE_SETTINGS } from "../../src/domain/doses.ts";
import { draftPlan } from "../../src/domain/plan/draft.ts";
import { planRound } from "../../src/domain/plan/round.ts";
import { itemOnRound, type StayTimes } from "../../src/domain/plan/schedule.ts";
import type { PlanItem } from "../../src/domain/plan/types.ts";
import { DEFAULT_ROUND_TIMES } from "../../src/domain/round-times.ts";
import { roundSheet } from "../../src/domain/rounds.ts";
import { onRoundWords } from "../../src/words/plan.ts";
import { stayContext } from "../helpers/reader.ts";

// 5 Dec 2026, Europe/London is UTC: the evening round at 18:00, arrival at 19:00.
const ARRIVAL = "2026-12-05T19:00:00Z";
const c = stayContext(ARRIVAL, "2026-12-08T10:00:00Z", {
  bookingId: 1,
  petId: 10,
  timeZone: "Europe/London",
});
const stay: StayTimes = {
  arrival: ARRIVAL,
  departure: c.departure,
  timeZone: "Europe/London",
  roundTimes: DEFAULT_ROUND_TIMES,
  doses: DEFAULT_DOSE_SETTINGS,
};

function itemOf(fields: Parameters<typeof draftPlan>[0], key: PlanItem["key"] = "med:1"): PlanItem {
  const item = draftPlan(fields, c).items.find((i) => i.key === key);
  if (!item) throw new Error(`no ${key}`);
  return item;
}

describe("a round before the pet's arrival that day", () => {
  it("an evening dose (window to 20:00) is due on arrival at 19:00, the owner asked", () => {
    const item = itemOf({ medication: "Vetmedin 2,5 mg 1 tab AM and PM" });
    const on = itemOnRound(item, "2026-12-05", "evening", stay);
    expect(on).toMatchObject({ status: "due", onArrival: true });
    expect(onRoundWords(on)).toMatch(/due on arrival: ask the owner whether this dose was given, record it$/);
    // Without the dose windows (a surface that does not ask), nothing before arrival is owed, as before.
    const { doses: _, ...without } = stay;
    expect(itemOnRound(item, "2026-12-05", "evening", without)).toEqual({
      status: "not_due",
      why: "before_arrival",
    });
  });

  it("a dose whose window closed before the arrival asks the owner; a meal is not owed; a later day is as ever", () => {
    const item = itemOf({ medication: "Vetmedin 2,5 mg 1 tab AM and PM" });
    const morning = itemOnRound(item, "2026-12-05", "morning", stay);
    expect(morning).toEqual({ status: "not_due", why: "arrives_after_round" });
    expect(onRoundWords(morning)).toBe("arrives after this round: ask the owner whether it was given");
    // Not a round of the plan's: not yet arrived.
    expect(itemOnRound(item, "2026-12-05", "midday", stay)).toEqual({
      status: "not_due",
      why: "before_arrival",
    });
    const meal = itemOf({ dietaryRequirements: "Owner's food 1 cup AM 1 cup PM" }, "meal");
    expect(itemOnRound(meal, "2026-12-05", "evening", stay)).toEqual({
      status: "not_due",
      why: "before_arrival",
    });
    expect(itemOnRound(item, "2026-12-06", "morning", stay).status).toBe("due");
  });

  it("AW-LATE's insulin (high-alert: its window closes at 18:30) asks the owner at 19:00, where the sheet prints it", () => {
    const fields = { medication: "Caninsulin 4 units, with food", medicationPm: "4 units after dinner" };
    const plan = draftPlan(fields, c);
    const medication = {
      n: 1,
      name: "Caninsulin",
      instruction: fields.medication,
      midday: undefined,
      evening: fields.medicationPm,
    };
    const care = {
      diet: {},
      medications: [medication],
      careNotes: [],
      listedTwice: [],
    } as unknown as CareFacts;
    const on = (round: "morning" | "midday" | "evening") =>
      planRound(plan, roundSheet(care, round), "2026-12-05", round, stay).items.find(
        (i) => i.item.key === "med:1",
      )?.on;
    expect(on("evening")).toMatchObject({ status: "not_due", why: "arrives_after_round" });
    // Never asked where the sheet does not put the dose (no midday word): not yet arrived.
    expect(on("midday")).toEqual({ status: "not_due", why: "before_arrival" });
  });
});
