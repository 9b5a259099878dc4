/**
 * The care plan in the record (issue 34): each stay's pet's plan, kept as versions in the care
 * record's chain (records of kind `plan`, append-only, tamper-evident like the entries). A version
 * is never changed: a person's edit, a confirmation, or a draft made again when the kennel system's
 * words change is a new version that supersedes the one before. When a pet comes into the house
 * (its stay's first round), the reader drafts its plan (src/domain/plan/) and it is kept; every
 * round then works from the current version.
 */
import type { Deps } from "../deps.ts";
import { type CareFields, draftPlan, type ReaderContext } from "../domain/plan/draft.ts";
import type { ChangedItem } from "../domain/plan/state.ts";
import { changedItems, redraft } from "../domain/plan/state.ts";
import type { Plan } from "../domain/plan/types.ts";
import type { Booking } from "../kennel/schemas.ts";
import type { LogEntry } from "../record/types.ts";
import { localDate } from "../time.ts";

/** One version of a pet's plan, as kept. */
export interface PlanVersion {
  /** Its id in the record (a Confirm or Edit button names it). */
  id: number;
  plan: Plan;
  /** The words that changed in the kennel system, when this version was drafted again because of them. */
  changed?: ChangedItem[] | undefined;
  recordedAt: string;
  /** The version that replaced it, when one did. */
  supersededBy?: number | undefined;
  /** The version it replaced, when it did. */
  supersedes?: number | undefined;
  /** Its place in the record's chain, its kennel, its day, who wrote it and the request that did. */
  seq: number;
  kennel: string;
  date: string;
  userId?: string | undefined;
  requestKey?: string | undefined;
  /** The pet's name and room as the sheet showed them when the plan was drafted (no contact data). */
  petName: string;
  room?: string | undefined;
}

/** A kept plan's version (src/record/kinds/plan.ts). */
function versionOf(e: LogEntry<"plan">): PlanVersion {
  const { plan, petName, room, changed } = e.body;
  return {
    id: e.id,
    plan,
    petName: petName ?? `pet ${plan.petId}`,
    ...(room ? { room } : {}),
    ...(changed ? { changed } : {}),
    recordedAt: e.recordedAt,
    ...(e.supersededBy !== undefined ? { supersededBy: e.supersededBy } : {}),
    ...(e.supersedes !== undefined ? { supersedes: e.supersedes } : {}),
    seq: e.seq,
    kennel: e.kennel,
    date: e.date,
    ...(e.userId !== undefined ? { userId: e.userId } : {}),
    ...(e.requestKey !== undefined ? { requestKey: e.requestKey } : {}),
  };
}

/** The plan versions of records of kind `plan`. */
export function planVersionsOf(rows: LogEntry<"plan">[]): PlanVersion[] {
  return rows.map(versionOf);
}

/** Every version of a pet's plan for a stay, oldest first. */
export async function planVersions(
  deps: Pick<Deps, "record">,
  bookingId: number,
  petId: number,
): Promise<PlanVersion[]> {
  if (!deps.record) return [];
  const rows = await deps.record.log({ kind: "plan", bookingId, petId });
  return rows.map(versionOf);
}

/** The current version (the last, superseded by none). */
export async function currentPlan(
  deps: Pick<Deps, "record">,
  bookingId: number,
  petId: number,
): Promise<PlanVersion | undefined> {
  const all = await planVersions(deps, bookingId, petId);
  return all.filter((v) => v.supersededBy === undefined).at(-1);
}

/** Stays whose plans one read of the record asks for at most (an `IN` list of their booking ids). */
const STAYS_A_READ = 100;

/**
 * The current version of each of these stays' pets' plans, by `${bookingId}-${petId}`: one read of
 * the record for up to a hundred stays, not one a pet (a round's answer and a redraw read dozens, and
 * a tap's commit waits behind the record's reads queued before it). A pet with none kept is left out.
 */
export async function currentPlans(
  deps: Pick<Deps, "record">,
  pets: Iterable<{ bookingId: number; petId: number }>,
): Promise<Map<string, PlanVersion>> {
  const out = new Map<string, PlanVersion>();
  const wanted = new Set([...pets].map((p) => `${p.bookingId}-${p.petId}`));
  if (!deps.record || wanted.size === 0) return out;
  const stays = [...new Set([...wanted].map((k) => Number(k.split("-")[0])))];
  for (let i = 0; i < stays.length; i += STAYS_A_READ) {
    const rows = await deps.record.log({ kind: "plan", bookingIds: stays.slice(i, i + STAYS_A_READ) });
    // In the chain's order: the last version superseded by none is the current one (as currentPlan).
    for (const row of rows) {
      const key = `${row.bookingId}-${row.petId}`;
      if (wanted.has(key) && row.supersededBy === undefined) out.set(key, versionOf(row));
    }
  }
  return out;
}

