/**
 * Giving a dose if needed (issue 35, hardened in issue 46): the dose kept from the pet's current
 * confirmed plan, its limits checked in the write's own transaction (the record's chain lock held,
 * so staff giving at once on two replicas are counted against each other, before or after), the
 * kennel system's words compared with those the plan was confirmed on, the stay's times, and a
 * high-alert dose's witness. The doses' bodies and reading are src/answers/prn.ts.
 */
import type { Deps } from "../deps.ts";
import type { ChangedItem } from "../domain/plan/state.ts";
import {
  type AsNeededItem,
  type PrnChecked,
  type PrnDose,
  type PrnOverride,
  type PrnProblem,
  type PrnRule,
  prnOverride,
  prnProblems,
} from "../domain/prn.ts";
import { witnessProblem } from "../domain/witness.ts";
import type { BodyIn } from "../record/kinds/index.ts";
import type { ItemKey, LogCheck } from "../record/types.ts";
import { localDate } from "../time.ts";
import { prnProblemWords } from "../words/doses.ts";
import { describeFailure } from "./failure.ts";
import { type PlanVersion, planNow } from "./plans.ts";
import { doseOf, prnDose, prnNow } from "./prn.ts";
import type { Who } from "./record-round.ts";
import { allWitnessesOf, keepWitness, type WitnessResult } from "./witness.ts";

export interface PrnGiveInput {
  bookingId: number;
  petId: number;
  item: ItemKey;
  reason: string;
  givenAt: string;
  note?: string | undefined;
  /**
   * What the giver has done on the form about the plan's limits (src/domain/prn.ts prnOverride):
   * whether it showed them, and the limits ticked "I have checked: give it anyway". None: a dose
   * past a limit is refused, to be shown.
   */
  form?: { warned: boolean; acked: readonly PrnRule[] } | undefined;
  /** Its medicine past its discard-by or handed back, asked on the form and ticked: kept with the dose. */
  checked?: PrnChecked | undefined;
  who: Who;
  /** The form's submission: the same one delivered again records once. */
  requestKey: string;
}

export type PrnGiveResult =
  | { status: "recorded" | "duplicate"; dose: PrnDose }
  /**
   * Past a limit of the plan, counted against every dose of the item kept at the moment of writing
   * (on any replica), and not yet overridden as prnOverride asks (`need`): nothing written; each
   * limit in words.
   */
  | { status: "past_limit"; need: PrnNeed; problems: PrnProblem[]; words: string[] }
  | { status: "refused"; why: "no_store" | "not_offered" };

const NOT_WARNED = { warned: false, acked: [] };

type PrnNeed = Extract<PrnOverride, { ok: false }>["need"];

/** A dose past a limit its giver has not overridden: the write is abandoned (its transaction rolled back). */
class PastLimit extends Error {
  readonly override: Extract<PrnOverride, { ok: false }>;
  constructor(override: Extract<PrnOverride, { ok: false }>) {
    super("an as-needed dose past the plan's limit, not overridden by its giver");
    this.override = override;
  }
}

/**
 * Keeps one as-needed dose: the item read from the pet's current confirmed plan (refused when the
 * plan is not confirmed now, or no longer offers it), dated the kennel's local day given. The
 * plan's limits are checked against the item's doses in the same transaction as the write (the
 * record's chain lock held: a dose given at the same moment elsewhere is counted, before or after
 * this one); past one not overridden on the form (prnOverride), nothing is written.
 */
export async function givePrn(
  deps: Pick<Deps, "record" | "config" | "clock">,
  input: PrnGiveInput,
): Promise<PrnGiveResult> {
  const store = deps.record;
  if (!store) return { status: "refused", why: "no_store" };
  const tz = deps.config.timezone;
  const date = localDate(input.givenAt, tz);
  const now = await prnNow(deps, input.bookingId, input.petId, date);
  const item = now.items.find((i) => i.key === input.item);
  if (!item) return { status: "refused", why: "not_offered" };
  try {
    return await keepPrn(deps, { ...input, item, date, petName: now.version?.petName }, async (read) => {
      const kept = await read({ kind: "prn", bookingId: input.bookingId, petId: input.petId });
      const others = kept.map(doseOf).filter((d) => d?.item === item.key) as PrnDose[];
      const override = prnOverride(prnProblems(others, input.givenAt, item), {
        ...(input.form ?? NOT_WARNED),
        note: input.note,
      });
      if (!override.ok) throw new PastLimit(override);
      const [first] = override.problems;
      return first
        ? {
            ack: { rule: first.rule, words: override.problems.map((p) => prnProblemWords(p, tz)).join("; ") },
          }
        : {};
    });
  } catch (error) {
    if (!(error instanceof PastLimit)) throw error;
    const { need, problems } = error.override;
    return { status: "past_limit", need, problems, words: problems.map((p) => prnProblemWords(p, tz)) };
  }
}

/**
 * Writes one as-needed dose of `item` (the contract's body), dated `date` (the kennel's local day
 * given): what `givePrn` writes once it has checked the plan, and what the preview seeds. `check`:
 * run in the write's transaction (src/record/types.ts `append`), it reads the record as it is then
 * and gives the rest of the body (the acknowledgement), or throws to write nothing.
 */
