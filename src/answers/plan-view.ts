/**
 * A stay's care plans, read (`kennel-desk plan`, the connector's get_care_plan): each pet of a
 * booking (or one pet, its latest kept plan) with its current version, its state (confirmed by whom
 * and when, or not yet), and what each item asks of each round on a day. Read only: a plan not kept
 * yet is drafted from today's words for the answer, and says so; a pet whose care could not be
 * matched or fetched is named, never left out in silence.
 */
import type { Deps } from "../deps.ts";
import { ROUNDS, type Round } from "../domain/care.ts";
import { type ItemOnRound, itemOnRound } from "../domain/plan/schedule.ts";
import { planState } from "../domain/plan/state.ts";
import type { Plan, PlanItem, PlanState } from "../domain/plan/types.ts";
import { NotFoundError } from "../kennel/errors.ts";
import type { Booking } from "../kennel/schemas.ts";
import type { PlanOnDate, PlanView } from "../present/plan.ts";
import { localDate } from "../time.ts";
import { doseSettings } from "./doses.ts";
import { planNow, planVersions } from "./plans.ts";
import { bookingView } from "./records.ts";

interface PlanOfPet {
  petId: number;
  /** False when no version is kept yet: drafted from today's words for this answer. */
  kept: boolean;
  /** How many versions are kept (each confirmation, edit or redraft is one). */
  versions: number;
  state: PlanState;
  view: PlanView;
  /** What each item asks of each round on the day asked for. */
  onDate: PlanOnDate[];
}

export interface PlanAnswer {
  date: string;
  reference: string | undefined;
  plans: PlanOfPet[];
  /** Care that could not be had, in words (the pets' records not fetched, or names not matched). */
  problems: string[];
  requestId: string | undefined;
}

/**
 * A dose left to a person whose window closed before the pet's arrival: the owner is asked at the
 * rounds the plan's reading names (with no sheet here to say where its words put it); elsewhere not
 * yet arrived.
 */
const askedAt = (item: PlanItem, round: Round, on: ItemOnRound): ItemOnRound =>
  on.status === "not_due" &&
  on.why === "arrives_after_round" &&
  on.check &&
  !item.when.rounds.some((r) => r.round === round)
    ? { status: "not_due", why: "before_arrival" }
    : on;

function onDateOf(
  plan: Plan,
  date: string,
  booking: Pick<Booking, "checkInDate" | "checkOutDate"> | undefined,
  deps: Pick<Deps, "config">,
): PlanOnDate[] {
  const stay = {
    // A pet asked for by id alone: its plan's own days (the booking's dates are not fetched).
    arrival: booking?.checkInDate ?? "1970-01-01T00:00:00Z",
    departure: booking?.checkOutDate,
    timeZone: deps.config.timezone,
    roundTimes: deps.config.rounds.times,
    // A pet arriving after a round's time: its dose due on arrival, or the owner asked (as the sheet says).
    doses: doseSettings(deps),
  };
  return plan.items.map((item) => ({
    item: item.key,
    rounds: ROUNDS.map((round) => ({
      round,
      on: askedAt(item, round, itemOnRound(item, date, round, stay)),
    })),
  }));
}

/** One pet's latest kept plan (from the record alone: no kennel API). */
export async function petCarePlan(
  deps: Pick<Deps, "record" | "config">,
  petId: number,
  date: string,
): Promise<PlanAnswer> {
  const rows = (await deps.record?.log({ kind: "plan", petId })) ?? [];
  const last = rows.at(-1);
  if (!last || last.bookingId === undefined) {
    throw new NotFoundError(`kept care plan for pet ${petId}`);
  }
  const all = await planVersions(deps, last.bookingId, petId);
  const v = all.filter((x) => x.supersededBy === undefined).at(-1) ?? all.at(-1);
  if (!v) throw new NotFoundError(`kept care plan for pet ${petId}`);
  return {
    date,
    reference: undefined,
    plans: [
      {
        petId,
        kept: true,
        versions: all.length,
        state: planState(v.plan),
        view: { versionId: v.id, plan: v.plan, changed: v.changed, petName: v.petName, room: v.room },
        onDate: onDateOf(v.plan, date, undefined, deps),
      },
    ],
    problems: [],
    requestId: undefined,
  };
}

/** The plans of a booking's pets (a reference or id), or of one pet (its latest kept plan). */
export async function carePlans(
  deps: Deps,
  q: { booking?: string | undefined; petId?: number | undefined; date?: string | undefined },
): Promise<PlanAnswer> {
  const date = q.date ?? localDate(deps.clock.now(), deps.config.timezone);
  if (q.petId !== undefined) return petCarePlan(deps, q.petId, date);
  const view = await bookingView(deps, q.booking ?? "");
  const booking = view.booking as Booking;
  const problems = [
    ...(view.careProblem ? [view.careProblem] : []),
    ...view.care.unmatched.map((name) => `${name}: not matched to a pet on the customer's record`),
  ];
  const plans: PlanOfPet[] = [];
  for (const p of view.care.pets) {
    const petId = p.pet.petId;
    if (petId === undefined || booking.bookingId === undefined) {
      problems.push(`${p.pet.name ?? "a pet"}: listed without its id, so no plan can be kept for it`);
      continue;
    }
    // Read only: never keeps a version (the kept one, when its words are the kennel system's).
    const now = await planNow({ ...deps, record: undefined }, booking, p.pet, { read: deps.record });
    const all = now.version ? await planVersions(deps, booking.bookingId, petId) : [];
    plans.push({
      petId,
      kept: now.version !== undefined,
      versions: all.length,
      state: now.changed?.length ? "changed_in_source" : planState(now.plan),
      view: {
        versionId: now.version?.id,
        plan: now.plan,
        changed: now.changed,
        petName: now.version?.petName ?? p.pet.name ?? `pet ${petId}`,
        room: now.version?.room ?? booking.roomName,
      },
      onDate: onDateOf(now.plan, date, booking, deps),
    });
  }
  return { date, reference: booking.reference, plans, problems, requestId: view.requestId };
}