/**
 * The current plan of each of a booking's pets, kept in the record (read only: none drafted here);
 * a pet with none kept is left out. A record that cannot be read gives none (the card still answers).
 */
export async function keptPlans(
  deps: Pick<Deps, "record" | "log">,
  bookingId: number | undefined,
): Promise<PlanVersion[]> {
  if (!deps.record || bookingId === undefined) return [];
  try {
    const all = planVersionsOf(await deps.record.log({ kind: "plan", bookingId }));
    return all.filter((v) => v.supersededBy === undefined);
  } catch (error) {
    deps.log.warn({ bookingId, err: String((error as Error)?.message ?? error) }, "care plans not read");
    return [];
  }
}

/** A pet's latest kept plan (its latest stay's current version), for its card; none when none is kept. */
export async function latestPlanOf(
  deps: Pick<Deps, "record" | "log">,
  petId: number | undefined,
): Promise<PlanVersion | undefined> {
  if (!deps.record || petId === undefined) return undefined;
  try {
    const all = planVersionsOf(await deps.record.log({ kind: "plan", petId }));
    return all.filter((v) => v.supersededBy === undefined).at(-1);
  } catch (error) {
    deps.log.warn({ petId, err: String((error as Error)?.message ?? error) }, "care plan not read");
    return undefined;
  }
}

/** Every kept version of the plans of these stays (one pet's only, with `petId`), in the chain's order. */
export async function plansOfStays(
  store: NonNullable<Deps["record"]>,
  bookingIds: Iterable<number>,
  petId?: number,
): Promise<PlanVersion[]> {
  const out: PlanVersion[] = [];
  const stays = [...new Set(bookingIds)];
  for (let i = 0; i < stays.length; i += STAYS_A_READ) {
    const part = stays.slice(i, i + STAYS_A_READ);
    const rows = await store.log({
      kind: "plan",
      bookingIds: part,
      ...(petId !== undefined ? { petId } : {}),
    });
    out.push(...planVersionsOf(rows));
  }
  return out.sort((a, b) => a.seq - b.seq);
}

/** A plan version by its id (a button's or a form's), when it is one. */
export async function planVersion(deps: Pick<Deps, "record">, id: number): Promise<PlanVersion | undefined> {
  const [row] = (await deps.record?.log({ kind: "plan", id })) ?? [];
  return row ? versionOf(row) : undefined;
}

/** The reader's context for a stay's pet: its dates, the kennel's words and routine. */
function readerContext(
  deps: Pick<Deps, "config" | "clock">,
  booking: Pick<Booking, "bookingId" | "checkInDate" | "checkOutDate">,
  petId: number,
): ReaderContext {
  const now = deps.clock.now().toISOString();
  return {
    bookingId: booking.bookingId as number,
    petId,
    arrival: booking.checkInDate ?? now,
    departure: booking.checkOutDate,
    timeZone: deps.config.timezone,
    dateOrder: deps.config.dateOrder,
    highAlertWords: deps.config.plan.highAlert,
    houseMeals: deps.config.rounds.houseMeals,
    rounds: {
      times: deps.config.rounds.times,
      beforeMinutes: deps.config.doses.beforeMinutes,
      afterMinutes: deps.config.doses.afterMinutes,
    },
    now,
  };
}

/**
 * Keeps a new version of a pet's plan, superseding `supersedes` when given (a second writer of the
 * same change gets the first's version back: `requestKey`).
 */
export async function keepPlan(
  deps: Pick<Deps, "record">,
  input: {
    plan: Plan;
    date: string;
    changed?: ChangedItem[] | undefined;
    supersedes?: number | undefined;
    userId?: string | undefined;
    requestKey?: string | undefined;
    petName?: string | undefined;
    room?: string | undefined;
  },
): Promise<{ version: PlanVersion; duplicate: boolean }> {
  const store = deps.record;
  if (!store) throw new Error("This Kennel Desk keeps no care record.");
  const body = {
    plan: input.plan,
    ...(input.changed?.length ? { changed: input.changed } : {}),
    ...(input.petName ? { petName: input.petName } : {}),
    ...(input.room ? { room: input.room } : {}),
  };
  const { status, entry } = await store.append({
    kind: "plan",
    date: input.date,
    bookingId: input.plan.bookingId,
    petId: input.plan.petId,
    body,
    ...(input.supersedes !== undefined ? { supersedes: input.supersedes } : {}),
    ...(input.userId ? { userId: input.userId } : {}),
    ...(input.requestKey ? { requestKey: input.requestKey } : {}),
  });
  return { version: versionOf(entry), duplicate: status === "duplicate" };
}

