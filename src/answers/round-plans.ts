/**
 * A round worked from the pets' care plans (issue 34): each pet's plan now (src/answers/plans.ts:
 * kept versions; a pet's first round drafts and keeps one), what each item asks of the round
 * (src/domain/plan/round.ts), what is due and whether one tap may sign it off. The sheet still shows
 * every instruction whole; the plan decides what is due. A plan that cannot be read or kept is
 * drafted for the round and not kept (its state "draft": no one tap), and the round says so.
 */
import type { Deps } from "../deps.ts";
import type { Round } from "../domain/care.ts";
import type { PetCare } from "../domain/day.ts";
import { planRound } from "../domain/plan/round.ts";
import type { ItemOnRound, NoOneTap, StayTimes } from "../domain/plan/schedule.ts";
import type { ChangedItem } from "../domain/plan/state.ts";
import type { Plan, PlanItem, PlanState } from "../domain/plan/types.ts";
import type { ByDaysItem, DueItem, IfNeededItem } from "../domain/record.ts";
import { oneTapAllowed } from "../domain/record.ts";
import type { RoundSheet } from "../domain/rounds.ts";
import type { Booking } from "../kennel/schemas.ts";
import { doseSettings } from "./doses.ts";
import { describeFailure } from "./failure.ts";
import { currentPlans, planNow } from "./plans.ts";

/** A pet's plan on a round, as the sheet shows it. */
export interface RoundPlan {
  /** The kept version the round works from (a Confirm button names it); none when not kept. */
  versionId: number | undefined;
  state: PlanState;
  /** Drafted again from the kennel system's changed words: the old and new words. */
  changed?: ChangedItem[] | undefined;
  /** The plan as kept (or drafted for this answer). */
  plan: Plan;
  items: Array<{ item: PlanItem; on: ItemOnRound }>;
  /** Why the round has no one tap, when it has none by the plan. */
  noOneTap?: NoOneTap | undefined;
}

/** What a round's pet needs for its plan (src/answers/rounds.ts RoundPet has it). */
interface PetOnRound {
  booking: Booking;
  pet: PetCare | undefined;
  sheet: RoundSheet | undefined;
  pastCheckOut?: string | undefined;
  due?: DueItem[] | undefined;
  ifNeeded?: IfNeededItem[] | undefined;
  byDays?: ByDaysItem[] | undefined;
  oneTap?: boolean | undefined;
  plan?: RoundPlan | undefined;
}

/**
 * Each matched pet of a round with its plan: `due`, `ifNeeded`, `byDays`, `oneTap` and `plan` set. `keep`: keep a pet's
 * first draft (and a draft made again) in the record; false where the record is only read (the
 * terminal, the connector): a plan not kept yet is drafted for the answer alone.
 */
export async function withPlans<P extends PetOnRound>(
  deps: Deps,
  pets: P[],
  date: string,
  round: Round,
  options: { keep: boolean },
): Promise<{ pets: P[]; problem: string | undefined }> {
  let problem: string | undefined;
  const known = await keptPlansOf(deps, pets);
  const out = await inTurns(pets, async (p): Promise<P> => {
    const api = p.pet?.pet;
    if (!api || !p.sheet || p.booking.bookingId === undefined || api.petId === undefined) return p;
    const at = (p.booking.checkInDate ?? "1970-01-01T00:00:00Z") as string;
    const stay: StayTimes = {
      arrival: at,
      // Still here past its check-out: its doses are still owed.
      departure: p.pastCheckOut ? undefined : p.booking.checkOutDate,
      timeZone: deps.config.timezone,
      roundTimes: deps.config.rounds.times,
      // A pet arriving after the round's time owes its dose on arrival while the window is open.
      doses: doseSettings(deps),
    };
    let now: Awaited<ReturnType<typeof planNow>>;
    try {
      now = await planNow(options.keep ? deps : { ...deps, record: undefined }, p.booking, api, {
        read: deps.record,
        ...(known ? { known: { version: known.get(`${p.booking.bookingId}-${api.petId}`) } } : {}),
      });
    } catch (error) {
      const f = describeFailure(error);
      deps.log.warn(
        { failure: f, bookingId: p.booking.bookingId },
        "the care plan could not be read or kept",
      );
      problem ??= `The care plans could not be read or kept: ${f.what} Plans shown are drafts, not confirmed.`;
      now = await planNow({ ...deps, record: undefined }, p.booking, api);
    }
    const r = planRound(now.plan, p.sheet, date, round, stay);
    // A drug in two slots is the plan's to settle (its own rule: no drug due twice in one tap).
    const oneTap = r.oneTap.offered && oneTapAllowed({ fasting: p.pet?.flags.fasting, listedTwice: [] });
    return {
      ...p,
      due: r.due,
      ifNeeded: r.ifNeeded,
      byDays: r.byDays,
      oneTap,
      plan: {
        versionId: now.version?.id,
        state: r.state,
        ...(now.changed?.length ? { changed: now.changed } : {}),
        plan: now.plan,
        items: r.items,
        ...(r.oneTap.offered ? {} : { noOneTap: r.oneTap.why }),
      },
    };
  });
  return { pets: out, problem };
}

/**
 * The pets' kept plans in one read of the record, not one a pet; a read that fails gives none, each
 * pet's then read on its own (and its problem said).
 */
function keptPlansOf(deps: Pick<Deps, "record">, pets: readonly PetOnRound[]) {
  const keys = pets.flatMap((p) =>
    p.booking.bookingId !== undefined && p.pet?.pet.petId !== undefined
      ? [{ bookingId: p.booking.bookingId, petId: p.pet.pet.petId }]
      : [],
  );
  return currentPlans(deps, keys).catch(() => undefined);
}

/**
 * How many pets' plans are read and kept at once: a big house's round asked them all together, and
 * on PostgreSQL the later ones waited for one of the pool's few connections past its wait, so their
 * plans were not kept (no 📋 Plan… on the sheet) on a busy machine.
 */
const PLANS_AT_ONCE = 4;

/** Each item through `fn`, PLANS_AT_ONCE at a time, the answers in the items' order. */
async function inTurns<T, R>(items: T[], fn: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const turn = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PLANS_AT_ONCE, items.length) }, turn));
  return out;
}
