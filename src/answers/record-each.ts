/**
 * "✏️ Record each…" written (issue 44): every item the round's sheet printed for the pet can be
 * recorded there, its care plan confirmed or not. Each item due (confirmed, or from the words), and each
 * dose printed not due by its days' words ("every other day", "except Sunday") that was given, is a
 * round entry (src/answers/record-round.ts; the latter never owed); each dose given if needed is an as-needed dose of the
 * record (kind `prn`, src/answers/prn.ts: its follow-up, its effect, the audit's as-needed figures),
 * its reason required and its limits checked against the pet's earlier doses of it, as the plan says
 * them or, not confirmed, as its words give them: past one, nothing is written until the person says
 * they have checked, with a note. What may be written is read from the kept sheet, never the form.
 *
 * The round's entries are committed first (one transaction: all or none), then each dose given if
 * needed (its own request key, so a form submitted again writes each once; its limits counted again
 * in its write's transaction): when a dose cannot be written after the entries were, the person is
 * told exactly that, on its field.
 */
import type { Deps } from "../deps.ts";
import { clocksGoBack, type Which } from "../domain/clock-change.ts";
import { type PrnDose, type PrnProblem, prnGivenAtProblem, prnProblems } from "../domain/prn.ts";
import type { IfNeededItem } from "../domain/record.ts";
import type { ItemKey } from "../record/types.ts";
import { localDate } from "../time.ts";
import { dateTimeOf, laterThanNowWords, timeOf } from "../words/dates.ts";
import { prnProblemWords } from "../words/doses.ts";
import { describeFailure } from "./failure.ts";
import { givenDay, givenInstant } from "./late-entry.ts";
import { doseOf, prnDoses } from "./prn.ts";
import { keepPrn } from "./prn-give.ts";
import { type ItemWrite, recordItems, type Who, type WriteResult } from "./record-round.ts";
import type { Sheet, SheetPet } from "./sheets.ts";
import { type StayTimes, stayTimesSoon, wentHomeAt } from "./stay-times.ts";

/** The kennel's time now, shown in the form (an as-needed dose's "given at"). */
export const formClock = (deps: Pick<Deps, "clock" | "config">, sheet: Pick<Sheet, "date">) => {
  const repeated = clocksGoBack([ifNeededDay(deps, sheet)], deps.config.timezone);
  return {
    time: timeOf(deps.clock.now().toISOString(), deps.config.timezone),
    timezone: deps.config.timezone,
    ...(repeated ? { repeated } : {}),
  };
};

/** The day an as-needed dose's time is read on: the sheet's, when it is of an earlier day; else today. */
const ifNeededDay = givenDay;

/** An item's choice in the form, ready to write (src/blocks/record-form.ts reads it). */
export type EachWrite = ItemWrite;

/** A dose given if needed, as the form says it. */
export interface GivenIfNeeded {
  item: ItemKey;
  /** Why it was given, as the person wrote it. */
  reason: string;
  /** Given past its limit, the person having checked ("given past its limit: I have checked"). */
  anyway: boolean;
  /** When it was given, the kennel's time (HH:mm), when the person said another than now. */
  time?: string | undefined;
  /** Which of the hour that came twice, on a day the clocks go back (the form asks it then). */
  which?: Which | undefined;
  note?: string | undefined;
}

export type EachResult =
  /** Nothing written: the errors on the fields at fault. */
  | { status: "fields"; errors: Record<string, string> }
  /** The round's entries (when any) as written, and each dose given if needed. */
  | { status: "done"; result: WriteResult | undefined; doses: PrnDose[] }
  /** The entries are written; a dose given if needed could not be (its field says so). */
  | { status: "partly"; result: WriteResult | undefined; doses: PrnDose[]; errors: Record<string, string> };

/** A dose given if needed, checked: the sheet's item, when it was given, the limits it goes past. */
interface CheckedDose {
  choice: GivenIfNeeded;
  item: IfNeededItem;
  at: string;
  problems: PrnProblem[];
}