/**
 * The words now (issue 46): the pet's care fields asked of the kennel API at this moment (not its
 * cache), beside those a plan was drafted from. Empty: the same words; else each item whose words
 * changed, before and after (a Confirm or a Save over them writes nothing). Throws when the API
 * cannot say (the caller refuses rather than confirm unchecked words).
 */
export async function wordsChangedSince(
  deps: Pick<Deps, "kennel" | "config" | "clock">,
  plan: Plan,
): Promise<ChangedItem[]> {
  // The stay's dates as the round reads them (a dated fast is read within them), and the pet's words now.
  const [booking, pet] = await Promise.all([
    deps.kennel.getBooking(plan.bookingId),
    deps.kennel.getPet(plan.petId, { fresh: true }),
  ]);
  const fresh = draftPlan(
    pet.data,
    readerContext(deps, { ...booking.data, bookingId: plan.bookingId }, plan.petId),
  );
  return fresh.sourceHash === plan.sourceHash ? [] : changedItems(plan, fresh);
}

/** What a round reads of a pet's plan: the version it works from (undefined: drafted, not kept). */
export interface PlanNow {
  version: PlanVersion | undefined;
  plan: Plan;
  changed?: ChangedItem[] | undefined;
}

/**
 * The pet's plan for a round: the current version; drafted and kept when there is none (the pet's
 * first round); drafted again and kept, saying what changed, when the kennel system's words differ
 * from those the current version was read from. Without a record to keep it in, drafted and not
 * kept (`read`: a record only read, whose kept version is used when its words are the same).
 * `known`: the current version read already (a round's answer reads its pets' in one: currentPlans).
 */
export async function planNow(
  deps: Pick<Deps, "record" | "config" | "clock">,
  booking: Pick<Booking, "bookingId" | "checkInDate" | "checkOutDate" | "roomName">,
  pet: CareFields & { petId?: number | undefined; name?: string | undefined },
  options: { read?: Deps["record"]; known?: { version: PlanVersion | undefined } } = {},
): Promise<PlanNow> {
  const petId = pet.petId as number;
  const bookingId = booking.bookingId as number;
  const fresh = draftPlan(pet, readerContext(deps, booking, petId));
  if (!deps.record) {
    // Read only (the terminal, the connector): the kept version when its words are still the same.
    const kept = !options.read
      ? undefined
      : options.known
        ? options.known.version
        : await currentPlan({ record: options.read }, bookingId, petId);
    if (!kept) return { version: undefined, plan: fresh };
    if (kept.plan.sourceHash === fresh.sourceHash)
      return { version: kept, plan: kept.plan, changed: kept.changed };
    // The words changed since the kept version: what the next round will draft (not kept here), and what changed.
    return { version: undefined, plan: redraft(kept.plan, fresh), changed: changedItems(kept.plan, fresh) };
  }
  const date = booking.checkInDate
    ? localDate(booking.checkInDate, deps.config.timezone)
    : localDate(deps.clock.now(), deps.config.timezone);
  const current = options.known ? options.known.version : await currentPlan(deps, bookingId, petId);
  const names = { petName: pet.name ?? `pet ${petId}`, room: booking.roomName };
  if (!current) {
    const { version } = await keepPlan(deps, {
      plan: fresh,
      date,
      ...names,
      requestKey: `plan:draft:${bookingId}:${petId}`,
    });
    return { version, plan: version.plan };
  }
  if (current.plan.sourceHash === fresh.sourceHash)
    return { version: current, plan: current.plan, changed: current.changed };
  // The words changed in the kennel system: drafted again (what a person set on unchanged words kept),
  // and confirmed again before it has one tap.
  const changed = changedItems(current.plan, fresh);
  const { version } = await keepPlan(deps, {
    plan: redraft(current.plan, fresh),
    date,
    ...names,
    changed,
    supersedes: current.id,
    requestKey: `plan:redraft:${current.id}:${fresh.sourceHash.slice(0, 16)}`,
  });
  return { version, plan: version.plan, changed };
}