export async function keepPrn(
  deps: Pick<Deps, "record">,
  input: Omit<PrnGiveInput, "item" | "form"> & {
    item: Pick<AsNeededItem, "key" | "label" | "text" | "highAlert" | "unconfirmed">;
    date: string;
    petName?: string | undefined;
    /** Past the plan's limits, checked (the preview's seeds; the forms' is given by `check`). */
    ack?: BodyIn<"prn">["ack"];
  },
  check?: (read: Parameters<LogCheck<"prn">>[0]) => Promise<Partial<BodyIn<"prn">>>,
): Promise<{ status: "recorded" | "duplicate"; dose: PrnDose }> {
  const store = deps.record;
  if (!store) throw new Error("This Kennel Desk keeps no care record.");
  // Given by someone the form named, not who records it (✏️ Record each…'s "Given by (if not you)").
  const giver = input.who.giver?.userId !== input.who.userId ? input.who.giver : undefined;
  const body = {
    item: input.item.key,
    label: input.item.label,
    itemText: input.item.text,
    reason: input.reason,
    givenAt: new Date(input.givenAt).toISOString(),
    userName: input.who.userName,
    ...(input.ack ? { ack: input.ack } : {}),
    ...(input.checked && (input.checked.discardBy || input.checked.handedBack)
      ? { checked: input.checked }
      : {}),
    ...(input.note ? { note: input.note } : {}),
    ...(input.item.highAlert ? { highAlert: true as const } : {}),
    ...(input.item.unconfirmed ? { unconfirmed: true as const } : {}),
    ...(input.petName ? { petName: input.petName } : {}),
    ...(giver ? { givenBy: { userId: giver.userId, ...(giver.name ? { name: giver.name } : {}) } } : {}),
  };
  const { status, entry } = await store.append(
    {
      kind: "prn",
      date: input.date,
      bookingId: input.bookingId,
      petId: input.petId,
      userId: input.who.userId,
      requestKey: input.requestKey,
      body,
    },
    check ? { check: async (read) => ({ ...body, ...(await check(read)) }) } : {},
  );
  const dose = doseOf(entry);
  if (!dose) throw new Error("the record kept an as-needed dose it cannot read back");
  return { status, dose };
}

/**
 * `who` witnesses the high-alert dose `prnId` given if needed to the stay's pet (issue 46): read
 * from the record (its item high-alert as the dose was kept), within the minutes of its record,
 * never by its giver; once per dose, as a round's dose.
 */
export async function witnessPrn(
  deps: Pick<Deps, "record" | "clock" | "log">,
  pet: { bookingId: number; petId: number },
  prnId: number,
  who: Who,
): Promise<WitnessResult> {
  const store = deps.record;
  if (!store) throw new Error("This Kennel Desk keeps no care record.");
  const dose = await prnDose(deps, prnId);
  if (!dose || dose.bookingId !== pet.bookingId || dose.petId !== pet.petId) return { status: "not_needed" };
  const witnesses = await allWitnessesOf(store, { date: dose.date, bookingId: dose.bookingId });
  const existing = witnesses.prn.get(prnId);
  const now = deps.clock.now().toISOString();
  // Its giver is who gave it (the form's "Given by"), else who recorded it: never its witness.
  const given = {
    outcome: "given" as const,
    userId: dose.userId ?? "",
    recordedAt: dose.recordedAt,
    givenBy: dose.givenBy,
  };
  const problem = witnessProblem(given, dose.highAlert, { userId: who.userId, now, existing });
  return keepWitness(deps, dose, { prnId }, problem, existing, who);
}

/** The kennel system's words for a pet now, beside those its plan was confirmed on. */
type WordsNow =
  | { state: "same" }
  /** Changed since: the plan drafted again and kept, to be confirmed again; each item's old and new words. */
  | { state: "changed"; changed: ChangedItem[] }
  /** The kennel API could not be read just now: not compared (said in the log). */
  | { state: "unread" };

/** A stay's pet as giving if needed checks it: when it arrived and left (the booking's), and its plan's words now. */
export interface PrnStay {
  arrival?: string | undefined;
  departure?: string | undefined;
  words: WordsNow;
}

/**
 * The stay's times and the pet's care words read from the kennel API now (the pet's record fresh,
 * not the care cache's), compared with those `version` was drafted from (issue 46, item 5): when
 * they differ (a vet's "STOPPED — do not give"), nothing is given on the old words; the next round
 * post drafts the plan again for a person to confirm. Only read here, never kept: the rounds draft
 * from the words they read.
 */
export async function prnStay(
  deps: Pick<Deps, "kennel" | "record" | "config" | "clock" | "log">,
  bookingId: number,
  petId: number,
  version: PlanVersion,
): Promise<PrnStay> {
  let booking: Awaited<ReturnType<Deps["kennel"]["getBooking"]>>["data"];
  try {
    booking = (await deps.kennel.getBooking(bookingId)).data;
  } catch (error) {
    deps.log.warn(
      { bookingId, err: describeFailure(error).what },
      "as-needed: the booking could not be read",
    );
    return { words: { state: "unread" } };
  }
  const stay = { arrival: booking.checkInDate, departure: booking.checkOutDate };
  try {
    const pet = (await deps.kennel.getPet(petId, { fresh: true })).data;
    // Drafted from the words now, and compared with the kept version; nothing written.
    const read = { ...deps, record: undefined };
    const now = await planNow(read, booking, { ...pet, petId }, { read: deps.record });
    if (now.version?.id === version.id) return { ...stay, words: { state: "same" } };
    return { ...stay, words: { state: "changed", changed: now.changed ?? [] } };
  } catch (error) {
    deps.log.warn(
      { bookingId, petId, err: describeFailure(error).what },
      "as-needed: the pet's care words could not be compared with its plan's",
    );
    return { ...stay, words: { state: "unread" } };
  }
}