/**
 * When a dose was given: the time said on the sheet's day (today's, or the earlier day recorded
 * late), of the hour that came twice the one the form's "which" says; else now. Or the words for a
 * time that cannot be read, on its field: one the clocks skipped (the time's), or one that came
 * twice with no "which" (the "which" the form asks beside it on that day: issue 46, item 10).
 */
function givenAtOf(
  deps: Pick<Deps, "clock" | "config">,
  sheet: Sheet,
  choice: Pick<GivenIfNeeded, "item" | "time" | "which">,
): { at: string } | { error: string; field: string } {
  if (!choice.time) return { at: deps.clock.now().toISOString() };
  const read = givenInstant(
    { date: ifNeededDay(deps, sheet), time: choice.time, which: choice.which },
    deps.config.timezone,
  );
  if (read.ok) return { at: read.at };
  return { error: read.error, field: `${read.field === "which" ? "wh" : "at"}:${choice.item}` };
}

/** The words for a time given that cannot stand. */
function atWords(
  refused: string,
  pet: SheetPet,
  at: { at: string; now: string; tz: string; roundDate: string },
  stay: StayTimes,
): string {
  const { now, tz } = at;
  if (refused === "before_arrival") return `That is before ${pet.name} arrived: say when it was given.`;
  if (refused === "after_departure")
    return `That is after ${pet.name} went home (${dateTimeOf(stay.departure, tz)}, the booking's check-out): say when it was given.`;
  if (refused === "too_far_back") return "That is more than a day back: say when it was given.";
  return `${laterThanNowWords(at.at, now, tz, at.roundDate)}: say when it was given.`;
}

/** Each dose given if needed, checked: its time, and its limits against the pet's earlier doses of it. */
async function checkIfNeeded(
  deps: Pick<Deps, "record" | "clock" | "config" | "log"> & Partial<Pick<Deps, "kennel">>,
  sheet: Sheet,
  pet: SheetPet,
  given: GivenIfNeeded[],
): Promise<{ ok: true; doses: CheckedDose[] } | { ok: false; errors: Record<string, string> }> {
  const errors: Record<string, string> = {};
  const tz = deps.config.timezone;
  const now = deps.clock.now().toISOString();
  const earlier = given.length ? await prnDoses(deps, { bookingId: pet.bookingId, petId: pet.petId }) : [];
  // Never after the pet went home (issue 46, item 11): its booking's check-out, as the kennel API has it
  // (a pet still checked in past it has not).
  const { kennel } = deps;
  const stay: StayTimes =
    given.length && kennel ? await stayTimesSoon({ kennel, log: deps.log }, pet) : { arrival: pet.arrivesAt };
  const doses: CheckedDose[] = [];
  for (const choice of given) {
    const item = (pet.ifNeeded ?? []).find((d) => d.item === choice.item);
    if (!item) continue;
    const read = givenAtOf(deps, sheet, choice);
    if ("error" in read) {
      errors[read.field] = read.error;
      continue;
    }
    const { at } = read;
    const refused = prnGivenAtProblem(Date.parse(at), {
      now,
      arrival: stay.arrival ?? pet.arrivesAt,
      departure: wentHomeAt(stay),
    });
    if (refused) {
      errors[`at:${item.item}`] = atWords(refused, pet, { at, now, tz, roundDate: sheet.date }, stay);
      continue;
    }
    const mine = earlier.filter((d) => d.item === item.item);
    const problems = prnProblems(mine, at, item);
    if (problems.length && !choice.anyway) {
      errors[`it:${item.item}`] =
        `${limitWords(problems, item, tz)}. To record it, choose “given past its limit: I have checked” and say why in its note.`;
      continue;
    }
    doses.push({ choice, item, at, problems });
  }
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, doses };
}

