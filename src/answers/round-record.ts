/**
 * A round's care record as its sheet is drawn with it (src/present/round-sheet.ts): the round's
 * entries, the day's as-needed doses (each pet's shown beside its record), the high-alert doses'
 * witnesses, and the dose times' clock (each item not recorded shows its state: late, missed…). Read
 * for the round post (src/digest/round-post.ts) and the terminal's sheet (`kennel-desk rounds`).
 * When the store cannot be read the sheet is still drawn, and says so (`problem`).
 */
import type { Deps } from "../deps.ts";
import type { Round } from "../domain/care.ts";
import type { DoseState } from "../domain/doses.ts";
import type { LastGivenMap } from "../domain/last-given.ts";
import type { OwedDose, OwedRound, SheetDoses } from "../domain/obligations.ts";
import type { OnceGiven } from "../domain/once-given.ts";
import type { PrnDose } from "../domain/prn.ts";
import type { WelfareFlag } from "../domain/welfare-flag.ts";
import type { WitnessView } from "../domain/witness.ts";
import type { PlanNowOnSheet } from "../present/plan-sheet.ts";
import type { Entry } from "../record/types.ts";
import { type SheetCustody, sheetCustody } from "./custody-sheet.ts";
import { describeFailure } from "./failure.ts";
import { readLastGiven } from "./last-given.ts";
import { dosesOwed, owedRounds } from "./obligations.ts";
import { onceGivenToday } from "./once-given.ts";
import { markedEntries } from "./paper-marks.ts";
import { prnDoses } from "./prn.ts";
import { sheetPlansNow } from "./sheet-plans.ts";
import { sheetWelfareNow } from "./sheet-welfare.ts";
import { latestSheet, type Sheet } from "./sheets.ts";
import { dayWitnesses } from "./witness.ts";

/** The care record as a sheet's message is drawn with it. */
export interface SheetRecord {
  entries: Entry[];
  timezone: string;
  /** The as-needed doses of the sheet's day (each pet's shown beside its record). */
  asNeeded?: PrnDose[] | undefined;
  /** The round's witnesses and the time it is drawn at: high-alert doses show theirs (issue 35). */
  witness?: WitnessView | undefined;
  /** Dose times (issue 35): when drawn, and what the round asked (its windows, who went home): each item's state. Without it, none. */
  doses?: SheetDoses | undefined;
  /** Medicine custody (issue 49), by pet: its balances, and each dose due never counted in. */
  custody?: Map<string, SheetCustody> | undefined;
  /**
   * The pets' care plans saved or confirmed since the sheet was kept, by pet key (issue 44): drawn
   * with the plan now (src/present/plan-sheet.ts), their buttons as it says.
   */
  plans?: ReadonlyMap<string, PlanNowOnSheet> | undefined;
  /**
   * The pets' welfare flags open now, by pet key, each pet with none an empty list
   * (src/answers/sheet-welfare.ts): a kept sheet drawn with them in place of the lines it kept.
   * Undefined: the lines as kept.
   */
  welfare?: ReadonlyMap<string, WelfareFlag[]> | undefined;
  /**
   * Each every-other-day dose of the sheet, by "bookingId|petId|item": when the record last has it
   * given in the days before (src/answers/last-given.ts), or null; said beside its line. Undefined: not read.
   */
  lastGiven?: LastGivenMap | undefined;
  /**
   * Each dose the round asked by its confirmed plan, at this round alone, given today at another round
   * (src/answers/once-given.ts), by "bookingId|petId|item": said on the pet's line, and no one tap.
   */
  onceGiven?: OnceGiven | undefined;
}

/**
 * Each dose of `round` not due in the end by its day's rounds and entries (src/domain/day-dose.ts: a
 * dose owed once a day settled at another round or chased at a later one; the same drug in two slots,
 * one recorded), by "bookingId|petId|item": what the round's lines say in place of late or missed.
 */
export type DayNotDue = ReadonlyMap<string, DoseState>;

/** Each dose of `round` not due in the end (above), read as `roundDoses` reads the day. */
export function dayNotDue(...read: Parameters<typeof roundDoses>): Map<string, DoseState> {
  const doses = [...roundDoses(...read)];
  return new Map(doses.flatMap(([k, d]) => (d.state.state === "not_due" ? [[k, d.state] as const] : [])));
}

/**
 * Each item `round` asked, by "bookingId|petId|item", with its state at `now` by its day's rounds and
 * entries, as Home and the late and missed replies read it (not due, late, missed…).
 */
