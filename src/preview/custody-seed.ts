/**
 * The preview's medicine custody (issue 49), so a newcomer sees it before Slack: at 07:20 on the
 * preview's kennel clock, before the morning round, Sam (with Alex, for a controlled or high-alert
 * drug) counts in the medicines of three pets whose confirmed plans give a routine dose of a readable
 * amount: the first with plenty, the second with two doses though it goes home later (the
 * morning's medicines post and Home name it: "runs out …: call the owner"), the third with a week's.
 * After the morning round, at 12:30, the third is counted one short of its balance, explained as
 * "not known yet" with words, so Home shows a discrepancy open. Written through the use cases the
 * forms call (src/answers/custody-write.ts).
 */
import { countIn, countMedicine, medicineById } from "../answers/custody-write.ts";
import { orLogged } from "../answers/logged.ts";
import { currentPlan } from "../answers/plans.ts";
import { roundReport } from "../answers/rounds.ts";
import type { Deps } from "../deps.ts";
import { countInStart, runway } from "../domain/custody-rules.ts";
import { amountIn, type CountUnit } from "../domain/custody-units.ts";
import type { PlanItem } from "../domain/plan/types.ts";
import type { KennelClock } from "./kennel-clock.ts";

const SAM = { userId: "U0PREVIEWSAM", userName: "Sam" };
const ALEX = { userId: "U0PREVIEWALEX", userName: "Alex" };

interface Candidate {
  bookingId: number;
  petId: number;
  item: PlanItem;
  unit: CountUnit;
  /** One dose, in the counted unit. */
  dose: number;
  /** Two doses would not last to its check-out (by the plan, from now). */
  shortWithTwo: boolean;
}

/** The pets of the morning round with a confirmed plan's routine dose of a readable amount. */
async function candidates(deps: Deps, today: string): Promise<Candidate[]> {
  const report = await roundReport(deps, "morning", today);
  const out: Candidate[] = [];
  for (const p of report.pets) {
    const bookingId = p.booking.bookingId;
    const petId = p.pet?.pet.petId;
    if (bookingId === undefined || petId === undefined || !p.booking.checkOutDate) continue;
    const v = await currentPlan(deps, bookingId, petId);
    if (!v || v.plan.confirmations.length === 0) continue;
    for (const item of v.plan.items) {
      const unit = countInStart(item).unit;
      const dose = unit ? amountIn(item.what.amount, unit) : undefined;
      if (item.key === "meal" || item.kind.kind !== "routine" || !unit || dose === undefined) continue;
      const stay = {
        arrival: p.booking.checkInDate ?? deps.clock.now().toISOString(),
        departure: p.booking.checkOutDate,
        timeZone: deps.config.timezone,
        roundTimes: deps.config.rounds.times,
      };
      const shortWithTwo = runway(item, dose * 2, unit, stay, deps.clock.now(), today).status === "short";
      out.push({ bookingId, petId, item, unit, dose, shortWithTwo });
      break;
    }
  }
  return out;
}

async function countInOne(deps: Deps, c: Candidate, quantity: number, key: string) {
  const start = countInStart(c.item);
  return countIn(deps, {
    bookingId: c.bookingId,
    petId: c.petId,
    item: c.item.key as "med:1",
    label: start.label,
    strength: start.strength,
    unit: c.unit,
    quantity,
    ownerNameChecked: true,
    storage: start.storage ?? "room",
    controlled: start.controlled,
    by: SAM,
    ...(start.secondPerson ? { witness: ALEX } : {}),
    requestKey: `preview:custody:${key}`,
  });
}

/** Counts in the three pets' medicines (07:20); a failure is logged (the preview works without it). */
export function seedCustody(deps: Deps, clock: KennelClock): Promise<number | undefined> {
  return orLogged(deps.log, "the preview's medicines were not seeded", async () => {
    clock.setTo("07:20");
    const found = await candidates(deps, clock.today);
    const short = found.find((c) => c.shortWithTwo);
    const others = found.filter((c) => c !== short);
    const [plenty, counted] = others;
    if (plenty) await countInOne(deps, plenty, plenty.dose * 60, "plenty");
    if (short) await countInOne(deps, short, short.dose * 2, "short");
    const third = counted ? await countInOne(deps, counted, counted.dose * 14, "counted") : undefined;
    return third?.status === "recorded" || third?.status === "duplicate" ? third.value.id : undefined;
  });
}

/** After the morning round (12:30): the third medicine counted one dose short, explained as not known yet. */
export async function seedDiscrepancy(
  deps: Deps,
  clock: KennelClock,
  custodyId: number | undefined,
): Promise<void> {
  if (custodyId === undefined) return;
  try {
    clock.setTo("12:30");
    const m = await medicineById(deps, custodyId);
    if (!m || m.balance === undefined) return;
    const dose = amountIn(m.planItem?.what.amount, m.unit) ?? 1;
    await countMedicine(deps, {
      custodyId,
      counted: Math.max(0, m.balance - dose),
      by: SAM,
      ...(m.first.controlled || m.first.highAlert ? { witness: ALEX } : {}),
      reason: "not_known_yet",
      note: "The count is one dose short of the balance: asking the morning shift whether a dose went unrecorded.",
      requestKey: "preview:custody:discrepancy",
    });
  } catch (error) {
    deps.log.warn(
      { err: String((error as Error)?.message ?? error) },
      "the preview's discrepancy was not seeded",
    );
  }
}