/** Past its limits: as the plan says them, or, not confirmed, as the words give them. */
const limitWords = (problems: PrnProblem[], item: IfNeededItem, tz: string) =>
  problems
    .map((p) =>
      prnProblemWords(p, tz, item.unconfirmed ? "the words (plan not confirmed) say" : "the plan says"),
    )
    .join("; ");

/** A dose given if needed past a limit counted at the write (a dose given meanwhile), not checked by its giver. */
class PastLimitNow extends Error {}

/**
 * Keeps one dose given if needed, from the kept sheet's item (its own request key: written once).
 * Its limits are counted again in the write's transaction (issue 46: a dose given at the same moment,
 * on this replica or another, is counted): past one not checked on the form, nothing is written.
 */
async function keepIfNeeded(
  deps: Pick<Deps, "record" | "config">,
  pet: SheetPet,
  d: CheckedDose,
  who: Who,
  requestKey: string,
): Promise<PrnDose> {
  const tz = deps.config.timezone;
  const { dose } = await keepPrn(
    deps,
    {
      bookingId: pet.bookingId,
      petId: pet.petId,
      item: {
        key: d.item.item,
        label: d.item.label,
        text: d.item.text,
        ...(d.item.unconfirmed ? { unconfirmed: true } : {}),
        // A high-alert drug given if needed is witnessed as a round's dose is (issue 46).
        ...(d.item.highAlert ? { highAlert: true } : {}),
      },
      reason: d.choice.reason,
      givenAt: d.at,
      note: d.choice.note,
      who,
      requestKey: `${requestKey}:${d.item.item}`,
      date: localDate(d.at, tz),
    },
    async (read) => {
      const kept = (await read({ kind: "prn", bookingId: pet.bookingId, petId: pet.petId })).map(doseOf);
      const mine = kept.filter((k): k is PrnDose => k?.item === d.item.item);
      const problems = prnProblems(mine, d.at, d.item);
      if (problems.length && !d.choice.anyway) throw new PastLimitNow(limitWords(problems, d.item, tz));
      const [first] = problems;
      return first ? { ack: { rule: first.rule, words: limitWords(problems, d.item, tz) } } : {};
    },
  );
  return dose;
}

/**
 * Writes a "Record each…" form: the round's entries (each an item the sheet listed as due, or
 * printed not due by its days' words), then
 * each dose given if needed (each one the sheet printed to give if needed), or the errors at fault.
 */
export async function recordEach(
  deps: Pick<Deps, "record" | "log" | "clock" | "config"> & Partial<Pick<Deps, "kennel">>,
  sheet: Sheet,
  pet: SheetPet,
  form: { writes: EachWrite[]; ifNeeded: GivenIfNeeded[] },
  who: Who,
  requestKey: string,
): Promise<EachResult> {
  const checked = await checkIfNeeded(deps, sheet, pet, form.ifNeeded);
  if (!checked.ok) return { status: "fields", errors: checked.errors };
  const result = form.writes.length
    ? await recordItems(deps, sheet, pet, form.writes, who, requestKey)
    : undefined;
  if (result && result.status !== "recorded" && result.status !== "duplicate")
    return { status: "done", result, doses: [] };
  const doses: PrnDose[] = [];
  for (const d of checked.doses) {
    try {
      doses.push(await keepIfNeeded(deps, pet, d, who, requestKey));
    } catch (error) {
      deps.log.warn(
        { err: String((error as Error)?.message ?? error) },
        "a dose given if needed not written",
      );
      const words =
        error instanceof PastLimitNow
          ? `Not recorded: ${error.message}. To record it, choose “given past its limit: I have checked” and say why in its note.`
          : `Not recorded: ${describeFailure(error).what} Record again: what is recorded already is not written twice.`;
      return { status: "partly", result, doses, errors: { [`it:${d.item.item}`]: words } };
    }
  }
  return { status: "done", result, doses };
}