export function roundDoses(
  deps: Pick<Deps, "config">,
  rounds: readonly OwedRound[],
  dayEntries: Entry[],
  round: Round,
  now: Date,
): Map<string, OwedDose> {
  return new Map(
    dosesOwed(deps, rounds, dayEntries, now)
      .filter((d) => d.round === round && !d.unasked)
      .map((d) => [`${d.bookingId}|${d.petId}|${d.due.item}`, d]),
  );
}

/** The day's kept rounds and its entries (paper marks read): what a round's record and `dayNotDue` read. */
export async function readDay(
  deps: Pick<Deps, "record" | "config">,
  date: string,
): Promise<{ rounds: OwedRound[]; entries: Entry[] }> {
  const [rounds, entries] = await Promise.all([owedRounds(deps, { date }), markedEntries(deps, { date })]);
  return { rounds, entries };
}

/** `dayNotDue`, the day read now (a round post, the late and missed replies, the record form). */
export async function readDayNotDue(
  deps: Pick<Deps, "record" | "config">,
  date: string,
  round: Round,
  now: Date,
): Promise<Map<string, DoseState>> {
  const { rounds, entries } = await readDay(deps, date);
  return dayNotDue(deps, rounds, entries, round, now);
}

/** `onceGivenToday` of a round (`only`: those doses), the day as `readDay` reads it; none when it cannot be read. */
export const readDayOnceGiven = (
  deps: Pick<Deps, "record">,
  read: Promise<{ rounds: OwedRound[]; entries: Entry[] }>,
  round: Round,
  only?: ReadonlySet<string>,
): Promise<OnceGiven | undefined> =>
  read
    .then((d) =>
      onceGivenToday(
        deps,
        d.rounds.find((r) => r.round === round),
        d.entries,
        undefined,
        only,
      ),
    )
    .catch(() => undefined);

/** The round's record now, or undefined when Kennel Desk keeps none; `problem` when it could not be read. */
export async function roundRecord(
  deps: Deps,
  round: Round,
  date: string,
): Promise<(SheetRecord & { problem?: string }) | undefined> {
  const store = deps.record;
  if (!store) return undefined;
  const timezone = deps.config.timezone;
  try {
    const [{ rounds, entries: dayEntries }, asNeeded, witness] = await Promise.all([
      readDay(deps, date),
      prnDoses(deps, { date }),
      dayWitnesses(deps, date).catch(() => undefined),
    ]);
    const entries = dayEntries.filter((e) => e.round === round);
    const owed = rounds.find((r) => r.round === round);
    // Each item's state by what the round asked when it was kept (its windows, who went home since);
    // a dose owed once a day by the day's entries (src/domain/day-dose.ts).
    const now = deps.clock.now();
    const doses = { now, owed, day: dayNotDue(deps, rounds, dayEntries, round, now) };
    const onceGiven = await onceGivenToday(deps, owed, dayEntries).catch(() => undefined);
    return { entries, timezone, asNeeded, witness, doses, onceGiven };
  } catch (error) {
    const f = describeFailure(error);
    deps.log.warn({ failure: f }, "the care record could not be read for a round's sheet");
    return { entries: [], timezone, problem: f.what };
  }
}

/**
 * A kept sheet's record now, as its redraws show it: the round's record, each pet's plan saved or
 * confirmed since the sheet was kept, and its medicines in custody (the terminal's sheet, and a test
 * of what Slack shows). A plan or custody that cannot be read leaves the sheet as kept.
 */
export async function keptSheetRecord(
  deps: Deps,
  sheet: Sheet,
): Promise<(SheetRecord & { problem?: string }) | undefined> {
  const record = await roundRecord(deps, sheet.round, sheet.date);
  if (!record || record.problem) return record;
  const [plans, custody, welfare, lastGiven] = await Promise.all([
    sheetPlansNow(deps, sheet).catch(() => undefined),
    sheetCustody(deps, sheet.pets, record.doses?.owed).catch(() => undefined),
    sheetWelfareNow(deps, sheet),
    readLastGiven(deps, sheet.date, sheet.pets).catch(() => undefined),
  ]);
  return { ...record, plans, custody, welfare, lastGiven };
}

/**
 * The round's sheet last kept, with its record now as its redraws show it (keptSheetRecord; with no
 * care record, the sheet alone), or undefined when none was kept: a round already posted, shown again.
 */
export async function keptRoundNow(
  deps: Deps,
  round: Round,
  date: string,
): Promise<{ sheet: Sheet; record: SheetRecord; problem?: string | undefined } | undefined> {
  const sheet = await latestSheet(deps, date, round);
  if (!sheet) return undefined;
  const { problem, ...record } = (await keptSheetRecord(deps, sheet)) ?? {
    entries: [],
    timezone: deps.config.timezone,
  };
  return { sheet, record, problem };
}
